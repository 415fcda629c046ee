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

    /** @param bool $lastWins a repeated member name keeps its last value instead of failing the text */
    public function __construct(private readonly int $maxDepth, private readonly bool $lastWins = false)
    {
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
                $stack[$top]['items'][] = $value;
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
        if (preg_match('/-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/A', $this->s, $m, 0, $this->i)) {
            $this->i += strlen($m[0]);
            if (($m[1] ?? '') === '' && ($m[2] ?? '') === '') {
                $int = filter_var($m[0], FILTER_VALIDATE_INT);
                if ($int !== false && $m[0] !== '-0') {
                    return $int;
                }
            }
            return (float) $m[0];
        }
        throw new \UnexpectedValueException('not a value');
    }

    private function string(): string
    {
        $string = '/"((?:[^"\\\\\x00-\x1f]++|\\\\(?:["\\\\\/bfnrt]|u[0-9a-fA-F]{4}))*+)"/A';
        if (!preg_match($string, $this->s, $m, 0, $this->i)) {
            throw new \UnexpectedValueException('not a string');
        }
        $this->i += strlen($m[0]);
        $raw = $m[1];
        if (!str_contains($raw, '\\')) {
            return $raw;
        }
        // Escaped unpaired surrogates become \ufffd (json_decode refuses them); pairs and escaped
        // backslashes are left for json_decode.
        $raw = preg_replace_callback(
            '/\\\\\\\\|\\\\u([dD][89abAB][0-9a-fA-F]{2})\\\\u([dD][c-fC-F][0-9a-fA-F]{2})'
                . '|\\\\u[dD][89a-fA-F][0-9a-fA-F]{2}/',
            function (array $x): string {
                if ($x[0] === '\\\\' || isset($x[2]) && $x[2] !== '') {
                    return $x[0];
                }
                $this->loneSurrogate = true;
                return '\\ufffd';
            },
            $raw,
        );
        $s = json_decode('"' . $raw . '"');
        if (!is_string($s)) {
            throw new \UnexpectedValueException('bad escape');
        }
        return $s;
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
