<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * One of:
 * BytesTag|Utf16Tag|NumberTag|BigIntTag|NestTag|RepeatTag|CycleTag|ObjectTag|OpaqueTag. This
 * class only decodes it; the value is the variant's own object.
 */
final class Tag
{
    public static function fromJson(
        mixed $data,
        string $path = '$',
    ): BytesTag|Utf16Tag|NumberTag|BigIntTag|NestTag|RepeatTag|CycleTag|ObjectTag|OpaqueTag {
        return Json::anyOf($data, $path, [
            static fn (mixed $x1, string $p1) => BytesTag::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => Utf16Tag::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => NumberTag::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => BigIntTag::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => NestTag::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => RepeatTag::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => CycleTag::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => ObjectTag::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => OpaqueTag::fromJson($x1, $p1),
        ]);
    }
}
