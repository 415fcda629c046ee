<?php

declare(strict_types=1);

namespace ToolResult\Regex;

/**
 * Reads an ECMAScript regular expression with the `u` flag (no other flag: spec §10.5, TR-NORM-65)
 * into a small syntax tree for LinearPattern, and weighs it. It refuses, with CannotRun, exactly
 * what TR-NORM-65 item 1 says cannot run: text that is not `u`-mode syntax (no Annex B leniency: a
 * lone `{`, `}` or `]`, an unknown escape), a backreference, a lookaround, a property escape, or a
 * weight above WEIGHT_LIMIT.
 *
 * Weight: one per atom (a literal, a class, `.`, a class escape, an assertion); a counted repetition
 * multiplies by the larger of its numbers (at least 1); `*`, `+`, `?` by 1; groups and `|` add none.
 *
 * Nodes are arrays: ['set', ranges] (sorted, merged [lo, hi] code point pairs), ['assert', '^'|'$'|
 * 'b'|'B'], ['cat', nodes], ['alt', nodes], ['rep', node, min, max (-1: none)], ['empty']. A part of
 * weight 0 can only match the empty string, so it is ['empty'] however it was written: the tree (and
 * the automaton made from it) stays within a constant times the weight, whatever the text's length.
 */
final class EcmaPatternParser
{
    public const WEIGHT_LIMIT = 1000;

    /** A weight past the limit is kept as this (multiplying it further changes nothing). */
    private const OVER = self::WEIGHT_LIMIT + 1;

    public const MAX_CODE_POINT = 0x10FFFF;

    /** Code points with a syntax meaning outside a class: ^ $ \\ . * + ? ( ) [ ] { } | */
    private const SYNTAX = [
        0x5E => true, 0x24 => true, 0x5C => true, 0x2E => true, 0x2A => true, 0x2B => true, 0x3F => true,
        0x28 => true, 0x29 => true, 0x5B => true, 0x5D => true, 0x7B => true, 0x7D => true, 0x7C => true,
    ];
    /** Code points that start a quantifier: * + ? { */
    private const QUANTIFIER = [0x2A => true, 0x2B => true, 0x3F => true, 0x7B => true];

    /** @var list<int> the pattern's code points */
    private array $cp = [];
    private int $i = 0;
    private int $n = 0;
    /** @var array<string,true> */
    private array $groupNames = [];

    /**
     * @return array{0:array,1:int} the tree and its weight
     * @throws CannotRun
     */
    public static function parse(string $source): array
    {
        if (!mb_check_encoding($source, 'UTF-8')) {
            throw new CannotRun('not a string of code points');
        }
        $p = new self();
        $p->cp = $source === '' ? [] : array_values(unpack('N*', mb_convert_encoding($source, 'UTF-32BE', 'UTF-8')));
        $p->n = count($p->cp);
        [$tree, $weight] = $p->disjunction();
        if ($p->i < $p->n) {
            throw new CannotRun('syntax: unbalanced )');
        }
        if ($weight > self::WEIGHT_LIMIT) {
            throw new CannotRun('weight above ' . self::WEIGHT_LIMIT);
        }
        return [$tree, $weight];
    }

    private function peek(int $ahead = 0): int
    {
        return $this->cp[$this->i + $ahead] ?? -1;
    }

    private function eat(string $c): bool
    {
        if ($this->peek() === ord($c)) {
            $this->i++;
            return true;
        }
        return false;
    }

    private static function mul(int $w, int $times): int
    {
        if ($w === 0) {
            return 0;
        }
        return $times > intdiv(self::OVER, $w) ? self::OVER : min(self::OVER, $w * $times);
    }

    /** @return array{0:array,1:int} */
    private function disjunction(): array
    {
        $branches = [];
        $weight = 0;
        $empty = false;
        do {
            [$node, $w] = $this->alternative();
            $weight = min(self::OVER, $weight + $w);
            if ($node[0] === 'empty') {
                // One empty branch says all that any number of them do.
                if (!$empty) {
                    $empty = true;
                    $branches[] = $node;
                }
            } elseif ($node[0] === 'alt') {
                array_push($branches, ...$node[1]);
            } else {
                $branches[] = $node;
            }
        } while ($this->eat('|'));
        return [count($branches) === 1 ? $branches[0] : ['alt', $branches], $weight];
    }

