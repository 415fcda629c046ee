<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.2). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * One line the suite writes to a worker.
 *
 * One of: ExecuteRequest|BatchRequest|EntriesRequest|ExitRequest. This class only decodes it;
 * the value is the variant's own object.
 */
final class LedgerWorkerRequest
{
    public static function fromJson(
        mixed $data,
        string $path = '$',
    ): ExecuteRequest|BatchRequest|EntriesRequest|ExitRequest {
        return Json::anyOf($data, $path, [
            static fn (mixed $x1, string $p1) => ExecuteRequest::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => BatchRequest::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => EntriesRequest::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => ExitRequest::fromJson($x1, $p1),
        ]);
    }
}
