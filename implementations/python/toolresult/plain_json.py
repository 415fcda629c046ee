"""The measure of a plain value by CPython's own C code (spec 3.4, TR-BOUND-6, TR-BOUND-16, TR-BOUND-18).

Most channels a tool returns are plain: exact ``dict``/``list``/``str``/``int``/``float``/``bool``/
``None``, string keys, small integers, well-formed strings. For such a value ``L`` is the length of
the C encoder's compact text, and the coerced copy is a deep copy: this module proves the value
plain with bulk C operations, one nesting level at a time, and then lets ``json`` and ``marshal``
do the work the exact walk (json_measure.py) would do node by node in Python.

Every rule holds because the proof admits only values for which the two paths agree, and answers
``None`` (walk instead) for everything else:

* Types: a level's types are listed (``type()`` reads no attribute), and before any of them is
  hashed or compared, ``gc.get_referents`` over them must find nothing: a static (C) type has no
  referents, a class of Python code (a heap type, which may have a metaclass with a ``__hash__`` or
  ``__eq__``) always has some (its dict, bases, MRO). Then a count or a set of the types runs only C
  code. No ``isinstance``; nothing of the value runs. Only exact ``dict`` and ``list`` are opened,
  and iterating them runs no code. A subclass, a tuple, ``bytes`` (a key or a value) and every
  other type make the proof fail.
* Keys: ``gc.get_referents`` of a dict lists its values only when every key is an exact str
  (CPython's "unicode" key table), its keys too otherwise. A level's next level is that one C call,
  and when its length is the sum of the containers' lengths no key is of another type; else (and
  on an interpreter whose collector does not behave so, _COLLECTOR_TELLS_KEYS) every key's type is
  tested and the level is made by ``list.extend``.
* Numbers: integers within +-(2**53 - 1); floats finite, not integral (the walk writes ``5.0`` as
  ``5`` and ``-0.0`` as ``0``), and of magnitude at least 1e-4, where ``repr`` (the encoder's
  format) writes the same digits in the same positional form as ECMAScript's ``Number::toString``
  (below 1e-4 ``repr`` switches to an exponent; a non-integral float is below 2**52 < 1e16, where
  neither does).
* Strings: the C encoder with ``ensure_ascii=False`` escapes exactly what RFC 8785 escapes (``"``,
  ``\\``, the five short escapes, ``\\u00XX`` for the rest below U+0020) and nothing else. A lone
  surrogate (Python ``str``) is written raw; it takes three octets under ``surrogatepass``, as many
  as the U+FFFD it becomes, and the copy is read back from the coerced text. A surrogate in a key
  sends the value to the walk, which sees collisions (TR-BOUND-7).
* Depth and cycles: the proof goes one level at a time and gives up below level 64, so a cycle
  (infinitely deep) and a value too deep are the walk's to judge.
* Cost follows the budget (TR-BOUND-16, TR-BOUND-18): before a level is listed, its size is
  charged (every node at least one octet, a string or key at least its length plus 2), and the
  proof gives up as soon as the lower bound passes the budget: an over-budget value is the walk's,
  which stops at the budget. Nothing is serialized until the whole value is known to be within
  reach of the budget.
"""

from __future__ import annotations

import gc
import json
import json.encoder
import marshal
import math
import re
from functools import reduce
from itertools import chain, compress, repeat
from operator import iadd, is_
from typing import Any

MAX_SAFE_INTEGER = 2**53 - 1
MAX_DEPTH = 64
# repr() writes a float below this in exponent form, ECMAScript only below 1e-6.
_POSITIONAL_FLOOR = 1e-4

_NONE = type(None)
# The level of a table's cells in an artifact list: list, artifact, data, rows, row, cell.
_CELL_LEVEL = 5

# The C encoder (c_make_encoder): compact, non-ASCII unescaped, no NaN, keys in their order. The
# proof rules out cycles, so the encoder need not track them.
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False, check_circular=False)
# That encoder's C part, made once (JSONEncoder.encode makes it anew on every call); None where the
# interpreter has no _json accelerator.
_MAKE_ENCODER: Any = getattr(json.encoder, "c_make_encoder", None)
_C_ENCODE: Any = (
    None
    if _MAKE_ENCODER is None
    else _MAKE_ENCODER(None, None, getattr(json.encoder, "encode_basestring"), None, ":", ",", False, False, False)
)
_SURROGATE = re.compile("[\ud800-\udfff]")
_ASTRAL = "\U00010000"
_PLAIN_KINDS = frozenset((str, int, float, bool, _NONE, list, dict))
_STR_ONLY = frozenset((str,))


