"""The adapter operations (spec 9.3): each takes a tagged input and returns plain JSON output."""

from __future__ import annotations

import json
from typing import Any, Callable, Mapping

import toolresult
from toolresult import ABSENT, BoundOptions, OptionsError, ToolResult, bound, coerce_text, measure
from toolresult import generated_types as schema
from toolresult.coercion import is_text

from toolresult.normalize import NormalizeOptions, PendingCall, normalize

from toolresult.egress import wire_message
from toolresult.exposure import expose
from toolresult.hooks import transform_tool_result
from toolresult.ledger import LedgerError, persist, restore
from toolresult.privacy import audit_record, live_event, suspend_state

from .decode_tagged import TagError, decode_tagged
from .hook_descriptions import BadHookDescription, build_hook
from .options_input import with_undefined_budgets

ADAPTER_NAME = "toolresult-python"
PROTOCOL = "toolresult-adapter/1"


class OpError(Exception):
    """An answer with ok: false. The message never carries a value from the input."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


# An op's output is a TypedDict of generated_types (the schema's), or {} for stop.
Op = Callable[[dict[str, Any]], Mapping[str, object]]


def _options(raw: Any) -> BoundOptions:
    try:
        return BoundOptions.from_json(with_undefined_budgets(raw))
    except OptionsError as error:
        raise OpError("options.invalid", str(error)) from None


_UNDEFINED_TAG = {"$tr": "opaque", "kind": "undefined"}


def _channel(raw: dict[str, Any], name: str) -> Any:
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
        raise OpError("adapter.bad_input", "result must be an object")
    if "$tr" in raw and type(decode_tagged(raw)) is not dict:
        # A tag that stands for no object (the undefined tag: a result not given) is no result input.
        raise OpError("adapter.bad_input", "result must be an object")
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


def op_hello(payload: dict[str, Any]) -> schema.HelloOutput:
    if payload.get("protocol") != PROTOCOL:
        raise OpError("adapter.bad_input", "this adapter speaks " + PROTOCOL)
    return {
        "name": ADAPTER_NAME,
        "version": toolresult.__version__,
        "language": "python",
        "protocol": PROTOCOL,
        "groups": list(GROUPS),
        "stringModel": "codepoints",
        "cycles": True,
        "opaqueValues": True,
        # The package carries the spec's version (the drift test holds them equal): the kit explains
        # a failure by what changed since the version named here (TR-CONF-24).
        "specVersion": toolresult.__version__,
    }


def op_stop(payload: dict[str, Any]) -> dict[str, Any]:
    return {}


def op_decode(payload: dict[str, Any]) -> dict[str, Any]:
    """The cost profile's floor: decode the value as every op does, and do nothing with it."""
    decode_tagged(payload.get("value"))
    return {}


def _repeat(payload: dict[str, Any]) -> int:
    """The ``repeat`` of the common-case profile's ops: how many times to do the work (absent: 1)."""
    times = payload.get("repeat", 1)
    if type(times) is float and times.is_integer():
        times = int(times)
    if type(times) is not int or times < 1:
        raise OpError("adapter.bad_input", "repeat must be an integer of at least 1")
    return times


def op_serialize(payload: dict[str, Any]) -> schema.SerializeOutput:
    """The common-case floor: Python's own serializer and the text's UTF-8 length, nothing else.

    A lone surrogate (sent as a ``utf16`` tag) is passed through by ``surrogatepass``: three octets,
    as many as the U+FFFD the bounder puts in its place, at the native encoder's speed.
    """
    times = _repeat(payload)
    value = decode_tagged(payload.get("value"))
    octets = 0
    for _ in range(times):
        octets = len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "surrogatepass"))
    return {"octets": octets}


def op_coerce(payload: dict[str, Any]) -> schema.CoerceOutput:
    value = decode_tagged(payload.get("value"))
    if not is_text(value):
        raise OpError("adapter.bad_input", "value must be a string")
    return {"text": coerce_text(value)}


def op_measure(payload: dict[str, Any]) -> schema.MeasureOutput:
    budget = payload.get("budget")
    # An integer in the protocol's sense: 9.0 is 9 (JSON Schema's integer, TR-CONF-6 builds it as a float).
    if type(budget) is float and budget.is_integer() and budget >= 0:
        budget = int(budget)
    if type(budget) is not int or budget < 0:
        raise OpError("adapter.bad_input", "budget must be a non-negative integer")
    measured = measure(decode_tagged(payload.get("value")), budget)
    out: dict[str, Any] = {"verdict": measured.verdict}
    if measured.verdict == "ok":
        out["octets"] = measured.octets
    return out  # type: ignore[return-value]


def _bounded(payload: dict[str, Any]) -> tuple[Any, BoundOptions]:
    """The bounded result of an op's ``{result, options?}`` input: the result input's shape is checked
    before the options (TR-CONF-21), so a result input that is a list is a bad input beside any options.

    With ``repeat`` (the common-case profile) the one built result is bounded that many times."""
    result = build_result(payload.get("result"))
    times = _repeat(payload)
    options = _options(payload.get("options"))
    for _ in range(times - 1):
        bound(result, options)
    return bound(result, options), options


