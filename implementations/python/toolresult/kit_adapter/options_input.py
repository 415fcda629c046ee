"""A budget given as ``undefined`` (spec 2.4, 9.3): the kit writes it as the tag
``{"$tr":"opaque","kind":"undefined"}`` in its place; the adapter hands the implementation its
missing-value marker ``ABSENT`` there, which takes the budget's default. Only the three budgets are
read this way: any other tag in the options is an object, and invalid."""

from __future__ import annotations

from typing import Any

from ..result import ABSENT

_BUDGETS = ("contentBudget", "artifactsBudget", "structuredBudget")


def _is_undefined_tag(value: Any) -> bool:
    return type(value) is dict and value.get("$tr") == "opaque" and value.get("kind") == "undefined"


def with_undefined_budgets(options: Any) -> Any:
    """The options with each budget that is the undefined tag made ``ABSENT``."""
    if type(options) is not dict or not any(_is_undefined_tag(options.get(b)) for b in _BUDGETS):
        return options
    return {k: ABSENT if k in _BUDGETS and _is_undefined_tag(v) else v for k, v in options.items()}
