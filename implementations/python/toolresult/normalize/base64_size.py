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


# TR-NORM-11: "data:", a MIME type and parameters without "," or ";", then ";base64," as the last
# parameter; ASCII letters in any case (re.ASCII: "ſ" is not "s"). The header must end within the first 512 UTF-16 code units.
_DATA_URL_HEAD = re.compile("data:([^,;]*)((?:;[^,;]*)*?);base64,", re.IGNORECASE | re.ASCII)
_HEAD_LIMIT = 512


def _utf16_length(text: str) -> int:
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def data_url(url: str) -> tuple[str, str] | None:
    """(declared MIME type, base64 payload) of a base64 ``data:`` URL; None for anything else.
    The MIME type is the text before the first ";" or ",", as it is; the payload is taken raw."""
    head = _DATA_URL_HEAD.match(url)
    if head is None or _utf16_length(head.group(0)) > _HEAD_LIMIT:
        return None
    return head.group(1), url[head.end():]
