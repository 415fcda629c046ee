"""The measure L, the depth D and the channel verdict (spec 3.3-3.4, TR-BOUND-5..8, TR-BOUND-16).

One iterative walk does everything a run-only channel needs: it coerces strings and keys, counts the
RFC 8785 length of the coerced form (4 octets for each unencodable node), tracks the nesting depth,
and builds the coerced copy. It never recurses, never calls code of the value it walks (only exact
``dict``/``list``/``str``/``bytes``/``int``/``float``/``bool``/``None`` are looked into), and stops
as soon as the running length passes the budget, so its cost follows the budget, not the input.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Literal

from .coercion import coerce_text
from .ecmascript_number import format_number
from .plain_json import plain_measure, plain_snapshot

MAX_SAFE_INTEGER = 2**53 - 1
MAX_DEPTH = 64
UNENCODABLE_OCTETS = 4  # an unencodable node weighs what `null` does

Verdict = Literal["ok", "over_budget", "unencodable", "too_deep"]

# Characters RFC 8785 escapes: two-character escapes cost 1 extra octet, \u00XX ones 5 extra.
_ESCAPED = re.compile('[\x00-\x1f"\\\\]')
_SHORT_ESCAPES = frozenset('"\\\b\t\n\f\r')


def string_octets(text: str) -> int:
    """L of a well-formed string: its JCS serialization length, quotes included."""
    octets = 2 + len(text.encode("utf-8"))
    for match in _ESCAPED.finditer(text):
        octets += 1 if match.group() in _SHORT_ESCAPES else 5
    return octets


@dataclass(frozen=True, slots=True)
class Measurement:
    verdict: Verdict
    octets: int | None  # L(v), known only when the walk finished (verdict != over_budget)
    value: Any  # the coerced copy; meaningful only when verdict == "ok"


class _Exit:
    """Stack marker: the container with this id is no longer on the current path."""

    __slots__ = ("ident",)

    def __init__(self, ident: int) -> None:
        self.ident = ident


def _number_node(value: int | float) -> tuple[int | float, int] | None:
    """(output value, L) for an encodable number, None for an unencodable one."""
    if type(value) is int:
        if -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER:
            return value, len(str(value))
        return None
    if type(value) is not float:
        return None  # not reached: the walk passes exact ints and floats only
    if not math.isfinite(value) or abs(value) > MAX_SAFE_INTEGER:
        return None
    if value == 0:
        return 0, 1  # -0 is written as 0 (TR-BOUND-5)
    if value.is_integer():
        integral = int(value)
        return integral, len(str(integral))
    return value, len(format_number(value))


def _keys_are_text(mapping: dict[Any, Any]) -> bool:
    """False when a key is not a string: the object is then an unencodable node of 4 octets."""
    return all(type(key) is str or type(key) is bytes for key in mapping)


def measure(value: Any, budget: int) -> Measurement:
    """The verdict of ``value`` against ``budget`` (without the artifact-shape step).

    A plain value within the budget is measured and copied by C code (plain_json.py); everything
    else, and every value that proof does not admit, by the exact walk. Both give the same answer.
    """
    plain = plain_measure(value, budget)
    if plain is not None:
        return Measurement("ok", plain[0], plain[1])
    return walk_measure(value, budget)


def measure_to_keep(value: Any, budget: int) -> Measurement:
    """``measure`` for the bounder, which keeps what it measured and copies it out on every access:
    a plain value measured in C is kept as its JSON text (a JsonSnapshot), not copied as objects."""
    plain = plain_snapshot(value, budget)
    if plain is not None:
        return Measurement("ok", plain[0], plain[1])
    return walk_measure(value, budget)


def walk_measure(value: Any, budget: int) -> Measurement:
    """Walk ``value`` once and give its verdict against ``budget`` (without the artifact-shape step)."""
    total = 0
    depth = 0
    unencodable = False
    on_path: set[int] = set()
    root: list[Any] = [None]
    # Each entry: (value, container the coerced node goes into, index or key there, nesting level).
    stack: list[Any] = [(value, root, 0, 1)]

    while stack:
        entry = stack.pop()
        if type(entry) is _Exit:
            on_path.discard(entry.ident)
            continue
        node, target, slot, level = entry
        kind = type(node)
        out: Any = node
        if node is None or node is True:
            total += 4
        elif node is False:
            total += 5
        elif kind is int or kind is float:
            number = _number_node(node)
            if number is None:
                unencodable = True
                total += UNENCODABLE_OCTETS
            else:
                out, octets = number
                total += octets
        elif kind is str or kind is bytes:
            # Coercion never shrinks a string, so its raw length already decides an overflow.
            if len(node) + 2 + total > budget:
                return Measurement("over_budget", None, None)
            out = coerce_text(node)
            total += string_octets(out)
        elif kind is list:
            if id(node) in on_path:
                unencodable = True
                total += UNENCODABLE_OCTETS
            else:
                count = len(node)
                total += 2 + max(count - 1, 0)
                depth = max(depth, level)
                if total > budget:
                    return Measurement("over_budget", None, None)
                out = [None] * count
                on_path.add(id(node))
                stack.append(_Exit(id(node)))
                for index in range(count - 1, -1, -1):
                    stack.append((node[index], out, index, level + 1))
        elif kind is dict:
            if id(node) in on_path or not _keys_are_text(node):
                unencodable = True
                total += UNENCODABLE_OCTETS
            else:
                count = len(node)
                total += 2 + max(count - 1, 0) + count  # braces, commas, colons
                depth = max(depth, level)
                keys: list[str] = []
                for raw_key in node:
                    # A key is charged before it is coerced (TR-BOUND-18): coercion never shrinks,
                    # so an over-budget key costs O(budget), not O(key).
                    if len(raw_key) + 2 + total > budget:
                        return Measurement("over_budget", None, None)
                    key = coerce_text(raw_key)
                    keys.append(key)
                    total += string_octets(key)
                    if total > budget:
                        return Measurement("over_budget", None, None)
                if len(set(keys)) != len(keys):
                    unencodable = True  # TR-BOUND-7: counted as usual, but it cannot pass
                out = {}
                on_path.add(id(node))
                stack.append(_Exit(id(node)))
                items = list(zip(keys, node.values()))
                for key, _ in items:
                    out[key] = None  # fixes the input's member order in the copy
                for key, child in reversed(items):
                    stack.append((child, out, key, level + 1))
        else:
            # Anything else (a class instance, a set, a datetime, a subclass of a JSON type...) is
            # an unencodable node; nothing of it is read (TR-BOUND-6).
            unencodable = True
            total += UNENCODABLE_OCTETS
        if total > budget:
            return Measurement("over_budget", None, None)
        if not unencodable:
            target[slot] = out

    if unencodable:
        return Measurement("unencodable", total, None)
    if depth > MAX_DEPTH:
        return Measurement("too_deep", total, None)
    return Measurement("ok", total, root[0])
