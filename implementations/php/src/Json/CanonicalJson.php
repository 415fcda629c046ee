<?php

declare(strict_types=1);

namespace ToolResult\Json;

use ToolResult\Bound\NumberText;
use ToolResult\Bound\Utf8;

/**
 * RFC 8785 (JCS) text of bounded data (spec §7.1): members sorted by the UTF-16 code units of their
 * names, numbers in ECMAScript form, only the escapes JSON requires, no whitespace. Input is data the
 * bounder returned: well-formed strings, data numbers, at most 64 levels (so recursion is safe).
 */
final class CanonicalJson
{
    private const FLAGS = JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_LINE_TERMINATORS;

    public static function encode(mixed $v): string
    {
        if ($v === null) {
            return 'null';
        }
        if ($v === true) {
            return 'true';
        }
        if ($v === false) {
            return 'false';
        }
        if (is_int($v) || is_float($v)) {
            return NumberText::format($v);
        }
        if (is_string($v)) {
            return self::string($v);
        }
        if (JsonData::isObject($v)) {
            $members = [];
            foreach (JsonData::entries($v) as [$k, $x]) {
                $k = (string) $k;
                $members[] = [Utf8::utf16Key($k), $k, $x];
            }
            usort($members, static fn (array $a, array $b): int => strcmp($a[0], $b[0]));
            $parts = [];
            foreach ($members as [, $k, $x]) {
                $parts[] = self::string($k) . ':' . self::encode($x);
            }
            return '{' . implode(',', $parts) . '}';
        }
        if (is_array($v)) {
            return '[' . implode(',', array_map(self::encode(...), $v)) . ']';
        }
        throw new \LogicException('not bounded data');
    }

    public static function string(string $s): string
    {
        $out = json_encode($s, self::FLAGS);
        if (!is_string($out)) {
            throw new \LogicException('ill-formed string');
        }
        return $out;
    }
}
