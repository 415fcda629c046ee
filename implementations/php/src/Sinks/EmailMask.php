<?php

declare(strict_types=1);

namespace ToolResult\Sinks;

/**
 * The e-mail rule of the default redactor (spec §6.3), replacing every match of
 * `(^|[^A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}` with
 * `$1***`, as a scan instead of PCRE: the repeated group `(?:\.…)*` takes one JIT stack frame per
 * label, so PCRE gave up on a domain of some ten thousand labels and the whole leaf was masked. The
 * scan gives the regex's own answer (leftmost match, greedy) in one pass over the octets.
 *
 * Why one pass is the regex: the local part is a maximal run of local characters (`@` is not one),
 * so it starts right after a non-local octet or at the start; a label is a maximal run of domain
 * characters (a shorter one would be followed by a domain character, never the `.` the pattern needs
 * next); and the greedy repetition keeps the most labels for which a `.` and two or more letters
 * still follow. Different `@` have disjoint domains (no `@` in one), so every octet is read a bounded
 * number of times.
 */
final class EmailMask
{
    private const MASK = '***';
    private const LOCAL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._%+-';
    private const DOMAIN = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-';
    private const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

    public static function apply(string $s): string
    {
        $n = strlen($s);
        $out = '';
        $copied = 0; // $s[0..$copied) is already in $out
        $at = strpos($s, '@');
        while ($at !== false) {
            $end = self::matchAt($s, $n, $at);
            if ($end === null) {
                $at = strpos($s, '@', $at + 1);
                continue;
            }
            // The local run that ends at $at is maximal, so it starts after a non-local octet (the
            // `$1` kept) or at the start. That octet must not lie inside the previous match (the
            // search goes on where a match ended; `^` holds only before any match).
            $start = $at - self::localRunBefore($s, $at);
            if ($start === 0 ? $copied > 0 : $start - 1 < $copied) {
                $at = strpos($s, '@', $at + 1);
                continue;
            }
            $out .= substr($s, $copied, $start - $copied) . self::MASK;
            $copied = $end;
            $at = $end < $n ? strpos($s, '@', $end) : false;
        }
        return $copied === 0 ? $s : $out . substr($s, $copied);
    }

    /** The length of the run of local octets that ends just before $at. */
    private static function localRunBefore(string $s, int $at): int
    {
        // strspn on the reversed prefix would copy it; local runs are short in text, and each octet
        // of a run is read here once, for the one `@` that follows it.
        $k = 0;
        while ($k < $at && strpos(self::LOCAL, $s[$at - $k - 1]) !== false) {
            $k++;
        }
        return $k;
    }

    /** Where a match whose `@` is at $at ends, or null when there is none there. */
    private static function matchAt(string $s, int $n, int $at): ?int
    {
        // The local part: a non-empty run of local octets just before the `@`, preceded by the start
        // or by an octet that is not a local one (always so: the run is maximal).
        if ($at === 0 || strpos(self::LOCAL, $s[$at - 1]) === false) {
            return null;
        }
        // The labels after the `@`: each a maximal run of domain octets, joined by single dots.
        $end = null;
        $i = $at + 1;
        $label = strspn($s, self::DOMAIN, $i);
        if ($label === 0) {
            return null;
        }
        $i += $label;
        while ($i + 1 < $n && $s[$i] === '.') {
            $next = strspn($s, self::DOMAIN, $i + 1);
            if ($next === 0) {
                break;
            }
            $letters = strspn($s, self::LETTERS, $i + 1);
            if ($letters >= 2) {
                $end = $i + 1 + $letters; // the last such label wins (the greedy repetition)
            }
            $i += 1 + $next;
        }
        return $end;
    }
}
