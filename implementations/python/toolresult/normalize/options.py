"""Normalizer options: the bounder's budgets plus the output schema and its policy (spec 10.1, 10.5)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..options import BoundOptions, OptionsError

SchemaPolicy = Literal["off", "warn", "enforce"]
_POLICIES = ("off", "warn", "enforce")
_BUDGETS = ("contentBudget", "artifactsBudget", "structuredBudget")
_NO_SCHEMA = object()


@dataclass(frozen=True)
class NormalizeOptions:
    bound: BoundOptions = BoundOptions()
    output_schema: Any = _NO_SCHEMA
    schema_policy: SchemaPolicy = "off"

    @property
    def has_schema(self) -> bool:
        return self.output_schema is not _NO_SCHEMA

    @classmethod
    def from_json(cls, options: Any) -> "NormalizeOptions":
        """Validates everything before anything is normalized (TR-NORM-1); errors name the option."""
        if options is None:
            return cls()
        if type(options) is not dict:
            raise OptionsError("options", "must be an object")
        for name in options:
            if name not in _BUDGETS and name not in ("outputSchema", "schemaPolicy"):
                raise OptionsError("options", "unknown option")
        bound = BoundOptions.from_json({k: v for k, v in options.items() if k in _BUDGETS})
        schema = options["outputSchema"] if "outputSchema" in options else _NO_SCHEMA
        policy = options.get("schemaPolicy", "warn" if schema is not _NO_SCHEMA else "off")
        if type(policy) is not str or policy not in _POLICIES:
            raise OptionsError("schemaPolicy", "must be off, warn or enforce")
        return cls(bound, schema, policy)  # type: ignore[arg-type]
