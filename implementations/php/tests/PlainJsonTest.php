<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use ToolResult\Bound\PlainJson;
use ToolResult\Bound\Bounder;
use ToolResult\Bound\Walker;
use ToolResult\Model\ToolResult;

/**
 * The C-code measure of plain values (PlainJson) against the exact walk (Walker::walk): the same
 * verdict, L and coerced copy (types included) for every value, and no code of the value run (spec
 * §3.4, TR-BOUND-6, TR-BOUND-7, TR-BOUND-8). A differential property over seeded random values
 * (TR_SEED, default fixed), the kit's common shapes and the hostile and unencodable kinds, each at a
 * roomy budget and at budgets around its own L.
 */
final class PlainJsonTest extends TestCase
{
    private const BIG = 1 << 30;

    /** A form of v in which equal means equal with the same types and order (5 and 5.0 differ). */
    private static function typed(mixed $v): mixed
    {
        if ($v instanceof \stdClass) {
            $out = ['object'];
            foreach ((array) $v as $k => $x) {
                $out[] = [(string) $k, self::typed($x)];
            }
            return $out;
        }
        if (is_array($v)) {
            $out = ['array'];
            foreach ($v as $k => $x) {
                $out[] = [$k, self::typed($x)];
            }
            return $out;
        }
        return [get_debug_type($v), is_float($v) ? bin2hex(pack('E', $v)) : $v];
    }

    private static function text(\Random\Randomizer $r, int $max = 10): string
    {
        $alphabet = ['a', 'Z', ' ', '"', '\\', "\x08", "\t", "\n", "\x0c", "\r", "\x00", "\x1f", "\x7f", '/', 'é', "\u{2028}", "\u{2029}", "\u{FEFF}", '€', '😀', "\u{FFFF}"];
        $s = '';
        for ($i = $r->getInt(0, $max); $i > 0; $i--) {
            $s .= $alphabet[$r->getInt(0, count($alphabet) - 1)];
        }
        return $s;
    }

    private static function value(\Random\Randomizer $r, int $depth = 0): mixed
    {
        $kind = $r->getInt(0, $depth < 4 ? 8 : 4);
        return match ($kind) {
            0 => null,
            1 => $r->getInt(0, 1) === 1,
            2 => [0, -1, 7, 9007199254740991, -9007199254740991, $r->getInt(-1000000000, 1000000000)][$r->getInt(0, 5)],
            3 => [0.5, -12.5, 0.1 + 0.2, 1e-7, 1e-5, 1e-4, 5.0, -0.0, 123456.789, 2.0 ** 52 + 0.5, $r->getInt(-1000000, 1000000) / 7][$r->getInt(0, 10)],
            4 => self::text($r),
            5, 6 => array_map(fn () => self::value($r, $depth + 1), range(1, $r->getInt(1, 4))),
            default => self::object($r, $depth),
        };
    }

    private static function object(\Random\Randomizer $r, int $depth): mixed
    {
        $pairs = [];
        for ($i = $r->getInt(0, 4); $i > 0; $i--) {
            $pairs[self::text($r, 4) . 'k'] = self::value($r, $depth + 1);
        }
        return $r->getInt(0, 1) === 1 ? (object) $pairs : ($pairs === [] ? new \stdClass() : $pairs);
    }

    /** Now and then a node the proof must not admit. */
    private static function mutate(\Random\Randomizer $r, mixed $v): mixed
    {
        if ($r->getInt(0, 30) === 0) {
            $odd = [NAN, INF, 2 ** 53, "ab\xff", "\xed\xa0\x80", new \ArrayObject([1]), new \DateTimeImmutable('@0'), fn () => 1,
                new class () implements \JsonSerializable {
                    public function jsonSerialize(): mixed
                    {
                        throw new \LogicException('jsonSerialize ran');
                    }
                }, (object) ["\0a" => 1], ["\0a" => 1], ["a\xff" => 1, "a\xfe" => 2]];
            return $odd[$r->getInt(0, count($odd) - 1)];
        }
        if (is_array($v)) {
            return array_map(fn ($x) => self::mutate($r, $x), $v);
        }
        return $v;
    }

