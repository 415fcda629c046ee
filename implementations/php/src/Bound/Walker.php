<?php

declare(strict_types=1);

namespace ToolResult\Bound;

use ToolResult\Json\JsonData;

/**
 * Measures a run-only value (spec §3.3–3.4): its JCS length L with unencodable nodes counted 4, its
 * depth, and its verdict (TR-BOUND-8), and makes the coerced copy when the verdict is ok. It walks
 * with its own stack (no recursion: 100,000 levels and more, TR-BOUND-0), runs no code of the value
 * (only arrays and stdClass are entered), and stops as soon as L passes the budget (TR-BOUND-16).
 *
 * Cycles: a stdClass is a container by identity. A PHP array has no identity, and can hold itself
 * only through a reference; such an array is identified by the reference it is reached through
 * (ReflectionReference ids), and a reference met again inside itself is a cycle point.
 */
final class Walker
{
    private const MAX_DEPTH = 64;

    public static function measure(mixed $root, int $budget, bool $copy = true): Measurement
    {
        // A plain value within the budget is measured and copied by C code (PlainJson); everything
        // else, and every value that proof does not admit, by the walk. Both give the same answer.
        $plain = PlainJson::measure($root, $budget);
        if ($plain !== null) {
            return new Measurement(Verdict::Ok, $plain[0], $copy ? $plain[1] : null);
        }
        return self::walk($root, $budget, $copy);
    }

    /**
     * measure() for the bounder, which keeps what it measured and hands out copies: a plain value
     * measured in C is kept as its JSON text (JsonText), not copied as objects.
     */
    public static function measureToKeep(mixed $root, int $budget, bool &$stringLeaves = false): Measurement
    {
        $plain = PlainJson::keep($root, $budget);
        if ($plain !== null) {
            $stringLeaves = $plain[2];
            return new Measurement(Verdict::Ok, $plain[0], $plain[1]);
        }
        $stringLeaves = false;
        return self::walk($root, $budget, true);
    }

    /** The exact walk alone (the differential tests compare PlainJson with it). */
    public static function walk(mixed $root, int $budget, bool $copy = true): Measurement
    {
        $walker = new self($budget, $copy);
        return $walker->run($root);
    }

    private int $total = 0;
    private bool $unencodable = false;
    private bool $tooDeep = false;
    /** @var list<array<string,mixed>> */
    private array $stack = [];
    /** @var array<int,true> stdClass ids on the path */
    private array $objectsOnPath = [];
    /** @var array<string,true> reference ids on the path */
    private array $refsOnPath = [];

    private function __construct(private readonly int $budget, private bool $building)
    {
    }

    private function run(mixed $root): Measurement
    {
        $out = null;
        $over = !$this->visit($root, null, $out, null);
        while (!$over && $this->stack !== []) {
            $top = count($this->stack) - 1;
            $frame = &$this->stack[$top];
            if ($frame['i'] < $frame['n']) {
                $i = $frame['i']++;
                $key = $frame['keys'][$i];
                $value = $frame['src'][$key];
                if ($frame['object']) {
                    $name = $frame['names'][$i];
                    $this->total += self::stringLength($name) + 1;
                    if ($this->total > $this->budget) {
                        $over = true;
                        break;
                    }
                }
                $refId = null;
                if (is_array($value)) {
                    $ref = \ReflectionReference::fromArrayElement($frame['src'], $key);
                    $refId = $ref?->getId();
                }
                $slot = null;
                $parentIndex = $top;
                unset($frame);
                if (!$this->visit($value, $refId, $slot, ['frame' => $parentIndex, 'key' => $key])) {
                    $over = true;
                    break;
                }
                if ($this->building && $slot !== null) {
                    $this->stack[$parentIndex]['out'][] = $slot[0];
                }
                continue;
            }
            unset($frame);
            $done = array_pop($this->stack);
            if ($done['objectId'] !== null) {
                unset($this->objectsOnPath[$done['objectId']]);
            }
            if ($done['refId'] !== null) {
                unset($this->refsOnPath[$done['refId']]);
            }
            $value = null;
            if ($this->building) {
                if ($done['object']) {
                    $pairs = [];
                    foreach ($done['out'] as $i => $v) {
                        $pairs[] = [$done['names'][$i], $v];
                    }
                    $value = JsonData::makeObject($pairs);
                } else {
                    $value = $done['out'];
                }
            }
            if ($this->stack === []) {
                $out = [$value];
            } elseif ($this->building) {
                $this->stack[count($this->stack) - 1]['out'][] = $value;
            }
        }
        if ($over || $this->total > $this->budget) {
            return new Measurement(Verdict::OverBudget, $this->total, null);
        }
        if ($this->unencodable) {
            return new Measurement(Verdict::Unencodable, $this->total, null);
        }
        if ($this->tooDeep) {
            return new Measurement(Verdict::TooDeep, $this->total, null);
        }
        return new Measurement(Verdict::Ok, $this->total, $out[0] ?? null);
    }

