<?php

declare(strict_types=1);

namespace ToolResult\Normalize;

/**
 * An ECMAScript regular expression with the `u` flag (as Ajv runs `pattern`) in PCRE: `$` is the end
 * of the input only (`D`), `\d` and `\w` are ASCII (PHP's `u` makes them Unicode), `(?<name>…)` and
 * `\k<name>` read alike.
 *
 * PCRE backtracks, so TR-NORM-65 is met by refusing the patterns it cannot bound (see runsBounded):
 * a refused pattern is a check that cannot run, which fails the check like one that does not compile.
 */
final class Pattern
{
    /** @var array<string,?string> */
    private static array $cache = [];

    /** The PCRE for an ECMAScript pattern, or null when it does not compile or cannot run (TR-NORM-65). */
    public static function compile(string $source): ?string
    {
        if (array_key_exists($source, self::$cache)) {
            return self::$cache[$source];
        }
        if (!mb_check_encoding($source, 'UTF-8') || !self::runsBounded($source)) {
            return self::$cache[$source] = null;
        }
        $re = '/' . self::translate($source) . '/uD';
        set_error_handler(static fn (): bool => true);
        try {
            $ok = preg_match($re, '') !== false;
        } finally {
            restore_error_handler();
        }
        return self::$cache[$source] = $ok ? $re : null;
    }

    /**
     * TR-NORM-65.1 for a backtracking engine: false for a backreference (`\k<name>`, `\1`..`\9`) or
     * lookaround, which have no linear-time algorithm, and for a repeated group that holds a
     * repetition or an alternation (`(a+)+`, `(\w+\s?)*`, `(a|b)*`), which PCRE can take exponential
     * time on. Conservative: it refuses some patterns RE2 runs in linear time (`^[a-z]+(-[a-z]+)*$`),
     * as §10.5 allows. `?` alone repeats nothing, so it does not make a group risky. The scan is
     * byte-wise: every construct it looks for is ASCII, and UTF-8 has no ASCII bytes inside a character.
     */
    public static function runsBounded(string $s): bool
    {
        $open = []; // per open group: does it hold a repetition or an alternation?
        $inClass = false;
        $lastGroupRisky = false;
        $n = strlen($s);
        for ($i = 0; $i < $n; $i++) {
            $c = $s[$i];
            $riskyGroup = $lastGroupRisky;
            $lastGroupRisky = false;
            if ($c === '\\') {
                $e = $s[$i + 1] ?? '';
                if (!$inClass && ($e === 'k' || ($e >= '1' && $e <= '9'))) {
                    return false;
                }
                $i++;
                continue;
            }
            if ($inClass) {
                $inClass = $c !== ']';
            } elseif ($c === '[') {
                $inClass = true;
            } elseif ($c === '(') {
                foreach (['(?=', '(?!', '(?<=', '(?<!'] as $look) {
                    if (substr_compare($s, $look, $i, strlen($look)) === 0) {
                        return false;
                    }
                }
                $open[] = false;
            } elseif ($c === ')' && $open !== []) {
                $lastGroupRisky = array_pop($open);
                if ($lastGroupRisky && $open !== []) {
                    $open[count($open) - 1] = true;
                }
            } elseif ($c === '|' && $open !== []) {
                $open[count($open) - 1] = true;
            } elseif ($c === '*' || $c === '+' || $c === '{') {
                if ($riskyGroup) {
                    return false;
                }
                if ($open !== []) {
                    $open[count($open) - 1] = true;
                }
            }
        }
        return true;
    }

    private static function translate(string $s): string
    {
        $out = '';
        $inClass = false;
        $n = strlen($s);
        for ($i = 0; $i < $n; $i++) {
            $c = $s[$i];
            if ($c === '\\' && $i + 1 < $n) {
                $e = $s[++$i];
                $out .= match (true) {
                    $e === 'd' => $inClass ? '0-9' : '[0-9]',
                    $e === 'w' => $inClass ? 'A-Za-z0-9_' : '[A-Za-z0-9_]',
                    $e === 'D' && !$inClass => '[^0-9]',
                    $e === 'W' && !$inClass => '[^A-Za-z0-9_]',
                    default => '\\' . $e,
                };
                continue;
            }
            if ($c === '[' && !$inClass) {
                $inClass = true;
            } elseif ($c === ']' && $inClass) {
                $inClass = false;
            } elseif ($c === '/') {
                $out .= '\\/';
                continue;
            }
            $out .= $c;
        }
        return $out;
    }

    public static function matches(string $re, string $subject): bool
    {
        return preg_match($re, $subject) === 1;
    }
}
