"""Normalizing an MCP ``CallToolResult`` (spec 10.3-10.6)."""

from __future__ import annotations

from typing import Any

from ..result import ABSENT, BoundedResult
from .finish import finish, pinned_error
from .mcp_blocks import is_model_facing, read_mcp_block
from .options import NormalizeOptions
from .pending_call import PendingCall, read_result_type
from .references import Collected, fields_of

MALFORMED_TEXT = "[malformed MCP tool result]"


def normalize_mcp(value: Any, options: NormalizeOptions) -> BoundedResult:
    """Raises PendingCall for a task handle or an input-required result: neither is a result yet."""
    fields = fields_of(value)
    if fields is None:
        return pinned_error(MALFORMED_TEXT, options)
    # TR-NORM-22..25: what the answer is comes before what it holds.
    kind = read_result_type(fields)
    if isinstance(kind, PendingCall):
        raise kind
    if kind == "malformed":
        return pinned_error(MALFORMED_TEXT, options)
    if kind == "unknown":
        return pinned_error(MALFORMED_TEXT, options, ("mcp.result_type_unknown",))
    content = fields.get("content", [])  # a missing content reads as no blocks, as the SDK reads it
    is_error = fields.get("isError", False)
    if type(content) is not list or type(is_error) is not bool:
        return pinned_error(MALFORMED_TEXT, options)
    collected = Collected()
    for index, block in enumerate(content):
        read_mcp_block(block, f"content[{index}]", is_model_facing(block), collected)
    # _meta is never read (TR-NORM-21); structuredContent is handed over as it is (TR-NORM-18).
    structured = fields["structuredContent"] if "structuredContent" in fields else ABSENT
    return finish(collected, is_error, structured, set(), options)