    /**
     * Counts one node, or opens a frame for a container. A leaf's copy is put in $slot as [value].
     * Returns false when the running total passed the budget.
     */
    private function visit(mixed $v, ?string $refId, mixed &$slot, ?array $from): bool
    {
        if ($v === null || $v === true) {
            return $this->leaf(4, $v, $slot);
        }
        if ($v === false) {
            return $this->leaf(5, false, $slot);
        }
        if (is_int($v) || is_float($v)) {
            if (!NumberText::isDataNumber($v)) {
                return $this->bad($slot);
            }
            if (is_float($v) && $v == 0.0) {
                $v = 0; // −0 is output as 0 (TR-BOUND-5)
            }
            return $this->leaf(strlen(NumberText::format($v)), $v, $slot);
        }
        if (is_string($v)) {
            // Coercion never shortens: the raw length alone may already pass the budget.
            if (strlen($v) + 2 > $this->budget - $this->total) {
                $this->total += strlen($v) + 2;
                return false;
            }
            $c = Utf8::coerce($v);
            return $this->leaf(self::stringLength($c), $c, $slot);
        }
        if ($v instanceof \stdClass) {
            $id = spl_object_id($v);
            if (isset($this->objectsOnPath[$id])) {
                return $this->bad($slot);
            }
            $src = (array) $v;
            if ($this->passesBudgetUnread($src, true)) {
                return false;
            }
            $names = [];
            foreach (array_keys($src) as $k) {
                $names[] = (string) $k;
            }
            return $this->open($src, true, $names, $id, null, $slot);
        }
        if (is_array($v)) {
            if ($refId !== null && (isset($this->refsOnPath[$refId]) || $this->isAncestorAgain($v, $refId))) {
                return $this->bad($slot);
            }
            $list = array_is_list($v);
            if ($this->passesBudgetUnread($v, !$list)) {
                return false;
            }
            if ($list) {
                return $this->open($v, false, [], null, $refId, $slot);
            }
            // PHP makes an integer of every numeric-string key ("1" => 1) on every path into an
            // array, json_decode(…, true) included: it was a string, and is read back as the decimal
            // string it came from (spec §3.3, PHP note), as json_encode writes it.
            $names = [];
            foreach (array_keys($v) as $k) {
                $names[] = (string) $k;
            }
            return $this->open($v, true, $names, null, $refId, $slot);
        }
        // Objects of any other class, closures, enums (Absent), resources: one unencodable node,
        // never read (no getter, __get, jsonSerialize or iterator runs).
        return $this->bad($slot);
    }

    /**
     * PHP copies an array out of its reference when it is passed by value, so the value a caller
     * hands the bounder (or holds in a plain slot) is not recognizably the array its reference R
     * holds. An array C reached through R is taken to be such an ancestor X (not itself entered
     * through a reference) when C is as long as X and the keys that lead from X down to this slot
     * lead from C to R as well: counting the cycle point here gives the measure the language-neutral
     * cycle has (SPEC-NOTES.md). Only the first 64 levels are candidates, which bounds the cost;
     * deeper, the cycle is found one turn later, at R itself.
     */
    private function isAncestorAgain(array $child, string $refId): bool
    {
        $top = count($this->stack) - 1;
        for ($j = 0; $j <= $top && $j < self::MAX_DEPTH; $j++) {
            $f = $this->stack[$j];
            if ($f['refId'] !== null || $f['objectId'] !== null || $f['n'] !== count($child)) {
                continue;
            }
            $node = $child;
            for ($i = $j; $i <= $top; $i++) {
                $key = $this->stack[$i]['keys'][$this->stack[$i]['i'] - 1];
                if ($node instanceof \stdClass) {
                    $node = (array) $node;
                }
                if (!is_array($node) || !array_key_exists($key, $node)) {
                    continue 2;
                }
                if ($i === $top) {
                    $ref = \ReflectionReference::fromArrayElement($node, $key);
                    if ($ref !== null && $ref->getId() === $refId) {
                        return true;
                    }
                    continue 2;
                }
                $node = $node[$key];
            }
        }
        return false;
    }