def _exposed(payload: dict[str, Any], bounded: Any, options: BoundOptions) -> Any:
    """``bounded`` under the input's exposure policy (spec 12); no ``exposure`` member is ``none``."""
    # Tagged values in the policy are decoded like every other part of the input (TR-CONF-4); a tag
    # that cannot be decoded makes the policy invalid.
    try:
        policy = decode_tagged(payload.get("exposure"))
    except TagError:
        raise OpError("options.invalid", "the exposure policy holds a tagged value that cannot be decoded") from None
    try:
        return expose(bounded, policy, options)
    except OptionsError as error:
        raise OpError("options.invalid", str(error)) from None


def _result(payload: dict[str, Any]) -> Any:
    """What the wire and the sinks are given: the input bounded, then exposed with the same budgets."""
    bounded, options = _bounded(payload)
    return _exposed(payload, bounded, options)


def op_bound(payload: dict[str, Any]) -> schema.BoundOutput:
    return {"result": dict(_result(payload).to_json())}


def op_wire(payload: dict[str, Any]) -> schema.WireOutput:
    return {"message": wire_message(_result(payload))}


def op_audit(payload: dict[str, Any]) -> schema.AuditOutput:
    levels = payload.get("levels", [])
    if type(levels) is not list:
        raise OpError("adapter.bad_input", "levels must be a list")
    return {"record": audit_record(_result(payload), levels)}


def op_live(payload: dict[str, Any]) -> schema.LiveOutput:
    return {"event": live_event(_result(payload))}


def op_suspend(payload: dict[str, Any]) -> schema.SuspendOutput:
    return {"state": suspend_state(_result(payload))}


def op_persist(payload: dict[str, Any]) -> schema.PersistOutput:
    return {"entry": persist(_result(payload))}


def op_restore(payload: dict[str, Any]) -> schema.RestoreOutput:
    options = _options(payload.get("options"))
    if type(payload.get("entry")) is not str:
        raise OpError("adapter.bad_input", "entry must be a string")
    try:
        return {"result": dict(restore(payload["entry"], options).to_json())}
    except LedgerError as error:
        raise OpError(error.code, str(error)) from None


def op_hooks(payload: dict[str, Any]) -> schema.HooksOutput:
    descriptions = payload.get("hooks")
    if type(descriptions) is not list:
        raise OpError("adapter.bad_input", "hooks must be a list")
    try:
        hooks = [build_hook(d) for d in descriptions]
    except BadHookDescription as error:
        raise OpError("adapter.bad_input", str(error)) from None
    bounded, options = _bounded(payload)
    # Exposure comes after the hooks, as in a runtime's seam (TR-EXPOSE-3).
    return {"result": dict(_exposed(payload, transform_tool_result(bounded, hooks, options), options).to_json())}


_NORMALIZE_GROUPS = {
    "mcp": "normalize-mcp",
    "langchain": "normalize-langchain",
    "local": "normalize-local",
    "local-result": "normalize-local",
}


def op_normalize(payload: dict[str, Any]) -> schema.NormalizeOutput:
    source = payload.get("source")
    if type(source) is not str or source not in _NORMALIZE_GROUPS:
        raise OpError("adapter.bad_input", "source must be mcp, langchain, local or local-result")
    if "value" not in payload:
        raise OpError("adapter.bad_input", "value is required")
    # A local tool that returned a tool result (spec 9.3, TR-NORM-62): the value is a result input,
    # built with the implementation's constructors and handed to the local normalizer; its shape is
    # checked before the options (TR-CONF-21).
    local_result = build_result(payload["value"]) if source == "local-result" else None
    try:
        options = NormalizeOptions.from_json(with_undefined_budgets(payload.get("options")))
    except OptionsError as error:
        raise OpError("options.invalid", str(error)) from None
    if source == "local-result":
        return {"result": dict(normalize("local", local_result, options).to_json())}
    value = decode_tagged(payload["value"])
    kind: Any = source  # one of mcp, langchain, local: local-result is handled above
    try:
        return {"result": dict(normalize(kind, value, options).to_json())}
    except PendingCall as pending:
        # TR-NORM-23, TR-NORM-24: an answer that is not finished is no result; the kit reads `pending`.
        record: Any = pending.to_json()
        return {"pending": record}


GROUPS: tuple[schema.Group, ...] = (
    "bound", "egress", "sinks", "ledger", "hooks", "normalize-mcp", "normalize-langchain", "normalize-local", "exposure",
)

OPS: dict[str, Op] = {
    "hello": op_hello,
    "stop": op_stop,
    "decode": op_decode,
    "serialize": op_serialize,
    "coerce": op_coerce,
    "measure": op_measure,
    "bound": op_bound,
    "wire": op_wire,
    "audit": op_audit,
    "live": op_live,
    "suspend": op_suspend,
    "persist": op_persist,
    "restore": op_restore,
    "hooks": op_hooks,
    "normalize": op_normalize,
}
