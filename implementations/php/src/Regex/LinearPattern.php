<?php

declare(strict_types=1);

namespace ToolResult\Regex;

/**
 * An ECMAScript `u` pattern run as an automaton, never by backtracking (TR-NORM-65 item 2): the
 * syntax tree of EcmaPatternParser becomes a Thompson NFA, and a search (a match anywhere, as JSON
 * Schema's `pattern` is) walks the subject once, code point by code point, through a lazily built
 * DFA whose states are sets of NFA states. Each code point costs one cached table look-up, or, the
 * first time a state meets a class of code points, one pass over the NFA: O(subject x weight) in
 * the worst case, whatever the pattern. The cache is dropped when it grows past MAX_STATES, so memory
 * stays bounded too. Nothing here can fail on a subject: there is no stack or backtrack limit.
 *
 * Assertions are settled when the next code point is known: `^` at the start of the subject only,
 * `$` at its end only (no `m` flag), `\b`/`\B` by whether the code points either side are ASCII word
 * characters.
 */
final class LinearPattern
{
    private const CHAR = 0;
    private const SPLIT = 1;
    private const ASSERT = 2;
    private const MATCH = 3;
    private const MAX_STATES = 2048;
    /** The cache is also dropped past this many NFA states held in all cached DFA states together. */
    private const MAX_CACHED_ITEMS = 65536;
    /**
     * Between two searches a pattern keeps at most this much of its cache, so that the compiled
     * patterns Pattern keeps (a few hundred) hold little memory together.
     */
    private const KEPT_ITEMS = 4096;
    /** The widest single-state closure memoClosure keeps. */
    private const MEMO_WIDTH = 16;

    /** @var list<int> */
    private array $kind = [];
    /** @var list<int> */
    private array $out1 = [];
    /** @var list<int> */
    private array $out2 = [];
    /** @var list<int|string> the set index of a CHAR state, the assertion of an ASSERT state */
    private array $arg = [];
    /** @var list<array> distinct code point sets */
    private array $sets = [];
    /** @var array<string,int> */
    private array $setIndex = [];
    private int $start;
    /** Whether the pattern can only match at the start of the subject (every path begins with `^`). */
    private bool $anchored = false;

    /** @var list<int> sorted boundaries: code points in [bounds[j], bounds[j+1]) share every set */
    private array $bounds = [];
    /** @var array<int,int> interval index => class id */
    private array $intervalClass = [];
    /** @var array<int,int> ASCII code point => class id, filled as met */
    private array $asciiClass = [];
    /** @var list<list<bool>> class id => membership per set */
    private array $classMember = [];
    /** @var list<bool> class id => is an ASCII word character */
    private array $classWord = [];
    /** @var array<string,int> */
    private array $classBySignature = [];

    /** @var array<string,int> DFA state key => id */
    private array $dfaIds = [];
    /** @var list<array{0:list<int>,1:bool,2:bool}> id => [NFA states, at start, previous is word] */
    private array $dfaStates = [];
    /** @var array<int,array<int,int>> id => class => next id, or -1 for "a match was found" */
    private array $dfaNext = [];
    /** @var array<int,bool> id => does the subject match when it ends here */
    private array $dfaFinal = [];
    private int $cachedItems = 0;
    /** @var array<int,array<int,list<int>|false>> context => NFA state => its closure (memoClosure) */
    private array $memo = [];
    /** @var list<int> */
    private array $mark = [];
    private int $generation = 0;

    /** @throws CannotRun */
    public static function compile(string $source): self
    {
        [$tree] = EcmaPatternParser::parse($source);
        $p = new self();
        $match = $p->state(self::MATCH, -1, -1, 0);
        $p->start = $p->build($tree, $match);
        $p->partition();
        $p->mark = array_fill(0, count($p->kind), 0);
        $p->anchored = $p->startIsDeadAfterStart();
        return $p;
    }

    private function state(int $kind, int $out1, int $out2, int|string $arg): int
    {
        $this->kind[] = $kind;
        $this->out1[] = $out1;
        $this->out2[] = $out2;
        $this->arg[] = $arg;
        return count($this->kind) - 1;
    }

