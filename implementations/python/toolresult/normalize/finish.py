"""The steps every normalizer ends with (TR-NORM-1, 16, 20, 30..33): bound, check, fall back."""

from __future__ import annotations

from typing import Any

from ..bounder import bound, rebound
from ..jcs import canonical_json_kept
from ..result import ABSENT, BoundedResult, ToolResult
from .json_schema import conforms
from .options import NormalizeOptions
from .drop_notice import cut_with_drop_notice
from .references import Collected

SCHEMA_MISMATCH_TEXT = "[tool output did not match its output schema]"
STRUCTURED_OMITTED_TEXT = "[structured result omitted]"


def pinned_error(text: str, options: NormalizeOptions, warnings: tuple[str, ...] = ()) -> BoundedResult:
    """An error result holding only a pinned text (malformed input, unsupported local values), with
    the warnings given (an unknown resultType's, TR-NORM-25)."""
    return bound(ToolResult.error(text, warnings=warnings), options.bound)


def finish(
    collected: Collected,
    is_error: bool,
    structured: Any,
    warnings: set[str],
    options: NormalizeOptions,
    text: str | None = None,
) -> BoundedResult:
    """Builds and bounds the result; ``structured`` is ABSENT when the source gave none."""
    joined = collected.text() if text is None else text
    codes = set(warnings)
    content = joined
    if text is None:
        # TR-NORM-67: a cut that would remove a placeholder ends in the drop notice instead.
        cut = cut_with_drop_notice(collected.pieces, collected.omitted, options.bound.content_budget)
        if cut is not None:
            content = cut
            codes.add("content.truncated")
    artifacts: Any = ABSENT
    if is_error:
        if collected.has_references:
            codes.add("artifacts.dropped_on_error")  # the placeholders stay in the text (TR-NORM-16)
    elif collected.has_references:
        artifacts = collected.artifacts()
    first = bound(ToolResult(content, is_error, structured, artifacts, codes), options.bound)

    result = first
    if options.has_schema and options.schema_policy != "off" and not is_error and first.has_structured:
        if not conforms(options.output_schema, first.structured):
            if options.schema_policy == "enforce":
                failed = {"structured.schema_mismatch"}
                if first.artifacts:
                    failed.add("artifacts.dropped_on_error")
                return bound(ToolResult.error(SCHEMA_MISMATCH_TEXT, warnings=failed), options.bound)
            result = rebound(first, options.bound, drop_structured=True, extra="structured.schema_mismatch")

    if joined == "" and structured is not ABSENT:
        # The kept channel itself, not a copy of it: canonical_json_kept may sort the source in C.
        kept = result._structured
        fallback = canonical_json_kept(kept, structured) if result.has_structured else STRUCTURED_OMITTED_TEXT
        result = rebound(result, options.bound, content=fallback)
    return result

