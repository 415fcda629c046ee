"""The wire message: the one way out towards the model provider (spec 04, TR-EGRESS-2..5, TR-SINK-1)."""

from __future__ import annotations

from . import generated_types as schema
from .result import require_bounded


def wire_message(result: object) -> schema.WireMessage:
    """``{content, isError}`` of a bounded result. It reads no run-only channel (TR-EGRESS-4), and
    it refuses anything but a bounded result with a message that quotes nothing of it."""
    bounded = require_bounded(result, "wire_message")
    return {"content": bounded.content, "isError": bounded.is_error}