    /** The entry state of $node followed by $next (built back to front). */
    private function build(array $node, int $next): int
    {
        switch ($node[0]) {
            case 'empty':
                return $next;
            case 'set':
                $key = serialize($node[1]);
                if (!isset($this->setIndex[$key])) {
                    $this->setIndex[$key] = count($this->sets);
                    $this->sets[] = $node[1];
                }
                return $this->state(self::CHAR, $next, -1, $this->setIndex[$key]);
            case 'assert':
                return $this->state(self::ASSERT, $next, -1, $node[1]);
            case 'cat':
                for ($k = count($node[1]) - 1; $k >= 0; $k--) {
                    $next = $this->build($node[1][$k], $next);
                }
                return $next;
            case 'alt':
                $branches = $node[1];
                $entry = $this->build($branches[count($branches) - 1], $next);
                for ($k = count($branches) - 2; $k >= 0; $k--) {
                    $entry = $this->state(self::SPLIT, $this->build($branches[$k], $next), $entry, 0);
                }
                return $entry;
            case 'rep':
                [, $x, $min, $max] = $node;
                if ($max === -1) {
                    $loop = $this->state(self::SPLIT, -1, $next, 0);
                    $this->out1[$loop] = $this->build($x, $loop);
                    $entry = $loop;
                } else {
                    $entry = $next;
                    for ($k = $min; $k < $max; $k++) {
                        $entry = $this->state(self::SPLIT, $this->build($x, $entry), $next, 0);
                    }
                }
                for ($k = 0; $k < $min; $k++) {
                    $entry = $this->build($x, $entry);
                }
                return $entry;
        }
        throw new \LogicException('unknown node');
    }

    /** Cuts the code points into intervals on which every set (and word-ness) agrees. */
    private function partition(): void
    {
        // The edges of the ASCII word characters (for \b) and of ASCII, then those of every set.
        $b = array_fill_keys([0, 0x30, 0x3A, 0x41, 0x5B, 0x5F, 0x60, 0x61, 0x7B, 0x80], true);
        foreach ($this->sets as $set) {
            foreach ($set as [$lo, $hi]) {
                $b[$lo] = true;
                $b[$hi + 1] = true;
            }
        }
        $bounds = array_keys($b);
        sort($bounds);
        $this->bounds = $bounds;
    }

    private function intervalOf(int $c): int
    {
        $lo = 0;
        $hi = count($this->bounds) - 1;
        while ($lo < $hi) {
            $mid = ($lo + $hi + 1) >> 1;
            if ($this->bounds[$mid] <= $c) {
                $lo = $mid;
            } else {
                $hi = $mid - 1;
            }
        }
        return $lo;
    }

    /** The class of the interval holding $c: intervals with the same memberships share one class. */
    private function classOfInterval(int $interval, int $c): int
    {
        if (isset($this->intervalClass[$interval])) {
            return $this->intervalClass[$interval];
        }
        $word = CharSets::isWord($c);
        $member = [];
        $signature = $word ? '1' : '0';
        foreach ($this->sets as $set) {
            $in = CharSets::contains($set, $c);
            $member[] = $in;
            $signature .= $in ? '1' : '0';
        }
        if (!isset($this->classBySignature[$signature])) {
            $this->classBySignature[$signature] = count($this->classMember);
            $this->classMember[] = $member;
            $this->classWord[] = $word;
        }
        return $this->intervalClass[$interval] = $this->classBySignature[$signature];
    }

