<?php

declare(strict_types=1);

namespace ToolResult\Normalize;

/**
 * An ECMAScript regular expression with the `u` flag (as Ajv runs `pattern`) in PCRE: `$` is the end
 * of the input only (`D`), `\d` and `\w` are ASCII (PHP's `u` makes them Unicode), `(?<name>…)` and
 * `\k<name>` read alike.
 */
final class Pattern
{
    /** @var array<string,?string> */
    private static array $cache = [];

    /** The PCRE for an ECMAScript pattern, or null when it does not compile. */
    public static function compile(string $source): ?string
    {
        if (array_key_exists($source, self::$cache)) {
            return self::$cache[$source];
        }
        if (!mb_check_encoding($source, 'UTF-8')) {
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
