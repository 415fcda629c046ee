"""Coercion of strings to well-formed Unicode (spec 3.1, TR-BOUND-1, TR-BOUND-2).

Python has two string representations, and each gets the rule the spec gives for it:

* ``str`` is a sequence of code points. A surrogate code point can never be half of a pair inside a
  ``str`` (a pair would be one astral code point), so every surrogate becomes one U+FFFD.
* ``bytes`` is a sequence of octets. CPython's ``decode('utf-8', 'replace')`` substitutes one U+FFFD
  per *maximal subpart* of an ill-formed sequence, exactly the Unicode 3.9 practice the spec pins
  (checked against the spec's table in tests/test_coercion.py), and it keeps a leading BOM.
"""

from __future__ import annotations

import re

REPLACEMENT = "\ufffd"
_SURROGATE = re.compile("[\ud800-\udfff]")


def is_text(value: object) -> bool:
    """True for the two native string types; subclasses are not text (they may run code)."""
    return type(value) is str or type(value) is bytes


def coerce_str(value: str) -> str:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATE.sub(REPLACEMENT, value)
    return value


def coerce_bytes(value: bytes) -> str:
    return value.decode("utf-8", "replace")


def coerce_text(value: str | bytes) -> str:
    """The well-formed string for a ``str`` or ``bytes`` value."""
    if type(value) is bytes:
        return coerce_bytes(value)
    if type(value) is str:
        return coerce_str(value)
    raise TypeError("not text: a str or bytes subclass is never coerced (its methods may run code)")


def coerced_prefix(value: str | bytes, min_octets: int) -> tuple[str, bool]:
    """(prefix of the coerced string, whether it is all of it).

    When it is not all of it, the prefix holds at least ``min_octets`` octets. Coercion never
    shrinks: a code point gives at least one octet, and an octet sequence gives at least as many
    octets as it had (a maximal subpart of one to three octets becomes three). So the first
    ``min_octets`` code points, or the first ``min_octets + 4`` octets, already give ``min_octets``
    octets of output; the four extra octets keep a sequence that the cut splits from being decoded
    differently than in the whole string.
    """
    if type(value) is bytes:
        if len(value) <= min_octets + 4:
            return coerce_bytes(value), True
        return coerce_bytes(value[: min_octets + 4]), False
    if type(value) is not str:
        raise TypeError("not text: a str or bytes subclass is never coerced (its methods may run code)")
    if len(value) <= min_octets:
        return coerce_str(value), True
    return coerce_str(value[:min_octets]), False
