"""Normalizing a LangChain ToolMessage through its neutral form (spec 10.7).

The neutral form is ``{"content": str | list, "status"?: "success" | "error", "artifact"?: any}``;
nothing here knows a LangChain type (TR-NORM-57).
"""

from __future__ import annotations

from typing import Any, TypeGuard

from ..coercion import is_text
from ..json_reader import JsonSyntaxError, read_json
from ..result import ABSENT, BoundedResult
from .artifact_members import artifact_members_text
from .base64_size import data_url, forgiving_base64_size
from .finish import finish, pinned_error
from .mcp_blocks import is_model_facing, read_embedded_resource
from .options import NormalizeOptions
from .references import Collected, fields_of, invalid_piece, octets, text_value, unsupported_piece, word_value

MALFORMED_TEXT = "[malformed LangChain tool message]"
_MEDIA = ("image", "audio", "video", "file")


def _binary(url_or_data: tuple[str | None, str | None], mime_type: Any) -> tuple[Any, int | str, str] | None:
    """(mimeType, size, uri) of a block given base64 data or a URL; None when the data is invalid.
    A ``data:`` URL is data: its payload is measured and its declared MIME type used (TR-NORM-51)."""
    url, data = url_or_data
    if data is not None:
        size = forgiving_base64_size(data)
        return None if size is None else (mime_type, size, "")
    if url is None:
        return None
    if url[:5].lower() == "data:":
        parsed = data_url(url)
        if parsed is None:
            return None
        declared, payload = parsed
        size = forgiving_base64_size(payload)
        # The block's own MIME type, when it gives a non-empty one, wins over the URL's (TR-NORM-11).
        own = text_value(mime_type)
        return None if size is None else (own if own else declared, size, "")
    return mime_type, "", url


def read_langchain_block(block: Any, label: str, model_facing: bool, out: Collected) -> None:
    """Adds what one LangChain content block gives to ``out`` (TR-NORM-51)."""
    if model_facing and is_text(block):
        out.piece(text_value(block))  # type: ignore[arg-type]
        return
    fields = fields_of(block)
    block_type = fields.get("type") if fields is not None else None
    kind = word_value(block_type)
    if fields is None or kind not in ("text", "image_url") + _MEDIA:
        if model_facing:
            out.piece(unsupported_piece(block_type))
        return

    def text_block(text: str, mime_type: Any = None, uri: Any = None, with_row: bool = False) -> None:
        if with_row or not model_facing:
            out.row(label, kind, mime_type, octets(text), uri)  # type: ignore[arg-type]
        if model_facing:
            out.piece(text)
        else:
            out.run_only_text(label, text)

    if kind == "text":
        text = text_value(fields.get("text"))
        if text is None:
            if model_facing:
                out.piece(invalid_piece(kind))
            return
        text_block(text)
        return

    if kind == "image_url":
        image_url = fields.get("image_url")
        holder = fields_of(image_url)
        url = text_value(holder.get("url")) if holder is not None else text_value(image_url)
        found = _binary((url, None), None)
    else:
        mime_type = fields.get("mimeType") if is_text(fields.get("mimeType")) else fields.get("mime_type")
        # The first of `base64` (langchain-core's v1 blocks, what langchain-mcp-adapters builds) and
        # `data` (the JavaScript v1 and legacy forms) that is given holds the bytes; `url` is read
        # only without both. Either holds base64 text, never a data: URL (TR-NORM-51).
        data_key = "base64" if "base64" in fields else "data"
        raw_data = fields.get(data_key)
        data, url = text_value(raw_data), text_value(fields.get("url"))
        source_type = fields.get("source_type")
        file_text = (
            text_value(fields.get("text"))
            if kind == "file" and data_key not in fields and (source_type is None or word_value(source_type) == "text")
            else None
        )
        if file_text is not None:
            metadata = fields_of(fields.get("metadata"))
            uri = metadata.get("uri") if metadata is not None else None
            text_block(file_text, mime_type, uri, with_row=True)
            return
        if type(raw_data) is bytearray:
            found = (mime_type, len(raw_data), "")  # a native byte array counts its length (TR-NORM-10)
        elif data_key in fields and data is None:
            found = None
        else:
            found = _binary((url, data), mime_type)
    if found is None:
        if model_facing:
            out.piece(invalid_piece(kind))
        return
    mime, size, uri = found
    out.row(label, kind, mime, size, uri)
    if model_facing:
        out.omitted_block(kind)


