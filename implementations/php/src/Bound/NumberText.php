<?php

declare(strict_types=1);

namespace ToolResult\Bound;

/**
 * ECMAScript Number::toString for data numbers (RFC 8785 §3.2.2.3), as JCS writes and measures them.
 * PHP's own forms differ (`1.0e-7`, `100.0`): the shortest round-trip digits are taken from
 * json_encode with serialize_precision -1 and laid out by the ECMAScript rules.
 */
final class NumberText
{
    public const MAX_SAFE = 9007199254740991;

    /** Whether $v is a number node of §3.3: an int or a finite double within ±(2^53 − 1). */
    public static function isDataNumber(int|float $v): bool
    {
        if (is_int($v)) {
            return $v <= self::MAX_SAFE && $v >= -self::MAX_SAFE;
        }
        return is_finite($v) && abs($v) <= self::MAX_SAFE;
    }

    public static function format(int|float $v): string
    {
        if (is_int($v)) {
            return (string) $v;
        }
        if ($v == 0.0) {
            return '0'; // −0 too (TR-BOUND-5)
        }
        if (floor($v) === $v && abs($v) <= self::MAX_SAFE) {
            // Exact below 2^53; above, ECMAScript writes the shortest digits, padded with zeros.
            return sprintf('%.0f', $v);
        }
        $previous = ini_set('serialize_precision', '-1');
        try {
            $text = json_encode($v);
        } finally {
            ini_set('serialize_precision', (string) $previous);
        }
        if (!is_string($text)) {
            throw new \LogicException('a finite double has a JSON text');
        }
        // json_encode's form: -?digits(.digits)?(e[+-]?digits)?, read without a regex.
        $sign = $text[0] === '-' ? '-' : '';
        [$mantissa, $expText] = explode('e', strtolower(substr($text, strlen($sign)))) + [1 => '0'];
        [$int, $frac] = explode('.', $mantissa) + [1 => ''];
        if (!ctype_digit($int) || ($frac !== '' && !ctype_digit($frac)) || !ctype_digit(ltrim($expText, '+-'))) {
            throw new \LogicException('unexpected JSON number text');
        }
        $exp = (int) $expText;
        $digits = ltrim($int . $frac, '0');
        $lead = strlen($int . $frac) - strlen($digits); // leading zeros removed
        $n = strlen($int) + $exp - $lead;                // decimal point position after the first digit of $digits
        $digits = rtrim($digits, '0');
        $k = strlen($digits);
        if ($k <= $n && $n <= 21) {
            $out = $digits . str_repeat('0', $n - $k);
        } elseif (0 < $n && $n <= 21) {
            $out = substr($digits, 0, $n) . '.' . substr($digits, $n);
        } elseif (-6 < $n && $n <= 0) {
            $out = '0.' . str_repeat('0', -$n) . $digits;
        } else {
            $e = $n - 1;
            $out = $digits[0] . ($k > 1 ? '.' . substr($digits, 1) : '') . 'e' . ($e < 0 ? '-' : '+') . abs($e);
        }
        return $sign . $out;
    }
}
