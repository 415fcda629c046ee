"""ECMAScript ``Number::toString`` for the numbers RFC 8785 writes (RFC 8785 section 3.2.2.3).

Python's ``repr(float)`` already gives the shortest digit string that round-trips, which is the digit
string ECMAScript chooses too; only the placement of the decimal point and the exponent differ.
"""

from __future__ import annotations

import math


def _digits_and_exponent(x: float) -> tuple[str, int]:
    """For finite x > 0: (digits, n) with x = 0.digits × 10**n and no trailing zero in digits."""
    text = repr(x)
    mantissa, _, exp = text.partition("e")
    exponent = int(exp) if exp else 0
    whole, _, frac = mantissa.partition(".")
    digits = (whole + frac).lstrip("0")
    # Position of the decimal point relative to the first significant digit.
    n = len(whole) + exponent
    leading_zeros = len(whole + frac) - len((whole + frac).lstrip("0"))
    n -= leading_zeros
    return digits.rstrip("0") or "0", n


def format_number(x: int | float) -> str:
    """The ECMAScript string of a finite number; -0 gives "0". Raises ValueError for NaN/±Infinity."""
    if type(x) is int:
        return str(x)
    if not math.isfinite(x):
        raise ValueError("not a finite number")
    if x == 0:
        return "0"
    sign = "-" if x < 0 else ""
    digits, n = _digits_and_exponent(abs(x))
    k = len(digits)
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * (-n) + digits
    e = n - 1
    exp_text = ("+" if e >= 0 else "-") + str(abs(e))
    if k == 1:
        return sign + digits + "e" + exp_text
    return sign + digits[0] + "." + digits[1:] + "e" + exp_text
