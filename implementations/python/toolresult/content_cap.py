"""The content cap with the pinned truncation notice (spec 3.2, TR-BOUND-3, TR-BOUND-4)."""

from __future__ import annotations

from typing import Any

from . import generated_types as schema
from .coercion import coerced_prefix, is_text


def truncation_notice(budget: int) -> str:
    return f"\n\u2026[tool result truncated at {budget} bytes]"


def cap_content(content: Any, budget: int) -> tuple[str, schema.WarningCode | None]:
    """(bounded content, warning code or None).

    Only the prefix that can matter is coerced and encoded: ``budget + 1`` octets of output are
    enough to see that the whole is over the budget (TR-BOUND-16).
    """
    if not is_text(content):
        return "", "content.not_text"  # never str() it: that may run code or expose data
    prefix, complete = coerced_prefix(content, budget + 1)
    encoded = prefix.encode("utf-8")
    if complete and len(encoded) <= budget:
        return prefix, None
    notice = truncation_notice(budget)
    room = budget - len(notice.encode("utf-8"))
    # encoded is well-formed, so "ignore" drops only the character the cut split.
    kept = encoded[:room].decode("utf-8", "ignore")
    return kept + notice, "content.truncated"
