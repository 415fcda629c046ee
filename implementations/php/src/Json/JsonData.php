<?php

declare(strict_types=1);

namespace ToolResult\Json;

/**
 * How PHP values are JSON data (spec §3.3): an `array` that is a list is an array, any other `array`
 * and a `stdClass` are objects; strings are octets. These helpers never run code of a value: they
 * look only at arrays and stdClass, which have no magic methods.
 */
final class JsonData
{
    public static function isList(mixed $v): bool
    {
        return is_array($v) && array_is_list($v);
    }

    public static function isObject(mixed $v): bool
    {
        return $v instanceof \stdClass || (is_array($v) && !array_is_list($v));
    }

    /**
     * The members of an object as [key, value] pairs, in order. Keys of a stdClass are strings (PHP's
     * array cast turns "1" into 1; it is turned back). Keys of an array are returned as PHP holds them.
     *
     * @return list<array{0:int|string,1:mixed}>
     */
    public static function entries(\stdClass|array $o): array
    {
        $out = [];
        if ($o instanceof \stdClass) {
            foreach ((array) $o as $k => $v) {
                $out[] = [(string) $k, $v];
            }
            return $out;
        }
        foreach ($o as $k => $v) {
            $out[] = [$k, $v];
        }
        return $out;
    }

    /** A member of a mapping read as data: absent (null second element false) when not there. */
    public static function member(\stdClass|array $o, string $name): array
    {
        if ($o instanceof \stdClass) {
            $a = (array) $o; // a numeric name is an int key after the cast; lookups by string find it
            return array_key_exists($name, $a) ? [true, $a[$name]] : [false, null];
        }
        return array_key_exists($name, $o) ? [true, $o[$name]] : [false, null];
    }

    /**
     * Builds a stdClass from [string key, value] pairs. Through an array cast, so that any member name
     * can be a property, even one that starts with U+0000 (which `$o->{…}` refuses); entries() reads
     * every name back as it was.
     */
    public static function makeObject(array $pairs): \stdClass
    {
        $a = [];
        foreach ($pairs as [$k, $v]) {
            $a[$k] = $v;
        }
        return (object) $a;
    }

    /** A deep copy of bounded data (at most 64 levels, so recursion is safe here). */
    public static function copy(mixed $v): mixed
    {
        if ($v instanceof \stdClass) {
            $pairs = [];
            foreach (self::entries($v) as [$k, $x]) {
                $pairs[] = [$k, self::copy($x)];
            }
            return self::makeObject($pairs);
        }
        if (is_array($v)) {
            $out = [];
            foreach ($v as $k => $x) {
                $out[$k] = self::copy($x);
            }
            return $out;
        }
        return $v;
    }

    /** Equality of bounded data as JSON: member order aside, 1 and 1.0 the same number. */
    public static function equal(mixed $a, mixed $b): bool
    {
        if (self::isObject($a) || self::isObject($b)) {
            if (!self::isObject($a) || !self::isObject($b)) {
                return false;
            }
            $ea = [];
            foreach (self::entries($a) as [$k, $v]) {
                $ea[(string) $k] = $v;
            }
            $eb = [];
            foreach (self::entries($b) as [$k, $v]) {
                $eb[(string) $k] = $v;
            }
            if (count($ea) !== count($eb)) {
                return false;
            }
            foreach ($ea as $k => $v) {
                if (!array_key_exists($k, $eb) || !self::equal($v, $eb[$k])) {
                    return false;
                }
            }
            return true;
        }
        if (is_array($a) || is_array($b)) {
            if (!is_array($a) || !is_array($b) || count($a) !== count($b)) {
                return false;
            }
            foreach ($a as $i => $v) {
                if (!self::equal($v, $b[$i])) {
                    return false;
                }
            }
            return true;
        }
        if ((is_int($a) || is_float($a)) && (is_int($b) || is_float($b))) {
            return $a == $b && !(is_float($a) && is_nan($a)) && !(is_float($b) && is_nan($b));
        }
        return $a === $b;
    }
}
