<?php

declare(strict_types=1);

namespace ToolResult\Bound;

/**
 * The measure of a plain value by PHP's own C code (spec §3.4, TR-BOUND-6, TR-BOUND-16, TR-BOUND-18).
 *
 * Most channels a tool returns are plain: arrays, stdClass objects, strings, integers within
 * ±(2^53 − 1), and a few floats. For such a value L is the length of json_encode's compact text (of
 * the value with its ill-formed strings coerced), and the coerced copy is that text decoded. This
 * class proves the value plain one nesting level at a time with bulk built-ins (one gettype per
 * node; get_class, get_mangled_object_vars, count and array_is_list per container; searches, merges
 * and intersections over whole levels), lets json_encode and json_decode do the rest, and answers
 * null (the Walker judges) for everything it does not admit:
 *
 * - objects other than exact stdClass (nothing of them is read: no jsonSerialize, __get or
 *   iterator runs), closures, enums, resources; a stdClass member whose name starts with U+0000
 *   (json_encode leaves it out, the Walker counts it);
 * - floats that are integral, −0, not finite, or of magnitude below 1e-4 (json_encode writes 5.0 as
 *   5 but the Walker keeps the float, and below 1e-4 json_encode writes an exponent, 1.0e-5, where
 *   ECMAScript writes 0.00001); integers beyond ±(2^53 − 1); and any serialize_precision other than
 *   -1, the setting in which json_encode writes the shortest digits that read back, as ECMAScript does;
 * - an ill-formed key: coercion may make two keys one (TR-BOUND-7), the Walker's to judge. An
 *   ill-formed string value is not refused: json_encode refuses the value (no INVALID_UTF8 flag:
 *   its substitution is not by maximal subparts), and the value is copied with every ill-formed
 *   string coerced by mbstring as Utf8::coerce does, whole arrays at a time in C below the last
 *   level that holds an object, and serialized again;
 * - a container below level 64 (too deep, or a cycle through a reference: infinitely deep);
 * - a value whose lower bound of L (each node one octet, a string or key its length plus 2, each
 *   member a colon) passes the budget: charged level by level before the next level is listed
 *   and before anything is serialized, so an over-budget value costs the Walker's early stop, not
 *   a serialization of the whole input.
 *
 * json_encode with JSON_UNESCAPED_UNICODE, JSON_UNESCAPED_SLASHES and JSON_UNESCAPED_LINE_TERMINATORS
 * escapes exactly what RFC 8785 escapes (", \, the five short escapes, \u00XX for the rest below
 * U+0020) and nothing else, so its length is L octet for octet.
 */
final class PlainJson
{
    private const MAX_SAFE_INTEGER = 9007199254740991;
    private const MAX_DEPTH = 64;
    private const POSITIONAL_FLOOR = 1e-4;
    /** The level of a table's cells in an artifact list: list, artifact, data, rows, row, cell. */
    private const CELL_LEVEL = 5;
    private const FLAGS = JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_LINE_TERMINATORS;

