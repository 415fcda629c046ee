"""A decimal digit string to a Python int without CPython's int-digits limit and in sub-quadratic
time (the ``bigint`` tag, TR-CONF-4).

``int(text)`` refuses more than 4,300 digits (``sys.get_int_max_str_digits``) and, lifted, is
quadratic. Splitting the digits at powers of 10^(2^k * chunk) and joining the halves by one
multiplication each costs what big-integer multiplication costs (Karatsuba), and no ``int()`` call
ever sees more than one chunk.
"""

from __future__ import annotations

import re

_DECIMAL = re.compile(r"-?(?:0|[1-9][0-9]*)")
_CHUNK = 2_048  # digits one int() call reads: well under the 4,300-digit limit


def decimal_integer(text: str) -> int:
    """The integer ``text`` writes (``-?(0|[1-9][0-9]*)``, as the tagged-value schema pins it)."""
    if type(text) is not str or _DECIMAL.fullmatch(text) is None:
        raise ValueError("not a decimal integer")
    negative = text.startswith("-")
    digits = text[1:] if negative else text
    if len(digits) <= _CHUNK:
        value = int(digits)
        return -value if negative else value
    powers = [10**_CHUNK]  # powers[k] = 10 ** (_CHUNK * 2**k)
    while _CHUNK << len(powers) < len(digits):
        powers.append(powers[-1] * powers[-1])
    # Explicit stack: (start, end, level) to read; results are combined in post-order.
    results: list[int] = []
    work: list[tuple[int, int, int]] = [(0, len(digits), len(powers) - 1)]
    while work:
        start, end, level = work.pop()
        if level < 0:  # a combine marker: the two halves above are high, low
            low, high = results.pop(), results.pop()
            results.append(high * powers[-level - 1] + low)
            continue
        if end - start <= _CHUNK:
            results.append(int(digits[start:end]))
            continue
        while _CHUNK << level >= end - start:
            level -= 1
        split = end - (_CHUNK << level)  # the low part has exactly _CHUNK * 2**level digits
        work.append((0, 0, -level - 1))
        work.append((split, end, level))
        work.append((start, split, level))
    value = results[0]
    return -value if negative else value
