"""An iterative JSON reader with no depth limit (TR-NORM-56, TR-NORM-4; pattern rule "Parsers' own limits").

``json.loads`` recurses, so a text nested past the recursion limit fails to parse, and where a
failure decides which channel bytes go to (a LangChain content string that is a JSON object), a
parser's own limit would turn run-only data into model text. This reader accepts exactly what
ECMAScript's ``JSON.parse`` accepts (RFC 8259: whitespace is space, tab, LF, CR; no NaN, no
trailing commas, no control characters in strings; ``\\u`` escapes may give lone surrogates), keeps
a repeated member name's last value at its first position, and reads numbers as JSON.parse does:
an integer within +-2^53 stays an ``int``, every other number is the nearest double. Its stack is a
list, so depth costs memory in proportion to the text, never recursion.
"""

from __future__ import annotations

import json
import re
from typing import Any

_WHITESPACE = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?")
_PLAIN_RUN = re.compile(r'[^"\\\x00-\x1f]*')
_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_HEX = frozenset("0123456789abcdefABCDEF")
_SPACES = " \t\n\r"
_OPEN_RUN = re.compile(r"\[+")
_SAFE_DIGITS = 16  # an integer of at most 16 digits is within 2^53 or close enough to test exactly
_MAX_SAFE_INTEGER = 2**53 - 1


class JsonSyntaxError(ValueError):
    """The text is not one JSON value (the message gives an offset, never the text)."""


def _number(token: str, fraction: str | None, exponent: str | None) -> int | float:
    if fraction is None and exponent is None and len(token.lstrip("-")) <= _SAFE_DIGITS:
        value = int(token)
        if -_MAX_SAFE_INTEGER <= value <= _MAX_SAFE_INTEGER:
            return value
    return float(token)  # the nearest double, as JSON.parse reads it (inf past the double range)


def _string(text: str, i: int) -> tuple[str, int]:
    """The string whose opening quote is at ``i - 1``; returns it and the offset past its closing quote."""
    parts: list[str] = []
    while True:
        run = _PLAIN_RUN.match(text, i)
        assert run is not None  # the pattern matches the empty string
        if run.end() > i:
            parts.append(run.group())
            i = run.end()
        if i >= len(text):
            raise JsonSyntaxError(f"unterminated string at offset {i}")
        ch = text[i]
        if ch == '"':
            return "".join(parts), i + 1
        if ch != "\\":
            raise JsonSyntaxError(f"control character in string at offset {i}")
        escape = text[i + 1 : i + 2]
        if escape in _ESCAPES:
            parts.append(_ESCAPES[escape])
            i += 2
            continue
        if escape != "u":
            raise JsonSyntaxError(f"invalid escape at offset {i}")
        digits = text[i + 2 : i + 6]
        if len(digits) != 4 or any(d not in _HEX for d in digits):
            raise JsonSyntaxError(f"invalid unicode escape at offset {i}")
        unit = int(digits, 16)
        i += 6
        if 0xD800 <= unit <= 0xDBFF and text.startswith("\\u", i):
            low_digits = text[i + 2 : i + 6]
            if len(low_digits) == 4 and all(d in _HEX for d in low_digits):
                low = int(low_digits, 16)
                if 0xDC00 <= low <= 0xDFFF:
                    parts.append(chr(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)))
                    i += 6
                    continue
        parts.append(chr(unit))  # a lone surrogate stays one, as in a JavaScript string


def _js_int(token: str) -> int | float:
    return _number(token, None, None)


def _reject_constant(_name: str) -> Any:
    raise JsonSyntaxError("NaN and Infinity are not JSON")


