"""Normalizing what a local Python tool returned (spec 10.8)."""

from __future__ import annotations

from typing import Any

from ..bounder import bound
from ..coercion import is_text
from ..json_measure import MAX_SAFE_INTEGER
from ..result import ABSENT, BoundedResult, ToolResult
from .finish import finish, pinned_error
from .options import NormalizeOptions
from .references import Collected

UNSUPPORTED_TEXT = "[tool returned a value that is not a supported tool result]"


def _is_json_data(value: Any) -> bool:
    """The top-level kinds TR-NORM-61 names. An ``int`` beyond ±(2^53 − 1) is Python's BigInt and is
    unsupported (TR-NORM-63); a ``float`` is a number whatever its value, and the bounder judges it."""
    if value is None or type(value) in (bool, float) or issubclass(type(value), (dict, list)):
        return True  # a mapping or list subclass is an object here; the bounder then finds it unencodable
    return type(value) is int and -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER


def normalize_local(value: Any, options: NormalizeOptions) -> BoundedResult:
    if is_text(value):
        return finish(Collected(), False, ABSENT, set(), options, text=value)
    if type(value) is ToolResult or type(value) is BoundedResult:
        return bound(value, options.bound)
    if _is_json_data(value):
        return finish(Collected(), False, value, set(), options, text="")
    return pinned_error(UNSUPPORTED_TEXT, options)

