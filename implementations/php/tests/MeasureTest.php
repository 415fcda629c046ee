<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use ToolResult\Bound\NumberText;
use ToolResult\Bound\Walker;

/** TR-BOUND-5, -6, -7, -8 and §3.4: the measure L, the depth and the verdict. */
final class MeasureTest extends TestCase
{
    public static function numbers(): array
    {
        return [[0.1, '0.1'], [1e-7, '1e-7'], [5e-324, '5e-324'], [0.000001, '0.000001'], [-12.5, '-12.5'],
            [9007199254740991, '9007199254740991'], [5.0, '5'], [-0.0, '0'], [123e-20, '1.23e-18'], [1.5e20, '150000000000000000000'],
            [0.1 + 0.2, '0.30000000000000004'], [-1e-7, '-1e-7'], [100.0, '100']];
    }

    /** @dataProvider numbers */
    public function testTR_BOUND_8_numberToString(int|float $v, string $want): void
    {
        self::assertSame($want, NumberText::format($v));
    }

    private static function verdict(mixed $v, int $budget = 1000000): array
    {
        $m = Walker::measure($v, $budget);
        return [$m->verdict->value, $m->verdict->value === 'ok' ? $m->octets : null];
    }

    public function testTR_BOUND_8_lengthIsJcsLength(): void
    {
        $v = json_decode('{"a":[1,"\u00e9",null,true,false,{"b":"x\"\\\\\n\u0001"}],"c":0.5}');
        self::assertSame(['ok', strlen('{"a":[1,"é",null,true,false,{"b":"x\"\\\\\n\u0001"}],"c":0.5}')], self::verdict($v));
        self::assertSame(['ok', 2], self::verdict([]));
        self::assertSame(['ok', 2], self::verdict(new stdClass()));
    }

    public function testTR_BOUND_8_budgetIsInclusive(): void
    {
        self::assertSame('ok', Walker::measure('abcd', 6)->verdict->value);
        self::assertSame('over_budget', Walker::measure('abcde', 6)->verdict->value);
    }

    public function testTR_BOUND_6_unencodableNodes(): void
    {
        foreach ([NAN, INF, -INF, 2 ** 53, 1e300, fn () => 1, new DateTimeImmutable(), new ArrayObject(), \ToolResult\Model\Absent::Value] as $bad) {
            self::assertSame('unencodable', self::verdict([1, $bad])[0]);
        }
    }

    /** §3.3 PHP note: an integer key is the numeric string PHP made it from, measured and copied as one. */
    public function testTR_BOUND_6_integerKeyIsItsDecimalString(): void
    {
        $m = Walker::measure(['a' => 1, 5 => 2, -3 => 'x'], 1000);
        self::assertSame('ok', $m->verdict->value);
        // {"a":1,"5":2,"-3":"x"}: 23 octets, the same as the JSON text json_encode writes for it.
        self::assertSame(strlen(json_encode(['a' => 1, 5 => 2, -3 => 'x'])), $m->octets);
        self::assertSame(['a' => 1, '5' => 2, '-3' => 'x'], (array) $m->copy);
        // A list stays a list; an array from json_decode(…, true) of {"1":"a"} is the object it was.
        self::assertSame('{"1":"a"}', json_encode(Walker::measure(json_decode('{"1":"a"}', true), 1000)->copy));
    }

    public function testTR_BOUND_6_noCodeRunsOnAnObject(): void
    {
        $o = new class () implements JsonSerializable {
            public function __get(string $n): mixed { throw new LogicException('read'); }
            public function jsonSerialize(): mixed { throw new LogicException('serialized'); }
        };
        self::assertSame('unencodable', self::verdict(['x' => $o])[0]);
    }

    public function testTR_BOUND_6_objectCycle(): void
    {
        $o = new stdClass();
        $o->self = $o;
        self::assertSame('unencodable', self::verdict($o)[0]);
        self::assertSame('over_budget', self::verdict($o, 9)[0]); // {"self":…} is 2 + 6 + 1 + 4 = 13
        self::assertSame('unencodable', self::verdict($o, 13)[0]);
    }

    public function testTR_BOUND_6_arrayCycleThroughAReference(): void
    {
        $a = [1];
        $a[] = &$a;
        // [1,<cycle>] is 2 + 1 + 1 + 4 = 8, as the language-neutral cycle measures.
        self::assertSame('unencodable', self::verdict($a, 8)[0]);
        self::assertSame('over_budget', self::verdict($a, 7)[0]);
    }

    public function testTR_BOUND_6_sharedIsNoCycle(): void
    {
        $x = new stdClass();
        $x->a = 'b';
        self::assertSame(['ok', 31], self::verdict([$x, $x, $x]));
    }

    public function testTR_BOUND_7_keysEqualAfterCoercion(): void
    {
        $o = new stdClass();
        $o->{"a\x80"} = 1;
        $o->{"a\xFF"} = 2;
        self::assertSame('unencodable', self::verdict($o)[0]);
    }

    /** TR-BOUND-7: the colliding object's L is that of its members, keys as coerced: {"a\u{FFFD}":1,"a\u{FFFD}":2} is 19 octets. */
    public function testTR_BOUND_7_collidingObjectIsMeasuredByItsMembers(): void
    {
        $o = new stdClass();
        $o->{"a\x80"} = 1;
        $o->{"a\xFF"} = 2;
        self::assertSame('over_budget', Walker::measure($o, 18)->verdict->value);
        self::assertSame('unencodable', Walker::measure($o, 19)->verdict->value);
        // The same in an array map: PHP keys of ill-formed octets.
        $a = ["a\xED\xA0\x80" => 1, "a\xED\xB0\x80" => 2];
        self::assertSame('over_budget', Walker::measure($a, 30)->verdict->value);
        self::assertSame('unencodable', Walker::measure($a, 31)->verdict->value);
    }

    public function testTR_BOUND_8_depthAndPrecedence(): void
    {
        $v = 1;
        for ($i = 0; $i < 64; $i++) {
            $v = [$v];
        }
        self::assertSame('ok', self::verdict($v)[0]);
        self::assertSame('too_deep', self::verdict([$v])[0]);
        self::assertSame('unencodable', self::verdict([[$v], NAN])[0]);
        self::assertSame('over_budget', self::verdict([[$v], NAN], 10)[0]);
    }

    public function testTR_BOUND_0_hundredThousandLevels(): void
    {
        $v = 'leaf';
        for ($i = 0; $i < 100000; $i++) {
            $v = [$v];
        }
        self::assertSame('too_deep', self::verdict($v, 1073741824)[0]);
        self::assertSame('over_budget', self::verdict($v, 50000)[0]);
    }
}
