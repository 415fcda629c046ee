<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.2). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * One of: PendingTaskRecord|PendingInputRequiredRecord. This class only decodes it; the value
 * is the variant's own object.
 */
final class PendingCallRecord
{
    public static function fromJson(mixed $data, string $path = '$'): PendingTaskRecord|PendingInputRequiredRecord
    {
        return Json::anyOf($data, $path, [
            static fn (mixed $x1, string $p1) => PendingTaskRecord::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => PendingInputRequiredRecord::fromJson($x1, $p1),
        ]);
    }
}
