"""The result-hook pipeline (spec 08, TR-HOOK-1..7)."""

from __future__ import annotations

import logging
from typing import Any, Callable, Sequence

from .bounder import bound
from .options import BoundOptions
from .result import ABSENT, BoundedResult, ToolResult, require_bounded

_log = logging.getLogger("toolresult.hooks")

Hook = Callable[[BoundedResult, int], Any]


def _artifacts_of(result: BoundedResult) -> Any:
    return result.artifacts if result.artifacts else ABSENT


def with_content(result: BoundedResult, text: Any) -> ToolResult:
    """The same result with new text: isError, structured, artifacts and warnings kept (TR-HOOK-3)."""
    return ToolResult(text, result.is_error, result.structured, _artifacts_of(result), result.warnings)


def without_structured(result: BoundedResult) -> ToolResult:
    """The same result with its structured data dropped: an explicit act, never a side effect."""
    return ToolResult(result.content, result.is_error, ABSENT, _artifacts_of(result), result.warnings)


def _merged(returned: ToolResult | BoundedResult, before: BoundedResult, options: BoundOptions, extra: str | None = None) -> BoundedResult:
    """What a hook returned, bounded again with the warnings recorded before it (TR-HOOK-4, 5)."""
    codes = set(before.warnings) | set(returned.warnings) | ({extra} if extra else set())
    if type(returned) is BoundedResult:
        returned = ToolResult(returned.content, returned.is_error, returned.structured, _artifacts_of(returned), ())
    return bound(ToolResult(returned.content, returned.is_error, returned.structured, returned.artifacts, codes), options)


def transform_tool_result(result: object, hooks: Sequence[Hook], options: BoundOptions | None = None) -> BoundedResult:
    """Runs ``hooks`` in order; each sees the whole bounded result the previous stage left."""
    opts = options if options is not None else BoundOptions()
    current = require_bounded(result, "transform_tool_result")
    for position, hook in enumerate(hooks):
        try:
            returned = hook(current, position)
        except Exception:  # noqa: BLE001 - its message may quote the data; only the fact is kept
            returned = _FAILED
        if returned is None:
            continue
        if type(returned) is not ToolResult and type(returned) is not BoundedResult:
            # Position and code only: never the exception's message, name or stack (TR-HOOK-7).
            _log.warning("hook failed: position=%d warning=hook.failed", position)
            current = _merged(with_content(current, current.content), current, opts, "hook.failed")
            continue
        current = _merged(returned, current, opts)
    return current


_FAILED = object()
