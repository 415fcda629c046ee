<?php

declare(strict_types=1);

namespace ToolResult\Kit;

/**
 * Reads a request line: objects as stdClass, so member names stay strings (spec §3.3). json_decode
 * refuses a member name that starts with U+0000 (PHP reserves it for mangled property names); such a
 * line is read with a private-use mark before each escaped U+0000 that opens a string, and fix()
 * takes the mark out again wherever the decoder reads a string or a name.
 */
final class RequestJson
{
    private const MARK = "\u{F8FF}\u{F8FE}\u{F8FD}\u{F8FC}";

    private static bool $marked = false;

    public static function decode(string $line): mixed
    {
        self::$marked = false;
        $v = json_decode($line, false, 100000);
        if (json_last_error() === JSON_ERROR_NONE) {
            return $v;
        }
        if (json_last_error() !== JSON_ERROR_INVALID_PROPERTY_NAME) {
            return null;
        }
        $escapedMark = substr(json_encode(self::MARK), 1, -1);
        $v = json_decode(str_replace('"\u0000', '"' . $escapedMark . '\u0000', $line), false, 100000);
        if (json_last_error() !== JSON_ERROR_NONE) {
            return null;
        }
        self::$marked = true;
        return $v;
    }

    public static function fix(string $s): string
    {
        return self::$marked ? str_replace(self::MARK . "\0", "\0", $s) : $s;
    }
}