def _collector_tells_keys() -> bool:
    """Whether gc.get_referents lists a dict's keys exactly when one of them is not an exact str
    (a str key of a subclass, an int, a float, None), as CPython's dict traversal does: checked
    once, on this interpreter; when it does not, plain_text tests every key's type instead."""
    class Sub(str):
        __slots__ = ()

    probes: list[tuple[dict[Any, Any], int]] = [({"a": 1, "b": [2]}, 2), ({"a": 1, 2: 3}, 4), ({Sub("a"): 1}, 2), ({None: 1, 1.5: 2}, 4)]
    return all(len(gc.get_referents(d)) == n for d, n in probes)


_COLLECTOR_TELLS_KEYS = _collector_tells_keys()


def _collector_tells_static_types() -> bool:
    """Whether gc.get_referents finds nothing for the static types and something for a class of
    Python code (of a metaclass of Python code too), as CPython's does: the type gate of
    plain_text. Checked once; when it does not hold, every value goes to the walk."""
    class Meta(type):
        pass

    class Plain:
        __slots__ = ()

    heap = [Plain, Meta("M", (), {}), type("T", (str,), {"__slots__": ()})]
    return not gc.get_referents(*_PLAIN_KINDS, tuple, bytes) and all(gc.get_referents(t) for t in heap)


_GATE_HOLDS = _collector_tells_static_types()


class JsonSnapshot:
    """A plain channel held as its (coerced) JSON text: what the bounder keeps of a value it measured
    in C. Each ``thaw`` reads a fresh copy back, as BoundedResult hands out a fresh copy on every
    access; json.loads gives back exactly the copy the walk builds (the text's numbers are repr's,
    which read back to the same floats, and the proof admitted no integral float)."""

    __slots__ = ("text", "items", "cells_are_str", "verbatim", "sorts_as_jcs", "is_jcs")

    def __init__(self, text: str, items: int, cells_are_str: bool, verbatim: bool, sorts_as_jcs: bool, is_jcs: bool) -> None:
        self.text = text
        self.items = items  # len() of the value, for a shape-only repr
        # Every node at level 5 (where an artifact list's table cells are) is a str, and nothing is
        # deeper: the shape check need not look at the cells again.
        self.cells_are_str = cells_are_str
        # No string was coerced: the text is the C encoder's text of the source value itself.
        self.verbatim = verbatim
        # No key holds a character beyond U+FFFF, so sorting keys by code point (Python's order)
        # is sorting them by UTF-16 code unit (RFC 8785's): the C encoder's sorted text is JCS.
        self.sorts_as_jcs = sorts_as_jcs
        # The value holds no object, so no member order: the text is already its JCS text (the C
        # encoder escapes as RFC 8785 does, and the proof admitted only numbers written alike).
        self.is_jcs = is_jcs

    def thaw(self) -> Any:
        return json.loads(self.text)

    def __len__(self) -> int:
        return self.items


# The UTF-8 encoder reserves up to 4 octets per code point before it shrinks the result: for a
# long text, an allocation beyond malloc's mmap threshold, paid in page faults on every call.
# Slices of this many code points keep each reservation on the heap.
_SLICE = 1 << 14


def utf8_octets(text: str) -> int:
    """The UTF-8 length of ``text`` (UnicodeEncodeError for a lone surrogate), without encoding
    it whole: an ASCII text is its length (CPython knows it without a scan)."""
    if text.isascii():
        return len(text)
    if len(text) <= _SLICE:
        return len(text.encode("utf-8"))
    return sum(len(text[start : start + _SLICE].encode("utf-8")) for start in range(0, len(text), _SLICE))


def plain_snapshot(value: Any, budget: int) -> tuple[int, JsonSnapshot] | None:
    """(L, snapshot) of a plain value whose L is within ``budget``; None when the walk must judge."""
    found = plain_text(value, budget)
    if found is None:
        return None
    octets, text, coerced, cells_are_str, keys = found
    items = len(value) if type(value) is list or type(value) is dict else 0
    return octets, JsonSnapshot(text, items, cells_are_str, not coerced, keys != "astral", keys == "none")


def plain_measure(value: Any, budget: int) -> tuple[int, Any] | None:
    """(L, coerced copy) of a plain value whose L is within ``budget``; None when the walk must judge."""
    found = plain_text(value, budget)
    if found is None:
        return None
    octets, text, coerced, _, _ = found
    # A deep copy by marshal (version 2: no shared references) when no string changed: only exact
    # builtin types remain; else the coerced text read back.
    return octets, json.loads(text) if coerced else marshal.loads(marshal.dumps(value, 2))


