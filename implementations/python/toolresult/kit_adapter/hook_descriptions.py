"""Hooks built from the kit's language-neutral descriptions (spec 8.4, TR-HOOK-8)."""

from __future__ import annotations

from typing import Any

from toolresult import ToolResult, coerce_text
from toolresult.coercion import is_text
from toolresult.hooks import Hook, with_content, without_structured

from .decode_tagged import decode_tagged


class BadHookDescription(ValueError):
    pass


_MAX_SAFE_INTEGER = 2**53 - 1


def _prefix(text: str, octets: int) -> str:
    """The longest prefix of ``text`` on a code-point boundary within ``octets`` UTF-8 octets."""
    return text.encode("utf-8")[:octets].decode("utf-8", "ignore")


def _text(description: dict[str, Any]) -> Any:
    if "text" not in description:
        raise BadHookDescription("missing text")
    text = decode_tagged(description["text"])
    if not is_text(text):
        raise BadHookDescription("text must be a string")
    return text


def build_hook(description: Any) -> Hook:
    if type(description) is not dict or type(description.get("name")) is not str:
        raise BadHookDescription("a hook description is an object with a name")
    name = description["name"]
    if name == "unchanged":
        return lambda result, position: None
    if name == "replace-text":
        text = _text(description)
        return lambda result, position: with_content(result, text)
    if name == "append-text":
        text = _text(description)
        return lambda result, position: with_content(result, result.content + coerce_text(text))
    if name == "truncate-text":
        octets = description.get("octets")
        if type(octets) is float and octets.is_integer():
            octets = int(octets)  # an integer however written (spec 8.5): 2.0 is 2
        if type(octets) is int and 0 <= octets <= _MAX_SAFE_INTEGER:
            limit = octets
            return lambda result, position: with_content(result, _prefix(result.content, limit))
        raise BadHookDescription("octets must be a non-negative integer")
    if name == "drop-structured":
        return lambda result, position: without_structured(result)
    if name == "set-error":
        text = _text(description)
        return lambda result, position: ToolResult.error(text, structured=result.structured)
    if name == "throw":
        def throwing(result: Any, position: int) -> Any:
            # Quotes every channel on purpose: the pipeline must keep all of it out of the logs.
            raise RuntimeError(f"hook failed on {result.content!r} {result.structured!r} {result.artifacts!r}")
        return throwing
    if name == "return-non-result":
        return lambda result, position: result.content
    raise BadHookDescription("unknown hook")