    /** @return array{0:array,1:int} */
    private function alternative(): array
    {
        $items = [];
        $weight = 0;
        while ($this->i < $this->n && $this->peek() !== ord('|') && $this->peek() !== ord(')')) {
            // A run of plain characters, each without a quantifier after it, in one tight loop:
            // long literal patterns are the common large ones.
            $c = $this->cp[$this->i];
            while (!isset(self::SYNTAX[$c]) && !isset(self::QUANTIFIER[$this->cp[$this->i + 1] ?? 0])) {
                $items[] = ['set', [[$c, $c]]];
                $weight = min(self::OVER, $weight + 1);
                if (++$this->i >= $this->n) {
                    break 2;
                }
                $c = $this->cp[$this->i];
            }
            if ($c === 0x7C || $c === 0x29) {
                continue; // `|` or `)`: the loop's own test ends the alternative
            }
            [$node, $w] = $this->term();
            $weight = min(self::OVER, $weight + $w);
            if ($w === 0) {
                continue; // matches only the empty string: nothing to keep
            }
            if ($node[0] === 'cat') {
                array_push($items, ...$node[1]);
            } else {
                $items[] = $node;
            }
        }
        if ($items === []) {
            return [['empty'], 0];
        }
        return [count($items) === 1 ? $items[0] : ['cat', $items], $weight];
    }

    /** @return array{0:array,1:int} */
    private function term(): array
    {
        $c = $this->peek();
        if ($c === ord('^') || $c === ord('$')) {
            $this->i++;
            $this->noQuantifier();
            return [['assert', chr($c)], 1];
        }
        if ($c === ord('\\') && ($this->peek(1) === ord('b') || $this->peek(1) === ord('B'))) {
            $this->i += 2;
            $this->noQuantifier();
            return [['assert', chr($this->cp[$this->i - 1])], 1];
        }
        [$atom, $w] = $this->atom();
        return $this->quantified($atom, $w);
    }

    /** In `u` mode an assertion takes no quantifier. */
    private function noQuantifier(): void
    {
        $c = $this->peek();
        if ($c === ord('*') || $c === ord('+') || $c === ord('?') || $c === ord('{')) {
            throw new CannotRun('syntax: nothing to repeat');
        }
    }

    /** @return array{0:array,1:int} */
    private function quantified(array $atom, int $w): array
    {
        $c = $this->peek();
        if ($c === ord('*') || $c === ord('+') || $c === ord('?')) {
            $this->i++;
            [$min, $max, $times] = [$c === ord('+') ? 1 : 0, $c === ord('?') ? 1 : -1, 1];
        } elseif ($c === ord('{')) {
            $this->i++;
            [$min, $minText] = $this->number();
            $max = $min;
            $maxText = $minText;
            if ($this->eat(',')) {
                if ($this->peek() === ord('}')) {
                    $max = -1;
                    $maxText = null;
                } else {
                    [$max, $maxText] = $this->number();
                }
            }
            if (!$this->eat('}')) {
                throw new CannotRun('syntax: bad quantifier');
            }
            if ($maxText !== null && self::compareDecimal($minText, $maxText) > 0) {
                throw new CannotRun('syntax: quantifier out of order');
            }
            $times = max(1, $min, $max);
        } else {
            return [$atom, $w];
        }
        $this->eat('?'); // lazy: the same language
        $c = $this->peek();
        if ($c === ord('*') || $c === ord('+') || $c === ord('?') || $c === ord('{')) {
            throw new CannotRun('syntax: nothing to repeat');
        }
        $weight = self::mul($w, $times);
        if ($w === 0 || $max === 0) {
            return [['empty'], $weight];
        }
        if ($weight > self::WEIGHT_LIMIT) {
            return [['empty'], $weight]; // refused at the end; no tree to build
        }
        return [self::repeat($atom, $min, $max), $weight];
    }

    /** x{min,max} with nested unbounded repetitions folded ((x+)* is x*), so stars do not stack up. */
    private static function repeat(array $x, int $min, int $max): array
    {
        if ($min === 1 && $max === 1) {
            return $x;
        }
        if ($x[0] === 'rep' && $min <= 1 && ($max === -1 || $max >= 1)) {
            [, $inner, $iMin, $iMax] = $x;
            if ($iMax === -1 && $iMin <= 1) {
                return ['rep', $inner, $iMin * $min, -1];
            }
            if ($iMin === 0 && $iMax === 1) {
                return ['rep', $inner, 0, $max === -1 ? -1 : 1];
            }
        }
        return ['rep', $x, $min, $max];
    }

    /** @return array{0:int,1:string} the value (capped; only compared or used within the weight limit) and its digits */
    private function number(): array
    {
        $digits = '';
        while (($c = $this->peek()) >= 0x30 && $c <= 0x39) {
            $digits .= chr($c);
            $this->i++;
        }
        if ($digits === '') {
            throw new CannotRun('syntax: bad quantifier');
        }
        $trimmed = ltrim($digits, '0');
        $value = strlen($trimmed) > 15 ? 10 ** 15 : (int) $digits;
        return [$value, $trimmed === '' ? '0' : $trimmed];
    }

