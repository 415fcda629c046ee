"""The adapter operations (spec 9.3): each takes a tagged input and returns plain JSON output."""

from __future__ import annotations

from typing import Any, Callable

import toolresult
from toolresult import ABSENT, BoundOptions, OptionsError, ToolResult, bound, coerce_text, measure
from toolresult import generated_types as schema
from toolresult.coercion import is_text

from toolresult.normalize import NormalizeOptions, normalize

from .decode_tagged import decode_tagged

ADAPTER_NAME = "toolresult-python"
PROTOCOL = "toolresult-adapter/1"


class OpError(Exception):
    """An answer with ok: false. The message never carries a value from the input."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


Op = Callable[[dict], dict]


def _options(raw: Any) -> BoundOptions:
    try:
        return BoundOptions.from_json(raw)
    except OptionsError as error:
        raise OpError("options.invalid", str(error)) from None


_UNDEFINED_TAG = {"$tr": "opaque", "kind": "undefined"}


def _channel(raw: dict, name: str) -> Any:
    """A run-only channel of a result input. A member that is missing, or whose value is JavaScript's
    undefined, is a channel the tool did not give: Python's counterpart is leaving the argument out."""
    if name not in raw or raw[name] == _UNDEFINED_TAG:
        return ABSENT
    return decode_tagged(raw[name])


def build_result(raw: Any) -> Any:
    """A tool result built from a result input with the implementation's constructors (spec 9.3).

    The error constructor takes no artifacts (TR-MODEL-2); an error input that comes with artifacts
    is handed to the bounder as a plain mapping, as an untyped caller would, so that it can drop them.
    Earlier warnings (a normalizer's, say) come as codes and go in unchanged.
    """
    if type(raw) is not dict:
        raise OpError("input.invalid", "result must be an object")
    content = decode_tagged(raw.get("content"))
    structured = _channel(raw, "structured")
    artifacts = _channel(raw, "artifacts")
    warnings = raw.get("warnings", [])
    codes = [w.get("code") if type(w) is dict else w for w in warnings] if type(warnings) is list else []
    if raw.get("isError") is True and artifacts is not ABSENT:
        mapping: dict[str, Any] = {"content": content, "isError": True, "artifacts": artifacts, "warnings": codes}
        if structured is not ABSENT:
            mapping["structured"] = structured
        return mapping
    if raw.get("isError") is True:
        return ToolResult.error(content, structured=structured, warnings=codes)
    return ToolResult.text(content, artifacts=artifacts, structured=structured, warnings=codes)


def op_hello(payload: dict) -> schema.HelloOutput:
    if payload.get("protocol") != PROTOCOL:
        raise OpError("protocol.unsupported", "this adapter speaks " + PROTOCOL)
    return {
        "name": ADAPTER_NAME,
        "version": toolresult.__version__,
        "language": "python",
        "protocol": PROTOCOL,
        "groups": list(GROUPS),
        "stringModel": "codepoints",
        "cycles": True,
        "opaqueValues": True,
    }


def op_stop(payload: dict) -> dict:
    return {}


def op_coerce(payload: dict) -> schema.CoerceOutput:
    value = decode_tagged(payload.get("value"))
    if not is_text(value):
        raise OpError("input.invalid", "value must be a string")
    return {"text": coerce_text(value)}


def op_measure(payload: dict) -> schema.MeasureOutput:
    budget = payload.get("budget")
    if type(budget) is not int or budget < 0:
        raise OpError("input.invalid", "budget must be a non-negative integer")
    measured = measure(decode_tagged(payload.get("value")), budget)
    out: dict[str, Any] = {"verdict": measured.verdict}
    if measured.verdict == "ok":
        out["octets"] = measured.octets
    return out  # type: ignore[return-value]


def op_bound(payload: dict) -> schema.BoundOutput:
    options = _options(payload.get("options"))
    return {"result": dict(bound(build_result(payload.get("result")), options).to_json())}


_NORMALIZE_GROUPS = {"mcp": "normalize-mcp", "langchain": "normalize-langchain", "local": "normalize-local"}


def op_normalize(payload: dict) -> schema.NormalizeOutput:
    source = payload.get("source")
    if source not in _NORMALIZE_GROUPS:
        raise OpError("input.invalid", "source must be mcp, langchain or local")
    try:
        options = NormalizeOptions.from_json(payload.get("options"))
    except OptionsError as error:
        raise OpError("options.invalid", str(error)) from None
    if "value" not in payload:
        raise OpError("input.invalid", "value is required")
    value = decode_tagged(payload["value"])
    return {"result": dict(normalize(source, value, options).to_json())}


GROUPS: tuple[schema.Group, ...] = ("bound", "normalize-mcp", "normalize-langchain", "normalize-local")

OPS: dict[str, Op] = {
    "hello": op_hello,
    "stop": op_stop,
    "coerce": op_coerce,
    "measure": op_measure,
    "bound": op_bound,
    "normalize": op_normalize,
}