    /** A search: does the pattern match anywhere in $subject (well-formed UTF-8 assumed; ill-formed octets are read as U+FFFD)? */
    public function test(string $subject): bool
    {
        if (!mb_check_encoding($subject, 'UTF-8')) {
            $subject = \ToolResult\Bound\Utf8::coerce($subject);
        }
        $state = $this->intern([$this->start], true, false);
        $n = strlen($subject);
        $i = 0;
        while ($i < $n) {
            $o = ord($subject[$i]);
            if ($o < 0x80) {
                // Classes are found when first met, so compiling costs nothing per code point.
                $class = $this->asciiClass[$o] ??= $this->classOfInterval($this->intervalOf($o), $o);
                $i++;
            } else {
                if ($o >= 0xF0) {
                    $c = (($o & 0x07) << 18) | ((ord($subject[$i + 1]) & 0x3F) << 12)
                        | ((ord($subject[$i + 2]) & 0x3F) << 6) | (ord($subject[$i + 3]) & 0x3F);
                    $i += 4;
                } elseif ($o >= 0xE0) {
                    $c = (($o & 0x0F) << 12) | ((ord($subject[$i + 1]) & 0x3F) << 6) | (ord($subject[$i + 2]) & 0x3F);
                    $i += 3;
                } else {
                    $c = (($o & 0x1F) << 6) | (ord($subject[$i + 1]) & 0x3F);
                    $i += 2;
                }
                $class = $this->classOfInterval($this->intervalOf($c), $c);
            }
            $next = $this->dfaNext[$state][$class] ?? null;
            if ($next === null) {
                $next = $this->step($state, $class);
                if (count($this->dfaStates) > self::MAX_STATES || $this->cachedItems > self::MAX_CACHED_ITEMS) {
                    // Drop the cache; keep the state being entered.
                    $keep = $next >= 0 ? $this->dfaStates[$next] : null;
                    $this->dropCache();
                    $next = $keep === null ? -1 : $this->intern($keep[0], $keep[1], $keep[2]);
                }
            }
            if ($next < 0 || ($this->anchored && $this->dfaStates[$next][0] === [])) {
                // A match ended here, or (anchored) no state is left and nothing can match any more.
                if ($this->cachedItems > self::KEPT_ITEMS) {
                    $this->dropCache();
                }
                return $next < 0;
            }
            $state = $next;
        }
        $matched = $this->dfaFinal[$state] ??= $this->closure($state, true, false)[1];
        if ($this->cachedItems > self::KEPT_ITEMS) {
            $this->dropCache();
        }
        return $matched;
    }

    /**
     * True when, anywhere but at the start, the start state reaches no CHAR state and no MATCH
     * (every way in begins with `^`): a search then need not try again at each later code point,
     * and it ends as soon as no state is left.
     */
    private function startIsDeadAfterStart(): bool
    {
        $probe = $this->intern([$this->start], false, false);
        $probeWord = $this->intern([$this->start], false, true);
        $contexts = [
            [$probe, false, false], [$probe, false, true], [$probe, true, false],
            [$probeWord, false, false], [$probeWord, false, true], [$probeWord, true, false],
        ];
        foreach ($contexts as [$id, $atEnd, $nextWord]) {
            [$chars, $matched] = $this->closure($id, $atEnd, $nextWord);
            if ($matched || $chars !== []) {
                $this->dropCache();
                return false;
            }
        }
        $this->dropCache();
        return true;
    }

    private function dropCache(): void
    {
        $this->dfaIds = [];
        $this->dfaStates = [];
        $this->dfaNext = [];
        $this->dfaFinal = [];
        $this->cachedItems = 0;
    }

    /** @param list<int> $set sorted NFA states */
    private function intern(array $set, bool $atStart, bool $prevWord): int
    {
        $key = ($atStart ? 'S' : 's') . ($prevWord ? 'W' : 'w') . implode(',', $set);
        if (isset($this->dfaIds[$key])) {
            return $this->dfaIds[$key];
        }
        $id = count($this->dfaStates);
        $this->dfaStates[] = [$set, $atStart, $prevWord];
        $this->cachedItems += count($set) + 1;
        return $this->dfaIds[$key] = $id;
    }

    /** The DFA state after $state reads a code point of $class, or -1 when a match ends before it. */
    private function step(int $state, int $class): int
    {
        $chars = $this->memoClosure($state, $this->classWord[$class]);
        if ($chars === null) {
            [$chars, $matched] = $this->closure($state, false, $this->classWord[$class]);
            if ($matched) {
                return $this->dfaNext[$state][$class] = -1;
            }
        } elseif ($chars === [-1]) {
            return $this->dfaNext[$state][$class] = -1;
        }
        $member = $this->classMember[$class];
        $targets = $this->anchored ? [] : [$this->start => true];
        foreach ($chars as $s) {
            if ($member[$this->arg[$s]]) {
                $targets[$this->out1[$s]] = true;
            }
        }
        $set = array_keys($targets);
        sort($set);
        $next = $this->intern($set, false, $this->classWord[$class]);
        return $this->dfaNext[$state][$class] = $next;
    }

