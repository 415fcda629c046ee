<?php

declare(strict_types=1);

namespace ToolResult\Kit;

use ToolResult\Bound\Utf8;

/**
 * Turns the tagged encoding (spec §9.2) into PHP values, coercing, measuring and rejecting nothing
 * (TR-CONF-4). Plain JSON strings are their UTF-8 octets (`bytes` string model), JSON objects are
 * stdClass, arrays are lists.
 *
 * Cycles: an object container is a stdClass and a back-edge is the same instance. An array container
 * that a `cycle` tag points to is built in a cell and stored in its parent by reference, and the
 * back-edge is that reference, the one way PHP lets an array hold itself.
 */
final class TaggedDecoder
{
    /** @var array<int,mixed> array containers under construction, addressed by cell id */
    private array $cells = [];
    /** @var array<int,bool> cells some cycle tag points to */
    private array $targeted = [];
    /** @var list<array{0:string,1:int|\stdClass}> the containers above the value being decoded */
    private array $ancestors = [];

    /**
     * The cells stay alive until release(): a reference held only inside its own array has a
     * reference count of one, and PHP then treats it as no reference at all (ReflectionReference
     * cannot see it), as it would a variable nobody else holds.
     */
    public function decode(mixed $node): mixed
    {
        $this->ancestors = [];
        return $this->value($node);
    }

    public function release(): void
    {
        $this->cells = [];
        $this->targeted = [];
    }

    private function value(mixed $node): mixed
    {
        if (is_array($node)) {
            return $this->listOf($node);
        }
        if (is_string($node)) {
            return RequestJson::fix($node);
        }
        if (!$node instanceof \stdClass) {
            return $node;
        }
        $vars = (array) $node;
        if (!array_key_exists('$tr', $vars)) {
            $pairs = [];
            foreach ($vars as $k => $v) {
                $pairs[] = [RequestJson::fix((string) $k), $v];
            }
            return $this->objectOf($pairs);
        }
        return match ($vars['$tr']) {
            'bytes' => $this->bytes($vars),
            'utf16' => $this->utf16($vars),
            'number' => $this->number($vars),
            'bigint' => $this->bigint($vars),
            'nest' => $this->nest($vars),
            'repeat' => $this->repeat($vars),
            'object' => $this->objectTag($vars),
            'opaque' => Opaque::make((string) ($vars['kind'] ?? '')),
            'cycle' => throw new BadInput('a cycle tag outside a container'),
            default => throw new BadInput('unknown tag'),
        };
    }

    /**
     * A decoded string (plain or tagged), for keys. A `bytes` key keeps its octets, as a PHP key holds
     * them: the bounder coerces it and sees a collision with another key (spec/09 §9.2, TR-BOUND-7).
     */
    public function key(mixed $k): string
    {
        if (is_string($k)) {
            return RequestJson::fix($k);
        }
        if ($k instanceof \stdClass && isset($k->{'$tr'})) {
            if ($k->{'$tr'} === 'bytes') {
                return $this->bytes((array) $k);
            }
            if ($k->{'$tr'} === 'utf16') {
                return $this->utf16((array) $k);
            }
            // TaggedString allows a repeat tag; as a key it is the text form (an `item` makes a
            // list, which is no string).
            if ($k->{'$tr'} === 'repeat' && !property_exists($k, 'item')) {
                return $this->repeat((array) $k);
            }
        }
        throw new BadInput('a key is not a string');
    }

    private function bytes(array $t): string
    {
        $hex = $t['hex'] ?? null;
        if (!is_string($hex) || strlen($hex) % 2 !== 0 || !ctype_xdigit($hex) && $hex !== '') {
            throw new BadInput('bad bytes tag');
        }
        return (string) hex2bin($hex);
    }

    private function utf16(array $t): string
    {
        $units = $t['units'] ?? null;
        if (!is_array($units)) {
            throw new BadInput('bad utf16 tag');
        }
        $be = '';
        foreach ($units as $u) {
            if (!is_int($u) || $u < 0 || $u > 0xFFFF) {
                throw new BadInput('bad utf16 unit');
            }
            $be .= pack('n', $u);
        }
        // The kit sends a byte-string adapter no unpaired surrogate; the conversion below is exact
        // for every other sequence of units.
        return mb_convert_encoding($be, 'UTF-8', 'UTF-16BE');
    }

