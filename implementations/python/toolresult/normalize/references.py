"""What a normalizer collects from content blocks: text pieces, reference rows and run-only texts
(spec 10.2, TR-NORM-10, TR-NORM-13, TR-NORM-14), and the pinned texts it may write."""

from __future__ import annotations

import re
from typing import Any

from ..coercion import coerce_text, is_text
from ..result import ABSENT

REFERENCE_COLUMNS = ["block", "kind", "mimeType", "size", "uri"]
_TYPE_TOKEN = re.compile("[a-z][a-z0-9_-]{0,31}", re.ASCII)


def fields_of(value: Any) -> dict[str, Any] | None:
    """The readable members of an object: a plain ``dict`` as it is; a dict subclass (whose readers
    may run code) as an object none of whose fields are data; None for anything that is not a
    mapping. ``type()`` and ``issubclass`` on it run none of the value's code (TR-NORM-2).
    A member whose value is ABSENT (Python's counterpart of JavaScript's undefined) is missing
    (TR-NORM-64)."""
    if type(value) is dict:
        if any(member is ABSENT for member in value.values()):
            return {key: member for key, member in value.items() if member is not ABSENT}
        return value
    return {} if issubclass(type(value), dict) else None


def text_value(value: Any) -> str | None:
    """A member that is a string, coerced; None for anything else."""
    return coerce_text(value) if is_text(value) else None


_LONGEST_WORD = 64  # longer than any type, status or audience word a rule compares with


def word_value(value: Any) -> str | None:
    """A member compared with a fixed word (a block type, a status, an audience entry), coerced;
    None for anything else, and for a string too long to be such a word, which is then never
    coerced whole (its cost stays bounded whatever its length, TR-BOUND-16's reasoning)."""
    return text_value(value) if is_text(value) and len(value) <= _LONGEST_WORD else None


def octets(text: str) -> int:
    return len(text.encode("utf-8"))


def unsupported_piece(block_type: Any) -> str:
    """``[unsupported <type> block]`` for a short lower-case type token, else ``[unsupported block]``:
    nothing longer than a token of the server's choosing reaches the model (TR-NORM-41)."""
    token = word_value(block_type)
    if token is not None and _TYPE_TOKEN.fullmatch(token):
        return f"[unsupported {token} block]"
    return "[unsupported block]"


def invalid_piece(kind: str) -> str:
    return f"[invalid {kind} block]"


def omitted_piece(kind: str) -> str:
    return f"[{kind} block omitted]"


class Collected:
    """Accumulates, in block order, what a list of blocks gives."""

    def __init__(self) -> None:
        self.pieces: list[str] = []
        self.omitted: list[tuple[int, str]] = []  # (piece index, kind) of each placeholder (TR-NORM-67)
        self.rows: list[list[str]] = []
        self.texts: list[tuple[str, str]] = []  # (block label, text)
        self.members: str | None = None  # the rest of an adapter artifact (TR-NORM-66)

    def piece(self, text: str) -> None:
        self.pieces.append(text)

    def omitted_block(self, kind: str) -> None:
        """The placeholder of a model-facing block whose bytes stay run-only (TR-NORM-12), noted
        with its place for the drop notice (TR-NORM-67)."""
        self.omitted.append((len(self.pieces), kind))
        self.pieces.append(omitted_piece(kind))

    def row(self, block: str, kind: str, mime_type: Any = None, size: int | str = "", uri: Any = None) -> None:
        self.rows.append([block, kind, text_value(mime_type) or "", str(size), text_value(uri) or ""])

    def run_only_text(self, block: str, text: str) -> None:
        self.texts.append((block, text))

    @property
    def has_references(self) -> bool:
        return bool(self.rows or self.texts) or self.members is not None

    def text(self) -> str:
        """The text pieces joined with one line feed; none at all is the empty string (TR-NORM-10)."""
        return "\n".join(self.pieces)

    def artifacts(self) -> list[dict[str, Any]]:
        """The reference table first, then one text artifact per run-only text (TR-NORM-13), then the
        artifact members (TR-NORM-66)."""
        out: list[dict[str, Any]] = []
        if self.rows:
            out.append({"type": "table", "label": "Content references",
                        "data": {"columns": list(REFERENCE_COLUMNS), "rows": self.rows}})
        for block, text in self.texts:
            out.append({"type": "text", "label": f"Text of {block}", "data": {"text": text}})
        if self.members is not None:
            out.append({"type": "text", "label": "Artifact members", "data": {"text": self.members}})
        return out
