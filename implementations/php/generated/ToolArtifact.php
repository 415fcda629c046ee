<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * A run-only display artifact as a producer emits it and the bounder lets it through: a known
 * type with data of that type's shape.
 *
 * One of: TableArtifact|TextArtifact. This class only decodes it; the value is the variant's
 * own object.
 */
final class ToolArtifact
{
    public static function fromJson(mixed $data, string $path = '$'): TableArtifact|TextArtifact
    {
        return Json::anyOf($data, $path, [
            static fn (mixed $x1, string $p1) => TableArtifact::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => TextArtifact::fromJson($x1, $p1),
        ]);
    }
}
