<?php

declare(strict_types=1);

namespace ToolResult\Normalize;

use ToolResult\Bound\Bounder;
use ToolResult\Bound\NumberText;
use ToolResult\Model\Absent;
use ToolResult\Model\BoundedToolResult;
use ToolResult\Model\ToolResult;

/**
 * What a local PHP function returned (§10.8). A string is the text; null, a boolean, a number, an
 * array or an object is structured data; a tool result passes through the bounder; anything else is
 * not a supported value. A PHP int beyond ±(2^53 − 1) is PHP's counterpart of a BigInt (as Python's
 * int is) and is not supported either; a float is a number whatever its value.
 */
final class LocalNormalizer
{
    public const UNSUPPORTED = '[tool returned a value that is not a supported tool result]';

    public static function normalize(mixed $value, mixed $options = null): BoundedToolResult
    {
        $o = NormalizeOptions::from($options);
        if (is_string($value)) {
            return Finish::result(self::parts($value), false, Absent::Value, $o);
        }
        if ($value instanceof ToolResult || BoundedToolResult::isGenuine($value)) {
            return Bounder::bound($value, $o->budgets); // TR-NORM-62
        }
        $data = $value === null || is_bool($value) || is_float($value)
            || (is_int($value) && NumberText::isDataNumber($value))
            || is_array($value) || Source::isObject($value);
        if (!$data) {
            return Finish::error(self::UNSUPPORTED, $o);
        }
        return Finish::result(new Parts(), false, $value, $o);
    }

    private static function parts(string $text): Parts
    {
        $p = new Parts();
        $p->pieces[] = $text;
        return $p;
    }
}