def plain_text(value: Any, budget: int) -> tuple[int, str, bool, bool, str] | None:
    """(L, the coerced JSON text, whether coercion changed a string, whether everything at the
    level of table cells is a str, the keys: "none" (no object), "astral" (a key holds a character
    beyond U+FFFF) or "bmp") of a plain value whose L is within ``budget``; None when the walk
    must judge."""
    if not _GATE_HOLDS:
        return None
    level = [value]
    low = 0  # a lower bound of L for what has been listed so far
    cells_are_str = True
    keys_seen = "none"
    for index in range(MAX_DEPTH + 1):
        types = list(map(type, level))
        # Only static (C) types may be hashed: a class of Python code is a heap type, which the
        # collector traverses (its dict, its bases), and may have a metaclass with a __hash__ or
        # __eq__ of its own; a static type has no referents. One C pass over the level's types.
        if gc.get_referents(*types):
            return None
        # A level of strings only, as most deep levels are (a table's cells), is told by a count
        # (identity first, no hash); any other level by the set of its kinds.
        kinds = _STR_ONLY if types.count(str) == len(types) else set(types)
        if not kinds <= _PLAIN_KINDS:
            return None  # a node of another type (a tuple, bytes, a set...): the walk counts it, unread
        if kinds is _STR_ONLY:
            # A level of strings only, as most deep levels are (a table's cells): nothing below it.
            if index > _CELL_LEVEL:
                cells_are_str = False
            # The lengths, summed without a copy of the text (a joined copy of one long string is a
            # large allocation, paid in page faults on every call).
            low += 2 * len(level) + sum(map(len, level))
            if low > budget:
                return None
            break
        if index >= _CELL_LEVEL:
            cells_are_str = False
        # Each kind is listed only when the level holds it (the set says which).
        lists: list[Any] = list(compress(level, map(is_, types, repeat(list)))) if list in kinds else []
        dicts: list[Any] = list(compress(level, map(is_, types, repeat(dict)))) if dict in kinds else []
        strs: list[str] = list(compress(level, map(is_, types, repeat(str)))) if str in kinds else []
        if int in kinds:
            ints: list[int] = list(compress(level, map(is_, types, repeat(int))))
            if max(ints) > MAX_SAFE_INTEGER or min(ints) < -MAX_SAFE_INTEGER:
                return None
        if float in kinds:
            floats: list[float] = list(compress(level, map(is_, types, repeat(float))))
            if (
                not all(map(math.isfinite, floats))
                or any(map(float.is_integer, floats))
                or min(map(math.fabs, floats)) < _POSITIONAL_FLOOR
            ):
                return None
        # Each listed node weighs at least one octet, a string its length plus 2.
        low += len(level) + sum(map(len, strs)) + len(strs)
        if low > budget:
            return None
        if not dicts and not lists:
            break
        if index == MAX_DEPTH:
            return None  # a container at depth 65, or a cycle: the walk judges it
        # The next level is charged before it is listed: each member at least a key of 2 octets
        # and a colon, each element one octet (counted with the nodes above).
        members = sum(map(len, dicts))
        elements = sum(map(len, lists))
        low += 3 * members
        if low + members + elements > budget:
            return None
        # The next level in one C call: the collector's referents of a list are its elements, of a
        # dict whose keys are all exact strs (CPython's "unicode" key table) its values only; a dict
        # with a key of another type lists its keys too. So when the count is the lengths' sum,
        # every key is an exact str, told without a look at one (_COLLECTOR_TELLS_KEYS says that
        # this interpreter's collector behaves so); else the keys are tested one by one, and the
        # level is made by list.extend, a row (not a cell) per call.
        below = gc.get_referents(*lists, *dicts)
        values_only = len(below) == members + elements
        if dicts:
            if keys_seen == "none":
                keys_seen = "bmp"
            keys: list[Any] = list(chain.from_iterable(dicts))
            if not (values_only and _COLLECTOR_TELLS_KEYS):
                key_types = list(map(type, keys))
                if gc.get_referents(*key_types) or key_types.count(str) != len(key_types):
                    return None  # a key that is not a str (bytes included: the walk coerces and compares)
            joined = "".join(keys)
            low += len(joined)
            if low > budget:
                return None
            if not joined.isascii():
                if _SURROGATE.search(joined) is not None:
                    return None  # a key that coercion changes may collide with another (TR-BOUND-7)
                if max(joined) >= _ASTRAL:
                    keys_seen = "astral"
        if not values_only:
            below = reduce(iadd, map(dict.values, dicts), reduce(iadd, lists, []))
        level = below

    text = _ENCODER.encode(value) if _C_ENCODE is None else "".join(_C_ENCODE(value, 0))
    try:
        octets = utf8_octets(text)
    except UnicodeEncodeError:
        # Lone surrogates in values: three octets each, as U+FFFD has, which replaces each.
        octets = len(text.encode("utf-8", "surrogatepass"))
        coerced = _SURROGATE.sub("\ufffd", text)
        return (octets, coerced, True, cells_are_str, keys_seen) if octets <= budget else None
    return (octets, text, False, cells_are_str, keys_seen) if octets <= budget else None
