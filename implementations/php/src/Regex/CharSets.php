<?php

declare(strict_types=1);

namespace ToolResult\Regex;

/**
 * Sets of code points as sorted, merged lists of [lo, hi] ranges, with the classes of ECMAScript
 * without the `i` flag (spec §10.5): `\d` and `\w` ASCII, `\s` WhiteSpace and LineTerminator, `.`
 * anything but a line terminator.
 */
final class CharSets
{
    public static function digit(): array
    {
        return [[0x30, 0x39]];
    }

    public static function word(): array
    {
        return [[0x30, 0x39], [0x41, 0x5A], [0x5F, 0x5F], [0x61, 0x7A]];
    }

    public static function space(): array
    {
        return [
            [0x09, 0x0D], [0x20, 0x20], [0xA0, 0xA0], [0x1680, 0x1680], [0x2000, 0x200A],
            [0x2028, 0x2029], [0x202F, 0x202F], [0x205F, 0x205F], [0x3000, 0x3000], [0xFEFF, 0xFEFF],
        ];
    }

    /** `.` without the `s` flag. */
    public static function dot(): array
    {
        return self::complement([[0x0A, 0x0A], [0x0D, 0x0D], [0x2028, 0x2029]]);
    }

    public static function isWord(int $c): bool
    {
        return ($c >= 0x61 && $c <= 0x7A) || ($c >= 0x41 && $c <= 0x5A) || ($c >= 0x30 && $c <= 0x39) || $c === 0x5F;
    }

    /** @param list<array{0:int,1:int}> $ranges */
    public static function normalize(array $ranges): array
    {
        usort($ranges, static fn (array $a, array $b): int => $a[0] <=> $b[0]);
        $out = [];
        foreach ($ranges as [$lo, $hi]) {
            $last = count($out) - 1;
            if ($last >= 0 && $lo <= $out[$last][1] + 1) {
                $out[$last][1] = max($out[$last][1], $hi);
            } else {
                $out[] = [$lo, $hi];
            }
        }
        return $out;
    }

    /** @param list<array{0:int,1:int}> $ranges normalized */
    public static function complement(array $ranges): array
    {
        $out = [];
        $next = 0;
        foreach ($ranges as [$lo, $hi]) {
            if ($lo > $next) {
                $out[] = [$next, $lo - 1];
            }
            $next = $hi + 1;
        }
        if ($next <= EcmaPatternParser::MAX_CODE_POINT) {
            $out[] = [$next, EcmaPatternParser::MAX_CODE_POINT];
        }
        return $out;
    }

    /** @param list<array{0:int,1:int}> $ranges normalized */
    public static function contains(array $ranges, int $c): bool
    {
        $lo = 0;
        $hi = count($ranges) - 1;
        while ($lo <= $hi) {
            $mid = ($lo + $hi) >> 1;
            if ($c < $ranges[$mid][0]) {
                $hi = $mid - 1;
            } elseif ($c > $ranges[$mid][1]) {
                $lo = $mid + 1;
            } else {
                return true;
            }
        }
        return false;
    }
}
