<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * Messages of the conformance adapter protocol toolresult-adapter/1 (spec/09-conformance.md).
 *
 * One of: Request|OkResponse|ErrorResponse. This class only decodes it; the value is the
 * variant's own object.
 */
final class AdapterProtocol
{
    public static function fromJson(mixed $data, string $path = '$'): Request|OkResponse|ErrorResponse
    {
        return Json::anyOf($data, $path, [
            static fn (mixed $x1, string $p1) => Request::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => Response::fromJson($x1, $p1),
        ]);
    }
}
