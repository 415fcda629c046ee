"""Output-schema patterns on a linear-time engine (TR-NORM-65 item 1; spec 10.5).

A pattern is an ECMAScript regular expression with the ``u`` flag, tested as a search. Python's
``re`` backtracks, so this module parses the ECMAScript syntax itself, builds a Thompson NFA and
simulates it with a lazy DFA (state sets cached as they are met, the cache flushed past a bound,
plain per-step state-set simulation once it has been flushed too often): time O(subject x pattern
size) whatever the pattern, with no backtracking and no recursion.

The patterns that cannot run are the same in every implementation: invalid ``u`` syntax, a
backreference, a lookaround, a Unicode property escape, or a weight above ``MAX_WEIGHT`` (atoms
counted once; a counted repetition multiplies by the larger of its numbers, at least 1).
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Iterator, Union

MAX_WEIGHT = 1_000
_MAX_DFA_STATES = 2_048  # cached state sets before the cache is flushed
_MAX_FLUSHES = 8  # flushes before caching stops and each step is simulated on its own
_MAX_CODE_POINT = 0x10FFFF


class PatternCannotRun(Exception):
    """The pattern is not valid ECMAScript ``u`` syntax, or uses a form no implementation runs."""


# ------------------------------------------------------------------ character sets

Ranges = tuple[tuple[int, int], ...]  # sorted, disjoint, inclusive code point ranges


def _normalize(ranges: list[tuple[int, int]]) -> Ranges:
    out: list[tuple[int, int]] = []
    for lo, hi in sorted(ranges):
        if out and lo <= out[-1][1] + 1:
            if hi > out[-1][1]:
                out[-1] = (out[-1][0], hi)
        else:
            out.append((lo, hi))
    return tuple(out)


def _complement(ranges: Ranges) -> Ranges:
    out: list[tuple[int, int]] = []
    low = 0
    for lo, hi in ranges:
        if lo > low:
            out.append((low, lo - 1))
        low = hi + 1
    if low <= _MAX_CODE_POINT:
        out.append((low, _MAX_CODE_POINT))
    return tuple(out)


_DIGIT: Ranges = ((0x30, 0x39),)
_WORD: Ranges = _normalize([(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)])
# ECMAScript WhiteSpace (TAB VT FF SP NBSP ZWNBSP and category Zs) and LineTerminator (LF CR LS PS).
_SPACE: Ranges = _normalize([(0x09, 0x0D), (0x20, 0x20), (0xA0, 0xA0), (0x1680, 0x1680), (0x2000, 0x200A),
                             (0x2028, 0x2029), (0x202F, 0x202F), (0x205F, 0x205F), (0x3000, 0x3000),
                             (0xFEFF, 0xFEFF)])
_DOT: Ranges = _complement(_normalize([(0x0A, 0x0A), (0x0D, 0x0D), (0x2028, 0x2029)]))
_CLASS_ESCAPES: dict[str, Ranges] = {
    "d": _DIGIT, "D": _complement(_DIGIT), "w": _WORD, "W": _complement(_WORD),
    "s": _SPACE, "S": _complement(_SPACE),
}


def _is_word(ch: str) -> bool:
    return ch == "_" or ("0" <= ch <= "9") or ("a" <= ch <= "z") or ("A" <= ch <= "Z")


# ------------------------------------------------------------------ syntax tree

# A node is a tuple whose first two items are its kind and its (saturated) weight:
#   ("set", w, ranges)  ("assert", w, kind)  ("empty", 0)  ("seq", w, [nodes])  ("alt", w, [nodes])
#   ("rep", w, node, min, max or None)
Node = tuple  # type: ignore[type-arg]
_EMPTY: Node = ("empty", 0)


def _cap(weight: int) -> int:
    return weight if weight <= MAX_WEIGHT else MAX_WEIGHT + 1  # saturates: only "above the limit" matters


def _seq(items: list[Node]) -> Node:
    if not items:
        return _EMPTY
    if len(items) == 1:
        return items[0]
    return ("seq", _cap(sum(item[1] for item in items)), items)


def _alt(branches: list[Node]) -> Node:
    if len(branches) == 1:
        return branches[0]
    return ("alt", _cap(sum(branch[1] for branch in branches)), branches)


_SYNTAX_CHARACTERS = frozenset("^$\\.*+?()[]{}|")
_CONTROL_ESCAPES = {"f": 0x0C, "n": 0x0A, "r": 0x0D, "t": 0x09, "v": 0x0B}
_HEX = frozenset("0123456789abcdefABCDEF")


class _Parser:
    """ECMAScript Pattern[+UnicodeMode, +NamedCaptureGroups]: an explicit stack of open groups, so
    nesting depth costs no recursion."""

    def __init__(self, source: str) -> None:
        self.s = source
        self.i = 0
        self.names: set[str] = set()

    def fail(self, why: str) -> PatternCannotRun:
        return PatternCannotRun(f"{why} at offset {self.i}")

    def peek(self, offset: int = 0) -> str:
        j = self.i + offset
        return self.s[j] if j < len(self.s) else ""

    def parse(self) -> Node:
        # Each frame: (finished branches, current branch's terms); the frame below is the enclosing group.
        frames: list[tuple[list[Node], list[Node]]] = [([], [])]
        quantifiable = False
        s = self.s
        while self.i < len(s):
            ch = s[self.i]
            branches, terms = frames[-1]
            if ch == "|":
                branches.append(_seq(terms))
                frames[-1] = (branches, [])
                self.i += 1
                quantifiable = False
            elif ch == "(":
                self._open_group()
                frames.append(([], []))
                quantifiable = False
            elif ch == ")":
                if len(frames) == 1:
                    raise self.fail("unmatched )")
                frames.pop()
                frames[-1][1].append(_alt(branches + [_seq(terms)]))
                self.i += 1
                quantifiable = True
            elif ch in "*+?{":
                if not quantifiable:
                    raise self.fail("nothing to repeat")
                low, high = self._quantifier()
                item = terms.pop()
                multiplier = max(low, high if high is not None else 0, 1)
                terms.append(("rep", _cap(item[1] * multiplier), item, low, high))
                quantifiable = False
            elif ch == "^" or ch == "$":
                terms.append(("assert", 1, ch))
                self.i += 1
                quantifiable = False
            elif ch == "\\":
                node = self._escape()
                terms.append(node)
                quantifiable = node[0] != "assert"
            elif ch == "[":
                terms.append(("set", 1, self._class()))
                quantifiable = True
            elif ch == ".":
                terms.append(("set", 1, _DOT))
                self.i += 1
                quantifiable = True
            elif ch in _SYNTAX_CHARACTERS:  # ] } are not pattern characters in u mode
                raise self.fail(f"unescaped {ch}")
            else:
                code = ord(ch)
                terms.append(("set", 1, ((code, code),)))
                self.i += 1
                quantifiable = True
        if len(frames) != 1:
            raise self.fail("unterminated group")
        branches, terms = frames[0]
        return _alt(branches + [_seq(terms)])

    def _open_group(self) -> None:
        s = self.s
        if not s.startswith("(?", self.i):
            self.i += 1
            return
        if s.startswith("(?:", self.i):
            self.i += 3
            return
        if s.startswith(("(?=", "(?!", "(?<=", "(?<!"), self.i):
            raise self.fail("a lookaround cannot run in linear time")
        if s.startswith("(?<", self.i):
            end = s.find(">", self.i + 3)
            name = s[self.i + 3 : end] if end != -1 else ""
            if not _is_group_name(name):
                raise self.fail("invalid group name")
            if name in self.names:
                raise self.fail("duplicate group name")
            self.names.add(name)
            self.i = end + 1
            return
        raise self.fail("invalid group")

    def _number(self) -> int | None:
        start = self.i
        while self.peek().isdigit() and self.peek() in "0123456789":
            self.i += 1
        return int(self.s[start : self.i]) if self.i > start else None

    def _quantifier(self) -> tuple[int, int | None]:
        ch = self.s[self.i]
        self.i += 1
        if ch == "*":
            low, high = 0, None
        elif ch == "+":
            low, high = 1, None
        elif ch == "?":
            low, high = 0, 1
        else:
            first = self._number()
            if first is None:
                raise self.fail("incomplete quantifier")
            low, high = first, first
            if self.peek() == ",":
                self.i += 1
                high = self._number()
            if self.peek() != "}":
                raise self.fail("incomplete quantifier")
            self.i += 1
            if high is not None and high < low:
                raise self.fail("numbers out of order in quantifier")
        if self.peek() == "?":
            self.i += 1  # lazy: the same language, so the same answer for a search
        return low, high

    def _hex(self, count: int) -> int:
        digits = self.s[self.i : self.i + count]
        if len(digits) != count or any(d not in _HEX for d in digits):
            raise self.fail("invalid escape")
        self.i += count
        return int(digits, 16)

    def _unicode_escape(self) -> int:
        """After ``\\u``: XXXX (a surrogate pair written as two escapes is one code point) or {X...}."""
        if self.peek() == "{":
            end = self.s.find("}", self.i)
            digits = self.s[self.i + 1 : end] if end != -1 else ""
            if not digits or any(d not in _HEX for d in digits):
                raise self.fail("invalid unicode escape")
            value = int(digits, 16)
            if value > _MAX_CODE_POINT:
                raise self.fail("unicode escape out of range")
            self.i = end + 1
            return value
        value = self._hex(4)
        if 0xD800 <= value <= 0xDBFF and self.s.startswith("\\u", self.i):
            save = self.i
            self.i += 2
            try:
                low = self._hex(4)
            except PatternCannotRun:
                low = -1
            if 0xDC00 <= low <= 0xDFFF:
                return 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            self.i = save
        return value

    def _character_escape(self, ch: str, in_class: bool) -> int:
        """A CharacterEscape after the backslash (``self.i`` is past ``ch``)."""
        if ch in _CONTROL_ESCAPES:
            return _CONTROL_ESCAPES[ch]
        if ch == "c":
            letter = self.peek()
            if letter and (("a" <= letter <= "z") or ("A" <= letter <= "Z")):
                self.i += 1
                return ord(letter) % 32
            raise self.fail("invalid control escape")
        if ch == "0" and not (self.peek() and self.peek() in "0123456789"):
            return 0
        if ch == "x":
            return self._hex(2)
        if ch == "u":
            return self._unicode_escape()
        if ch in _SYNTAX_CHARACTERS or ch == "/" or (in_class and ch == "-"):
            return ord(ch)
        raise self.fail("invalid escape")

    def _escape(self) -> Node:
        self.i += 1
        ch = self.peek()
        if not ch:
            raise self.fail("\\ at end of pattern")
        self.i += 1
        if ch == "b" or ch == "B":
            return ("assert", 1, "\\" + ch)
        if ch in _CLASS_ESCAPES:
            return ("set", 1, _CLASS_ESCAPES[ch])
        if ch == "p" or ch == "P":
            raise self.fail("a Unicode property escape cannot run here")
        if ch in "123456789" or ch == "k":
            raise self.fail("a backreference cannot run in linear time")
        code = self._character_escape(ch, in_class=False)
        return ("set", 1, ((code, code),))

    def _class_atom(self) -> tuple[int, Ranges | None]:
        """One ClassAtom: (code point, None) for a single character, (-1, ranges) for a class escape."""
        ch = self.s[self.i]
        self.i += 1
        if ch != "\\":
            return ord(ch), None
        ch = self.peek()
        if not ch:
            raise self.fail("\\ at end of pattern")
        self.i += 1
        if ch == "b":
            return 0x08, None
        if ch in _CLASS_ESCAPES:
            return -1, _CLASS_ESCAPES[ch]
        if ch == "p" or ch == "P":
            raise self.fail("a Unicode property escape cannot run here")
        if ch in "123456789" or ch == "k" or ch == "B":
            raise self.fail("invalid escape in a class")
        return self._character_escape(ch, in_class=True), None

    def _class(self) -> Ranges:
        self.i += 1
        negated = self.peek() == "^"
        if negated:
            self.i += 1
        ranges: list[tuple[int, int]] = []
        while True:
            if self.i >= len(self.s):
                raise self.fail("unterminated class")
            if self.s[self.i] == "]":
                self.i += 1
                break
            low, low_set = self._class_atom()
            if self.peek() == "-" and self.peek(1) not in ("]", ""):
                self.i += 1
                high, high_set = self._class_atom()
                if low_set is not None or high_set is not None:
                    raise self.fail("a class escape cannot bound a range")
                if high < low:
                    raise self.fail("range out of order in class")
                ranges.append((low, high))
            elif low_set is not None:
                ranges.extend(low_set)
            else:
                ranges.append((low, low))
        merged = _normalize(ranges)
        return _complement(merged) if negated else merged


def _is_group_name(name: str) -> bool:
    if not name:
        return False
    first = name[0]
    if not (first in "$_" or (first + "a").isidentifier()):
        return False
    return all(c in "$\u200c\u200d" or ("a" + c).isidentifier() for c in name[1:])


# ------------------------------------------------------------------ the automaton

# State kinds. A consuming state k always has its successor at k + 1 (an epsilon state), so one
# step of the whole state set is a mask and a shift of one integer used as a bit set.
_CONSUME, _EPSILON, _ASSERT, _MATCH = 0, 1, 2, 3

_Request = tuple[Node, int, list[int]]


class _Nfa:
    def __init__(self) -> None:
        self.kind: list[int] = []
        self.sets: list[Ranges] = []
        self.asserts: list[str] = []
        self.outs: list[list[int]] = []

    def add(self, kind: int, outs: list[int], ranges: Ranges = (), assertion: str = "") -> int:
        self.kind.append(kind)
        self.sets.append(ranges)
        self.asserts.append(assertion)
        self.outs.append(outs)
        return len(self.kind) - 1


def _build(root: Node) -> tuple[_Nfa, int]:
    """The NFA of ``root`` (start state returned), built back to front: each node is compiled with
    the state that follows it. A trampoline (generators on an explicit stack) replaces recursion."""
    nfa = _Nfa()
    nfa.add(_MATCH, [])

    def compile_node(node: Node, following: int, result: list[int]) -> Iterator[_Request]:
        kind = node[0]
        if kind == "set":
            consume = nfa.add(_CONSUME, [], ranges=node[2])
            nfa.outs[consume].append(nfa.add(_EPSILON, [following]))
            result.append(consume)
        elif kind == "assert":
            result.append(nfa.add(_ASSERT, [following], assertion=node[2]))
        elif kind == "empty" or node[1] == 0:
            result.append(following)  # weight 0: nothing but the empty string, whatever its shape
        elif kind == "seq":
            current = following
            for item in reversed(node[2]):
                sub: list[int] = []
                yield item, current, sub
                current = sub[0]
            result.append(current)
        elif kind == "alt":
            outs: list[int] = []
            for branch in node[2]:
                sub = []
                yield branch, following, sub
                outs.append(sub[0])
            result.append(nfa.add(_EPSILON, outs))
        else:  # rep: `low` copies, then `high - low` optional ones (or a loop when unbounded)
            body, low, high = node[2], node[3], node[4]
            current = following
            if high is None:
                loop = nfa.add(_EPSILON, [])
                sub = []
                yield body, loop, sub
                nfa.outs[loop].extend((sub[0], following))
                current = loop
            else:
                for _ in range(high - low):
                    sub = []
                    yield body, current, sub
                    current = nfa.add(_EPSILON, [sub[0], following])
            for _ in range(low):
                sub = []
                yield body, current, sub
                current = sub[0]
            result.append(current)

    top: list[int] = []
    stack = [compile_node(root, 0, top)]
    while stack:
        request = next(stack[-1], None)
        if request is None:
            stack.pop()
        else:
            stack.append(compile_node(*request))
    return nfa, top[0]


class LinearPattern:
    """A compiled pattern; ``search`` answers whether it matches anywhere in a subject.

    A state set is an int (bit k: NFA state k). Between two characters the set is a *kernel*: the
    states just after a consumed character. One step: close the kernel (and the start state, since
    a search may begin anywhere) over epsilon moves, under what the assertions see at that point,
    keep the consuming states whose class holds the character and shift them onto their successors.
    Closing uses tables built lazily per 8 states, so a step costs O(states / 8) integer operations;
    the lazy DFA cache (kernel -> next kernel per character class) makes most steps one lookup.
    """

    def __init__(self, source: str) -> None:
        root = _Parser(source).parse()
        if root[1] > MAX_WEIGHT:
            raise PatternCannotRun(f"pattern weight above {MAX_WEIGHT}")
        self.source = source
        nfa, start = _build(root)
        self._nfa = nfa
        self._start_bit = 1 << start
        self._size = len(nfa.kind)
        self._consuming = sum(1 << k for k, kind in enumerate(nfa.kind) if kind == _CONSUME)
        self._word_sensitive = any(a in ("\\b", "\\B") for a in nfa.asserts)
        # Character classes: code points between two consecutive boundaries behave alike for every
        # set of the pattern and for \b (word or not).
        bounds = {0}
        for ranges in nfa.sets:
            for lo, hi in ranges:
                bounds.add(lo)
                bounds.add(hi + 1)
        for lo, hi in _WORD:
            bounds.add(lo)
            bounds.add(hi + 1)
        self._bounds = sorted(b for b in bounds if b <= _MAX_CODE_POINT)
        self._class_masks: dict[int, int] = {}
        self._single: dict[tuple[bool, bool, bool, bool, int], int] = {}
        self._chunks: dict[tuple[bool, bool], list[dict[int, int]]] = {}

    # ---------------------------------------------------------------- closures

    def _close_state(self, state: int, context: tuple[bool, bool, bool, bool]) -> int:
        """Bits of every state reachable from ``state`` without input, under ``context``
        (at start, at end, previous character is a word one, next character is a word one)."""
        key = (*context, state)
        known = self._single.get(key)
        if known is not None:
            return known
        at_start, at_end, prev_word, next_word = context
        nfa = self._nfa
        bits = 0
        todo = [state]
        while todo:
            s = todo.pop()
            if bits >> s & 1:
                continue
            bits |= 1 << s
            kind = nfa.kind[s]
            if kind == _EPSILON:
                todo.extend(nfa.outs[s])
            elif kind == _ASSERT:
                what = nfa.asserts[s]
                if ((what == "^" and at_start) or (what == "$" and at_end)
                        or (what == "\\b" and prev_word != next_word) or (what == "\\B" and prev_word == next_word)):
                    todo.append(nfa.outs[s][0])
        self._single[key] = bits
        return bits

    def _close(self, kernel: int, context: tuple[bool, bool, bool, bool]) -> int:
        at_start, at_end, prev_word, next_word = context
        if at_start or at_end:  # once per subject: state by state
            bits = 0
            k = kernel
            while k:
                low = k & -k
                bits |= self._close_state(low.bit_length() - 1, context)
                k ^= low
            return bits
        if not self._word_sensitive:
            prev_word = next_word = False
            context = (False, False, False, False)
        chunks = self._chunks.get((prev_word, next_word))
        if chunks is None:
            chunks = self._chunks[(prev_word, next_word)] = [{} for _ in range((self._size + 7) // 8)]
        bits = 0
        for index, byte in enumerate(kernel.to_bytes((self._size + 7) // 8, "little")):
            if byte:
                table = chunks[index]
                part = table.get(byte)
                if part is None:
                    part = 0
                    for offset in range(8):
                        if byte >> offset & 1:
                            part |= self._close_state(index * 8 + offset, context)
                    table[byte] = part
                bits |= part
        return bits

    def _class_of(self, ch: str) -> int:
        return bisect_right(self._bounds, ord(ch)) - 1

    def _class_mask(self, klass: int) -> int:
        """Bits of the consuming states whose set holds the code points of class ``klass``."""
        mask = self._class_masks.get(klass)
        if mask is None:
            code = self._bounds[klass]
            nfa = self._nfa
            mask = 0
            for k, kind in enumerate(nfa.kind):
                if kind == _CONSUME:
                    ranges = nfa.sets[k]
                    index = bisect_right(ranges, (code, _MAX_CODE_POINT + 1)) - 1
                    if index >= 0 and ranges[index][0] <= code <= ranges[index][1]:
                        mask |= 1 << k
            self._class_masks[klass] = mask
        return mask

    def _step(self, kernel: int, at_start: bool, prev_word: bool, klass: int) -> int:
        """The kernel after a character of class ``klass``; -1 when the pattern matched before it."""
        next_word = _is_word(chr(self._bounds[klass]))
        closed = self._close(kernel | self._start_bit, (at_start, False, prev_word, next_word))
        if closed & 1:  # state 0 accepts
            return -1
        return (closed & self._class_mask(klass)) << 1

    def _ends_in_match(self, kernel: int, at_start: bool, prev_word: bool) -> bool:
        return bool(self._close(kernel | self._start_bit, (at_start, True, prev_word, False)) & 1)

    # ---------------------------------------------------------------- search

    def search(self, subject: str) -> bool:
        if not subject:
            return self._ends_in_match(0, True, False)
        kernel = self._step(0, True, False, self._class_of(subject[0]))
        if kernel == -1:
            return True
        prev_word = _is_word(subject[0])
        # The lazy DFA: a state is (kernel, previous character is a word one); its row maps a
        # character class to the next state (or -1: matched).
        ids: dict[tuple[int, bool], int] = {}
        keys: list[tuple[int, bool]] = []
        rows: list[dict[int, int]] = []
        flushes = 0

        def intern(key: tuple[int, bool]) -> int:
            known = ids.get(key)
            if known is None:
                known = ids[key] = len(keys)
                keys.append(key)
                rows.append({})
            return known

        current = intern((kernel, prev_word))
        bounds = self._bounds
        for position in range(1, len(subject)):
            klass = bisect_right(bounds, ord(subject[position])) - 1
            target = rows[current].get(klass)
            if target is None:
                kernel, prev_word = keys[current]
                after = self._step(kernel, False, prev_word, klass)
                if after == -1:
                    return True
                word = _is_word(subject[position])
                if len(keys) >= _MAX_DFA_STATES:
                    flushes += 1
                    ids.clear()
                    keys.clear()
                    rows.clear()
                    if flushes > _MAX_FLUSHES:
                        return self._simulate(subject, position + 1, after, word)
                    current = intern((kernel, prev_word))
                target = intern((after, word))
                rows[current][klass] = target
            current = target
        kernel, prev_word = keys[current]
        return self._ends_in_match(kernel, False, prev_word)

    def _simulate(self, subject: str, position: int, kernel: int, prev_word: bool) -> bool:
        """Plain state-set simulation from ``position`` on: each step computed, nothing cached."""
        bounds = self._bounds
        for index in range(position, len(subject)):
            ch = subject[index]
            kernel = self._step(kernel, False, prev_word, bisect_right(bounds, ord(ch)) - 1)
            if kernel == -1:
                return True
            prev_word = _is_word(ch)
        return self._ends_in_match(kernel, False, prev_word)


def compile_pattern(source: str) -> LinearPattern:
    """The compiled pattern, or PatternCannotRun (TR-NORM-65 item 1: the same set in every language)."""
    return LinearPattern(source)
