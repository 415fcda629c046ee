<?php

declare(strict_types=1);

namespace ToolResult\Bound;

use ToolResult\Json\JsonData;

/** TR-BOUND-9: a list of objects {type, label, data}, each data of exactly its type's shape. */
final class ArtifactShape
{
    public static function isValidList(mixed $list): bool
    {
        if (!JsonData::isList($list)) {
            return false;
        }
        foreach ($list as $item) {
            if (!self::isValid($item)) {
                return false;
            }
        }
        return true;
    }

    private static function isValid(mixed $item): bool
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
            foreach ($d['rows'] as $row) {
                if (!self::isStringList($row) || count($row) !== count($d['columns'])) {
                    return false;
                }
            }
            return true;
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
        if (!JsonData::isList($v)) {
            return false;
        }
        foreach ($v as $x) {
            if (!is_string($x)) {
                return false;
            }
        }
        return true;
    }
}