def _unique_members(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in pairs:
        if name in out:
            raise JsonSyntaxError("duplicate member name")
        out[name] = value
    return out


def read_json(text: str, *, reject_duplicates: bool = False) -> Any:
    """The value of the JSON text ``text``; JsonSyntaxError when it is not exactly one JSON value.

    With ``reject_duplicates`` an object that names a member twice is an error (for a reader whose
    rule refuses them); otherwise the last value wins, as in JSON.parse. The C parser reads the
    text first (same acceptance; integers go through ``_js_int``, so CPython's int-digits limit never
    applies); a text nested past the recursion limit is read again by the iterative reader.
    """
    try:
        return json.loads(text, parse_int=_js_int, parse_constant=_reject_constant,
                          object_pairs_hook=_unique_members if reject_duplicates else None)
    except RecursionError:
        return read_json_iteratively(text, reject_duplicates=reject_duplicates)
    except JsonSyntaxError:
        raise
    except ValueError as error:
        raise JsonSyntaxError("not a JSON text") from error


def read_json_iteratively(text: str, *, reject_duplicates: bool = False) -> Any:
    """``read_json`` without the C parser: an explicit stack, so any depth reads."""
    # Open containers: (container, pending member name or None). A value read is put into the top one.
    stack: list[tuple[Any, str | None]] = []
    i = _WHITESPACE.match(text, 0).end()  # type: ignore[union-attr]
    n = len(text)
    while True:
        if i >= n:
            raise JsonSyntaxError(f"unexpected end at offset {i}")
        ch = text[i]
        value: Any
        if ch == "[" and text.startswith("[[", i):
            # A run of "[": each but the last opens an array whose first item is the next one.
            end = _OPEN_RUN.match(text, i).end()  # type: ignore[union-attr]
            for _ in range(end - i - 1):
                stack.append(([], None))
            i = end - 1
        if ch == "{" or ch == "[":
            container: Any = {} if ch == "{" else []
            i += 1
            if i < n and text[i] in _SPACES:  # the regex only where there is whitespace
                i = _WHITESPACE.match(text, i).end()  # type: ignore[union-attr]
            closing = "}" if ch == "{" else "]"
            if text[i : i + 1] == closing:
                value = container
                i += 1
            else:
                if ch == "{":
                    if text[i : i + 1] != '"':
                        raise JsonSyntaxError(f"expected a member name at offset {i}")
                    name, i = _string(text, i + 1)
                    if i < n and text[i] in _SPACES:  # the regex only where there is whitespace
                        i = _WHITESPACE.match(text, i).end()  # type: ignore[union-attr]
                    if text[i : i + 1] != ":":
                        raise JsonSyntaxError(f"expected ':' at offset {i}")
                    i += 1
                    if i < n and text[i] in _SPACES:  # the regex only where there is whitespace
                        i = _WHITESPACE.match(text, i).end()  # type: ignore[union-attr]
                    stack.append((container, name))
                else:
                    stack.append((container, None))
                continue
        elif ch == '"':
            value, i = _string(text, i + 1)
        elif ch == "t" and text.startswith("true", i):
            value, i = True, i + 4
        elif ch == "f" and text.startswith("false", i):
            value, i = False, i + 5
        elif ch == "n" and text.startswith("null", i):
            value, i = None, i + 4
        else:
            number = _NUMBER.match(text, i)
            if number is None:
                raise JsonSyntaxError(f"unexpected character at offset {i}")
            value, i = _number(number.group(), number.group(1), number.group(2)), number.end()

        # Put the value in place, then close every container that ends here.
        while True:
            if i < n and text[i] in _SPACES:  # the regex only where there is whitespace
                i = _WHITESPACE.match(text, i).end()  # type: ignore[union-attr]
            if not stack:
                if i != n:
                    raise JsonSyntaxError(f"text after the value at offset {i}")
                return value
            container, pending = stack[-1]
            if pending is None:
                container.append(value)
            else:
                if reject_duplicates and pending in container:
                    raise JsonSyntaxError(f"duplicate member name before offset {i}")
                container[pending] = value
            ch = text[i : i + 1]
            if ch == ",":
                i += 1
                if i < n and text[i] in _SPACES:  # the regex only where there is whitespace
                    i = _WHITESPACE.match(text, i).end()  # type: ignore[union-attr]
                if pending is not None:
                    if text[i : i + 1] != '"':
                        raise JsonSyntaxError(f"expected a member name at offset {i}")
                    name, i = _string(text, i + 1)
                    if i < n and text[i] in _SPACES:  # the regex only where there is whitespace
                        i = _WHITESPACE.match(text, i).end()  # type: ignore[union-attr]
                    if text[i : i + 1] != ":":
                        raise JsonSyntaxError(f"expected ':' at offset {i}")
                    i += 1
                    if i < n and text[i] in _SPACES:  # the regex only where there is whitespace
                        i = _WHITESPACE.match(text, i).end()  # type: ignore[union-attr]
                    stack[-1] = (container, name)
                break
            if ch != ("]" if pending is None else "}"):
                raise JsonSyntaxError(f"expected ',' or a closing bracket at offset {i}")
            stack.pop()
            value = container
            i += 1
            # A run of "]" closing arrays held by arrays: each takes the one just closed as its last item.
            while i < n and text[i] == "]" and stack and stack[-1][1] is None:
                parent = stack.pop()[0]
                parent.append(value)
                value = parent
                i += 1
