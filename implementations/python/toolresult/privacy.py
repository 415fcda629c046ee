"""Audit records by privacy level (spec 06, TR-PRIV-*), the live event and the suspend state (spec 05)."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from . import generated_types as schema
from .json_measure import measure
from .redactor import MASK, Redactor, default_redactor
from .result import ABSENT, BoundedResult, require_bounded

LEVELS: tuple[schema.PrivacyLevel, ...] = ("none", "metadata", "redacted", "full")  # strictest first
DEFAULT_LEVEL: schema.PrivacyLevel = "metadata"
_KNOWN_TYPES = frozenset(schema.ARTIFACT_TYPE_VALUES)


def effective_level(settings: Iterable[Any]) -> schema.PrivacyLevel:
    """The strictest of the levels set; none set is ``metadata``; an unknown setting counts as ``none``."""
    ranks = [LEVELS.index(s) if type(s) is str and s in LEVELS else 0 for s in settings]
    return LEVELS[min(ranks)] if ranks else DEFAULT_LEVEL


def _jcs_octets(value: Any) -> int:
    # A bounded value is JSON data, so the bounder's measure is its exact JCS length.
    octets = measure(value, 1 << 62).octets
    assert octets is not None
    return octets


def summary(result: BoundedResult) -> schema.AuditSummary:
    """The metadata summary (6.2): numbers, booleans and closed-set values only (TR-PRIV-5)."""
    artifacts = result.artifacts
    out: dict[str, Any] = {
        "isError": result.is_error,
        "contentOctets": len(result.content.encode("utf-8")),
        "hasStructured": result.has_structured,
    }
    if result.has_structured:
        out["structuredOctets"] = _jcs_octets(result.structured)
    out["artifactCount"] = len(artifacts)
    out["artifactsOctets"] = _jcs_octets(artifacts)
    out["artifactTypes"] = sorted({a["type"] for a in artifacts if a["type"] in _KNOWN_TYPES})
    out["warnings"] = list(result.warnings)
    return out  # type: ignore[return-value]


def _safe(redactor: Redactor, text: str) -> str:
    """The redactor's output, or the mask when it fails or returns an ill-formed or non-string value
    (TR-PRIV-10). Nothing of the failure is kept."""
    try:
        out = redactor(text)
    except Exception:  # noqa: BLE001 - any failure of a plugged-in redactor fails closed
        return MASK
    if type(out) is not str:
        return MASK
    try:
        out.encode("utf-8")
    except UnicodeEncodeError:
        return MASK
    return out


def _utf16_key(key: str) -> bytes:
    return key.encode("utf-16-be")


def _redact_value(value: Any, redactor: Redactor) -> Any:
    """Every string leaf and key through the redactor; colliding keys get ``k#2``, ``k#3``… (TR-PRIV-9)."""
    if type(value) is str:
        return _safe(redactor, value)
    if type(value) is list:
        return [_redact_value(item, redactor) for item in value]
    if type(value) is dict:
        out: dict[str, Any] = {}
        # Per base name, the suffix to try next: every name below it is taken (names are only added),
        # so a run of keys that redact alike costs O(n), not O(n^2).
        next_suffix: dict[str, int] = {}
        for key in sorted(value, key=_utf16_key):
            base = _safe(redactor, key)
            name = base
            if name in out:
                n = next_suffix.get(base, 2)
                name = f"{base}#{n}"
                while name in out:
                    n += 1
                    name = f"{base}#{n}"
                next_suffix[base] = n + 1
            out[name] = _redact_value(value[key], redactor)
        return out
    return value  # numbers, booleans and null are not strings and stay as they are


def _redact_data(data: Mapping[str, object], redactor: Redactor) -> dict[str, Any]:
    """An artifact's data: the protocol's member names (columns, rows, text) stay; values are redacted."""
    fixed = {"columns", "rows", "text"}
    out: dict[str, Any] = {}
    for key, item in data.items():
        out[key if key in fixed else _safe(redactor, key)] = _redact_value(item, redactor)
    return out


def redacted_result(result: BoundedResult, redactor: Redactor) -> schema.RedactedResult:
    out: dict[str, Any] = {"content": _safe(redactor, result.content), "isError": result.is_error}
    if result.has_structured:
        out["structured"] = _redact_value(result.structured, redactor)
    out["artifacts"] = [
        {"type": _safe(redactor, a["type"]), "label": _safe(redactor, a["label"]), "data": _redact_data(a["data"], redactor)}
        for a in result.artifacts
    ]
    out["warnings"] = [{"code": code} for code in result.warnings]
    return out  # type: ignore[return-value]


def audit_record(result: object, levels: Iterable[Any] = (), redactor: Redactor = default_redactor) -> schema.AuditRecord:
    """The audit record at the strictest of ``levels`` (TR-PRIV-1..12, TR-SINK-4)."""
    bounded = require_bounded(result, "audit_record")
    level = effective_level(levels)
    if level == "none":
        return {"version": 1, "level": "none"}
    record: dict[str, Any] = {"version": 1, "level": level, "summary": summary(bounded)}
    if level == "redacted":
        record["result"] = redacted_result(bounded, redactor)
    elif level == "full":
        record["result"] = bounded.to_json()
    return record  # type: ignore[return-value]


def live_event(result: object) -> schema.LiveEvent:
    """The live inspector event: the whole bounded result, unfiltered, from memory (TR-SINK-3)."""
    return {"kind": "tool_result", "result": require_bounded(result, "live_event").to_json()}


def suspend_state(result: object) -> schema.SuspendState:
    """What a suspended run keeps: the provider-facing channels only (TR-SINK-2)."""
    bounded = require_bounded(result, "suspend_state")
    return {"content": bounded.content, "isError": bounded.is_error}


__all__ = ["ABSENT", "audit_record", "effective_level", "live_event", "summary", "suspend_state"]
