"""MCP content blocks (spec 10.3, TR-NORM-11, 14, 15, 17, 41, 42)."""

from __future__ import annotations

import math
from typing import Any

from ..json_measure import MAX_SAFE_INTEGER
from .base64_size import forgiving_base64_size
from .references import Collected, fields_of, invalid_piece, octets, text_value, unsupported_piece, word_value


def is_model_facing(block: Any) -> bool:
    """False only when ``annotations.audience`` is a list without the string "assistant" (TR-NORM-17)."""
    fields = fields_of(block)
    if fields is None:
        return True
    annotations = fields_of(fields.get("annotations"))
    audience = annotations.get("audience") if annotations is not None else None
    if type(audience) is not list:
        return True
    return any(word_value(entry) == "assistant" for entry in audience)


def declared_size(size: Any) -> int | str:
    """A resource link's ``size`` when it is a non-negative integer, else the empty cell."""
    if type(size) is int and 0 <= size <= MAX_SAFE_INTEGER:
        return size
    if type(size) is float and math.isfinite(size) and size.is_integer() and 0 <= size <= MAX_SAFE_INTEGER:
        return int(size)
    return ""


def read_mcp_block(block: Any, label: str, model_facing: bool, out: Collected) -> None:
    """Adds what one MCP block gives to ``out``."""
    fields = fields_of(block)
    block_type = fields.get("type") if fields is not None else None
    kind = word_value(block_type)
    if fields is None or kind not in ("text", "image", "audio", "resource", "resource_link"):
        if model_facing:
            out.piece(unsupported_piece(block_type))
        return
    if kind == "text":
        text = text_value(fields.get("text"))
        if text is None:
            if model_facing:
                out.piece(invalid_piece(kind))
        elif model_facing:
            out.piece(text)
        else:
            out.row(label, "text", size=octets(text))
            out.run_only_text(label, text)
        return
    if kind in ("image", "audio"):
        data = text_value(fields.get("data"))
        size = forgiving_base64_size(data) if data is not None else None
        if size is None:
            if model_facing:
                out.piece(invalid_piece(kind))
            return
        out.row(label, kind, fields.get("mimeType"), size)
        if model_facing:
            out.omitted_block(kind)
        return
    if kind == "resource":
        read_embedded_resource(fields.get("resource"), label, model_facing, out)
        return
    uri, name = text_value(fields.get("uri")), text_value(fields.get("name"))
    if uri is None or name is None:
        if model_facing:
            out.piece(invalid_piece(kind))
        return
    out.row(label, kind, fields.get("mimeType"), declared_size(fields.get("size")), uri)
    if model_facing:
        out.omitted_block(kind)


def read_embedded_resource(resource: Any, label: str, model_facing: bool, out: Collected) -> None:
    """An embedded resource: text counts as text (TR-NORM-11), a blob is a reference."""
    fields = fields_of(resource) or {}
    uri = text_value(fields.get("uri"))
    has_text, has_blob = "text" in fields, "blob" in fields
    text = text_value(fields.get("text")) if has_text else None
    blob = text_value(fields.get("blob")) if has_blob else None
    size = forgiving_base64_size(blob) if blob is not None else None
    if uri is None or has_text == has_blob or (has_text and text is None) or (has_blob and size is None):
        if model_facing:
            out.piece(invalid_piece("resource"))
        return
    mime_type = fields.get("mimeType")
    if text is not None:
        out.row(label, "resource", mime_type, octets(text), uri)
        if model_facing:
            out.piece(text)
        else:
            out.run_only_text(label, text)
        return
    out.row(label, "resource", mime_type, size, uri)  # type: ignore[arg-type]
    if model_facing:
        out.omitted_block("resource")