    private function check(mixed $value, int $budget, string $where): bool
    {
        $exact = Walker::walk($value, $budget);
        $fast = PlainJson::measure($value, $budget);
        $got = Walker::measure($value, $budget);
        self::assertSame([$exact->verdict, $exact->octets], [$got->verdict, $got->octets], $where);
        self::assertSame(self::typed($exact->copy), self::typed($got->copy), $where);
        if ($fast !== null) {
            self::assertSame('ok', $exact->verdict->value, $where);
            self::assertSame([$exact->octets, self::typed($exact->copy)], [$fast[0], self::typed($fast[1])], $where);
        }
        return $fast !== null;
    }

    private function around(mixed $value, string $where): int
    {
        $exact = Walker::walk($value, self::BIG);
        $budgets = [self::BIG, 256];
        if ($exact->verdict->value !== 'over_budget') {
            array_push($budgets, max($exact->octets - 1, 0), $exact->octets, $exact->octets + 1);
        }
        $fast = 0;
        foreach ($budgets as $b) {
            $fast += $this->check($value, $b, "{$where} budget={$b}") ? 1 : 0;
        }
        return $fast;
    }

    public function testRandomValuesAgreeWithTheWalk(): void
    {
        $seed = (int) (getenv('TR_SEED') ?: 20261130);
        $r = new \Random\Randomizer(new \Random\Engine\Mt19937($seed));
        $fast = 0;
        $runs = 300;
        for ($i = 0; $i < $runs; $i++) {
            $v = self::value($r);
            if ($i % 2 === 1) {
                $v = self::mutate($r, $v);
            }
            $fast += $this->around($v, "random value {$i} (TR_SEED={$seed})");
        }
        self::assertGreaterThan($runs / 4, $fast, 'the C path answered for too few values: the property would be vacuous');
    }

    /** Ill-formed octet sequences: the kit's maximal-subpart cases and random bytes. */
    private static function illFormed(\Random\Randomizer $r): string
    {
        $cases = ["\x80", "\xc0\xaf", "\xed\xa0\x80", "\xf0\x9f\x98", "\xe2\x82", "\xff", "\xf4\x90\x80\x80", "\xe0\x80\xaf"];
        $s = self::text($r, 3) . $cases[$r->getInt(0, count($cases) - 1)] . self::text($r, 3);
        return $r->getInt(0, 3) === 0 ? $s . $r->getBytes($r->getInt(1, 6)) : $s;
    }

    /** Objects of other classes: each throws if any of its code runs. */
    private static function hostile(\Random\Randomizer $r): object
    {
        $all = [
            new class () implements \JsonSerializable {
                public function jsonSerialize(): mixed
                {
                    throw new \LogicException('jsonSerialize ran');
                }
            },
            new class () {
                public string $visible = 'x';
                public function __get(string $n): mixed
                {
                    throw new \LogicException('__get ran');
                }
                public function __isset(string $n): bool
                {
                    throw new \LogicException('__isset ran');
                }
                public function __toString(): string
                {
                    throw new \LogicException('__toString ran');
                }
            },
            new class () extends \stdClass {
            },
            new class () implements \Countable, \IteratorAggregate {
                public function count(): int
                {
                    throw new \LogicException('count ran');
                }
                public function getIterator(): \Iterator
                {
                    throw new \LogicException('getIterator ran');
                }
            },
        ];
        return $all[$r->getInt(0, count($all) - 1)];
    }

    /** $v with some string leaves made ill-formed (and now and then a key, or a hostile object). */
    private static function spoil(\Random\Randomizer $r, mixed $v, int $depth = 0): mixed
    {
        if (is_string($v)) {
            return $r->getInt(0, 3) === 0 ? self::illFormed($r) : $v;
        }
        $keyed = $v instanceof \stdClass || (is_array($v) && !array_is_list($v));
        if (is_array($v) || $v instanceof \stdClass) {
            $out = [];
            foreach ((array) $v as $k => $x) {
                if ($keyed && $r->getInt(0, 40) === 0) {
                    $k = self::illFormed($r) . 'k'; // a key: the Walker's (TR-BOUND-7)
                }
                $out[$k] = $r->getInt(0, 60) === 0 ? self::hostile($r) : self::spoil($r, $x, $depth + 1);
            }
            return $v instanceof \stdClass ? (object) $out : $out;
        }
        return $v;
    }

