"""The Python control rows: the `mcp` SDK's own client (Streamable HTTP), then this project's Python
implementation (implementations/python: normalize_mcp, wire_message), put in each provider's
tool-result form and sent to the fake provider over HTTP, as the TypeScript control rows do
(adapters/control/adapter.ts): a Chat Completions `tool` message, a Responses
`function_call_output`, an Anthropic `tool_result` with `is_error`, a Gemini `functionResponse`
(the text as `response.output`, an error as `response: {"error": content}`), a Bedrock Converse
`toolResult` (a `text` block, `status: "error"` on an error). OpenAI's formats have no error field, so
an error result travels as the JSON text {"error": content}. It must pass every check.

Egress (TR-STACK-17 to 19), as the TypeScript control rows: persisted is what a runtime on the
protocol stores to resume the run, its suspend state (`suspend_state`: the wire message, TR-SINK-2);
telemetry is one span per tool call, sent as an OTLP/HTTP JSON export to the fake collector, whose
attributes are the tool's name, the call ID and the audit record at the default privacy level
(`metadata`: TR-LOG-1 lets nothing else into a trace attribute); with telemetry "content", also the
text the model was given. The span is written by hand (the row pins no OpenTelemetry SDK): an OTLP
body is plain JSON, and the collector reads it as any exporter's.
"""
from __future__ import annotations

import json
import secrets
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "shared"))
from adapter_loop import ALL_PROVIDERS, CALL_ID, MODEL_ID, PROMPT, Outcome, Step, describe_throw, import_toolresult, installed_versions, serve  # noqa: E402

toolresult = import_toolresult()
from toolresult.normalize import NormalizeOptions, normalize_mcp  # noqa: E402
from mcp import Client  # noqa: E402

TOOL = "probe"
DESCRIPTION = "Looks something up (conformance probe)."
SCHEMA = {"type": "object", "properties": {}}
PATH = {
    "openai-chat": "/v1/chat/completions",
    "openai-responses": "/v1/responses",
    "anthropic": "/v1/messages",
    "gemini": f"/v1beta/models/{MODEL_ID['gemini']}:generateContent",
    "bedrock-converse": f"/model/{urllib.parse.quote(MODEL_ID['bedrock-converse'], safe='')}/converse",
}


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
    if p == "gemini":
        contents: list[Any] = [{"role": "user", "parts": [{"text": PROMPT}]}]
        if wire is not None:
            response = {"error": wire["content"]} if wire["isError"] else {"output": wire["content"]}
            contents += [{"role": "model", "parts": [{"functionCall": {"id": cid, "name": TOOL, "args": {}}}]}, {"role": "user", "parts": [{"functionResponse": {"id": cid, "name": TOOL, "response": response}}]}]
        return {"contents": contents, "tools": [{"functionDeclarations": [{"name": TOOL, "description": DESCRIPTION, "parameters": SCHEMA}]}]}
    if p == "bedrock-converse":
        turns: list[Any] = [{"role": "user", "content": [{"text": PROMPT}]}]
        if wire is not None:
            # `status` only on an error: Bedrock documents it for some model families only, and a success needs no word.
            result = {"toolUseId": cid, "content": [{"text": wire["content"]}], **({"status": "error"} if wire["isError"] else {})}
            turns += [{"role": "assistant", "content": [{"toolUse": {"toolUseId": cid, "name": TOOL, "input": {}}}]}, {"role": "user", "content": [{"toolResult": result}]}]
        return {"messages": turns, "toolConfig": {"tools": [{"toolSpec": {"name": TOOL, "description": DESCRIPTION, "inputSchema": {"json": SCHEMA}}}]}}
    messages = [user]
    if wire is not None:
        messages.append({"role": "assistant", "content": [{"type": "tool_use", "id": cid, "name": TOOL, "input": {}}]})
        messages.append({"role": "user", "content": [{"type": "tool_result", "tool_use_id": cid, "content": wire["content"], **({"is_error": True} if wire["isError"] else {})}]})
    return {"model": MODEL_ID[p], "max_tokens": 1024, "messages": messages, "tools": [{"name": TOOL, "description": DESCRIPTION, "input_schema": SCHEMA}]}


def post_json(url: str, b: dict[str, Any]) -> None:
    req = urllib.request.Request(url, data=json.dumps(b, ensure_ascii=False).encode("utf-8"), method="POST", headers={"content-type": "application/json"})
    with urllib.request.build_opener(urllib.request.ProxyHandler({})).open(req, timeout=60) as r:
        r.read()


def post(s: Step, b: dict[str, Any]) -> None:
    post_json(s.provider_base + PATH[s.provider], b)


def export_span(s: Step, result: Any, wire: dict[str, Any]) -> None:
    """One `execute_tool` span as an OTLP/HTTP JSON trace export (opentelemetry-proto's JSON mapping)."""
    attributes = {
        "gen_ai.tool.name": TOOL,
        "gen_ai.tool.call.id": CALL_ID[s.provider],
        "toolresult.audit": json.dumps(toolresult.audit_record(result, ["metadata"]), ensure_ascii=False, separators=(",", ":")),
    }
    if s.record_content:
        attributes["gen_ai.tool.call.result"] = wire["content"]
    now = str(time.time_ns())
    span = {
        "traceId": secrets.token_hex(16),
        "spanId": secrets.token_hex(8),
        "name": f"execute_tool {TOOL}",
        "kind": 1,
        "startTimeUnixNano": now,
        "endTimeUnixNano": now,
        "attributes": [{"key": k, "value": {"stringValue": v}} for k, v in attributes.items()],
    }
    post_json(f"{s.collector_url}/v1/traces", {"resourceSpans": [{"resource": {"attributes": []}, "scopeSpans": [{"scope": {"name": "toolresult-control"}, "spans": [span]}]}]})


async def step(s: Step) -> Outcome:
    suspended: Any = None
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
        suspended = toolresult.suspend_state(result)
        export_span(s, result, dict(wire))
        s.model_requests.append([user, {"role": "assistant", "toolCalls": [{"id": CALL_ID[s.provider], "name": TOOL, "arguments": {}}]}, {"role": "tool", "toolCallId": CALL_ID[s.provider], "content": wire["content"], "isError": wire["isError"]}])
        post(s, body(s.provider, dict(wire)))
        return Outcome(kept=result.to_json(), threw=None)
    except Exception as e:
        return Outcome(kept=None, threw=describe_throw(e))
    finally:
        s.persist("suspend state (the wire message)", json.dumps(suspended, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


serve("control (mcp SDK + toolresult, Python)", f"{installed_versions(['mcp', 'mcp-types'])} toolresult-protocol@{toolresult.__version__}", step, ALL_PROVIDERS)
