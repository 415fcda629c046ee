<?php

declare(strict_types=1);

namespace ToolResult\Types;

/**
 * The closed set of warning codes (schemas/model/warning.schema.json).
 * Hand-written until the `generate --lang php` command (issue 13) lands; this folder holds every
 * hand-written type, so that it is the one place to replace.
 */
final class WarningCode
{
    public const CONTENT_TRUNCATED = 'content.truncated';
    public const CONTENT_NOT_TEXT = 'content.not_text';
    public const ARTIFACTS_OVER_BUDGET = 'artifacts.over_budget';
    public const ARTIFACTS_UNENCODABLE = 'artifacts.unencodable';
    public const ARTIFACTS_TOO_DEEP = 'artifacts.too_deep';
    public const ARTIFACTS_INVALID_SHAPE = 'artifacts.invalid_shape';
    public const ARTIFACTS_DROPPED_ON_ERROR = 'artifacts.dropped_on_error';
    public const STRUCTURED_OVER_BUDGET = 'structured.over_budget';
    public const STRUCTURED_UNENCODABLE = 'structured.unencodable';
    public const STRUCTURED_TOO_DEEP = 'structured.too_deep';
    public const STRUCTURED_SCHEMA_MISMATCH = 'structured.schema_mismatch';
    public const STRUCTURED_INVALID = 'structured.invalid';
    public const HOOK_FAILED = 'hook.failed';
    public const EXPOSURE_JSON = 'exposure.json';
    public const EXPOSURE_ALLOWLIST = 'exposure.allowlist';
    public const EXPOSURE_EMPTY = 'exposure.empty';
    public const EXPOSURE_UNMATCHED = 'exposure.unmatched';
    public const EXPOSURE_OVER_BUDGET = 'exposure.over_budget';

    public const ALL = [
        self::CONTENT_TRUNCATED, self::CONTENT_NOT_TEXT,
        self::ARTIFACTS_OVER_BUDGET, self::ARTIFACTS_UNENCODABLE, self::ARTIFACTS_TOO_DEEP,
        self::ARTIFACTS_INVALID_SHAPE, self::ARTIFACTS_DROPPED_ON_ERROR,
        self::STRUCTURED_OVER_BUDGET, self::STRUCTURED_UNENCODABLE, self::STRUCTURED_TOO_DEEP,
        self::STRUCTURED_SCHEMA_MISMATCH, self::STRUCTURED_INVALID, self::HOOK_FAILED,
        self::EXPOSURE_JSON, self::EXPOSURE_ALLOWLIST, self::EXPOSURE_EMPTY, self::EXPOSURE_UNMATCHED,
        self::EXPOSURE_OVER_BUDGET,
    ];

    public static function isKnown(mixed $code): bool
    {
        return is_string($code) && in_array($code, self::ALL, true);
    }

    /** Sorted by code point (byte order of ASCII codes), no code twice (TR-MODEL-9). */
    public static function sortUnique(array $codes): array
    {
        $codes = array_values(array_unique($codes));
        sort($codes, SORT_STRING);
        return $codes;
    }
}
