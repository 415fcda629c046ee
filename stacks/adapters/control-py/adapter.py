"""The Python control rows: the `mcp` SDK's own client (Streamable HTTP), then this project's Python
implementation (implementations/python: normalize_mcp, wire_message), put in each provider's
tool-result form and sent to the fake provider over HTTP, as the TypeScript control rows do
(adapters/control/adapter.ts): a Chat Completions `tool` message, a Responses
`function_call_output`, an Anthropic `tool_result` with `is_error`. OpenAI's formats have no error
field, so an error result travels as the JSON text {"error": content}. It must pass every check.

Egress (TR-STACK-17 to 19): n/a, each with its reason. The row is one request and one answer with
nothing suspended in between, so it writes no resumable state (the seam's ledger is the program's
own store, not a stack's), and it has no tracing to switch on.
"""
from __future__ import annotations

import json
import sys
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "shared"))
from adapter_loop import CALL_ID, MODEL_ID, PROMPT, Outcome, Step, describe_throw, import_toolresult, installed_versions, serve  # noqa: E402

toolresult = import_toolresult()
from toolresult.normalize import NormalizeOptions, normalize_mcp  # noqa: E402
from mcp import Client  # noqa: E402

TOOL = "probe"
DESCRIPTION = "Looks something up (conformance probe)."
SCHEMA = {"type": "object", "properties": {}}
PATH = {"openai-chat": "/v1/chat/completions", "openai-responses": "/v1/responses", "anthropic": "/v1/messages"}


def body(p: str, wire: dict[str, Any] | None) -> dict[str, Any]:
    """The request body in the provider's format, before the tool ran (wire None) or after."""
    cid = CALL_ID[p]
    text = "" if wire is None else json.dumps({"error": wire["content"]}, ensure_ascii=False) if wire["isError"] else wire["content"]
    user = {"role": "user", "content": PROMPT}
    if p == "openai-chat":
        messages: list[Any] = [user]
        if wire is not None:
            messages += [{"role": "assistant", "content": None, "tool_calls": [{"id": cid, "type": "function", "function": {"name": TOOL, "arguments": "{}"}}]}, {"role": "tool", "tool_call_id": cid, "content": text}]
        return {"model": MODEL_ID[p], "messages": messages, "tools": [{"type": "function", "function": {"name": TOOL, "description": DESCRIPTION, "parameters": SCHEMA}}]}
    if p == "openai-responses":
        items: list[Any] = [user]
        if wire is not None:
            items += [{"type": "function_call", "call_id": cid, "name": TOOL, "arguments": "{}"}, {"type": "function_call_output", "call_id": cid, "output": text}]
        return {"model": MODEL_ID[p], "input": items, "tools": [{"type": "function", "name": TOOL, "description": DESCRIPTION, "parameters": SCHEMA}]}
    messages = [user]
    if wire is not None:
        messages.append({"role": "assistant", "content": [{"type": "tool_use", "id": cid, "name": TOOL, "input": {}}]})
        messages.append({"role": "user", "content": [{"type": "tool_result", "tool_use_id": cid, "content": wire["content"], **({"is_error": True} if wire["isError"] else {})}]})
    return {"model": MODEL_ID[p], "max_tokens": 1024, "messages": messages, "tools": [{"name": TOOL, "description": DESCRIPTION, "input_schema": SCHEMA}]}


def post(s: Step, b: dict[str, Any]) -> None:
    req = urllib.request.Request(s.provider_base + PATH[s.provider], data=json.dumps(b, ensure_ascii=False).encode("utf-8"), method="POST", headers={"content-type": "application/json"})
    with urllib.request.build_opener(urllib.request.ProxyHandler({})).open(req, timeout=60) as r:
        r.read()


async def step(s: Step) -> Outcome:
    s.persisted_not_applicable = "the control row runs one call with no agent loop: it suspends nothing and keeps no checkpoint or session"
    s.exported_not_applicable = "the control row has no tracing or telemetry of its own to switch on"
    user = {"role": "user", "content": PROMPT}
    s.model_requests.append([user])
    try:
        post(s, body(s.provider, None))
        async with Client(s.mcp_url) as client:
            await client.list_tools()  # the SDK checks structuredContent against the listed outputSchema
            raw = await client.call_tool(TOOL, {})
        # The result as the wire had it (camelCase names, `_meta`), which is what normalize_mcp reads.
        value = raw.model_dump(mode="json", by_alias=True, exclude_unset=True)
        options = NormalizeOptions.from_json({"outputSchema": s.output_schema} if s.output_schema is not None else None)
        result = normalize_mcp(value, options)
        wire = toolresult.wire_message(result)
        s.model_requests.append([user, {"role": "assistant", "toolCalls": [{"id": CALL_ID[s.provider], "name": TOOL, "arguments": {}}]}, {"role": "tool", "toolCallId": CALL_ID[s.provider], "content": wire["content"], "isError": wire["isError"]}])
        post(s, body(s.provider, dict(wire)))
        return Outcome(kept=result.to_json(), threw=None)
    except Exception as e:
        return Outcome(kept=None, threw=describe_throw(e))


serve("control (mcp SDK + toolresult, Python)", f"{installed_versions(['mcp', 'mcp-types'])} toolresult-protocol@{toolresult.__version__}", step)