    /**
     * TR-BOUND-2 on the C path: a plain value with ill-formed strings is coerced where they are
     * (mbstring, maximal subparts), with the Walker's verdict, L and copy; ill-formed keys and
     * hostile objects are left to the Walker, and no code of the value runs.
     */
    public function testTR_BOUND_2_illFormedStringsAgreeWithTheWalk(): void
    {
        $seed = (int) (getenv('TR_SEED') ?: 20261202);
        $r = new \Random\Randomizer(new \Random\Engine\Mt19937($seed));
        $fast = 0;
        $runs = 300;
        $coerced = 0;
        for ($i = 0; $i < $runs; $i++) {
            $v = self::spoil($r, [self::value($r, 1), self::text($r), self::object($r, 1)]);
            $answered = $this->around($v, "spoiled value {$i} (TR_SEED={$seed})");
            $fast += $answered;
            // Answered in C, the value is plain: json_encode alone refuses it only for an ill-formed string.
            $coerced += $answered > 0 && json_encode($v) === false ? 1 : 0;
        }
        self::assertGreaterThan($runs / 4, $fast, 'the C path answered for too few values: the property would be vacuous');
        self::assertGreaterThan($runs / 10, $coerced, 'too few ill-formed values were coerced on the C path');
        $rows = [];
        for ($i = 0; $i < 300; $i++) {
            $rows[] = ["R-{$i}", $i % 100 === 0 ? "A\xed\xa0\x80OK" : 'Zoë', '12.50', "x\xc0\xaf"];
        }
        $table = [(object) ['type' => 'table', 'label' => 'T', 'data' => (object) ['columns' => ['a', 'b', 'c', 'd'], 'rows' => $rows]]];
        self::assertNotNull(PlainJson::measure($table, self::BIG), 'a table with ill-formed cells is measured in C');
        self::assertNull(PlainJson::measure(['a' => ["k\xff" => 1]], self::BIG), 'an ill-formed key is the Walker\'s');
    }

    /** Lists of objects of one shape (records), now and then one with a name missing, added or moved. */
    public function testObjectsOfOneShapeAgreeWithTheWalk(): void
    {
        $seed = (int) (getenv('TR_SEED') ?: 20261202);
        $r = new \Random\Randomizer(new \Random\Engine\Mt19937($seed));
        $fast = 0;
        for ($i = 0; $i < 200; $i++) {
            $names = array_map(fn ($j) => ['id', 'name', '1', 'é', 'x y', "\u{2028}"][$j], array_slice([0, 1, 2, 3, 4, 5], 0, $r->getInt(1, 6)));
            $list = [];
            for ($j = $r->getInt(1, 12); $j > 0; $j--) {
                $o = [];
                foreach ($names as $name) {
                    $o[$name] = self::value($r, 2);
                }
                match ($r->getInt(0, 9)) {
                    0 => array_pop($o),
                    1 => $o['extra'] = 1,
                    2 => $o = array_reverse($o, true),
                    3 => $o = [array_key_first($o) . 'x' => reset($o)] + array_slice($o, 1, null, true),
                    default => null,
                };
                $list[] = $r->getInt(0, 1) === 1 ? (object) $o : $o;
            }
            $v = $i % 3 === 0 ? self::spoil($r, $list) : $list;
            $fast += $this->around($v, "records {$i} (TR_SEED={$seed})");
        }
        self::assertGreaterThan(50, $fast, 'the C path answered for too few values: the property would be vacuous');
    }

