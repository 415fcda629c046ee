"""Tagged values (schemas/conformance/tagged-value.schema.json) to native Python values (TR-CONF-4).

Nothing here measures or rejects: octets stay ``bytes`` (the implementation's octet coercion
handles them; only an object key given as octets is turned into a ``str`` here, see ``_object``), UTF-16 units become a ``str`` that keeps its unpaired surrogates, and opaque
kinds become real Python objects that are not JSON data.
"""

from __future__ import annotations

import collections
import datetime
from typing import Any, Callable

from toolresult.coercion import coerce_bytes

from .decimal_integer import decimal_integer
from toolresult.result import ABSENT


class TagError(ValueError):
    """A tag the adapter cannot decode (a bad request, not a finding about the implementation)."""


def utf16_to_str(units: list[int]) -> str:
    """One code point per unit, except that a high surrogate followed by a low one is one code point."""
    out: list[str] = []
    i = 0
    while i < len(units):
        unit = units[i]
        if 0xD800 <= unit <= 0xDBFF and i + 1 < len(units) and 0xDC00 <= units[i + 1] <= 0xDFFF:
            out.append(chr(0x10000 + ((unit - 0xD800) << 10) + (units[i + 1] - 0xDC00)))
            i += 2
        else:
            out.append(chr(unit))
            i += 1
    return "".join(out)


# ------------------------------------------------------------------ opaque values


class Plain:
    def __init__(self) -> None:
        self.secret = "opaque-instance-field"