def _is_adapter_form(artifact: Any) -> TypeGuard[list[dict[str, Any]]]:
    """A list of objects each with a string ``type``: what @langchain/mcp-adapters puts there."""
    return type(artifact) is list and all(type(e) is dict and is_text(e.get("type")) for e in artifact)


def _unwrapped_text(content: str) -> str | None:
    """The ``text`` of the block object the JavaScript adapter serialized into the content (TR-NORM-56)."""
    try:
        parsed = read_json(content)  # no depth or digit limit of its own: the reference's reading
    except JsonSyntaxError:
        return None
    if type(parsed) is not dict:
        return None
    if not is_model_facing(parsed):
        return ""  # the block object's audience excludes the assistant (TR-NORM-17)
    # Whatever other members the adapter (now or later) adds: only a string `text` is text.
    text = parsed.get("text")
    return text if type(text) is str else ""


def normalize_langchain(value: Any, options: NormalizeOptions) -> BoundedResult:
    fields = fields_of(value)
    if fields is None or "content" not in fields:
        return pinned_error(MALFORMED_TEXT, options)
    content = fields["content"]
    status = word_value(fields["status"]) if "status" in fields else "success"
    if status not in ("success", "error") or not (is_text(content) or type(content) is list):
        return pinned_error(MALFORMED_TEXT, options)

    collected = Collected()
    text: str | None = None
    if is_text(content):
        collected.piece(text_value(content))  # type: ignore[arg-type]
    else:
        for index, block in enumerate(content):
            read_langchain_block(block, f"content[{index}]", True, collected)

    structured: Any = ABSENT
    warnings: set[str] = set()
    artifact = fields.get("artifact")
    if _is_adapter_form(artifact):
        carriers = [entry for entry in artifact if word_value(entry["type"]) == "mcp_structured_content"]
        if len(carriers) > 1 or (carriers and carriers[0].get("data", ABSENT) is ABSENT):  # TR-NORM-64
            warnings.add("structured.invalid")
        elif carriers:
            structured = carriers[0]["data"]
        for index, entry in enumerate(artifact):
            entry_type = word_value(entry["type"])
            if entry_type in ("mcp_structured_content", "mcp_meta"):
                continue  # _meta is never read (TR-NORM-21)
            label = f"artifact[{index}]"
            if entry_type == "resource":
                read_embedded_resource(entry.get("resource"), label, False, collected)
            else:
                read_langchain_block(entry, label, False, collected)
        has_entries = any(word_value(e["type"]) in ("mcp_structured_content", "mcp_meta") for e in artifact)
        if has_entries and is_text(content):
            text = _unwrapped_text(text_value(content))  # type: ignore[arg-type]
    elif type(artifact) is dict and ("structured_content" in artifact or "structuredContent" in artifact):
        if "structured_content" in artifact and "structuredContent" in artifact:
            warnings.add("structured.invalid")
        else:
            carried = artifact.get("structured_content", artifact.get("structuredContent"))
            structured = ABSENT if carried is None or carried is ABSENT else carried
        collected.members = artifact_members_text(artifact)  # the other members, run-only (TR-NORM-66)
    elif artifact is not None:
        structured = artifact  # the tool's output not meant for the model (TR-NORM-55)
    return finish(collected, status == "error", structured, warnings, options, text=text)
