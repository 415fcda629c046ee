"""Decoded size of base64 data without decoding it (TR-NORM-12): WHATWG forgiving-base64 rules."""

from __future__ import annotations

import re

_WHITESPACE = re.compile("[\t\n\f\r ]+")
_ALPHABET = re.compile("[A-Za-z0-9+/]*", re.ASCII)


def forgiving_base64_size(data: str) -> int | None:
    """The number of octets ``atob`` would decode ``data`` to, or None when it is not valid base64."""
    text = _WHITESPACE.sub("", data)
    if len(text) % 4 == 0:
        if text.endswith("=="):
            text = text[:-2]
        elif text.endswith("="):
            text = text[:-1]
    if len(text) % 4 == 1 or not _ALPHABET.fullmatch(text):
        return None
    return 3 * len(text) // 4


def data_url(url: str) -> tuple[str, str] | None:
    """(declared MIME type, base64 payload) of a base64 ``data:`` URL; None for anything else."""
    if url[:5].lower() != "data:" or "," not in url:
        return None
    meta, _, payload = url[5:].partition(",")
    head, semicolon, last = meta.rpartition(";")
    if not semicolon or last.strip().lower() != "base64":
        return None
    return head.strip(), payload
