<?php

declare(strict_types=1);

namespace ToolResult\Json;

/**
 * A JSON reader (RFC 8259) for ledger entries, where PHP's json_decode will not do (spec §7.2): it
 * refuses duplicate member names (compared after unescaping), stops at a nesting limit with its own
 * stack instead of recursing, reads any number (1e400 is INF; an integer beyond PHP's int a double),
 * and reads an escaped unpaired surrogate as U+FFFD while noting that it met one, where json_decode
 * would refuse the whole text. Objects are stdClass (or, for a name starting with U+0000, an array).
 */
final class StrictJsonParser
{
    /** Whether the last parse met an escaped unpaired surrogate. */
    public bool $loneSurrogate = false;

    private string $s;
    private int $i = 0;
    private int $n = 0;

    /**
     * @param bool $lastWins a repeated member name keeps its last value instead of failing the text
     * @param int $buildDepth containers deeper than this are checked but their items are not kept (a
     *   caller that reads only the top members need not build, nor PHP free recursively, a value
     *   nested 100,000 deep: freeing one that deep overflows PHP's C stack)
     */
    public function __construct(
        private readonly int $maxDepth,
        private readonly bool $lastWins = false,
        private readonly int $buildDepth = PHP_INT_MAX,
    ) {
    }

    /** @throws \UnexpectedValueException when the text is not JSON, repeats a name, or nests too deep */
    public function parse(string $text): mixed
    {
        $this->s = $text;
        $this->i = 0;
        $this->n = strlen($text);
        $this->loneSurrogate = false;
        $stack = []; // frames: ['list'|'object', items, keys, seen]
        $value = null;
        $this->ws();
        while (true) {
            $c = $this->peek();
            if ($c === '{' || $c === '[') {
                $this->i++;
                if (count($stack) + 1 > $this->maxDepth) {
                    throw new \UnexpectedValueException('too deep');
                }
                $object = $c === '{';
                $stack[] = ['object' => $object, 'items' => [], 'keys' => [], 'seen' => []];
                $this->ws();
                if ($this->peek() === ($object ? '}' : ']')) {
                    $this->i++;
                    $frame = array_pop($stack);
                    $value = $object ? new \stdClass() : [];
                } else {
                    if ($object) {
                        $this->memberName($stack[count($stack) - 1]);
                    }
                    continue;
                }
            } else {
                $value = $this->scalar();
            }
            // A value is complete: hand it to the open container, closing containers as they end.
            while (true) {
                if ($stack === []) {
                    $this->ws();
                    if ($this->i !== $this->n) {
                        throw new \UnexpectedValueException('trailing text');
                    }
                    return $value;
                }
                $top = count($stack) - 1;
                $stack[$top]['items'][] = $top < $this->buildDepth ? $value : null;
                $this->ws();
                $c = $this->peek();
                $this->i++;
                if ($c === ',') {
                    $this->ws();
                    if ($stack[$top]['object']) {
                        $this->memberName($stack[$top]);
                    }
                    continue 2;
                }
                if ($c === ($stack[$top]['object'] ? '}' : ']')) {
                    $frame = array_pop($stack);
                    if ($frame['object']) {
                        $pairs = [];
                        $at = [];
                        foreach ($frame['keys'] as $j => $k) {
                            if (isset($at[$k])) {
                                $pairs[$at[$k]][1] = $frame['items'][$j]; // the last value, in the first place
                                continue;
                            }
                            $at[$k] = count($pairs);
                            $pairs[] = [$k, $frame['items'][$j]];
                        }
                        $value = JsonData::makeObject($pairs);
                    } else {
                        $value = $frame['items'];
                    }
                    continue;
                }
                throw new \UnexpectedValueException('expected , or a closing bracket');
            }
        }
    }

    private function memberName(array &$frame): void
    {
        if ($this->peek() !== '"') {
            throw new \UnexpectedValueException('expected a member name');
        }
        $k = $this->string();
        if (isset($frame['seen'][$k]) && !$this->lastWins) {
            throw new \UnexpectedValueException('duplicate member name');
        }
        $frame['seen'][$k] = true;
        $frame['keys'][] = $k;
        $this->ws();
        if ($this->peek() !== ':') {
            throw new \UnexpectedValueException('expected :');
        }
        $this->i++;
        $this->ws();
    }

