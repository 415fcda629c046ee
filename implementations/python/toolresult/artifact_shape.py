"""The artifact list's shape check (TR-BOUND-9, TR-MODEL-5).

It runs on the coerced copy the measuring walk built, or on the value plain_json.py proved plain:
either holds only exact JSON types, so plain type checks (and counting types by ``==``) suffice. The closed set of types and their data shapes come from artifact-type.schema.json.
"""

from __future__ import annotations

from itertools import chain
from typing import Any

from .generated_types import ARTIFACT_TYPE_VALUES as ARTIFACT_TYPES

_ARTIFACT_KEYS = frozenset(("type", "label", "data"))


def _is_string_list(value: Any) -> bool:
    # Counting types by == is safe here: the value holds only exact JSON types (the module note).
    return type(value) is list and list(map(type, value)).count(str) == len(value)


def _table_ok(data: dict[str, Any], cells_are_str: bool) -> bool:
    if data.keys() != {"columns", "rows"} or not _is_string_list(data["columns"]):
        return False
    width = len(data["columns"])
    rows = data["rows"]
    # Row by row in C (map, chain): a table of many rows is the common artifact.
    if type(rows) is not list or list(map(type, rows)).count(list) != len(rows):
        return False
    if list(map(len, rows)).count(width) != len(rows):
        return False
    if cells_are_str:
        return True  # the plain proof saw only strs at the cells' level
    cells = list(chain.from_iterable(rows))
    return list(map(type, cells)).count(str) == len(cells)


def _text_ok(data: dict[str, Any], cells_are_str: bool) -> bool:
    return data.keys() == {"text"} and type(data["text"]) is str


_DATA_CHECKS = {"table": _table_ok, "text": _text_ok}
assert set(_DATA_CHECKS) == set(ARTIFACT_TYPES), "a schema artifact type has no shape check"


def is_valid_artifact_list(artifacts: Any, cells_are_str: bool = False) -> bool:
    """TR-BOUND-9. ``cells_are_str``: every node at the level of table cells is known to be a str."""
    if type(artifacts) is not list:
        return False
    for artifact in artifacts:
        if type(artifact) is not dict or artifact.keys() != _ARTIFACT_KEYS:
            return False
        check = _DATA_CHECKS.get(artifact["type"]) if type(artifact["type"]) is str else None
        if check is None or type(artifact["label"]) is not str or type(artifact["data"]) is not dict:
            return False
        if not check(artifact["data"], cells_are_str):
            return False
    return True
