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
    /**
     * A credential-named parameter: one of the words in any casing, optionally after a prefix and one of
     * `_`, `.` or `-`. A list rather than "any name ending in key": such a pattern backtracks over the
     * whole name, and PCRE gives up past a million steps; the list also keeps cursors (pageToken).
     */
    private const PARAMETER_PREFIXES = [
        'access', 'refresh', 'id', 'api', 'auth', 'client', 'secret', 'private', 'session', 'app', 'subscription',
        'x-amz', 'x-amz-security', 'x-goog',
    ];
    private const PARAMETER_WORDS = [
        'token', 'key', 'secret', 'password', 'passwd', 'pwd', 'signature', 'sig', 'credential', 'auth',
    ];
    private const KEY_PREFIXES = 'sk-|sk_|pk_|rk_|ghp_|gho_|ghu_|ghs_|ghr_|github_pat_|glpat-'
        . '|xoxa-|xoxb-|xoxe-|xoxo-|xoxp-|xoxr-|xoxs-|xapp-|AKIA|AIza';
    /**
     * The rules in order (TR-PRIV-16) but the second, credential-parameter, which rules() builds from
     * the lists above and puts in its place: url-credentials, authorization-header, bearer-token, jwt,
     * key-prefix, aws-key-id. Each starts at a fixed text or at the start of a run and has no repeated
     * group, so PCRE's backtracking stays linear and its JIT stack flat (TR-PRIV-17).
     */
    private const RULES = [
        ['~://[^\t\n\f\r /?#@]+@~', '://***@'],
        [
            '~([Aa][Uu][Tt][Hh][Oo][Rr][Ii][Zz][Aa][Tt][Ii][Oo][Nn]["\']?[ \t]*[:=][ \t]*["\']?[A-Za-z]+[ \t]+)'
                . '[A-Za-z0-9._\~+/-]+=*~',
            '$1***',
        ],
        ['~([Bb][Ee][Aa][Rr][Ee][Rr])[ \t]+[A-Za-z0-9._\~+/-]+=*~', '$1 ***'],
        ['~(^|[^A-Za-z0-9_-])eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*~', '$1***'],
        ['~(^|[^A-Za-z0-9])(?:' . self::KEY_PREFIXES . ')[A-Za-z0-9_-]{8,}~', '$1***'],
        ['~(^|[^A-Za-z0-9])(?:A3T[A-Z0-9]|ASIA|ABIA|ACCA)[A-Z2-7]{16}~', '$1***'],
        // The e-mail rule, last, is EmailMask: a scan, where PCRE gives up on a long domain.
    ];
    /** @var list<array{string, string}>|null */
    private static ?array $rules = null;

    /** @return list<array{string, string}> */
    private static function rules(): array
    {
        if (self::$rules === null) {
            $parameter = '~([?&#;](?:(?:' . self::anyCase(self::PARAMETER_PREFIXES) . ')[_.-]?)?(?:'
                . self::anyCase(self::PARAMETER_WORDS) . ')=)[^\t\n\f\r "#&\'<>]+~';
            $rules = self::RULES;
            array_splice($rules, 1, 0, [[$parameter, '$1***']]);
            self::$rules = $rules;
        }
        return self::$rules;
    }

    /**
     * Each ASCII letter of the words as the class of its two cases (key: `[Kk][Ee][Yy]`), joined by `|`.
     *
     * @param list<string> $words
     */
    private static function anyCase(array $words): string
    {
        $out = [];
        foreach ($words as $word) {
            $w = '';
            foreach (str_split($word) as $c) {
                $w .= ($c >= 'a' && $c <= 'z') ? '[' . strtoupper($c) . $c . ']' : $c;
            }
            $out[] = $w;
        }
        return implode('|', $out);
    }

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

    /** One pass of the rules, in order (the e-mail rule last, as EmailMask). */
    public static function pass(string $s): string
    {
        foreach (self::rules() as [$pattern, $replacement]) {
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
