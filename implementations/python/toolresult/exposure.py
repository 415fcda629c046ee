"""Model exposure policies (spec/12-exposure.md, TR-EXPOSE-1..10).

The exposure step runs on the final bounded result of a tool step (after the hooks, before the wire,
the sinks and the ledger). ``none`` returns the result itself; ``json`` and ``allowlist`` append the
RFC 8785 text of what they select to ``content`` under the content budget, dropped whole when it does
not fit, and record every decision as warning codes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from . import generated_types as schema
from .jcs import canonical_json
from .json_reader import JsonSyntaxError, read_json
from .options import BoundOptions, OptionsError
from .result import ABSENT, make_bounded, require_bounded

SEPARATOR = "\n\n"

_BAD_TILDE = re.compile(r"~(?![01])")  # RFC 6901: `~` only as `~0` or `~1`; one linear scan
_INDEX = re.compile(r"0|[1-9][0-9]*")


class ExposurePolicyError(OptionsError):
    """A policy that does not match exposure-policy.schema.json; the message quotes nothing of it."""

    def __init__(self, reason: str) -> None:
        ValueError.__init__(self, f"invalid exposure policy: {reason}")
        self.option = "exposure"


@dataclass(frozen=True, slots=True)
class Exposure:
    """A checked policy: ``policy`` is none, json or allowlist; ``pointers`` pairs each pointer with its tokens."""

    policy: Literal["none", "json", "allowlist"]
    pointers: tuple[tuple[str, tuple[str, ...]], ...] = ()


NONE = Exposure("none")


def _well_formed(text: str) -> bool:
    try:
        text.encode("utf-8")  # in C: fails exactly on a surrogate code point
    except UnicodeEncodeError:
        return False
    return True


def parse_pointer(pointer: str) -> tuple[str, ...] | None:
    """The unescaped reference tokens of an RFC 6901 pointer, or None when it is not one."""
    if type(pointer) is not str or not _well_formed(pointer):
        return None
    # A pointer is "" or "/"-led tokens with escaped `~` (TR-EXPOSE-2). Checked by two scans in C:
    # the grouped grammar in `re` cost seconds on a pointer of a million tokens.
    if pointer != "" and (pointer[0] != "/" or _BAD_TILDE.search(pointer) is not None):
        return None
    if pointer == "":
        return ()
    # '~1' first, then '~0' (RFC 6901 section 4): '~01' is the member '~1'.
    return tuple(t.replace("~1", "/").replace("~0", "~") for t in pointer[1:].split("/"))


def resolve_pointer(root: Any, tokens: tuple[str, ...]) -> tuple[bool, Any]:
    """(found, value) for the tokens in a bounded JSON value (TR-EXPOSE-5)."""
    at = root
    for token in tokens:
        if type(at) is list:
            if _INDEX.fullmatch(token) is None or int(token) >= len(at):
                return False, None
            at = at[int(token)]
        elif type(at) is dict:
            if token not in at:
                return False, None
            at = at[token]
        else:
            return False, None
    return True, at


def check_exposure(policy: Any) -> Exposure:
    """The policy checked against exposure-policy.schema.json (TR-EXPOSE-2); None or ABSENT is ``none``."""
    if policy is None or policy is ABSENT:
        return NONE
    if type(policy) is not dict:
        raise ExposurePolicyError("must be an object")
    kind = policy.get("policy")
    if kind in ("none", "json"):
        if len(policy) != 1:
            raise ExposurePolicyError(f"{kind} takes no other member")
        return NONE if kind == "none" else Exposure("json")
    if kind != "allowlist":
        raise ExposurePolicyError("policy must be none, json or allowlist")
    if any(key not in ("policy", "pointers") for key in policy):
        raise ExposurePolicyError("allowlist takes only pointers")
    pointers = policy.get("pointers")
    if type(pointers) is not list:
        raise ExposurePolicyError("allowlist needs a list of pointers")
    checked: list[tuple[str, tuple[str, ...]]] = []
    seen: set[str] = set()
    for index, pointer in enumerate(pointers):
        tokens = parse_pointer(pointer)
        if tokens is None:
            raise ExposurePolicyError(f"pointer {index} is not a JSON Pointer (RFC 6901)")
        if pointer in seen:
            raise ExposurePolicyError(f"pointer {index} is given twice")
        seen.add(pointer)
        checked.append((pointer, tokens))
    return Exposure("allowlist", tuple(checked))


def _carries(content: str, j: str) -> bool:
    """Content already carries ``j`` (TR-EXPOSE-7): it is ``j``, ends with the block, or is a JSON text of its value."""
    if content == j or content.endswith(SEPARATOR + j):
        return True
    try:
        parsed = read_json(content, reject_duplicates=True)  # any depth, as the reference reads it
    except JsonSyntaxError:
        return False
    # The parsed value's own serialization, not the bounder's measure: its 64-level limit is one
    # short of an allowlist's object around a value at that limit. A number beyond the data range
    # (1e400) has no serialization; an escaped lone surrogate gives a text that differs from j.
    try:
        return canonical_json(parsed) == j
    except (ValueError, TypeError, OverflowError, RecursionError):
        return False


def _select(result: Any, exposure: Exposure) -> tuple[bool, Any, bool]:
    """(has a value, the exposed value, some pointer selected nothing)."""
    if not result.has_structured:
        return False, None, False
    structured = result.structured
    if exposure.policy == "json":
        return True, structured, False
    picked: dict[str, Any] = {}
    unmatched = False
    for pointer, tokens in exposure.pointers:
        found, value = resolve_pointer(structured, tokens)
        if found:
            picked[pointer] = value
        else:
            unmatched = True
    return bool(picked), picked, unmatched


def expose(result: Any, policy: Any = None, options: BoundOptions | None = None) -> Any:
    """The bounded result as the model is to see it under ``policy`` (TR-EXPOSE-1..10)."""
    bounded = require_bounded(result, "expose")
    exposure = check_exposure(policy)
    budget = (options if options is not None else BoundOptions()).content_budget
    if exposure.policy == "none":
        return bounded
    codes: set[schema.WarningCode] = set(bounded.warnings)
    codes.add("exposure.json" if exposure.policy == "json" else "exposure.allowlist")
    content = bounded.content
    has, value, unmatched = _select(bounded, exposure)
    if unmatched:
        codes.add("exposure.unmatched")
    if not has:
        codes.add("exposure.empty")
    else:
        j = canonical_json(value)
        # TR-EXPOSE-7 before TR-EXPOSE-8: content that carries J is left as it is, with no
        # over_budget, even when J is longer than the budget (a JSON text can be shorter than its
        # serialization: 1e-6 is 0.000001).
        if not _carries(content, j):
            extended = j if content == "" else content + SEPARATOR + j
            if len(extended.encode("utf-8")) <= budget:
                content = extended
            else:
                codes.add("exposure.over_budget")
    structured = bounded.structured if bounded.has_structured else ABSENT  # a fresh copy, held by the new result only
    return make_bounded(content, bounded.is_error, structured, bounded.artifacts, tuple(sorted(codes)))
