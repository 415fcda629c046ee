<?php

declare(strict_types=1);

namespace ToolResult\Bound;

/** Octet strings and their coercion to well-formed UTF-8 (TR-BOUND-1, TR-BOUND-2). */
final class Utf8
{
    public const REPLACEMENT = "\u{FFFD}";

    /**
     * Each maximal subpart of an ill-formed sequence becomes one U+FFFD (Unicode 3.9); nothing else
     * changes: a byte order mark and U+0000 are kept. mb_scrub with U+FFFD as the substitute gives
     * the table of spec §3.1 (tested); PHP's default substitute is `?`, so it is set and restored.
     */
    public static function coerce(string $s): string
    {
        if (mb_check_encoding($s, 'UTF-8')) {
            return $s;
        }
        $previous = mb_substitute_character();
        mb_substitute_character(0xFFFD);
        try {
            return mb_scrub($s, 'UTF-8');
        } finally {
            mb_substitute_character($previous);
        }
    }

    /**
     * An array of no objects (keys well-formed) with every string coerced as coerce() does: by the
     * same mbstring conversion, over the whole array in one call in C (converting row by row costs
     * twice as much, even when few rows hold an ill-formed string). $illFormed: the caller knows
     * the array holds an ill-formed string, so the check that skips a clean array is not made.
     */
    public static function coerceAll(array $a, bool $illFormed = false): array
    {
        if (!$illFormed && mb_check_encoding($a, 'UTF-8')) {
            return $a;
        }
        $previous = mb_substitute_character();
        mb_substitute_character(0xFFFD);
        try {
            return mb_convert_encoding($a, 'UTF-8', 'UTF-8');
        } finally {
            mb_substitute_character($previous);
        }
    }

    public static function isWellFormed(string $s): bool
    {
        return mb_check_encoding($s, 'UTF-8');
    }

    /** The longest prefix of well-formed $s that ends on a code-point boundary and is at most $n octets. */
    public static function prefix(string $s, int $n): string
    {
        if ($n <= 0) {
            return '';
        }
        if (strlen($s) <= $n) {
            return $s;
        }
        // Step back over continuation octets (10xxxxxx) so the cut falls before a lead octet.
        while ($n > 0 && (ord($s[$n]) & 0xC0) === 0x80) {
            $n--;
        }
        return substr($s, 0, $n);
    }

    /** UTF-16 code units of well-formed $s as big-endian octets: strcmp on them is JCS key order. */
    public static function utf16Key(string $s): string
    {
        return mb_convert_encoding($s, 'UTF-16BE', 'UTF-8');
    }
}
