"""RFC 8785 (JCS) serialization of a bounded JSON value.

Only bounded values reach it (exact JSON types, well-formed strings, finite safe numbers, depth
at most 64), so a plain recursive writer is safe here, and so is the C encoder, which writes most
values; the bounder is what guarantees those properties.
"""

from __future__ import annotations

import gc
import json.encoder
import math
from itertools import chain, compress, repeat
from operator import is_
from typing import Any

from .ecmascript_number import format_number
from .plain_json import JsonSnapshot

_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
_TABLE = {cp: _ESCAPES.get(chr(cp), f"\\u{cp:04x}") for cp in range(0x20)}
_TABLE[ord('"')] = '\\"'
_TABLE[ord("\\")] = "\\\\"


def _string(text: str) -> str:
    return '"' + text.translate(_TABLE) + '"'


def _utf16_key(key: str) -> bytes:
    # RFC 8785 sorts member names by their UTF-16 code units, not by code points.
    return key.encode("utf-16-be")


def _write(value: Any, out: list[str]) -> None:
    if value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif type(value) is int or type(value) is float:
        out.append(format_number(value))
    elif type(value) is str:
        out.append(_string(value))
    elif type(value) is list:
        out.append("[")
        for index, item in enumerate(value):
            if index:
                out.append(",")
            _write(item, out)
        out.append("]")
    elif type(value) is dict:
        out.append("{")
        for index, key in enumerate(sorted(value, key=_utf16_key)):
            if index:
                out.append(",")
            out.append(_string(key))
            out.append(":")
            _write(value[key], out)
        out.append("}")
    else:
        raise TypeError("not a bounded JSON value")


# The C encoder, members sorted: for a bounded value it writes the JCS text whenever the two checks
# of _c_writes_jcs hold. None where the interpreter has no _json accelerator.
_MAKE_ENCODER: Any = getattr(json.encoder, "c_make_encoder", None)
_C_SORTED: Any = (
    None
    if _MAKE_ENCODER is None
    else _MAKE_ENCODER(None, None, getattr(json.encoder, "encode_basestring"), None, ":", ",", True, False, False)
)
# repr() writes a float below this in exponent form, ECMAScript only below 1e-6.
_POSITIONAL_FLOOR = 1e-4
_ASTRAL = "\U00010000"


def _c_writes_jcs(value: Any) -> bool:
    """Whether the C encoder's text of the bounded ``value`` is its JCS text.

    A bounded value holds exact JSON types, well-formed strings, safe integers and non-integral
    finite floats (the bounder writes an integral one as an integer). The C encoder escapes what
    RFC 8785 escapes; two things may differ, and are looked for level by level with C built-ins:
    a float below 1e-4 in magnitude (repr writes an exponent, ECMAScript positional digits down to
    1e-6), and a key with a character beyond U+FFFF (Python sorts keys by code point, JCS by
    UTF-16 code unit: the two orders differ only between such a key and one with U+E000..U+FFFF).
    """
    level = [value]
    while level:
        types = list(map(type, level))  # exact JSON types only: counting them by == is safe
        if types.count(float):
            floats = list(compress(level, map(is_, types, repeat(float))))
            # (Integral or non-finite floats are not bounded values; they are the writer's too.)
            if (
                min(map(math.fabs, floats)) < _POSITIONAL_FLOOR
                or not all(map(math.isfinite, floats))
                or any(map(float.is_integer, floats))
            ):
                return False
        dicts = list(compress(level, map(is_, types, repeat(dict)))) if types.count(dict) else []
        lists = list(compress(level, map(is_, types, repeat(list)))) if types.count(list) else []
        if dicts:
            keys = "".join(chain.from_iterable(dicts))
            if not keys.isascii() and max(keys) >= _ASTRAL:
                return False
        below = gc.get_referents(*dicts, *lists)
        # Every value and element listed (a dict of str keys lists its values, else its keys too).
        if len(below) < sum(map(len, dicts)) + sum(map(len, lists)):
            return False
        level = below
    return True


def canonical_json(value: Any) -> str:
    """The JCS text of the bounded ``value``; encode it as UTF-8 for the canonical octets. Written
    by the C encoder when that gives the same text (_c_writes_jcs), else member by member here."""
    if _C_SORTED is not None and _c_writes_jcs(value):
        return "".join(_C_SORTED(value, 0))
    out: list[str] = []
    _write(value, out)
    return "".join(out)


def canonical_json_kept(kept: Any, source: Any) -> str:
    """The JCS text of what the bounder kept of ``source`` (BoundedResult's internal channel).

    When the bounder kept a snapshot of ``source`` itself (proven plain, no string coerced, no key
    ordered otherwise by UTF-16 code units: plain_json.JsonSnapshot), the C encoder sorts ``source``
    directly, and no copy is read back first; a snapshot of a value without objects is its own JCS
    text. ``source`` must be the value the bounder was given,
    with nothing run between the two (the proof holds for it as it was measured)."""
    if type(kept) is JsonSnapshot:
        if kept.is_jcs:
            return kept.text
        if kept.verbatim and kept.sorts_as_jcs and _C_SORTED is not None:
            try:
                return "".join(_C_SORTED(source, 0))
            except (TypeError, ValueError, RecursionError):
                pass  # the source changed since it was measured (another thread): the copy it kept
    return canonical_json(kept.thaw() if type(kept) is JsonSnapshot else kept)


def python_canonical_json(value: Any) -> str:
    """The JCS text written member by member in Python: the oracle the C path is tested against."""
    out: list[str] = []
    _write(value, out)
    return "".join(out)
