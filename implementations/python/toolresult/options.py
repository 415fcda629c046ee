"""Bound options: the three budgets and their validation (spec 2.4, TR-MODEL-10)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from .result import ABSENT

MIN_BUDGET = 256
MAX_BUDGET = 1_073_741_824


class OptionsError(ValueError):
    """Bound options out of range; the message names the option, never a value of a result."""

    def __init__(self, option: str, reason: str) -> None:
        super().__init__(f"invalid bound option {option}: {reason}")
        self.option = option


@dataclass(frozen=True, slots=True)
class BoundOptions:
    content_budget: int = 50_000
    artifacts_budget: int = 50_000
    structured_budget: int = 1_048_576

    def __post_init__(self) -> None:
        for wire_name, attribute in _WIRE_NAMES.items():
            _check_budget(wire_name, getattr(self, attribute))

    @classmethod
    def from_json(cls, options: Mapping[str, Any] | None) -> "BoundOptions":
        """Options as BoundOptions JSON (camelCase); a budget left out or given as ``ABSENT`` takes its default."""
        if options is None:
            return cls()
        if type(options) is not dict:
            raise OptionsError("options", "must be an object")
        values: dict[str, int] = {}
        for name, value in options.items():
            attribute = _WIRE_NAMES.get(name) if type(name) is str else None
            if attribute is None:
                raise OptionsError("options", "unknown option")
            if value is ABSENT:
                continue  # a budget given as the missing-value marker, JavaScript's undefined, takes its default (spec 2.4)
            values[attribute] = _check_budget(name, value)
        return cls(**values)

    def to_json(self) -> dict[str, int]:
        return {wire: getattr(self, attribute) for wire, attribute in _WIRE_NAMES.items()}


_WIRE_NAMES = {
    "contentBudget": "content_budget",
    "artifactsBudget": "artifacts_budget",
    "structuredBudget": "structured_budget",
}


def _check_budget(name: str, value: Any) -> int:
    if type(value) is float and value.is_integer():
        value = int(value)  # JSON Schema's "integer" admits 512.0
    if type(value) is not int:
        raise OptionsError(name, "must be an integer")
    if not MIN_BUDGET <= value <= MAX_BUDGET:
        raise OptionsError(name, f"must be from {MIN_BUDGET} to {MAX_BUDGET}")
    return value
