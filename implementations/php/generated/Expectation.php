<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * output: the answer's output equals this JSON value (object member order aside). error: the
 * answer is an error with this code (and, with messageExcludes, quoting none of those
 * strings).
 *
 * One of: Expectation0|Expectation1. This class only decodes it; the value is the variant's
 * own object.
 */
final class Expectation
{
    public static function fromJson(mixed $data, string $path = '$'): Expectation0|Expectation1
    {
        return Json::anyOf($data, $path, [
            static fn (mixed $x1, string $p1) => Expectation0::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => Expectation1::fromJson($x1, $p1),
        ]);
    }
}
