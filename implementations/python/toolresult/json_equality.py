"""Equality of JSON values as JSON sees them: numbers by value, booleans never numbers, member order aside."""

from __future__ import annotations

from typing import Any


def json_equal(a: Any, b: Any) -> bool:
    stack = [(a, b)]
    while stack:
        x, y = stack.pop()
        if type(x) is bool or type(y) is bool or x is None or y is None:
            if type(x) is not type(y) or x != y:
                return False
        elif type(x) in (int, float) and type(y) in (int, float):
            if x != y:
                return False
        elif type(x) is list and type(y) is list:
            if len(x) != len(y):
                return False
            stack.extend(zip(x, y))
        elif type(x) is dict and type(y) is dict:
            if x.keys() != y.keys():
                return False
            stack.extend((x[k], y[k]) for k in x)
        elif type(x) is not type(y) or x != y:
            return False
    return True
