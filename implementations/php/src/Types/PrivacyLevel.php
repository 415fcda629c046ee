<?php

declare(strict_types=1);

namespace ToolResult\Types;

/** The audit record's privacy levels, strictest first (schemas/model/privacy-level.schema.json). Hand-written, see WarningCode. */
final class PrivacyLevel
{
    public const NONE = 'none';
    public const METADATA = 'metadata';
    public const REDACTED = 'redacted';
    public const FULL = 'full';
    public const ORDER = [self::NONE, self::METADATA, self::REDACTED, self::FULL];
}