class _TouchyDict(dict[Any, Any]):
    """A mapping whose reads run code. JavaScript's ``{get value() {…}}`` and ``{toJSON() {…}}`` are
    objects whose members are not plain data; Python's nearest is a dict subclass that overrides its
    readers. It is still a mapping (a normalizer sees an object whose fields are not data) and not
    a plain dict (the bounder counts it as one unencodable node)."""

    def _touched(self, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a reader of an opaque mapping ran")

    __getitem__ = get = keys = items = values = __iter__ = __len__ = __contains__ = _touched  # type: ignore[assignment]


class GetterDict(_TouchyDict):
    @property
    def value(self) -> str:
        raise RuntimeError("getter must not be called")


class ToJsonDict(_TouchyDict):
    def toJSON(self) -> str:  # noqa: N802 - the JavaScript name on purpose
        raise RuntimeError("toJSON must not be called")

    to_json = __json__ = toJSON


class Trap:
    """Python's nearest thing to a Proxy: every hook raises, so touching it at all is visible."""

    def __getattribute__(self, name: str) -> Any:
        raise RuntimeError("proxy trap must not run")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("proxy trap must not run")

    def __hash__(self) -> int:
        raise RuntimeError("proxy trap must not run")

    def __len__(self) -> int:
        raise RuntimeError("proxy trap must not run")

    def __iter__(self) -> Any:
        raise RuntimeError("proxy trap must not run")

    def __repr__(self) -> str:
        raise RuntimeError("proxy trap must not run")


def _function() -> None:
    return None


OPAQUE: dict[str, Callable[[], Any]] = {
    # JavaScript's undefined is "a value that is not there": Python's nearest is the library's own
    # ABSENT marker. A normalizer reads a member holding it as missing (spec 9.2, TR-NORM-64); as a
    # value inside data it is one unencodable node, like any object that is not JSON (TR-BOUND-6).
    "undefined": lambda: ABSENT,
    "function": lambda: _function,
    "symbol": object,
    "date": lambda: datetime.datetime(2026, 1, 2, 3, 4, 5, tzinfo=datetime.timezone.utc),
    "map": lambda: collections.ChainMap({"k": "v"}),  # a mapping class, not a dict
    "set": lambda: {1, 2, 3},
    "bytes-object": lambda: bytearray(b"\x00\x01\x02"),
    "class-instance": Plain,
    "getter": GetterDict,
    "throwing-getter": GetterDict,
    "to-json": ToJsonDict,
    "proxy": Trap,
    "non-string-key": lambda: {1: "one"},
}


# ------------------------------------------------------------------ decoding


def _nest(tag: dict[str, Any], ancestors: list[Any]) -> Any:
    depth = tag["depth"]
    if type(depth) is not int or depth < 0:
        raise TagError("nest depth must be a non-negative integer")
    if depth == 0:
        return _decode(tag["leaf"], ancestors)
    kind = tag["kind"]
    key = tag.get("key", "k")
    outer: Any = [] if kind == "array" else {}
    node = outer
    pushed = 0
    for level in range(depth):
        ancestors.append(node)
        pushed += 1
        if level == depth - 1:
            break
        child: Any = [] if kind == "array" else {}
        if kind == "array":
            node.append(child)
        else:
            node[key] = child
        node = child
    leaf = _decode(tag["leaf"], ancestors)
    if kind == "array":
        node.append(leaf)
    else:
        node[key] = leaf
    del ancestors[len(ancestors) - pushed :]
    return outer


def _repeat(tag: dict[str, Any], ancestors: list[Any]) -> Any:
    count = tag["count"]
    if type(count) is not int or count < 0:
        raise TagError("repeat count must be a non-negative integer")
    if "item" not in tag:
        if type(tag["text"]) is not str:
            raise TagError("repeat text must be a string")
        return tag["text"] * count
    out: list[Any] = []
    ancestors.append(out)
    item = _decode(tag["item"], ancestors)
    ancestors.pop()
    out.extend([item] * count)  # copies by reference: equal values, no cycle
    return out


def _object(tag: dict[str, Any], ancestors: list[Any]) -> dict[Any, Any]:
    """An object from ordered entries. A key given as octets becomes a ``str`` through the
    implementation's octet coercion (spec 9.2, for a code-point language), so an object's keys are
    strings as in every other language: two entries whose keys decode to the same string are one
    member, the later value winning, exactly as a JavaScript or PHP adapter builds them."""
    out: dict[Any, Any] = {}
    ancestors.append(out)
    for key, value in tag["entries"]:
        native_key = _decode(key, ancestors)
        if type(native_key) is bytes:
            native_key = coerce_bytes(native_key)
        if type(native_key) is not str:  # a key is a TaggedString: string, bytes, utf16 or repeat text
            raise TagError("object key must be a string")
        out[native_key] = _decode(value, ancestors)
    ancestors.pop()
    return out


def _tag(tag: dict[str, Any], ancestors: list[Any]) -> Any:
    kind = tag["$tr"]
    if kind == "bytes":
        return bytes.fromhex(tag["hex"])
    if kind == "utf16":
        return utf16_to_str(tag["units"])
    if kind == "number":
        return {"NaN": float("nan"), "Infinity": float("inf"), "-Infinity": float("-inf"), "-0": -0.0}[tag["value"]]
    if kind == "bigint":
        try:
            return decimal_integer(tag["value"])  # any length: no int-digits limit, not quadratic
        except ValueError as error:
            raise TagError("bigint value must be a decimal integer") from error
    if kind == "nest":
        return _nest(tag, ancestors)
    if kind == "repeat":
        return _repeat(tag, ancestors)
    if kind == "cycle":
        up = tag["up"]
        if type(up) is not int or not 1 <= up <= len(ancestors):
            raise TagError("cycle tag points above the outermost container")
        return ancestors[-up]
    if kind == "object":
        return _object(tag, ancestors)
    if kind == "opaque":
        return OPAQUE[tag["kind"]]()
    raise TagError("unknown tag")


def _decode(value: Any, ancestors: list[Any]) -> Any:
    if type(value) is list:
        out: list[Any] = []
        ancestors.append(out)
        for item in value:
            out.append(_decode(item, ancestors))
        ancestors.pop()
        return out
    if type(value) is dict:
        if "$tr" in value:
            try:
                return _tag(value, ancestors)
            except (KeyError, TypeError) as error:
                raise TagError("malformed tag") from error
        result: dict[str, Any] = {}
        ancestors.append(result)
        for key, item in value.items():
            result[key] = _decode(item, ancestors)
        ancestors.pop()
        return result
    return value


def decode_tagged(value: Any) -> Any:
    """The native value of a tagged value. Plain JSON nests no deeper than the parser allows, and the
    deep values come from nest tags, which are built with a loop."""
    return _decode(value, [])