    public function testCommonShapesAndHostileValues(): void
    {
        $rows = [];
        for ($i = 0; $i < 200; $i++) {
            $rows[] = ["R-{$i}", 'Zoë', sprintf('%.2f', $i * 1.37), '2026-11-30', 'paid'];
        }
        $table = [(object) ['type' => 'table', 'label' => 'Orders', 'data' => (object) ['columns' => ['a', 'b', 'c', 'd', 'e'], 'rows' => $rows]]];
        $bad = $rows;
        $bad[5][1] = "A\xc0\xafOK";
        $cycle = [1];
        $cycle[] = &$cycle;
        $deep = 1;
        for ($i = 0; $i < 70; $i++) {
            $deep = [$deep];
        }
        $depth64 = 'x';
        for ($i = 0; $i < 64; $i++) {
            $depth64 = [$depth64];
        }
        $values = [
            $table, [['type' => 'table', 'label' => 'B', 'data' => ['columns' => ['a', 'b', 'c', 'd', 'e'], 'rows' => $bad]]],
            ['items' => array_map(fn ($i) => ['id' => $i, 'price' => $i + 0.25, 'ok' => $i % 2 === 0, 'm' => null], range(1, 100))],
            ['body' => str_repeat("x\n\"y\"\\z é 😀 ", 500)], $cycle, $deep, $depth64, [str_repeat('k', 100000) => 1],
            [str_repeat('x', 100000)], [1 => 'a', 0 => 'b'], ['1' => 2], (object) ['1' => 2], [new \stdClass()], [[]],
        ];
        foreach ($values as $i => $v) {
            $this->around($v, "shape or hostile value {$i}");
        }
        self::assertNotNull(PlainJson::measure($table, 50000));
        self::assertNotNull(PlainJson::measure($depth64, self::BIG));
        self::assertNull(PlainJson::measure([$depth64], self::BIG));
    }

    /** TR-BOUND-9 on the kept path: a cell that is not a string (a container, an empty one, a number) fails the shape. */
    public function testTR_BOUND_9_tableCellsThatAreNotStringsFailOnTheCPath(): void
    {
        foreach ([new \stdClass(), [], ['x'], 5, null, (object) ['a' => 'b']] as $i => $cell) {
            $table = [['type' => 'table', 'label' => 'T', 'data' => ['columns' => ['a', 'b'], 'rows' => [['x', 'y'], ['x', $cell]]]]];
            $codes = array_map(fn ($w) => $w, Bounder::bound(ToolResult::text('ok', artifacts: $table))->warnings());
            self::assertSame(['artifacts.invalid_shape'], $codes, "cell {$i}");
        }
        $good = [['type' => 'table', 'label' => 'T', 'data' => ['columns' => ['a', 'b'], 'rows' => [['x', 'y'], ['x', 'z']]]], ['type' => 'text', 'label' => 'n', 'data' => ['text' => 't']]];
        self::assertSame([], Bounder::bound(ToolResult::text('ok', artifacts: $good))->warnings());
    }

    public function testTheProofRunsNoCodeOfTheValue(): void
    {
        $loud = new class () implements \JsonSerializable {
            public function jsonSerialize(): mixed
            {
                throw new \LogicException('jsonSerialize ran');
            }
        };
        self::assertNull(PlainJson::measure([$loud], self::BIG));
        self::assertNull(PlainJson::measure(['a' => [$loud]], self::BIG));
    }

    public function testOverBudgetIsLeftToTheWalkBeforeSerializing(): void
    {
        self::assertNull(PlainJson::measure(array_fill(0, 1000000, 0), 256));
        self::assertNull(PlainJson::measure([str_repeat('x', 1000000)], 256));
        self::assertNull(PlainJson::measure([str_repeat('k', 1000000) => 1], 256));
    }

    public function testAnotherSerializePrecisionIsTheWalks(): void
    {
        $old = ini_get('serialize_precision');
        ini_set('serialize_precision', '17');
        try {
            self::assertNull(PlainJson::measure([0.1], self::BIG));
        } finally {
            ini_set('serialize_precision', (string) $old);
        }
    }
}
