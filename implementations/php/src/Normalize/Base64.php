<?php

declare(strict_types=1);

namespace ToolResult\Normalize;

/**
 * The decoded size of base64 text by the WHATWG forgiving-base64 rules (TR-NORM-10), without
 * decoding: ASCII whitespace skipped, one or two `=` may end a length divisible by 4, a remainder of 1
 * or any other character is invalid. Size floor(3n / 4) for n alphabet characters.
 */
final class Base64
{
    public static function decodedSize(string $data): ?int
    {
        $s = str_replace(["\t", "\n", "\f", "\r", ' '], '', $data);
        $len = strlen($s);
        if ($len % 4 === 0) {
            if (str_ends_with($s, '==')) {
                $s = substr($s, 0, -2);
            } elseif (str_ends_with($s, '=')) {
                $s = substr($s, 0, -1);
            }
        }
        $n = strlen($s);
        if ($n % 4 === 1 || strspn($s, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/') !== $n) {
            return null;
        }
        return intdiv(3 * $n, 4);
    }
}
