"""Tool results: what a tool builds (ToolResult) and what the bounder returns (BoundedResult).

A ToolResult is a plain holder: nothing is checked until ``bound`` sees it. A BoundedResult can
only come from the bounder (or the ledger's restore, which re-bounds), is immutable, hands out
copies, and its ``repr``/``str`` show shape only: a stray ``print`` or log call never shows a run-only
byte (spec 05, logs).
"""

from __future__ import annotations

import copy
import weakref
from typing import Any, Iterable

from . import generated_types as schema
from .plain_json import JsonSnapshot


class _Absent:
    """Marks a channel that was not given, which is not the same as JSON ``null`` (TR-MODEL-4)."""

    _instance: "_Absent | None" = None

    def __new__(cls) -> "_Absent":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "ABSENT"

    def __bool__(self) -> bool:
        return False


ABSENT: Any = _Absent()


class ToolResult:
    """A result as a tool returns it, before bounding. Build it with ``text`` or ``error``."""

    __slots__ = ("content", "is_error", "structured", "artifacts", "warnings")

    def __init__(
        self,
        content: Any,
        is_error: bool,
        structured: Any = ABSENT,
        artifacts: Any = ABSENT,
        warnings: Iterable[str] = (),
    ) -> None:
        self.content = content
        self.is_error = is_error
        self.structured = structured
        self.artifacts = artifacts
        self.warnings = tuple(warnings)

    @classmethod
    def text(
        cls, content: str | bytes, artifacts: Any = ABSENT, structured: Any = ABSENT, warnings: Iterable[str] = ()
    ) -> "ToolResult":
        """A success result. ``warnings`` carries codes an earlier stage (a normalizer) already set."""
        return cls(content, False, structured, artifacts, warnings)

    @classmethod
    def error(cls, content: str | bytes, structured: Any = ABSENT, warnings: Iterable[str] = ()) -> "ToolResult":
        """An error result: it takes no artifacts (TR-MODEL-2) but may carry structured data (TR-MODEL-3)."""
        return cls(content, True, structured, ABSENT, warnings)

    def __repr__(self) -> str:
        return f"ToolResult(isError={self.is_error is True}, unbounded)"


_BOUNDER_ONLY = object()


def _fresh(kept: Any) -> Any:
    """A fresh copy of a kept channel: read back from its JSON text when the bounder kept that
    (plain_json.JsonSnapshot), else a deep copy."""
    if type(kept) is JsonSnapshot:
        return kept.thaw()
    return copy.deepcopy(kept)


class BoundedResult:
    """The output of ``bound``: the only input the wire, sink and ledger functions accept."""

    __slots__ = ("_content", "_is_error", "_structured", "_artifacts", "_warnings", "__weakref__")
    _content: str
    _is_error: bool
    _structured: Any  # ABSENT, a JsonSnapshot, or the walk's copy
    _artifacts: list[schema.ToolArtifact]  # or a JsonSnapshot of the list
    _warnings: tuple[schema.WarningCode, ...]

    def __init__(
        self,
        token: object,
        content: str,
        is_error: bool,
        structured: Any,
        artifacts: list[schema.ToolArtifact],
        warnings: tuple[schema.WarningCode, ...],
    ) -> None:
        if token is not _BOUNDER_ONLY:
            raise TypeError("a BoundedResult comes only from bound()")
        if hasattr(self, "_warnings"):
            raise AttributeError("a BoundedResult is immutable")
        # Set once here, past the guard of __setattr__ (checked above for the whole object).
        _set = object.__setattr__
        _set(self, "_content", content)
        _set(self, "_is_error", is_error)
        _set(self, "_structured", structured)
        _set(self, "_artifacts", artifacts)
        _set(self, "_warnings", warnings)

    def __setattr__(self, name: str, value: Any) -> None:
        if hasattr(self, "_warnings"):
            raise AttributeError("a BoundedResult is immutable")
        object.__setattr__(self, name, value)

    @property
    def content(self) -> str:
        return self._content

    @property
    def is_error(self) -> bool:
        return self._is_error

    @property
    def has_structured(self) -> bool:
        return self._structured is not ABSENT

    @property
    def structured(self) -> Any:
        """A copy of the structured value, or ABSENT."""
        return _fresh(self._structured)

    @property
    def artifacts(self) -> list[schema.ToolArtifact]:
        fresh: list[schema.ToolArtifact] = _fresh(self._artifacts)
        return fresh

    @property
    def warnings(self) -> tuple[schema.WarningCode, ...]:
        return self._warnings

    def to_json(self) -> schema.ToolResult:
        """The result as tool-result.schema.json (a fresh copy each call)."""
        out: dict[str, Any] = {"content": self._content, "isError": self._is_error}
        if self._structured is not ABSENT:
            out["structured"] = _fresh(self._structured)
        out["artifacts"] = _fresh(self._artifacts)
        out["warnings"] = [{"code": code} for code in self._warnings]
        return out  # type: ignore[return-value]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BoundedResult):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        # Shape only: sizes and warning codes, never the bytes of any channel.
        return (
            f"BoundedResult(isError={self._is_error}, content=<{len(self._content.encode('utf-8'))} octets>, "
            f"structured=<{'present' if self.has_structured else 'absent'}>, "
            f"artifacts=<{len(self._artifacts)}>, warnings={list(self._warnings)})"
        )

    __str__ = __repr__

    def __reduce__(self) -> Any:
        raise TypeError("a BoundedResult is not pickled; persist it with the ledger")


# Every BoundedResult the bounder made, by identity: an instance forged with object.__new__ or
# copied field by field is not in it, so the sink functions can refuse it (TR-SINK-6, TR-EGRESS-2).
_GENUINE: dict[int, "weakref.ref[BoundedResult]"] = {}


def make_bounded(
    content: str,
    is_error: bool,
    structured: Any,
    artifacts: list[schema.ToolArtifact],
    warnings: tuple[schema.WarningCode, ...],
) -> BoundedResult:
    result = BoundedResult(_BOUNDER_ONLY, content, is_error, structured, artifacts, warnings)
    key = id(result)

    def forget(_ref: weakref.ref[BoundedResult]) -> None:
        _GENUINE.pop(key, None)

    _GENUINE[key] = weakref.ref(result, forget)
    return result


def is_bounded(value: object) -> bool:
    """True only for a BoundedResult that ``bound`` (or ``restore``, which bounds) returned."""
    ref = _GENUINE.get(id(value))
    return ref is not None and ref() is value


def require_bounded(value: object, function: str) -> BoundedResult:
    """``value`` if it is a genuine bounded result; otherwise a TypeError naming only the function."""
    if not is_bounded(value):
        raise TypeError(f"{function} accepts only a BoundedResult returned by bound()")
    return value  # type: ignore[return-value]
