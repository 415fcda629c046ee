"""The bounder (spec 3, TR-BOUND-0..16): any tool result in, a bounded result out, never an exception."""

from __future__ import annotations

import logging
from typing import Any, Literal, Mapping, TypeGuard

from . import generated_types as schema
from .artifact_shape import is_valid_artifact_list
from .content_cap import cap_content
from .json_measure import Verdict, measure_to_keep
from .plain_json import JsonSnapshot
from .options import BoundOptions
from .result import ABSENT, BoundedResult, ToolResult, make_bounded

_log = logging.getLogger("toolresult.bound")

_KNOWN_CODES: frozenset[str] = frozenset(schema.WARNING_CODE_VALUES)
_LONGEST_CODE = max(len(code) for code in _KNOWN_CODES)

# A failed artifact list: a measure verdict, or a well-measured list of the wrong shape (TR-BOUND-10).
ArtifactVerdict = Verdict | Literal["invalid_shape"]

_ARTIFACT_CODES: dict[ArtifactVerdict, schema.WarningCode] = {
    "over_budget": "artifacts.over_budget",
    "unencodable": "artifacts.unencodable",
    "too_deep": "artifacts.too_deep",
    "invalid_shape": "artifacts.invalid_shape",
}
_STRUCTURED_CODES: dict[Verdict, schema.WarningCode] = {
    "over_budget": "structured.over_budget",
    "unencodable": "structured.unencodable",
    "too_deep": "structured.too_deep",
}


def _is_known_code(code: object) -> TypeGuard[schema.WarningCode]:
    return type(code) is str and code in _KNOWN_CODES

_MARKER_TEXT = {
    "unencodable": "could not be encoded",
    "too_deep": "nested deeper than 64 levels",
    "invalid_shape": "did not match their artifact types",
}


def omission_marker(verdict: str, budget: int) -> list[schema.ToolArtifact]:
    """The one pinned artifact list that replaces a failed list (TR-BOUND-10)."""
    text = f"exceeded {budget} bytes" if verdict == "over_budget" else _MARKER_TEXT[verdict]
    return [{"type": "text", "label": "Artifacts omitted", "data": {"text": text}}]


def _channels(result: Any) -> tuple[Any, bool, Any, Any, list[str]]:
    """(content, isError, structured, artifacts, warnings) of any input, reading no foreign code."""
    if type(result) is BoundedResult:
        return result.content, result.is_error, result.structured, result.artifacts, list(result.warnings)
    if type(result) is ToolResult:
        return result.content, result.is_error is True, result.structured, result.artifacts, list(result.warnings)
    if type(result) is dict:
        warnings = result.get("warnings", [])
        codes = []
        if type(warnings) is list:
            for warning in warnings:
                code = warning.get("code") if type(warning) is dict else warning
                codes.append(code)
        return (
            result.get("content", ABSENT),
            result.get("isError") is True,
            result.get("structured", ABSENT),
            result.get("artifacts", ABSENT),
            codes,
        )
    return ABSENT, False, ABSENT, ABSENT, []


def bound(result: ToolResult | BoundedResult | Mapping[str, Any], options: BoundOptions | None = None) -> BoundedResult:
    """Bound ``result`` with ``options`` (validated when built: TR-MODEL-10 fails before any bounding)."""
    opts = options if options is not None else BoundOptions()
    content, is_error, structured, artifacts, given_warnings = _channels(result)
    # Earlier warnings are kept when they are codes of the closed set (TR-BOUND-13, TR-MODEL-8).
    # A code is looked up only when it is short enough to be one: a huge string is never hashed whole.
    warnings: set[schema.WarningCode] = {
        code for code in given_warnings if type(code) is str and len(code) <= _LONGEST_CODE and _is_known_code(code)
    }

    text, content_warning = cap_content(content, opts.content_budget)
    if content_warning:
        warnings.add(content_warning)

    bounded_artifacts: list[schema.ToolArtifact] = []
    if is_error:
        if artifacts is not ABSENT and not (type(artifacts) is list and len(artifacts) == 0):
            warnings.add("artifacts.dropped_on_error")
    elif artifacts is not ABSENT:
        measured = measure_to_keep(artifacts, opts.artifacts_budget)
        verdict: ArtifactVerdict = measured.verdict
        # A snapshot's shape is that of the plain input it was made of (coercion changes no type,
        # and turns no string into an artifact type's name, all of which are ASCII).
        kept = measured.value
        shaped, cells = (artifacts, kept.cells_are_str) if type(kept) is JsonSnapshot else (kept, False)
        if verdict == "ok" and not is_valid_artifact_list(shaped, cells):
            verdict = "invalid_shape"
        if verdict == "ok":
            bounded_artifacts = measured.value
        else:
            bounded_artifacts = omission_marker(verdict, opts.artifacts_budget)
            warnings.add(_ARTIFACT_CODES[verdict])

    bounded_structured: Any = ABSENT
    if structured is not ABSENT:
        measured = measure_to_keep(structured, opts.structured_budget)
        if measured.verdict == "ok":
            bounded_structured = measured.value
        else:
            warnings.add(_STRUCTURED_CODES[measured.verdict])

    codes = tuple(sorted(warnings))
    # Codes only: a warning never carries a byte of the data it is about (TR-MODEL-8).
    _log.debug("bounded a result: isError=%s warnings=%s", is_error, ",".join(codes) or "-")
    return make_bounded(text, is_error, bounded_structured, bounded_artifacts, codes)


def rebound(
    result: BoundedResult,
    options: BoundOptions,
    *,
    content: str | None = None,
    drop_structured: bool = False,
    extra: schema.WarningCode | None = None,
) -> BoundedResult:
    """``result`` with its content replaced (and capped) or its structured value dropped, and
    ``extra`` added to its warnings. The channels not replaced are kept as they are: bounding is
    idempotent (TR-BOUND-14), so bounding them again would only measure them a second time."""
    warnings = set(result.warnings)
    if extra is not None:
        warnings.add(extra)
    text = result.content
    if content is not None:
        text, content_warning = cap_content(content, options.content_budget)
        if content_warning:
            warnings.add(content_warning)
    return make_bounded(
        text,
        result.is_error,
        ABSENT if drop_structured else result._structured,
        result._artifacts,
        tuple(sorted(warnings)),
    )
