<?php

declare(strict_types=1);

namespace ToolResult\Normalize;

use ToolResult\Model\Absent;

/**
 * How a normalizer reads a source value without running its code (TR-NORM-2). A stdClass and an
 * array that is not a list are objects whose members are read; an object whose reading would run
 * code (__get, JsonSerializable) is an object without data fields; any other instance is not an
 * object. A member holding Absent::Value is absent (TR-NORM-64).
 */
final class Source
{
    public static function isObject(mixed $v): bool
    {
        return $v instanceof \stdClass || (is_array($v) && !array_is_list($v)) || self::runsCode($v);
    }

    public static function isList(mixed $v): bool
    {
        return is_array($v) && array_is_list($v);
    }

    /** An instance whose members are computed: PHP's getter and toJSON. */
    public static function runsCode(mixed $v): bool
    {
        return is_object($v) && !$v instanceof \stdClass && !$v instanceof \Closure && !$v instanceof \UnitEnum
            && (method_exists($v, '__get') || $v instanceof \JsonSerializable);
    }

    /** @return array{0:bool,1:mixed} whether the member is there, and its value */
    public static function member(mixed $o, string $name): array
    {
        if ($o instanceof \stdClass) {
            $o = (array) $o;
        } elseif (!is_array($o) || array_is_list($o)) {
            return [false, null];
        }
        if (!array_key_exists($name, $o) || $o[$name] === Absent::Value) {
            return [false, null];
        }
        return [true, $o[$name]];
    }

    /** Whether the member is there at all, even holding Absent::Value (TR-NORM-54 reads names). */
    public static function hasName(mixed $o, string $name): bool
    {
        if ($o instanceof \stdClass) {
            $o = (array) $o;
        } elseif (!is_array($o) || array_is_list($o)) {
            return false;
        }
        return array_key_exists($name, $o);
    }

    public static function get(mixed $o, string $name): mixed
    {
        return self::member($o, $name)[1];
    }

    public static function string(mixed $o, string $name): ?string
    {
        $v = self::get($o, $name);
        return is_string($v) ? $v : null;
    }
}
