"""Normalizers: MCP results, LangChain ToolMessages and local return values to bounded results (spec 10)."""

from __future__ import annotations

from typing import Any, Literal

from ..result import BoundedResult
from .langchain import normalize_langchain
from .local import normalize_local
from .mcp import normalize_mcp
from .options import NormalizeOptions
from .pending_call import PendingCall, PendingTask

Source = Literal["mcp", "langchain", "local"]

_NORMALIZERS = {"mcp": normalize_mcp, "langchain": normalize_langchain, "local": normalize_local}


def normalize(source: Source, value: Any, options: NormalizeOptions | None = None) -> BoundedResult:
    """Normalize ``value`` from ``source``. Invalid options raise when built; an MCP answer that is
    not finished (a task handle, an input-required result) raises PendingCall (TR-NORM-23, -24)."""
    return _NORMALIZERS[source](value, options if options is not None else NormalizeOptions())


__all__ = ["NormalizeOptions", "PendingCall", "PendingTask", "Source", "normalize", "normalize_langchain", "normalize_local", "normalize_mcp"]
