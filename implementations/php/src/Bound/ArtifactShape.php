<?php

declare(strict_types=1);

namespace ToolResult\Bound;

use ToolResult\Json\JsonData;

/** TR-BOUND-9: a list of objects {type, label, data}, each data of exactly its type's shape. */
final class ArtifactShape
{
    /** @param bool $stringLeaves PlainJson measured the list: every object in it is a stdClass, and every node at the level of table cells is a string */
    public static function isValidList(mixed $list, bool $stringLeaves = false): bool
    {
        if (!JsonData::isList($list)) {
            return false;
        }
        return self::allValid($list, $stringLeaves) ?? self::eachValid($list, $stringLeaves);
    }

    /** The rule item by item: the reference the differential test holds allValid to. */
    public static function eachValid(array $list, bool $stringLeaves = false): bool
    {
        foreach ($list as $item) {
            if (!self::isValid($item, $stringLeaves)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The same rule for the whole list at once, each step a built-in over every item (or every data,
     * row, column) together: the common list of many small artifacts costs a few passes in C, not a
     * loop in PHP. Null when an item is neither a stdClass nor an array (eachValid judges).
     */
    private static function allValid(array $list, bool $stringLeaves): ?bool
    {
        $n = count($list);
        if ($n === 0) {
            return true;
        }
        $items = self::membersOf($list, $stringLeaves);
        if ($items === null) {
            return null;
        }
        if ($items === false || !self::exactly($items, ['type', 'label', 'data'])) {
            return false;
        }
        $types = array_column($items, 'type');
        if (!self::allStrings(array_column($items, 'label'))) {
            return false;
        }
        $datas = array_column($items, 'data');
        $texts = array_keys($types, 'text', true);
        $tables = array_keys($types, 'table', true);
        if (count($texts) + count($tables) !== $n) {
            return false;
        }
        if ($texts !== []) {
            $d = self::membersOf(array_values(array_intersect_key($datas, array_flip($texts))), $stringLeaves);
            if (!is_array($d) || !self::exactly($d, ['text']) || !self::allStrings(array_column($d, 'text'))) {
                return false;
            }
        }
        if ($tables === []) {
            return true;
        }
        $d = self::membersOf(array_values(array_intersect_key($datas, array_flip($tables))), $stringLeaves);
        if (!is_array($d) || !self::exactly($d, ['columns', 'rows'])) {
            return false;
        }
        $columns = array_column($d, 'columns');
        $rowLists = array_column($d, 'rows');
        if (!self::allLists($columns) || !self::allStrings(array_merge(...$columns)) || !self::allLists($rowLists)) {
            return false;
        }
        $rows = array_merge(...$rowLists);
        try {
            if (count(array_filter($rows, 'array_is_list')) !== count($rows)) {
                return false;
            }
        } catch (\TypeError) {
            return false; // a row that is not an array
        }
        $widths = array_map('count', $columns);
        if ($stringLeaves && count($widths) === 1) {
            // One table whose cells are strings with nothing below: its rows are lists, each as long
            // as the columns exactly when each has the last column's index and together they hold
            // rows × columns cells (the recursive count: rows and cells).
            $w = $widths[0];
            return count($rows, COUNT_RECURSIVE) === count($rows) * ($w + 1)
                && ($w === 0 || count(array_column($rows, $w - 1)) === count($rows));
        }
        // Every row as long as its table's columns: the widths laid out row by row, compared at once.
        $starts = array_fill(0, count($widths), 0);
        $expected = array_merge(...array_map('array_fill', $starts, array_map('count', $rowLists), $widths));
        if (array_map('count', $rows) !== $expected) {
            return false;
        }
        return $stringLeaves || self::allStrings(array_merge(...$rows));
    }

    /**
     * The members of each JSON object in $xs (a stdClass as an array cast gives them), false when one
     * is not an object (a list, the empty array included, or a scalar), null when one is an object of
     * another class (nothing of it is read). $plain: PlainJson has seen every object is a stdClass.
     */
    private static function membersOf(array $xs, bool $plain): array|false|null
    {
        $types = array_map('gettype', $xs);
        $objects = array_keys($types, 'object', true);
        $arrays = array_keys($types, 'array', true);
        if (count($objects) + count($arrays) !== count($xs)) {
            return false;
        }
        $objs = array_intersect_key($xs, array_flip($objects));
        $classes = $plain || $objs === [] ? [] : array_count_values(array_map('get_class', $objs));
        if ($classes !== [] && $classes !== ['stdClass' => count($objs)]) {
            return null;
        }
        $arrs = array_intersect_key($xs, array_flip($arrays));
        if ($arrs !== [] && array_filter($arrs, 'array_is_list') !== []) {
            return false;
        }
        return array_merge(array_map('get_mangled_object_vars', array_values($objs)), array_values($arrs));
    }

    /** Whether every member list has exactly the members $names (each present, no other). */
    private static function exactly(array $members, array $names): bool
    {
        if (array_count_values(array_map('count', $members)) !== [count($names) => count($members)]) {
            return false;
        }
        foreach ($names as $name) {
            if (count(array_column($members, $name)) !== count($members)) {
                return false;
            }
        }
        return true;
    }

    private static function allStrings(array $xs): bool
    {
        return $xs === [] || array_count_values(array_map('gettype', $xs)) === ['string' => count($xs)];
    }

    private static function allLists(array $xs): bool
    {
        return $xs === [] || (array_count_values(array_map('gettype', $xs)) === ['array' => count($xs)]
            && count(array_filter($xs, 'array_is_list')) === count($xs));
    }

    private static function isValid(mixed $item, bool $stringLeaves): bool
    {
        $m = self::exactMembers($item, ['type', 'label', 'data']);
        if ($m === null || !is_string($m['label'])) {
            return false;
        }
        if ($m['type'] === 'text') {
            $d = self::exactMembers($m['data'], ['text']);
            return $d !== null && is_string($d['text']);
        }
        if ($m['type'] === 'table') {
            $d = self::exactMembers($m['data'], ['columns', 'rows']);
            if ($d === null || !self::isStringList($d['columns']) || !JsonData::isList($d['rows'])) {
                return false;
            }
            // Every row at once, by built-ins (a table of many rows is the common artifact).
            $rows = $d['rows'];
            $n = count($rows);
            if ($n === 0) {
                return true;
            }
            if (count(array_filter($rows, 'is_array')) !== $n || count(array_filter($rows, 'array_is_list')) !== $n) {
                return false;
            }
            if (array_count_values(array_map('count', $rows)) !== [count($d['columns']) => $n]) {
                return false;
            }
            if ($stringLeaves) {
                return true;
            }
            $cells = array_merge(...$rows);
            return count(array_filter($cells, 'is_string')) === count($cells);
        }
        return false;
    }

    /** The members of an object that has exactly $names, or null. The empty array is a list, never an object. */
    private static function exactMembers(mixed $o, array $names): ?array
    {
        if (!JsonData::isObject($o)) {
            return null;
        }
        $m = [];
        foreach (JsonData::entries($o) as [$k, $v]) {
            $m[(string) $k] = $v;
        }
        if (count($m) !== count($names)) {
            return null;
        }
        foreach ($names as $n) {
            if (!array_key_exists($n, $m)) {
                return null;
            }
        }
        return $m;
    }

    private static function isStringList(mixed $v): bool
    {
        return JsonData::isList($v) && count(array_filter($v, 'is_string')) === count($v);
    }
}