    private function number(array $t): float
    {
        return match ($t['value'] ?? null) {
            'NaN' => NAN,
            'Infinity' => INF,
            '-Infinity' => (-INF), // parenthesized: PHPCS 3.7.1 reads a unary minus after => as a binary operator
            '-0' => (-0.0),
            default => throw new BadInput('bad number tag'),
        };
    }

    private function bigint(array $t): int|BigInteger
    {
        $v = $t['value'] ?? null;
        // ctype_digit, not a regex: the value is as long as the sender makes it.
        $digits = is_string($v) && str_starts_with($v, '-') ? substr($v, 1) : $v;
        if (!is_string($digits) || !ctype_digit($digits)) {
            throw new BadInput('bad bigint tag');
        }
        $i = filter_var($v, FILTER_VALIDATE_INT);
        return $i === false ? new BigInteger($v) : $i;
    }

    private function repeat(array $t): mixed
    {
        $count = $t['count'] ?? null;
        if (!is_int($count) || $count < 0) {
            throw new BadInput('bad repeat tag');
        }
        if (array_key_exists('text', $t)) {
            return str_repeat($this->key($t['text']), $count);
        }
        if (!array_key_exists('item', $t)) {
            throw new BadInput('bad repeat tag');
        }
        $item = $this->value($t['item']);
        return $count === 0 ? [] : array_fill(0, $count, $item);
    }

    private function objectTag(array $t): mixed
    {
        $entries = $t['entries'] ?? null;
        if (!is_array($entries)) {
            throw new BadInput('bad object tag');
        }
        $pairs = [];
        foreach ($entries as $e) {
            if (!is_array($e) || count($e) !== 2) {
                throw new BadInput('bad object entry');
            }
            $pairs[] = [$this->key($e[0]), $e[1]];
        }
        return $this->objectOf($pairs);
    }

    private static function isCycle(mixed $node): bool
    {
        return $node instanceof \stdClass && isset($node->{'$tr'}) && $node->{'$tr'} === 'cycle';
    }

    /** The ancestor a cycle tag points to: [kind, cell id or object]. */
    private function target(\stdClass $tag): array
    {
        $up = $tag->up ?? null;
        if (!is_int($up) || $up < 1 || $up > count($this->ancestors)) {
            throw new BadInput('bad cycle tag');
        }
        return $this->ancestors[count($this->ancestors) - $up];
    }

    /** Places a decoded child, or the back-edge of a cycle tag, into $container. */
    private function place(array|\stdClass &$container, int|string|null $key, mixed $node): void
    {
        if (self::isCycle($node)) {
            [$kind, $t] = $this->target($node);
            if ($kind === 'object') {
                $this->set($container, $key, $t);
                return;
            }
            $this->targeted[$t] = true;
            if ($container instanceof \stdClass) {
                $container->{$key} = &$this->cells[$t];
            } elseif ($key === null) {
                $container[] = &$this->cells[$t];
            } else {
                $container[$key] = &$this->cells[$t];
            }
            return;
        }
        $this->lastClosedCell = null;
        $value = $this->value($node);
        // A child array that a back-edge points to is stored by reference, so the walker meets the
        // same reference at its place and again inside it.
        $cell = $this->lastClosedCell;
        if (is_array($value) && $cell !== null && isset($this->targeted[$cell])) {
            $this->lastClosedCell = null;
            if ($container instanceof \stdClass) {
                $container->{$key} = &$this->cells[$cell];
            } elseif ($key === null) {
                $container[] = &$this->cells[$cell];
            } else {
                $container[$key] = &$this->cells[$cell];
            }
            return;
        }
        $this->set($container, $key, $value);
    }

    private ?int $lastClosedCell = null;

    private function set(array|\stdClass &$container, int|string|null $key, mixed $value): void
    {
        if ($container instanceof \stdClass) {
            $container->{$key} = $value;
        } elseif ($key === null) {
            $container[] = $value;
        } else {
            $container[$key] = $value;
        }
    }

    private function listOf(array $items): array
    {
        $id = count($this->cells);
        $this->cells[$id] = [];
        $this->ancestors[] = ['array', $id];
        foreach ($items as $item) {
            $this->place($this->cells[$id], null, $item);
        }
        array_pop($this->ancestors);
        $this->lastClosedCell = $id;
        return $this->cells[$id];
    }

