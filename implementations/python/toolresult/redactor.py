"""The default redactor (spec 6.3): mask secret shapes until nothing changes, then cap at 2,000 octets."""

from __future__ import annotations

import re
from typing import Callable

Redactor = Callable[[str], str]

MASK = "***"
_CAP_OCTETS = 2000
_CAP_NOTICE = "\u2026[truncated]"
_MAX_PASSES = 8

# The pinned patterns use ASCII classes only, so re.ASCII changes nothing in them; it is set so
# that no Unicode-aware class can slip in later.
_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"://[^\t\n\f\r /?#@]+@", re.ASCII), "://***@"),
    (re.compile(r"([Bb][Ee][Aa][Rr][Ee][Rr])[ \t]+[A-Za-z0-9._~+/-]+=*", re.ASCII), r"\1 ***"),
    (re.compile(r"(^|[^A-Za-z0-9])(?:sk-|sk_|pk_|rk_|ghp_|gho_|ghs_|github_pat_|xoxb-|xoxp-|AKIA|AIza)[A-Za-z0-9_-]{8,}",
                re.ASCII), r"\1***"),
    (re.compile(r"(^|[^A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}", re.ASCII),
     r"\1***"),
)


def mask_pass(text: str) -> str:
    for pattern, replacement in _RULES:
        text = pattern.sub(replacement, text)
    return text


def mask(text: str) -> str:
    """Passes until one changes nothing; when the 8th pass still changed it, the bare mask."""
    for _ in range(_MAX_PASSES):
        masked = mask_pass(text)
        if masked == text:
            return text
        text = masked
    return MASK


def cap(text: str) -> str:
    encoded = text.encode("utf-8")
    if len(encoded) <= _CAP_OCTETS:
        return text
    room = _CAP_OCTETS - len(_CAP_NOTICE.encode("utf-8"))
    return encoded[:room].decode("utf-8", "ignore") + _CAP_NOTICE


def default_redactor(text: str) -> str:
    return cap(mask(text))