    private function scalar(): mixed
    {
        $c = $this->peek();
        if ($c === '"') {
            return $this->string();
        }
        foreach (['true' => true, 'false' => false, 'null' => null] as $word => $v) {
            if (substr_compare($this->s, $word, $this->i, strlen($word)) === 0) {
                $this->i += strlen($word);
                return $v;
            }
        }
        // RFC 8259's number, scanned with strspn (linear, cannot fail: no regex on input-sized text).
        $start = $this->i;
        $j = $start + ($c === '-' ? 1 : 0);
        $int = strspn($this->s, '0123456789', $j);
        if ($int === 0 || ($int > 1 && $this->s[$j] === '0')) {
            throw new \UnexpectedValueException('not a value');
        }
        $j += $int;
        $plain = true;
        if ($j < $this->n && $this->s[$j] === '.') {
            $frac = strspn($this->s, '0123456789', $j + 1);
            if ($frac === 0) {
                throw new \UnexpectedValueException('not a value');
            }
            $j += 1 + $frac;
            $plain = false;
        }
        if ($j < $this->n && ($this->s[$j] === 'e' || $this->s[$j] === 'E')) {
            $k = $j + 1 + ($j + 1 < $this->n && ($this->s[$j + 1] === '+' || $this->s[$j + 1] === '-') ? 1 : 0);
            $exp = $k <= $this->n ? strspn($this->s, '0123456789', $k) : 0;
            if ($exp === 0) {
                throw new \UnexpectedValueException('not a value');
            }
            $j = $k + $exp;
            $plain = false;
        }
        $text = substr($this->s, $start, $j - $start);
        $this->i = $j;
        if ($plain) {
            $int = filter_var($text, FILTER_VALIDATE_INT);
            if ($int !== false && $text !== '-0') {
                return $int;
            }
        }
        return (float) $text;
    }

    private function string(): string
    {
        $raw = $this->rawString();
        if (!str_contains($raw, '\\')) {
            return $raw;
        }
        $raw = self::replaceSurrogates($raw, function (): void {
            $this->loneSurrogate = true;
        });
        $s = json_decode('"' . $raw . '"', false, 1);
        if (!is_string($s)) {
            throw new \UnexpectedValueException('bad escape');
        }
        return $s;
    }

    /**
     * The text between a string's quotes, its escapes checked but not read; advances past the closing
     * quote. A scan with strcspn: linear in the string and unable to fail, where a regex engine can
     * give up on a long string (and its failure must not read as "not JSON": TR-NORM-56).
     */
    private function rawString(): string
    {
        if ($this->peek() !== '"') {
            throw new \UnexpectedValueException('not a string');
        }
        $start = $this->i + 1;
        $j = $start;
        $stop = "\"\\" . implode('', array_map('chr', range(0, 0x1F)));
        while (true) {
            $j += strcspn($this->s, $stop, $j);
            $c = $j < $this->n ? $this->s[$j] : '';
            if ($c === '"') {
                $this->i = $j + 1;
                return substr($this->s, $start, $j - $start);
            }
            if ($c !== '\\') {
                throw new \UnexpectedValueException('not a string');
            }
            $e = $this->s[$j + 1] ?? '';
            if (str_contains('"\\/bfnrt', $e) && $e !== '') {
                $j += 2;
            } elseif ($e === 'u' && strlen($h = substr($this->s, $j + 2, 4)) === 4 && ctype_xdigit($h)) {
                $j += 6;
            } else {
                throw new \UnexpectedValueException('not a string');
            }
        }
    }

    /**
     * Escaped unpaired surrogates become \ufffd (json_decode refuses them); pairs and escaped
     * backslashes are kept. $raw's escapes are well-formed (rawString checked them).
     */
    private static function replaceSurrogates(string $raw, \Closure $lone): string
    {
        $out = '';
        $from = 0;
        $n = strlen($raw);
        for ($j = strpos($raw, '\\'); $j !== false; $j = $j < $n ? strpos($raw, '\\', $j) : false) {
            if ($raw[$j + 1] !== 'u') {
                $j += 2;
                continue;
            }
            $u = hexdec(substr($raw, $j + 2, 4));
            if ($u < 0xD800 || $u > 0xDFFF) {
                $j += 6;
                continue;
            }
            if ($u <= 0xDBFF && substr($raw, $j + 6, 2) === '\\u') {
                $v = hexdec(substr($raw, $j + 8, 4));
                if ($v >= 0xDC00 && $v <= 0xDFFF) {
                    $j += 12;
                    continue;
                }
            }
            $lone();
            $out .= substr($raw, $from, $j - $from) . '\\ufffd';
            $j += 6;
            $from = $j;
        }
        return $out . substr($raw, $from);
    }

    private function peek(): string
    {
        return $this->i < $this->n ? $this->s[$this->i] : '';
    }

    private function ws(): void
    {
        $this->i += strspn($this->s, " \t\n\r", $this->i);
    }
}
