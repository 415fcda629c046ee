"""The artifact list's shape check (TR-BOUND-9, TR-MODEL-5).

It runs on the coerced copy the measuring walk built, or on the value plain_json.py proved plain:
either holds only exact JSON types with str keys, so types may be counted by ``==`` and keys
compared as sets. The check is made a kind of node at a time over the whole list (every artifact's
keys, then every label, then every table's rows...), each step one C pass, not artifact by
artifact in Python: a list of many small artifacts is as common as one big table. The closed set
of types and their data shapes come from artifact-type.schema.json.
"""

from __future__ import annotations

from functools import reduce
from itertools import chain, compress, repeat
from operator import eq, iadd, itemgetter
from typing import Any

from .generated_types import ARTIFACT_TYPE_VALUES as ARTIFACT_TYPES

_ARTIFACT_KEYS = frozenset(("type", "label", "data"))
assert set(ARTIFACT_TYPES) == {"table", "text"}, "a schema artifact type has no shape check"

_repeat: Any = repeat  # repeat(width, count), mapped over the tables
_type = itemgetter("type")
_label = itemgetter("label")
_data = itemgetter("data")
_columns = itemgetter("columns")
_rows = itemgetter("rows")
_text = itemgetter("text")


def _all_of(values: list[Any], kind: type) -> bool:
    # Counting types by == is safe here: the values hold only exact JSON types (the module note).
    return list(map(type, values)).count(kind) == len(values)


def _sized(mappings: list[dict[str, Any]], size: int) -> bool:
    # With as many keys as the shape has, and each of the shape's keys read (a KeyError otherwise,
    # caught below), a mapping's keys are exactly the shape's.
    return list(map(len, mappings)).count(size) == len(mappings)


def _tables_ok(tables: list[dict[str, Any]], cells_are_str: bool) -> bool:
    if not _sized(tables, 2):
        return False
    columns = list(map(_columns, tables))
    if not _all_of(columns, list) or not _all_of(reduce(iadd, columns, []), str):
        return False
    rows = list(map(_rows, tables))
    if not _all_of(rows, list):
        return False
    every_row: list[Any] = reduce(iadd, rows, [])
    if not _all_of(every_row, list):
        return False
    # Each row as wide as its own table's columns.
    widths = list(chain.from_iterable(map(_repeat, map(len, columns), map(len, rows))))
    if list(map(len, every_row)) != widths:
        return False
    if cells_are_str:
        return True  # the plain proof saw only strs at the cells' level
    return _all_of(list(chain.from_iterable(every_row)), str)


def _texts_ok(texts: list[dict[str, Any]]) -> bool:
    return _sized(texts, 1) and _all_of(list(map(_text, texts)), str)


def is_valid_artifact_list(artifacts: Any, cells_are_str: bool = False) -> bool:
    """TR-BOUND-9. ``cells_are_str``: every node at the level of table cells is known to be a str."""
    if type(artifacts) is not list:
        return False
    if not _all_of(artifacts, dict) or not _sized(artifacts, len(_ARTIFACT_KEYS)):
        return False
    try:
        kinds = list(map(_type, artifacts))
        datas = list(map(_data, artifacts))
        if not _all_of(kinds, str) or not _all_of(list(map(_label, artifacts)), str) or not _all_of(datas, dict):
            return False
        tables = list(compress(datas, map(eq, kinds, repeat("table"))))
        texts = list(compress(datas, map(eq, kinds, repeat("text"))))
        if len(tables) + len(texts) != len(artifacts):
            return False  # a type outside the closed set
        return _texts_ok(texts) and _tables_ok(tables, cells_are_str)
    except KeyError:
        return False  # a key of the shape is missing (so another key is in its place)
