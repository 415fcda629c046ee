<?php

declare(strict_types=1);

namespace ToolResult\Sinks;

use ToolResult\Bound\Utf8;

/**
 * The default redactor (spec §6.3): mask secret shapes until a pass changes nothing (at most 8
 * passes, else `***`), then cap at 2,000 octets. PCRE without the `u` modifier runs over octets; the
 * patterns are ASCII, so a non-ASCII character only ever meets a negated class and is kept.
 */
final class Redactor
{
    private const RULES = [
        ['~://[^\t\n\f\r /?#@]+@~', '://***@'],
        ['~([Bb][Ee][Aa][Rr][Ee][Rr])[ \t]+[A-Za-z0-9._\~+/-]+=*~', '$1 ***'],
        [
            '~(^|[^A-Za-z0-9])(?:sk-|sk_|pk_|rk_|ghp_|gho_|ghs_|github_pat_|xoxb-|xoxp-|AKIA|AIza)[A-Za-z0-9_-]{8,}~',
            '$1***',
        ],
        // The e-mail rule, last, is EmailMask: a scan, where PCRE gives up on a long domain.
    ];
    private const CAP = 2000;
    private const CAP_NOTICE = "\u{2026}[truncated]";

    public static function redact(string $s): string
    {
        for ($pass = 1; $pass <= 8; $pass++) {
            $next = self::pass($s);
            if ($next === $s) {
                return self::cap($s);
            }
            $s = $next;
        }
        return '***';
    }

    /** One pass of the four rules, in order (the e-mail rule last, as EmailMask). */
    public static function pass(string $s): string
    {
        foreach (self::RULES as [$pattern, $replacement]) {
            $r = preg_replace($pattern, $replacement, $s);
            if (!is_string($r)) {
                return '***'; // the engine gave up (backtrack limit): mask rather than keep
            }
            $s = $r;
        }
        return EmailMask::apply($s);
    }

    private static function cap(string $s): string
    {
        if (strlen($s) <= self::CAP) {
            return $s;
        }
        return Utf8::prefix($s, self::CAP - strlen(self::CAP_NOTICE)) . self::CAP_NOTICE;
    }
}