    /** @param list<array{0:string,1:mixed}> $pairs */
    private function objectOf(array $pairs): mixed
    {
        $nul = false;
        foreach ($pairs as [$k]) {
            $nul = $nul || str_starts_with($k, "\0");
        }
        if ($nul) {
            // `$o->{…}` refuses a name that starts with U+0000: the members are gathered in an array
            // and cast to a stdClass (JsonData::makeObject). A cycle tag inside points at the array.
            $id = count($this->cells);
            $this->cells[$id] = [];
            $this->ancestors[] = ['array', $id];
            foreach ($pairs as [$k, $v]) {
                unset($this->cells[$id][$k]); // the later entry wins, in its own place
                $this->place($this->cells[$id], $k, $v);
            }
            array_pop($this->ancestors);
            $this->lastClosedCell = null;
            return (object) $this->cells[$id];
        }
        $o = new \stdClass();
        $this->ancestors[] = ['object', $o];
        foreach ($pairs as [$k, $v]) {
            unset($o->{$k});
            $this->place($o, $k, $v);
        }
        array_pop($this->ancestors);
        $this->lastClosedCell = null;
        return $o;
    }

    private function nest(array $t): mixed
    {
        $depth = $t['depth'] ?? null;
        $kind = $t['kind'] ?? null;
        if (
            !is_int($depth) || $depth < 0
            || !in_array($kind, ['array', 'object'], true) || !array_key_exists('leaf', $t)
        ) {
            throw new BadInput('bad nest tag');
        }
        $key = array_key_exists('key', $t) ? $this->key($t['key']) : 'k';
        if ($depth === 0) {
            return $this->value($t['leaf']);
        }
        // Containers from the outside in; the leaf is decoded with all of them as its ancestors.
        $levels = [];
        for ($i = 0; $i < $depth; $i++) {
            if ($kind === 'object' && !str_starts_with($key, "\0")) {
                $o = new \stdClass();
                $levels[] = $o;
                $this->ancestors[] = ['object', $o];
            } else {
                $id = count($this->cells);
                $this->cells[$id] = [];
                $levels[] = $id;
                $this->ancestors[] = ['array', $id];
            }
        }
        $slotKey = $kind === 'array' ? null : $key;
        $innermost = $levels[$depth - 1];
        if ($innermost instanceof \stdClass) {
            $this->place($innermost, $slotKey, $t['leaf']);
        } else {
            $this->place($this->cells[$innermost], $slotKey, $t['leaf']);
        }
        for ($i = 0; $i < $depth; $i++) {
            array_pop($this->ancestors);
        }
        for ($i = $depth - 2; $i >= 0; $i--) {
            $inner = $levels[$i + 1];
            $outer = $levels[$i];
            if ($inner instanceof \stdClass) {
                if ($outer instanceof \stdClass) {
                    $outer->{$key} = $inner;
                } else {
                    $this->setSlot($outer, $slotKey, $inner, false, null);
                }
                continue;
            }
            $byRef = isset($this->targeted[$inner]);
            if ($outer instanceof \stdClass) {
                if ($byRef) {
                    $outer->{$key} = &$this->cells[$inner];
                } else {
                    $outer->{$key} = $this->cells[$inner];
                }
            } else {
                $this->setSlot($outer, $slotKey, null, $byRef, $inner);
            }
        }
        $first = $levels[0];
        if ($first instanceof \stdClass) {
            $this->lastClosedCell = null;
            return $first;
        }
        $this->lastClosedCell = $first;
        return $this->cells[$first];
    }

    private function setSlot(int $outer, ?string $key, mixed $value, bool $byRef, ?int $inner): void
    {
        if ($inner !== null && $byRef) {
            if ($key === null) {
                $this->cells[$outer][] = &$this->cells[$inner];
            } else {
                $this->cells[$outer][$key] = &$this->cells[$inner];
            }
            return;
        }
        $v = $inner !== null ? $this->cells[$inner] : $value;
        if ($key === null) {
            $this->cells[$outer][] = $v;
        } else {
            $this->cells[$outer][$key] = $v;
        }
    }
}
