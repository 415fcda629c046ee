"""The rest of a Python adapter artifact (TR-NORM-66).

The members beside ``structured_content`` are kept run-only as one text artifact of their canonical
JSON, every binary reduced to a stub that says it was there and how large, and the whole held to
4,096 octets by the bounder's own verdict.
"""

from __future__ import annotations

from typing import Any

from ..coercion import is_text
from ..jcs import canonical_json
from ..json_measure import measure
from ..result import ABSENT
from .base64_size import data_url, forgiving_base64_size
from .references import octets, text_value

MEMBERS_LABEL = "Artifact members"
MEMBERS_OMITTED = "[artifact members omitted]"
MEMBERS_BUDGET = 4096

# The members MCP and LangChain keep bytes in: a string there is binary data, whatever it holds.
_BINARY_MEMBERS = frozenset(("base64", "data", "blob"))
# The structured members (TR-NORM-54) and MCP `_meta` (TR-NORM-21) are not part of the rest.
_NOT_REST = frozenset(("structured_content", "structuredContent", "_meta"))
# Every node of the reduced value costs at least one octet and the reduction removes none, so a walk
# past this many nodes, or this deep (the bounder stops at 64), cannot end in an ok verdict: the caps
# only make the walk finish on a cycle or a huge value, and no answer depends on them.
_NODE_CAP = MEMBERS_BUDGET + 1
_DEPTH_CAP = 66


class _Unkeepable(Exception):
    pass


def _name(key: Any) -> str | None:
    """A member name as the rules compare it: ``bytes`` is a string too (spec 3.3)."""
    return text_value(key)


def _stub(size: int) -> dict[str, Any]:
    return {"omitted": True, "size": size, "type": "binary"}


def _string_size(text: str, binary_member: bool) -> int | None:
    if binary_member:
        size = forgiving_base64_size(text)
        return octets(text) if size is None else size
    if text[:5].lower() == "data:":
        parsed = data_url(text)
        size = None if parsed is None else forgiving_base64_size(parsed[1])
        return octets(text) if size is None else size
    return None


def _reduce(value: Any, binary_member: bool, depth: int, count: list[int]) -> Any:
    count[0] += 1
    if count[0] > _NODE_CAP or depth > _DEPTH_CAP:
        raise _Unkeepable
    if is_text(value):
        text = text_value(value)
        assert text is not None
        size = _string_size(text, binary_member)
        return value if size is None else _stub(size)
    if type(value) is bytearray:
        return _stub(len(value))  # a native byte array (TR-NORM-10)
    if type(value) is list:
        return [_reduce(item, False, depth + 1, count) for item in value]
    if type(value) is dict:
        return {key: _reduce(item, _name(key) in _BINARY_MEMBERS, depth + 1, count) for key, item in value.items()}
    return value  # numbers, booleans, None, and whatever the bounder will find unencodable


def artifact_members_text(artifact: dict[str, Any]) -> str | None:
    """The text of the members artifact, or None when the artifact has no other member."""
    rest = {k: v for k, v in artifact.items() if _name(k) not in _NOT_REST and v is not ABSENT}
    if not rest:
        return None
    try:
        reduced = {k: _reduce(v, _name(k) in _BINARY_MEMBERS, 2, [1]) for k, v in rest.items()}
    except _Unkeepable:
        return MEMBERS_OMITTED
    measured = measure(reduced, MEMBERS_BUDGET)
    return canonical_json(measured.value) if measured.verdict == "ok" else MEMBERS_OMITTED