    /**
     * TR-BOUND-18, TR-BOUND-16: a container's L is at least its brackets and commas plus, for an
     * object, each key's octets, two quotes and a colon (coercion never shortens a key). That floor
     * is charged from counts and lengths alone, so an over-budget key (or key count) is found
     * without reading one octet of it: O(keys) work, never O(octets of keys).
     */
    private function passesBudgetUnread(array $src, bool $object): bool
    {
        $room = $this->budget - $this->total;
        $n = count($src);
        $floor = $n > 0 ? $n + 1 : 2;
        if ($object) {
            foreach ($src as $k => $unused) {
                if ($floor > $room) {
                    break;
                }
                $floor += (is_int($k) ? strlen((string) $k) : strlen($k)) + 3;
            }
        }
        if ($floor <= $room) {
            return false;
        }
        $this->total += $floor;
        return true;
    }

    private function open(array $src, bool $object, array $names, ?int $objectId, ?string $refId, mixed &$slot): bool
    {
        if ($object && $this->needsKeyCoercion($names)) {
            $coerced = array_map(Utf8::coerce(...), $names);
            if (count(array_unique($coerced)) !== count($coerced)) {
                // Keys equal after coercion (TR-BOUND-7): the object cannot pass, but its L is still
                // that of its members, keys as coerced, so the walk goes on and counts them; only
                // the copy stops. (Found here, before the members, rather than at the second key:
                // the verdict is the same, as over_budget outranks unencodable.)
                $this->unencodable = true;
                $this->building = false;
            }
            $names = $coerced;
        }
        $n = count($src);
        $this->total += 2 + ($n > 0 ? $n - 1 : 0);
        if (count($this->stack) + 1 > self::MAX_DEPTH) {
            $this->tooDeep = true;
            $this->building = false;
        }
        if ($objectId !== null) {
            $this->objectsOnPath[$objectId] = true;
        }
        if ($refId !== null) {
            $this->refsOnPath[$refId] = true;
        }
        $this->stack[] = [
            'src' => $src, 'keys' => array_keys($src), 'names' => $names, 'n' => $n, 'i' => 0,
            'object' => $object, 'out' => [], 'objectId' => $objectId, 'refId' => $refId,
        ];
        $slot = null;
        return $this->total <= $this->budget;
    }

    private function needsKeyCoercion(array $names): bool
    {
        foreach ($names as $k) {
            if (!mb_check_encoding($k, 'UTF-8')) {
                return true;
            }
        }
        return false;
    }

    private function leaf(int $length, mixed $copy, mixed &$slot): bool
    {
        $this->total += $length;
        $slot = [$copy];
        return $this->total <= $this->budget;
    }

    private function bad(mixed &$slot): bool
    {
        $this->unencodable = true;
        $this->building = false;
        $this->total += 4;
        $slot = [null];
        return $this->total <= $this->budget;
    }

    /** L of a well-formed string (§3.4): quotes, two-octet escapes, six-octet \u00XX escapes. */
    public static function stringLength(string $c): int
    {
        $n = strlen($c) + 2;
        $escaped = "\"\\\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f"
            . "\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f";
        if (strpbrk($c, $escaped) === false) {
            return $n;
        }
        // count_chars: one pass in C that cannot fail (a regex count could, and would read as 0).
        $count = count_chars($c, 0);
        $n += $count[0x22] + $count[0x5C] + $count[0x08] + $count[0x09] + $count[0x0A] + $count[0x0C] + $count[0x0D];
        for ($o = 0; $o < 0x20; $o++) {
            if ($o < 0x08 || $o === 0x0B || $o > 0x0D) {
                $n += 5 * $count[$o];
            }
        }
        return $n;
    }
}
