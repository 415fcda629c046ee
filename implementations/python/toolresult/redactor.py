"""The default redactor (spec 6.3): mask secret shapes until nothing changes, then cap at 2,000 octets."""

from __future__ import annotations

import re
from typing import Callable

Redactor = Callable[[str], str]

MASK = "***"
_CAP_OCTETS = 2000
_CAP_NOTICE = "\u2026[truncated]"
_MAX_PASSES = 8

# The pinned patterns (spec 6.3, TR-PRIV-16), in order. They use ASCII classes only, so re.ASCII
# changes nothing in them; it is set so that no Unicode-aware class can slip in later. Each starts at
# a fixed text or at the start of a run and has no repeated group but the e-mail rule's, so re's
# backtracking reads every character a bounded number of times (TR-PRIV-17).
# A credential-named parameter: one of the words in any casing, optionally after a prefix and one of
# "_", "." or "-". A list rather than "any name ending in key", so that no attempt backtracks over a
# long name (PCRE refuses past a million steps) and cursors such as pageToken stay.
_PARAMETER_PREFIXES = ("access", "refresh", "id", "api", "auth", "client", "secret", "private", "session", "app",
                       "subscription", "x-amz", "x-amz-security", "x-goog")
_PARAMETER_WORDS = ("token", "key", "secret", "password", "passwd", "pwd", "signature", "sig", "credential", "auth")


def _any_case(word: str) -> str:
    """Each ASCII letter as the class of its two cases: key -> [Kk][Ee][Yy]."""
    return "".join(f"[{c.upper()}{c}]" if "a" <= c <= "z" else c for c in word)


_KEY_PREFIXES = (
    "sk-|sk_|pk_|rk_|ghp_|gho_|ghu_|ghs_|ghr_|github_pat_|glpat-|xoxa-|xoxb-|xoxe-|xoxo-|xoxp-|xoxr-|xoxs-|xapp-|AKIA|AIza"
)
_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    # url-credentials
    (re.compile(r"://[^\t\n\f\r /?#@]+@", re.ASCII), "://***@"),
    # credential-parameter
    (re.compile(r"([?&#;](?:(?:" + "|".join(map(_any_case, _PARAMETER_PREFIXES)) + r")[_.-]?)?(?:"
                + "|".join(map(_any_case, _PARAMETER_WORDS)) + r")=)[^\t\n\f\r \"#&'<>]+", re.ASCII), r"\1***"),
    # authorization-header
    (re.compile(r"([Aa][Uu][Tt][Hh][Oo][Rr][Ii][Zz][Aa][Tt][Ii][Oo][Nn][\"']?[ \t]*[:=][ \t]*[\"']?[A-Za-z]+[ \t]+)"
                r"[A-Za-z0-9._~+/-]+=*", re.ASCII), r"\1***"),
    # bearer-token
    (re.compile(r"([Bb][Ee][Aa][Rr][Ee][Rr])[ \t]+[A-Za-z0-9._~+/-]+=*", re.ASCII), r"\1 ***"),
    # jwt
    (re.compile(r"(^|[^A-Za-z0-9_-])eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*", re.ASCII), r"\1***"),
    # key-prefix
    (re.compile(r"(^|[^A-Za-z0-9])(?:" + _KEY_PREFIXES + r")[A-Za-z0-9_-]{8,}", re.ASCII), r"\1***"),
    # aws-key-id
    (re.compile(r"(^|[^A-Za-z0-9])(?:A3T[A-Z0-9]|ASIA|ABIA|ACCA)[A-Z2-7]{16}", re.ASCII), r"\1***"),
    # email-address
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
