"""The key of a call in the ledger (spec/07-replay.md §7.2): its scope, its call ID and its
fingerprint. Two claims are the same call only when all three are equal; a call ID reused in
another scope, or for another tool or other arguments, is a call of its own.

The fingerprint is the lowercase hex SHA-256 of the UTF-8 octets of the JCS text of
``{"arguments": A, "tool": T}``; a call that names no tool has the fingerprint ``""`` (every call
of the API before scopes, so its entries answer it unchanged). No error quotes what it refuses:
a scope, a tool name or arguments may hold what a run-only channel holds.
"""

from __future__ import annotations

import hashlib
import math
from typing import Any

from .jcs import python_canonical_json

__all__ = ["MAX_CALL_ID_OCTETS", "call_fingerprint", "check_call_id", "check_fingerprint", "check_scope"]

MAX_CALL_ID_OCTETS = 1024
# Integers beyond this are doubles in ECMAScript's JSON.parse: the fingerprint writes them as the
# double a JavaScript caller would have, so a call hashes alike in every language.
_MAX_SAFE_INTEGER = 2**53 - 1
# Nesting deeper than this (the arguments object at level 0) is refused rather than walked, as by
# the TypeScript reference: no tool's arguments need it, and the walk stays inside Python's
# recursion limit (one frame a level here and one in the JCS writer).
_MAX_ARGUMENT_DEPTH = 512
_HEX = frozenset("0123456789abcdef")


def _check_key_text(value: str, what: str) -> None:
    try:
        octets = value.encode("utf-8")
    except UnicodeEncodeError:
        raise TypeError(f"{what} must be well-formed Unicode (it holds a lone surrogate)") from None
    if "\x00" in value:
        raise TypeError(f"{what} must not contain U+0000")
    if len(octets) > MAX_CALL_ID_OCTETS:
        raise TypeError(f"{what} must be at most {MAX_CALL_ID_OCTETS} UTF-8 octets")


def check_call_id(call_id: Any) -> None:
    """A call ID a store keeps unchanged: a non-empty well-formed string, no U+0000, ≤ 1024 UTF-8 octets (TR-REPLAY-21)."""
    if type(call_id) is not str or call_id == "":
        raise TypeError("a call ID must be a non-empty string")
    _check_key_text(call_id, "a call ID")


def check_scope(scope: Any) -> None:
    """A scope: a call ID's rules, except that ``""`` (the default scope) is allowed."""
    if type(scope) is not str:
        raise TypeError("a scope must be a string")
    _check_key_text(scope, "a scope")


def check_fingerprint(fingerprint: Any) -> None:
    """A fingerprint as a store receives it: ``""`` or 64 lowercase hex digits."""
    if type(fingerprint) is not str or not (
        fingerprint == "" or (len(fingerprint) == 64 and _HEX.issuperset(fingerprint))
    ):
        raise TypeError("a fingerprint must be \"\" or 64 lowercase hex digits (call_fingerprint)")


def _json_copy(value: Any, depth: int) -> Any:
    """The arguments as the JSON value a JCS writer takes, or ValueError/TypeError naming what kind
    of value is wrong (never the value)."""
    if depth > _MAX_ARGUMENT_DEPTH:
        raise ValueError(f"the arguments nest deeper than {_MAX_ARGUMENT_DEPTH} levels")
    if value is None or value is True or value is False:
        return value
    kind = type(value)
    if kind is str:
        _well_formed(value)
        return value
    if kind is int:
        if -_MAX_SAFE_INTEGER <= value <= _MAX_SAFE_INTEGER:
            return value
        try:
            return float(value)
        except OverflowError:
            raise ValueError("the arguments hold an integer beyond a double's range") from None
    if kind is float:
        if not math.isfinite(value):
            raise ValueError("the arguments hold a number that is not finite")
        return value
    if kind is list or kind is tuple:
        items = []
        for item in value:  # a loop, not a comprehension: no frame more a level
            items.append(_json_copy(item, depth + 1))
        return items
    if kind is dict:
        out: dict[str, Any] = {}
        for key, item in value.items():
            if type(key) is not str:
                raise TypeError("the arguments hold an object member whose name is not a string")
            _well_formed(key)
            out[key] = _json_copy(item, depth + 1)
        return out
    raise TypeError(f"the arguments hold a value of type {kind.__name__}, which is not JSON")


def _well_formed(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("the arguments hold a string that is not well-formed Unicode") from None


def call_fingerprint(tool: str, arguments: Any) -> str:
    """The fingerprint of a call of ``tool`` (its name as the model called it) with ``arguments`` (a
    JSON object; ``{}`` when the tool takes none): lowercase hex SHA-256 of the JCS text of
    ``{"arguments": arguments, "tool": tool}``. Arguments that are not a JSON object, or hold a
    value JSON has not, are refused without being quoted."""
    if type(tool) is not str or tool == "":
        raise TypeError("a tool name must be a non-empty string")
    try:
        tool.encode("utf-8")
    except UnicodeEncodeError:
        raise TypeError("a tool name must be well-formed Unicode (it holds a lone surrogate)") from None
    if type(arguments) is not dict:
        raise TypeError("a call's arguments must be a JSON object (a dict)")
    text = python_canonical_json({"arguments": _json_copy(arguments, 0), "tool": tool})
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
