"""The replay ledger entry: persist as RFC 8785 text, restore strictly (spec 07, TR-REPLAY-1..7)."""

from __future__ import annotations

import json
from typing import Any

from .bounder import bound
from .jcs import canonical_json
from .json_equality import json_equal
from .options import BoundOptions
from .result import BoundedResult, ToolResult, require_bounded

ENTRY_VERSION = 1
MAX_ENTRY_DEPTH = 66  # the entry and the result objects around a structured value of depth 64
_RESULT_MEMBERS = frozenset(("content", "isError", "structured", "artifacts", "warnings"))
_REQUIRED_MEMBERS = frozenset(("content", "isError", "artifacts", "warnings"))

#: The content of the error result a call gets when its claim's lease ran out before a result was
#: stored (TR-REPLAY-23): the tool is not run again.
INTERRUPTED_TEXT = (
    "The tool call was interrupted before its result was stored and is not run again; "
    "whether its action took effect is unknown."
)
#: The entry of that error result, byte for byte as spec/07-replay.md §7.4 prints it
#: (``persist(bound(ToolResult.error(INTERRUPTED_TEXT)))``); every store pins this text.
INTERRUPTED_ENTRY = (
    '{"result":{"artifacts":[],"content":"' + INTERRUPTED_TEXT + '","isError":true,"warnings":[]},"version":1}'
)


#: A task ID's limits are a call ID's (TR-REPLAY-21, TR-REPLAY-42).
MAX_TASK_ID_OCTETS = 1024


def check_task_id(task_id: Any) -> None:
    """A task ID a store keeps unchanged: a non-empty well-formed string, no U+0000, at most 1024
    UTF-8 octets (TR-REPLAY-42). The TypeError never quotes the ID: a server chose it."""
    if type(task_id) is not str or task_id == "":
        raise TypeError("a task ID must be a non-empty string")
    try:
        octets = task_id.encode("utf-8")
    except UnicodeEncodeError:
        raise TypeError("a task ID must be well-formed Unicode (it holds a lone surrogate)") from None
    if "\x00" in task_id:
        raise TypeError("a task ID must not contain U+0000")
    if len(octets) > MAX_TASK_ID_OCTETS:
        raise TypeError(f"a task ID must be at most {MAX_TASK_ID_OCTETS} UTF-8 octets")


def task_entry(task_id: str) -> bytes:
    """The entry column of a claimed row that holds a task (TR-REPLAY-44): the octets of the canonical
    JSON ``{"task":{"taskId":"<id>"}}``, the same in every language's store."""
    check_task_id(task_id)
    return canonical_json({"task": {"taskId": task_id}}).encode("utf-8")


def task_of_entry(stored: object) -> str | None:
    """The task ID a claimed row's entry column holds, or None. Only the exact octets task_entry
    writes count (TR-REPLAY-44): anything else is no task, and a claim that meets it after the lease
    records the interrupted entry, as before tasks."""
    if isinstance(stored, memoryview):
        stored = stored.tobytes()
    if type(stored) is not bytes:
        return None
    try:
        parsed = json.loads(stored.decode("utf-8"), object_pairs_hook=_no_duplicates, parse_constant=_reject_constant)
    except (ValueError, RecursionError):
        return None
    task = parsed.get("task") if type(parsed) is dict else None
    task_id = task.get("taskId") if type(task) is dict else None
    try:
        return task_id if type(task_id) is str and task_entry(task_id) == stored else None
    except TypeError:
        return None


class LedgerError(Exception):
    """A ledger entry that cannot be restored. ``code`` is ``ledger.*``; the message is fixed per
    cause and quotes nothing of the entry (TR-LOG-2)."""

    _MESSAGES = {
        "ledger.malformed": "the ledger entry is not a valid entry",
        "ledger.unknown_version": "the ledger entry has a version this implementation does not know",
        "ledger.not_bounded": "the ledger entry holds a result that is not bounded under these options",
    }

    def __init__(self, code: str) -> None:
        super().__init__(self._MESSAGES[code])
        self.code = code


def persist(result: object) -> str:
    """The text of the version-1 entry of a bounded result: its JCS serialization (TR-REPLAY-1, 2)."""
    bounded = require_bounded(result, "persist")
    return canonical_json({"version": ENTRY_VERSION, "result": bounded.to_json()})


def _depth_within(text: str, limit: int) -> bool:
    """Whether no array or object nests deeper than ``limit``, found without recursion."""
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError("duplicate member")
        out[key] = value
    return out


def _reject_constant(name: str) -> Any:
    raise ValueError("not JSON")


def _parse(text: Any) -> Any:
    if type(text) is not str or not _depth_within(text, MAX_ENTRY_DEPTH):
        raise LedgerError("ledger.malformed")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_reject_constant)
    except (ValueError, RecursionError):
        raise LedgerError("ledger.malformed") from None


def _version(value: Any) -> int | None:
    if type(value) is int:
        return value
    if type(value) is float and value.is_integer():
        return int(value)
    return None


def _is_warning_list(value: Any) -> bool:
    """A list of ``{"code": string}`` objects. Whether each code is known and the list sorted is the
    bounder's question (ledger.not_bounded); a different shape is not an entry at all."""
    return type(value) is list and all(
        type(w) is dict and w.keys() == {"code"} and type(w["code"]) is str for w in value
    )


def restore(entry: Any, options: BoundOptions | None = None) -> BoundedResult:
    """The bounded result an entry holds, or LedgerError; never part of a result (TR-REPLAY-4..7)."""
    opts = options if options is not None else BoundOptions()
    parsed = _parse(entry)
    if type(parsed) is str:
        return bound(ToolResult.text(parsed), opts)  # a legacy text-only entry
    if type(parsed) is not dict:
        raise LedgerError("ledger.malformed")
    version = _version(parsed.get("version"))
    if version is not None and version >= 1 and version != ENTRY_VERSION:
        raise LedgerError("ledger.unknown_version")
    result = parsed.get("result")
    if version != ENTRY_VERSION or parsed.keys() != {"version", "result"} or type(result) is not dict:
        raise LedgerError("ledger.malformed")
    members = result.keys()
    if not (_REQUIRED_MEMBERS <= members <= _RESULT_MEMBERS):
        raise LedgerError("ledger.malformed")
    if (type(result["content"]) is not str or type(result["isError"]) is not bool
            or type(result["artifacts"]) is not list or not _is_warning_list(result["warnings"])):
        raise LedgerError("ledger.malformed")
    restored = bound(result, opts)
    if not json_equal(restored.to_json(), result):
        raise LedgerError("ledger.not_bounded")
    return restored