    /** [L, json_encode's text, whether every table cell is a string] of a plain value whose L is within $budget; null when the Walker must judge. */
    private static function text(mixed $value, int $budget): ?array
    {
        if (ini_get('serialize_precision') !== '-1') {
            return null;
        }
        $level = [$value];
        $low = 0; // a lower bound of L for what has been listed so far
        // Whether every node at level 5 (where an artifact list's table cells are) is a string and
        // nothing lies deeper: then every cell of every table is a string.
        $cellsAreStrings = true;
        $objectLevel = -1; // the deepest level that holds a stdClass
        $keyJoins = [];    // every member name, each after a U+0001
        for ($index = 0; $index <= self::MAX_DEPTH; $index++) {
            // One built-in call per node (gettype); every other step works on a whole level in C.
            $types = array_map('gettype', $level);
            $kinds = array_count_values($types);
            $strings = $kinds['string'] ?? 0;
            $arrays = $kinds['array'] ?? 0;
            $objects = $kinds['object'] ?? 0;
            $n = count($level);
            if ($index > self::CELL_LEVEL || ($index === self::CELL_LEVEL && $strings !== $n)) {
                $cellsAreStrings = false;
            }
            if ($strings === $n) {
                $strs = $level;
            } else {
                $scalars = ($kinds['integer'] ?? 0) + ($kinds['double'] ?? 0)
                    + ($kinds['boolean'] ?? 0) + ($kinds['NULL'] ?? 0);
                if ($strings + $arrays + $objects + $scalars !== $n) {
                    return null; // a resource, or a type PHP adds later
                }
                $strs = $strings > 0 ? self::ofType($level, $types, 'string') : [];
                if (isset($kinds['integer'])) {
                    $ints = self::ofType($level, $types, 'integer');
                    if (max($ints) > self::MAX_SAFE_INTEGER || min($ints) < -self::MAX_SAFE_INTEGER) {
                        return null;
                    }
                }
                if (isset($kinds['double']) && !self::positional(self::ofType($level, $types, 'double'))) {
                    return null;
                }
            }
            // Each listed node weighs at least one octet, a string its length plus 2.
            $low += $n + strlen(implode('', $strs)) + $strings;
            if ($low > $budget) {
                return null;
            }
            if ($arrays === 0 && $objects === 0) {
                break;
            }
            if ($index === self::MAX_DEPTH) {
                return null; // a container at depth 65, or a cycle
            }
            $containers = $arrays === $n ? $level : array_values(self::ofType($level, $types, 'array'));
            $objectMembers = [];
            if ($objects > 0) {
                $found = $objects === $n ? $level : array_values(self::ofType($level, $types, 'object'));
                // get_class reads the class, nothing of the object (TR-BOUND-6).
                if (array_count_values(array_map('get_class', $found)) !== ['stdClass' => $objects]) {
                    return null;
                }
                // What an array cast gives (names starting with U+0000 included), for every object at once.
                $objectMembers = array_map('get_mangled_object_vars', $found);
                $objectLevel = $index;
            }
            // The next level is charged before it is listed: every element one octet, every member
            // of an object its key (at least 2 octets and its length) and a colon.
            $members = array_sum(array_map('count', $containers)) + array_sum(array_map('count', $objectMembers));
            if ($low + $members > $budget) {
                return null;
            }
            // An object is keyed whatever its names (json_encode writes {"0":…} for a stdClass).
            $lists = array_filter($containers, 'array_is_list');
            $keyed = count($lists) === count($containers)
                ? $objectMembers
                : array_merge(array_values(array_diff_key($containers, $lists)), $objectMembers);
            $values = [];
            if ($keyed !== []) {
                // Objects of one shape (records, artifacts): their names once, their values a column
                // per name. Any other mix: every object's names and values.
                $values = self::columns($keyed);
                if ($values === null) {
                    $keys = array_merge(...array_map('array_keys', $keyed));
                    $times = 1;
                    $values = array_map('array_values', $keyed);
                } else {
                    $keys = array_keys($keyed[0]);
                    $times = count($keyed);
                }
                $low += $times * (3 * count($keys) + strlen(implode('', $keys)));
                if ($low > $budget) {
                    return null;
                }
                // A member named "\0…": json_encode leaves it out and json_decode refuses it. (A key
                // holding "\x01\x00" inside is sent to the Walker too: a false alarm costs only time.)
                $joined = "\x01" . implode("\x01", $keys);
                if (str_contains($joined, "\x01\x00")) {
                    return null;
                }
                $keyJoins[] = $joined;
            }
            // array_merge renumbers a list's keys itself; an object's members are taken by value.
            $level = array_merge(...array_values($lists), ...$values);
        }
        try {
            $text = json_encode($value, self::FLAGS | JSON_THROW_ON_ERROR, self::MAX_DEPTH + 1);
        } catch (\JsonException $e) {
            // An ill-formed string: coerced where it is (everything else of the value is proven
            // plain), and the coerced copy serialized. An ill-formed member name is the Walker's
            // (coercion may make two names one, TR-BOUND-7). Each piece of the join ends before an
            // ASCII octet, so the join is well-formed exactly when every name is.
            if ($e->getCode() !== JSON_ERROR_UTF8 || !mb_check_encoding(implode('', $keyJoins), 'UTF-8')) {
                return null;
            }
            // No stdClass anywhere: the value is one array, and it holds an ill-formed string (json_encode
            // said so, and every name is well-formed): converted whole, without checking it first.
            $copy = is_array($value) && $objectLevel < 0
                ? Utf8::coerceAll($value, true)
                : self::coerced($value, 0, $objectLevel + 1);
            $text = json_encode($copy, self::FLAGS, self::MAX_DEPTH + 1);
            if ($text === false) {
                return null;
            }
        }
        if (strlen($text) > $budget) {
            return null; // the Walker's to judge
        }
        return [strlen($text), $text, $cellsAreStrings];
    }

