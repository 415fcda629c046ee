<?php

declare(strict_types=1);

namespace ToolResult\Kit;

use ToolResult\Bound\NumberText;
use ToolResult\Json\JsonData;

/**
 * Writes a response line. Not json_encode: it leaves out a stdClass member whose name starts with
 * U+0000 (PHP's mark of a mangled property name), and such names are data here.
 */
final class ResponseJson
{
    private const FLAGS = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE;

    public static function encode(mixed $v): string
    {
        if ($v === null) {
            return 'null';
        }
        if (is_bool($v)) {
            return $v ? 'true' : 'false';
        }
        if (is_int($v)) {
            return (string) $v;
        }
        if (is_float($v)) {
            return is_finite($v) ? NumberText::format($v) : 'null';
        }
        if (is_string($v)) {
            return (string) json_encode($v, self::FLAGS);
        }
        if ($v instanceof \stdClass || (is_array($v) && !array_is_list($v))) {
            $parts = [];
            foreach (JsonData::entries($v) as [$k, $x]) {
                $parts[] = json_encode((string) $k, self::FLAGS) . ':' . self::encode($x);
            }
            return '{' . implode(',', $parts) . '}';
        }
        if (is_array($v)) {
            return '[' . implode(',', array_map(self::encode(...), $v)) . ']';
        }
        throw new \LogicException('not JSON');
    }
}
