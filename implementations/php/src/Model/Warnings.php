<?php

declare(strict_types=1);

namespace ToolResult\Model;

use ToolResult\Generated\WarningCode;

/**
 * Warning codes as the implementation carries them: plain strings, as on the wire. The closed set
 * is the generated WarningCode enum (schemas/model/warning.schema.json), never a copy of it.
 */
final class Warnings
{
    /** A code of the closed set; anything else an untyped caller passes is not a warning (TR-BOUND-13). */
    public static function isKnown(mixed $code): bool
    {
        return is_string($code) && WarningCode::tryFrom($code) !== null;
    }

    /**
     * Sorted by code point, no code twice (TR-MODEL-9). The codes are ASCII, so byte order
     * (SORT_STRING) is code-point order.
     *
     * @param list<string> $codes
     * @return list<string>
     */
    public static function sortUnique(array $codes): array
    {
        $codes = array_values(array_unique($codes));
        sort($codes, SORT_STRING);
        return $codes;
    }
}
