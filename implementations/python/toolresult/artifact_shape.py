"""The artifact list's shape check (TR-BOUND-9, TR-MODEL-5).

It runs on the coerced copy the measuring walk built, which holds only JSON types, so plain type
checks suffice. The closed set of types and their data shapes come from artifact-type.schema.json.
"""

from __future__ import annotations

from typing import Any

from .generated_types import ARTIFACT_TYPE_VALUES as ARTIFACT_TYPES

_ARTIFACT_KEYS = frozenset(("type", "label", "data"))


def _is_string_list(value: Any) -> bool:
    return type(value) is list and all(type(item) is str for item in value)


def _table_ok(data: dict[str, Any]) -> bool:
    if data.keys() != {"columns", "rows"} or not _is_string_list(data["columns"]):
        return False
    width = len(data["columns"])
    rows = data["rows"]
    return type(rows) is list and all(_is_string_list(row) and len(row) == width for row in rows)


def _text_ok(data: dict[str, Any]) -> bool:
    return data.keys() == {"text"} and type(data["text"]) is str


_DATA_CHECKS = {"table": _table_ok, "text": _text_ok}
assert set(_DATA_CHECKS) == set(ARTIFACT_TYPES), "a schema artifact type has no shape check"


def is_valid_artifact_list(artifacts: Any) -> bool:
    if type(artifacts) is not list:
        return False
    for artifact in artifacts:
        if type(artifact) is not dict or artifact.keys() != _ARTIFACT_KEYS:
            return False
        check = _DATA_CHECKS.get(artifact["type"]) if type(artifact["type"]) is str else None
        if check is None or type(artifact["label"]) is not str or type(artifact["data"]) is not dict:
            return False
        if not check(artifact["data"]):
            return False
    return True
