<?php

declare(strict_types=1);

namespace ToolResult\Bound;

/**
 * The measure of a plain value by PHP's own C code (spec §3.4, TR-BOUND-6, TR-BOUND-16, TR-BOUND-18).
 *
 * Most channels a tool returns are plain: arrays, stdClass objects, well-formed strings, integers
 * within ±(2^53 − 1), and a few floats. For such a value L is the length of json_encode's compact
 * text, and the coerced copy is that text decoded. This class proves the value plain one nesting
 * level at a time with bulk built-ins (array_map, array_filter with built-in callbacks,
 * array_merge), lets json_encode and json_decode do the rest, and answers null (the Walker judges)
 * for everything it does not admit:
 *
 * - objects other than exact stdClass (nothing of them is read: no jsonSerialize, __get or
 *   iterator runs), closures, enums, resources; a stdClass member whose name starts with U+0000
 *   (json_encode leaves it out, the Walker counts it);
 * - floats that are integral, −0, not finite, or of magnitude below 1e-4 (json_encode writes 5.0 as
 *   5 but the Walker keeps the float, and below 1e-4 json_encode writes an exponent, 1.0e-5, where
 *   ECMAScript writes 0.00001); integers beyond ±(2^53 − 1); and any serialize_precision other than
 *   -1, the setting in which json_encode writes the shortest digits that read back, as ECMAScript does;
 * - an ill-formed string or key: json_encode refuses it (no INVALID_UTF8 flag), so coercion by
 *   maximal subparts and key collisions (TR-BOUND-7) stay the Walker's;
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
        for ($index = 0; $index <= self::MAX_DEPTH; $index++) {
            $kinds = array_count_values(array_map('gettype', $level));
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
                $strs = $strings > 0 ? array_filter($level, 'is_string') : [];
                if (isset($kinds['integer'])) {
                    $ints = array_filter($level, 'is_int');
                    if (max($ints) > self::MAX_SAFE_INTEGER || min($ints) < -self::MAX_SAFE_INTEGER) {
                        return null;
                    }
                }
                if (isset($kinds['double'])) {
                    foreach (array_filter($level, 'is_float') as $f) {
                        if (!is_finite($f) || floor($f) === $f || abs($f) < self::POSITIONAL_FLOOR) {
                            return null;
                        }
                    }
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
            $containers = $arrays > 0 ? array_values(array_filter($level, 'is_array')) : [];
            if ($objects > 0) {
                foreach (array_filter($level, 'is_object') as $o) {
                    if (get_class($o) !== 'stdClass') {
                        return null; // never read (TR-BOUND-6)
                    }
                    $containers[] = (array) $o;
                }
            }
            // The next level is charged before it is listed: every element one octet, every member
            // of an object its key (at least 2 octets and its length) and a colon.
            $members = $containers === [] ? 0 : array_sum(array_map('count', $containers));
            if ($low + $members > $budget) {
                return null;
            }
            $lists = array_filter($containers, 'array_is_list');
            $keyed = count($lists) === count($containers) ? [] : array_diff_key($containers, $lists);
            if ($keyed !== []) {
                $keys = array_merge(...array_map('array_keys', array_values($keyed)));
                $low += 3 * count($keys) + strlen(implode('', $keys));
                if ($low > $budget) {
                    return null;
                }
                // A member named "\0…": json_encode leaves it out and json_decode refuses it. (A key
                // holding "\x01\x00" inside is sent to the Walker too: a false alarm costs only time.)
                if (str_contains("\x01" . implode("\x01", $keys), "\x01\x00")) {
                    return null;
                }
            }
            // array_merge renumbers a list's keys itself; an object's members are taken by value.
            $level = array_merge(...array_values($lists), ...array_map('array_values', array_values($keyed)));
        }
        $text = json_encode($value, self::FLAGS, self::MAX_DEPTH + 1);
        if ($text === false || strlen($text) > $budget) {
            return null; // ill-formed UTF-8, a recursion: the Walker's to judge
        }
        return [strlen($text), $text, $cellsAreStrings];
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
