<?php

declare(strict_types=1);

namespace ToolResult\Bound;

use ToolResult\Json\JsonData;

/** TR-BOUND-9: a list of objects {type, label, data}, each data of exactly its type's shape. */
final class ArtifactShape
{
    /** @param bool $stringLeaves every node at the level of table cells is known to be a string (PlainJson saw it) */
    public static function isValidList(mixed $list, bool $stringLeaves = false): bool
    {
        if (!JsonData::isList($list)) {
            return false;
        }
        foreach ($list as $item) {
            if (!self::isValid($item, $stringLeaves)) {
                return false;
            }
        }
        return true;
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
