<?php

declare(strict_types=1);

namespace ToolResult\Types;

/** The closed set of artifact types (schemas/model/artifact-type.schema.json). Hand-written, see WarningCode. */
final class ArtifactType
{
    public const TABLE = 'table';
    public const TEXT = 'text';
    public const ALL = [self::TABLE, self::TEXT];
}