    private static function compareDecimal(string $a, string $b): int
    {
        return strlen($a) <=> strlen($b) ?: strcmp($a, $b) <=> 0;
    }

    /** @return array{0:array,1:int} */
    private function atom(): array
    {
        $c = $this->peek();
        $this->i++;
        switch ($c) {
            case ord('.'):
                return [['set', CharSets::dot()], 1];
            case ord('['):
                return [['set', $this->characterClass()], 1];
            case ord('('):
                return $this->group();
            case ord('\\'):
                return [['set', $this->atomEscape()], 1];
            case ord('*'):
            case ord('+'):
            case ord('?'):
            case ord('{'):
                throw new CannotRun('syntax: nothing to repeat');
            case ord(')'):
            case ord(']'):
            case ord('}'):
            case ord('|'):
            case -1:
                throw new CannotRun('syntax: lone ' . ($c === -1 ? 'end' : chr($c)));
        }
        return [['set', [[$c, $c]]], 1];
    }

    /** @return array{0:array,1:int} */
    private function group(): array
    {
        if ($this->eat('?')) {
            if ($this->eat(':')) {
                // a group that captures nothing
            } elseif ($this->peek() === ord('=') || $this->peek() === ord('!')) {
                throw new CannotRun('lookaround');
            } elseif ($this->eat('<')) {
                if ($this->peek() === ord('=') || $this->peek() === ord('!')) {
                    throw new CannotRun('lookaround');
                }
                $name = $this->groupName();
                if (isset($this->groupNames[$name])) {
                    throw new CannotRun('syntax: duplicate group name');
                }
                $this->groupNames[$name] = true;
            } else {
                throw new CannotRun('syntax: bad group');
            }
        }
        $inner = $this->disjunction();
        if (!$this->eat(')')) {
            throw new CannotRun('syntax: unclosed group');
        }
        return $inner;
    }

    /** RegExpIdentifierName up to `>`: ASCII letters, digits, `$`, `_`, or any non-ASCII code point. */
    private function groupName(): string
    {
        $name = '';
        while (($c = $this->peek()) !== ord('>')) {
            if ($c === ord('\\') && $this->peek(1) === ord('u')) {
                // A RegExpIdentifierName may spell a character as `\uXXXX` or `\u{…}`.
                $this->i += 2;
                $c = $this->unicodeEscape();
                $this->i--;
            }
            $letter = ($c >= ord('A') && $c <= ord('Z')) || ($c >= ord('a') && $c <= ord('z'));
            $ok = $letter || $c === ord('$') || $c === ord('_') || $c >= 0x80
                || ($name !== '' && $c >= ord('0') && $c <= ord('9'));
            if (!$ok) {
                throw new CannotRun('syntax: bad group name');
            }
            $name .= mb_chr($c, 'UTF-8');
            $this->i++;
        }
        $this->i++;
        if ($name === '') {
            throw new CannotRun('syntax: bad group name');
        }
        return $name;
    }

    /** After `\` outside a class: a class escape or a character escape, as ranges. */
    private function atomEscape(): array
    {
        $c = $this->peek();
        if ($c >= ord('1') && $c <= ord('9')) {
            throw new CannotRun('backreference');
        }
        if ($c === ord('k')) {
            throw new CannotRun('backreference');
        }
        $set = $this->classEscape();
        if ($set !== null) {
            return $set;
        }
        $v = $this->characterEscape(false);
        return [[$v, $v]];
    }

    /** `\d \D \s \S \w \W` as ranges; `\p{…}` `\P{…}` cannot run; else null (nothing read). */
    private function classEscape(): ?array
    {
        $c = $this->peek();
        $set = match ($c) {
            ord('d') => CharSets::digit(),
            ord('D') => CharSets::complement(CharSets::digit()),
            ord('s') => CharSets::space(),
            ord('S') => CharSets::complement(CharSets::space()),
            ord('w') => CharSets::word(),
            ord('W') => CharSets::complement(CharSets::word()),
            default => null,
        };
        if ($c === ord('p') || $c === ord('P')) {
            throw new CannotRun('property escape');
        }
        if ($set !== null) {
            $this->i++;
        }
        return $set;
    }

