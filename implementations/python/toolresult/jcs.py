"""RFC 8785 (JCS) serialization of a bounded JSON value.

Only bounded values reach it (well-formed strings, finite safe numbers, depth at most 64), so a
plain recursive writer is safe here; the bounder is what guarantees those properties.
"""

from __future__ import annotations

from typing import Any

from .ecmascript_number import format_number

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


def canonical_json(value: Any) -> str:
    """The JCS text of ``value``; encode it as UTF-8 for the canonical octets."""
    out: list[str] = []
    _write(value, out)
    return "".join(out)
