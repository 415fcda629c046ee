"""The measure of a plain value by CPython's own C code (spec 3.4, TR-BOUND-6, TR-BOUND-16, TR-BOUND-18).

Most channels a tool returns are plain: exact ``dict``/``list``/``str``/``int``/``float``/``bool``/
``None``, string keys, small integers, well-formed strings. For such a value ``L`` is the length of
the C encoder's compact text, and the coerced copy is a deep copy: this module proves the value
plain with bulk C operations, one nesting level at a time, and then lets ``json`` and ``marshal``
do the work the exact walk (json_measure.py) would do node by node in Python.

Every rule holds because the proof admits only values for which the two paths agree, and answers
``None`` (walk instead) for everything else:

* Types are told by identity (the ``id`` of the exact type, ``operator.is_``): no ``isinstance``,
  no hash of a type (a metaclass may define ``__hash__``), no ``==``; nothing of the value runs. Only exact
  ``dict`` and ``list`` are opened, and iterating them runs no code. A subclass, a tuple, ``bytes``
  (a key or a value) and every other type make the proof fail.
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

import json
import marshal
import math
import re
from functools import reduce
from itertools import compress, repeat
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
_SURROGATE = re.compile("[\ud800-\udfff]")


class JsonSnapshot:
    """A plain channel held as its (coerced) JSON text: what the bounder keeps of a value it measured
    in C. Each ``thaw`` reads a fresh copy back, as BoundedResult hands out a fresh copy on every
    access; json.loads gives back exactly the copy the walk builds (the text's numbers are repr's,
    which read back to the same floats, and the proof admitted no integral float)."""

    __slots__ = ("text", "items", "cells_are_str")

    def __init__(self, text: str, items: int, cells_are_str: bool) -> None:
        self.text = text
        self.items = items  # len() of the value, for a shape-only repr
        # Every node at level 5 (where an artifact list's table cells are) is a str, and nothing is
        # deeper: the shape check need not look at the cells again.
        self.cells_are_str = cells_are_str

    def thaw(self) -> Any:
        return json.loads(self.text)

    def __len__(self) -> int:
        return self.items


def plain_snapshot(value: Any, budget: int) -> tuple[int, JsonSnapshot] | None:
    """(L, snapshot) of a plain value whose L is within ``budget``; None when the walk must judge."""
    found = plain_text(value, budget)
    if found is None:
        return None
    return found[0], JsonSnapshot(found[1], len(value) if type(value) is list or type(value) is dict else 0, found[3])


def plain_measure(value: Any, budget: int) -> tuple[int, Any] | None:
    """(L, coerced copy) of a plain value whose L is within ``budget``; None when the walk must judge."""
    found = plain_text(value, budget)
    if found is None:
        return None
    octets, text, coerced, _ = found
    # A deep copy by marshal (version 2: no shared references) when no string changed: only exact
    # builtin types remain; else the coerced text read back.
    return octets, json.loads(text) if coerced else marshal.loads(marshal.dumps(value, 2))


def plain_text(value: Any, budget: int) -> tuple[int, str, bool, bool] | None:
    """(L, the coerced JSON text, whether coercion changed a string, whether everything at the
    level of table cells is a str) of a plain value whose L is within ``budget``; None when the
    walk must judge."""
    level = [value]
    low = 0  # a lower bound of L for what has been listed so far
    cells_are_str = True
    for index in range(MAX_DEPTH + 1):
        if all(map(is_, map(type, level), repeat(str))):
            # A level of strings only, as most deep levels are (a table's cells): nothing below it.
            # (One pass of C calls per node; the types are tested without a list of them.)
            if index > _CELL_LEVEL:
                cells_are_str = False
            low += 2 * len(level) + len("".join(level))
            if low > budget:
                return None
            break
        types = list(map(type, level))
        if index >= _CELL_LEVEL:
            cells_are_str = False
        # Lists first (a table's rows), then strings; a kind none of the level's nodes can be of
        # (all are counted) is not looked for.
        lists = list(compress(level, map(is_, types, repeat(list))))
        strs = list(compress(level, map(is_, types, repeat(str)))) if len(lists) < len(level) else []
        known = len(strs) + len(lists)
        dicts = list(compress(level, map(is_, types, repeat(dict)))) if known < len(level) else []
        known += len(dicts)
        if known < len(level):
            ints: list[int] = list(compress(level, map(is_, types, repeat(int))))
            floats: list[float] = list(compress(level, map(is_, types, repeat(float))))
            known += len(ints) + len(floats) + sum(map(is_, types, repeat(bool))) + sum(map(is_, types, repeat(_NONE)))
            if known < len(level):
                return None  # a node of another type: the walk counts it, unread
            if ints and (max(ints) > MAX_SAFE_INTEGER or min(ints) < -MAX_SAFE_INTEGER):
                return None
            if floats and (
                not all(map(math.isfinite, floats))
                or any(map(float.is_integer, floats))
                or min(map(math.fabs, floats)) < _POSITIONAL_FLOOR
            ):
                return None
        # Each listed node weighs at least one octet, a string its length plus 2.
        low += len(level) + len("".join(strs)) + len(strs)
        if low > budget:
            return None
        if not dicts and not lists:
            break
        if index == MAX_DEPTH:
            return None  # a container at depth 65, or a cycle: the walk judges it
        # The next level is charged before it is listed: each member at least a key of 2 octets
        # and a colon, each element one octet (counted with the nodes above).
        members = sum(map(len, dicts))
        low += 3 * members
        if low + members + sum(map(len, lists)) > budget:
            return None
        if dicts:
            keys: list[Any] = reduce(iadd, dicts, [])
            if not all(map(is_, map(type, keys), repeat(str))):
                return None  # a key that is not a str (bytes included: the walk coerces and compares)
            joined = "".join(keys)
            low += len(joined)
            if low > budget:
                return None
            if _SURROGATE.search(joined) is not None:
                return None  # a key that coercion changes may collide with another (TR-BOUND-7)
        # The next level: list.extend copies a list's elements in one C loop (a row per call, not a
        # cell per call); an exact dict's values are read by its own iterator.
        level = reduce(iadd, map(dict.values, dicts), reduce(iadd, lists, []))

    text = _ENCODER.encode(value)
    try:
        octets = len(text.encode("utf-8"))
    except UnicodeEncodeError:
        # Lone surrogates in values: three octets each, as U+FFFD has, which replaces each.
        octets = len(text.encode("utf-8", "surrogatepass"))
        return (octets, _SURROGATE.sub("\ufffd", text), True, cells_are_str) if octets <= budget else None
    return (octets, text, False, cells_are_str) if octets <= budget else None
