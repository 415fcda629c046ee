<?php

declare(strict_types=1);

namespace ToolResult\Exposure;

use ToolResult\Bound\Utf8;
use ToolResult\Json\JsonData;

/**
 * JSON Pointers (RFC 6901) as an allowlist reads them (TR-EXPOSE-5, spec §12.3): the string form and
 * §4's resolution, nothing more (no wildcards, no relative pointers), so a pointer of a policy means
 * what it means to any RFC 6901 library.
 *
 * PHP data (spec §3.3): a list `array` is an array; a `stdClass` (what the bounder's copies hold) or
 * another `array` is an object. `/0` on an object is its member named "0", on a list its first item.
 */
final class JsonPointer
{
    /**
     * The unescaped reference tokens of $pointer, or null when it is not a JSON Pointer: not a string,
     * not well-formed UTF-8 (a byte string can hold octets no JSON string has), or not of the form.
     *
     * @return list<string>|null
     */
    public static function parse(mixed $pointer): ?array
    {
        if (!is_string($pointer) || !Utf8::isWellFormed($pointer) || !self::hasForm($pointer)) {
            return null;
        }
        if ($pointer === '') {
            return [];
        }
        $tokens = [];
        foreach (explode('/', substr($pointer, 1)) as $token) {
            // '~1' first, then '~0' (RFC 6901 §4): '~01' is the member '~1', not '/'.
            $tokens[] = str_replace('~0', '~', str_replace('~1', '/', $token));
        }
        return $tokens;
    }

    /**
     * What the tokens select in bounded data: [true, value], or [false, null] when a member is not
     * there, a token is no valid index of an array or is past its end, or a token meets a scalar.
     *
     * @param list<string> $tokens
     * @return array{0:bool,1:mixed}
     */
    public static function resolve(mixed $root, array $tokens): array
    {
        $at = $root;
        foreach ($tokens as $token) {
            [$found, $at] = self::step($at, $token);
            if (!$found) {
                return [false, null];
            }
        }
        return [true, $at];
    }

    /** Whether $pointer is a JSON Pointer (what parse() accepts), without splitting it. */
    public static function isPointer(mixed $pointer): bool
    {
        return is_string($pointer) && Utf8::isWellFormed($pointer) && self::hasForm($pointer);
    }

    /**
     * resolve() for a pointer known to be one (isPointer), reading one token at a time: the work is
     * the tokens it follows, so a pointer of a million tokens that leaves the value at its second
     * costs no more than its check (a policy's pointer is as long as its author makes it).
     *
     * @return array{0:bool,1:mixed}
     */
    public static function select(mixed $root, string $pointer): array
    {
        $at = $root;
        $n = strlen($pointer);
        for ($i = 0; $i < $n; $i = $end) {
            $end = strpos($pointer, '/', $i + 1);
            $end = $end === false ? $n : $end;
            $token = substr($pointer, $i + 1, $end - $i - 1);
            if (str_contains($token, '~')) {
                $token = str_replace('~0', '~', str_replace('~1', '/', $token));
            }
            [$found, $at] = self::step($at, $token);
            if (!$found) {
                return [false, null];
            }
        }
        return [true, $at];
    }

    /** @return array{0:bool,1:mixed} what one token selects in $at */
    private static function step(mixed $at, string $token): array
    {
        if (JsonData::isList($at)) {
            // An index no int can hold ("99999999999999999999") is past the end of any list.
            if (!self::isIndex($token) || strlen($token) > 18 || (int) $token >= count($at)) {
                return [false, null];
            }
            return [true, $at[(int) $token]];
        }
        if (JsonData::isObject($at)) {
            // A numeric name is an int key in a PHP array: the lookup by string finds it either way.
            return JsonData::member($at, $token);
        }
        return [false, null];
    }

    /**
     * The string form (RFC 6901 §3): empty, or '/'-prefixed tokens where '~' is only '~0' or '~1'.
     * A scan with strpos, linear and unable to fail: a pointer is as long as the policy's author
     * makes it, and a regex engine's stack limit must not turn a valid pointer into "not a pointer".
     */
    private static function hasForm(string $p): bool
    {
        if ($p !== '' && $p[0] !== '/') {
            return false;
        }
        $n = strlen($p);
        for ($i = strpos($p, '~'); $i !== false; $i = strpos($p, '~', $i + 2)) {
            if ($i + 1 >= $n || ($p[$i + 1] !== '0' && $p[$i + 1] !== '1')) {
                return false;
            }
        }
        return true;
    }

    /** An array index (RFC 6901 §4): '0', or digits without a leading zero. '-' never matches. */
    private static function isIndex(string $token): bool
    {
        return $token === '0' || ($token !== '' && $token[0] !== '0' && ctype_digit($token));
    }
}