    /**
     * closure() away from the end, from each NFA state's own closure, remembered per context: most
     * states reach one or two CHAR states, and a look-up costs less than a walk. Null when a state
     * reaches more than MEMO_WIDTH (then the walk is used, which stays within the NFA's size); [-1]
     * when MATCH is reachable. Duplicates in the answer are harmless.
     *
     * @return list<int>|null
     */
    private function memoClosure(int $state, bool $nextWord): ?array
    {
        [$set, $atStart, $prevWord] = $this->dfaStates[$state];
        $ctx = ($atStart ? 4 : 0) | ($prevWord ? 2 : 0) | ($nextWord ? 1 : 0);
        $memo = &$this->memo[$ctx];
        $out = [];
        foreach ($set as $s) {
            $cl = $memo[$s] ?? null;
            if ($cl === null) {
                $cl = $this->closureOfOne($s, $atStart, $prevWord, $nextWord);
                $memo[$s] = $cl;
            }
            if ($cl === false) {
                return null;
            }
            if ($cl === [-1]) {
                return [-1];
            }
            foreach ($cl as $c) {
                $out[] = $c;
            }
        }
        return $out;
    }

    /** @return list<int>|false the CHAR states one NFA state reaches ([-1]: MATCH; false: too many to keep) */
    private function closureOfOne(int $s, bool $atStart, bool $prevWord, bool $nextWord): array|false
    {
        $gen = ++$this->generation;
        $stack = [$s];
        $chars = [];
        while ($stack !== []) {
            $s = array_pop($stack);
            if ($this->mark[$s] === $gen) {
                continue;
            }
            $this->mark[$s] = $gen;
            $kind = $this->kind[$s];
            if ($kind === self::CHAR) {
                $chars[] = $s;
                if (count($chars) > self::MEMO_WIDTH) {
                    return false;
                }
            } elseif ($kind === self::SPLIT) {
                $stack[] = $this->out2[$s];
                $stack[] = $this->out1[$s];
            } elseif ($kind === self::MATCH) {
                return [-1];
            } else {
                $a = $this->arg[$s];
                $boundary = $prevWord !== $nextWord;
                if ($a === '^' ? $atStart : ($a === '$' ? false : ($a === 'b' ? $boundary : !$boundary))) {
                    $stack[] = $this->out1[$s];
                }
            }
        }
        return $chars;
    }

    /**
     * The CHAR states reachable from $state's NFA states through splits and the assertions that hold
     * here, and whether MATCH is reachable.
     *
     * @return array{0:list<int>,1:bool}
     */
    private function closure(int $state, bool $atEnd, bool $nextWord): array
    {
        [$set, $atStart, $prevWord] = $this->dfaStates[$state];
        $gen = ++$this->generation;
        $stack = $set;
        $chars = [];
        while ($stack !== []) {
            $s = array_pop($stack);
            if ($this->mark[$s] === $gen) {
                continue;
            }
            $this->mark[$s] = $gen;
            switch ($this->kind[$s]) {
                case self::CHAR:
                    $chars[] = $s;
                    break;
                case self::MATCH:
                    return [[], true];
                case self::SPLIT:
                    $stack[] = $this->out2[$s];
                    $stack[] = $this->out1[$s];
                    break;
                case self::ASSERT:
                    $holds = match ($this->arg[$s]) {
                        '^' => $atStart,
                        '$' => $atEnd,
                        'b' => $prevWord !== $nextWord,
                        default => $prevWord === $nextWord,
                    };
                    if ($holds) {
                        $stack[] = $this->out1[$s];
                    }
                    break;
            }
        }
        return [$chars, false];
    }
}
