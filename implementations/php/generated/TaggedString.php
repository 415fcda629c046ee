<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * A string, plain or given as octets or UTF-16 code units.
 *
 * One of: string|BytesTag|Utf16Tag|RepeatTag. This class only decodes it; the value is the
 * variant's own object.
 */
final class TaggedString
{
    public static function fromJson(mixed $data, string $path = '$'): string|BytesTag|Utf16Tag|RepeatTag
    {
        return Json::anyOf($data, $path, [
            static fn (mixed $x1, string $p1) => Json::string($x1, $p1),
            static fn (mixed $x1, string $p1) => BytesTag::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => Utf16Tag::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => RepeatTag::fromJson($x1, $p1),
        ]);
    }
}