    /** A CharacterEscape of `u` mode (after `\`), as its code point; `\-` only in a class. */
    private function characterEscape(bool $inClass): int
    {
        $c = $this->peek();
        $this->i++;
        switch ($c) {
            case ord('f'):
                return 0x0C;
            case ord('n'):
                return 0x0A;
            case ord('r'):
                return 0x0D;
            case ord('t'):
                return 0x09;
            case ord('v'):
                return 0x0B;
            case ord('c'):
                $l = $this->peek();
                if (($l >= ord('A') && $l <= ord('Z')) || ($l >= ord('a') && $l <= ord('z'))) {
                    $this->i++;
                    return $l % 32;
                }
                throw new CannotRun('syntax: bad \\c');
            case ord('0'):
                $d = $this->peek();
                if ($d >= ord('0') && $d <= ord('9')) {
                    throw new CannotRun('syntax: octal escape');
                }
                return 0;
            case ord('x'):
                return $this->hex(2);
            case ord('u'):
                return $this->unicodeEscape();
        }
        if (($c >= 0 && $c < 0x80 && str_contains('^$\\.*+?()[]{}|/', chr($c))) || ($inClass && $c === ord('-'))) {
            return $c;
        }
        throw new CannotRun('syntax: bad escape');
    }

    private function hex(int $digits): int
    {
        $v = 0;
        for ($k = 0; $k < $digits; $k++) {
            $d = $this->hexDigit($this->peek());
            if ($d < 0) {
                throw new CannotRun('syntax: bad hex escape');
            }
            $v = $v * 16 + $d;
            $this->i++;
        }
        return $v;
    }

    private function hexDigit(int $c): int
    {
        return match (true) {
            $c >= ord('0') && $c <= ord('9') => $c - ord('0'),
            $c >= ord('a') && $c <= ord('f') => $c - ord('a') + 10,
            $c >= ord('A') && $c <= ord('F') => $c - ord('A') + 10,
            default => (-1),
        };
    }

    /** `\uXXXX` (a surrogate pair written as two is one code point in `u` mode) or `\u{X…}`. */
    private function unicodeEscape(): int
    {
        if ($this->eat('{')) {
            $v = 0;
            $count = 0;
            while (($d = $this->hexDigit($this->peek())) >= 0) {
                $v = $v * 16 + $d;
                $this->i++;
                $count++;
                if ($v > self::MAX_CODE_POINT) {
                    throw new CannotRun('syntax: code point out of range');
                }
            }
            if ($count === 0 || !$this->eat('}')) {
                throw new CannotRun('syntax: bad \\u{}');
            }
            return $v;
        }
        $v = $this->hex(4);
        if ($v >= 0xD800 && $v <= 0xDBFF && $this->peek() === ord('\\') && $this->peek(1) === ord('u')) {
            $save = $this->i;
            $this->i += 2;
            $ok = true;
            $lo = 0;
            for ($k = 0; $k < 4; $k++) {
                $d = $this->hexDigit($this->peek());
                if ($d < 0) {
                    $ok = false;
                    break;
                }
                $lo = $lo * 16 + $d;
                $this->i++;
            }
            if ($ok && $lo >= 0xDC00 && $lo <= 0xDFFF) {
                return 0x10000 + (($v - 0xD800) << 10) + ($lo - 0xDC00);
            }
            $this->i = $save;
        }
        return $v;
    }

    /** After `[`: the class as ranges (negated when it starts with `^`). */
    private function characterClass(): array
    {
        $negate = $this->eat('^');
        $ranges = [];
        while (true) {
            $c = $this->peek();
            if ($c === -1) {
                throw new CannotRun('syntax: unclosed class');
            }
            if ($c === ord(']')) {
                $this->i++;
                break;
            }
            $a = $this->classAtom();
            if ($this->peek() === ord('-') && $this->peek(1) !== ord(']') && $this->peek(1) !== -1) {
                $this->i++;
                $b = $this->classAtom();
                if (is_array($a) || is_array($b)) {
                    throw new CannotRun('syntax: class escape in a range');
                }
                if ($a > $b) {
                    throw new CannotRun('syntax: range out of order');
                }
                $ranges[] = [$a, $b];
                continue;
            }
            if (is_array($a)) {
                array_push($ranges, ...$a);
            } else {
                $ranges[] = [$a, $a];
            }
        }
        $ranges = CharSets::normalize($ranges);
        return $negate ? CharSets::complement($ranges) : $ranges;
    }

    /** One class atom: a code point, or ranges for a class escape. */
    private function classAtom(): int|array
    {
        $c = $this->peek();
        $this->i++;
        if ($c !== ord('\\')) {
            return $c;
        }
        $e = $this->peek();
        if ($e === ord('b')) {
            $this->i++;
            return 0x08;
        }
        if ($e === ord('B') || $e === ord('k') || ($e >= ord('1') && $e <= ord('9'))) {
            throw new CannotRun('syntax: bad escape in a class');
        }
        return $this->classEscape() ?? $this->characterEscape(true);
    }
}
