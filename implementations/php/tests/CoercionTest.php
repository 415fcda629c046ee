<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use ToolResult\Bound\Utf8;

/** TR-BOUND-1, TR-BOUND-2: octets coerced by maximal subparts (the table of spec §3.1). */
final class CoercionTest extends TestCase
{
    public static function table(): array
    {
        return [
            'lone continuation' => ['418042', '41efbfbd42'],
            'C0 never starts' => ['c0af', 'efbfbdefbfbd'],
            'E0 then 80' => ['e08080', 'efbfbdefbfbdefbfbd'],
            'encoded surrogate' => ['eda080', 'efbfbdefbfbdefbfbd'],
            'truncated four' => ['f09f98', 'efbfbd'],
            'truncated four then A' => ['f09f9841', 'efbfbd41'],
            'above U+10FFFF' => ['f4908080', 'efbfbdefbfbdefbfbdefbfbd'],
            'F5 never occurs' => ['f580', 'efbfbdefbfbd'],
            'byte order mark kept' => ['efbbbf41', 'efbbbf41'],
            'truncated three at the end' => ['e282', 'efbfbd'],
            'U+0000 kept' => ['00', '00'],
        ];
    }

    /** @dataProvider table */
    public function testTR_BOUND_1_maximalSubparts(string $in, string $want): void
    {
        self::assertSame($want, bin2hex(Utf8::coerce(hex2bin($in))));
    }

    public function testTR_BOUND_1_substituteCharacterRestored(): void
    {
        mb_substitute_character(0x3F);
        Utf8::coerce("\x80");
        self::assertSame(0x3F, mb_substitute_character());
    }

    public function testPrefixEndsOnCodePointBoundary(): void
    {
        self::assertSame('a', Utf8::prefix("a\u{20AC}", 3));
        self::assertSame("a\u{20AC}", Utf8::prefix("a\u{20AC}", 4));
        self::assertSame('', Utf8::prefix("\u{1F600}", 3));
    }
}