    /**
     * The values of objects (as member arrays) that all have the first one's names, a list per name
     * (array_column: one C pass per name, none per object); null when they do not all have them, or
     * when they are fewer than their names (a pass per name would cost more than one per object).
     *
     * @param list<array<int|string,mixed>> $keyed
     * @return list<list<mixed>>|null
     */
    private static function columns(array $keyed): ?array
    {
        $names = array_keys($keyed[0]);
        $n = count($keyed);
        if (count($names) > $n || array_count_values(array_map('count', $keyed)) !== [count($names) => $n]) {
            return null;
        }
        $columns = [];
        foreach ($names as $name) {
            $column = array_column($keyed, $name);
            if (count($column) !== $n) {
                return null;
            }
            $columns[] = $column;
        }
        return $columns;
    }

    /** The nodes of $level whose gettype is $type, under their keys: by C searches, no callback. */
    private static function ofType(array $level, array $types, string $type): array
    {
        return array_intersect_key($level, array_flip(array_keys($types, $type, true)));
    }

    /**
     * Whether every float is one json_encode writes as ECMAScript does: finite (the sum of a NaN or
     * an infinity is not), not integral (x mod 1 is ±0 for an integral x, and for every x beyond
     * 2^52), and of magnitude 1e-4 or more.
     *
     * @param array<float> $floats
     */
    private static function positional(array $floats): bool
    {
        $floats = array_values($floats);
        if (!is_finite(array_sum($floats))) {
            return false; // a false alarm when a finite sum overflows: the Walker judges, at a cost in time
        }
        if (in_array(0.0, array_map('fmod', $floats, array_fill(0, count($floats), 1.0)), true)) {
            return false;
        }
        return min(array_map('abs', $floats)) >= self::POSITIONAL_FLOOR;
    }

    /**
     * $value with every ill-formed string coerced by maximal subparts (Utf8::coerce, TR-BOUND-2) and
     * nothing else changed. Below $objectFree (the first level no stdClass reaches) every array is
     * coerced whole by Utf8::coerceAll in C; above it the few containers there are copied member by
     * member. The value is at most 65 levels deep here (the proof saw its bottom).
     */
    private static function coerced(mixed $v, int $level, int $objectFree): mixed
    {
        if (is_string($v)) {
            return Utf8::coerce($v);
        }
        if (is_array($v)) {
            if ($level >= $objectFree) {
                return Utf8::coerceAll($v);
            }
            $out = [];
            foreach ($v as $k => $x) {
                $out[$k] = self::coerced($x, $level + 1, $objectFree);
            }
            return $out;
        }
        if ($v instanceof \stdClass) {
            $out = [];
            foreach ((array) $v as $k => $x) {
                $out[$k] = self::coerced($x, $level + 1, $objectFree);
            }
            return (object) $out;
        }
        return $v;
    }

    /** [L, coerced copy] of a plain value whose L is within $budget; null when the Walker must judge. */
    public static function measure(mixed $value, int $budget): ?array
    {
        $found = self::text($value, $budget);
        return $found === null ? null : [$found[0], json_decode($found[1], false, self::MAX_DEPTH + 2)];
    }

    /**
     * [L, the value kept as its text, whether every table cell is a string] of a plain value within
     * $budget, for a bounded result; null when the Walker must judge.
     */
    public static function keep(mixed $value, int $budget): ?array
    {
        $found = self::text($value, $budget);
        if ($found === null) {
            return null;
        }
        return [$found[0], new JsonText($found[1], is_array($value) ? count($value) : 0), $found[2]];
    }
}
