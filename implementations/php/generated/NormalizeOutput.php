<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.2). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * result: the bounded result. pending: the MCP answer is not a result yet (a task handle or an
 * input-required result, spec/10-normalization.md TR-NORM-23, TR-NORM-24): the normalizer made
 * no result.
 *
 * One of: NormalizeResultOutput|NormalizePendingOutput. This class only decodes it; the value
 * is the variant's own object.
 */
final class NormalizeOutput
{
    public static function fromJson(mixed $data, string $path = '$'): NormalizeResultOutput|NormalizePendingOutput
    {
        return Json::anyOf($data, $path, [
            static fn (mixed $x1, string $p1) => NormalizeResultOutput::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => NormalizePendingOutput::fromJson($x1, $p1),
        ]);
    }
}
