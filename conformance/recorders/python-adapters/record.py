"""Records what the pinned Python stacks make of each kind of MCP result, for the kit.

Drives fixture_server.py (the `mcp` SDK's server, over stdio) through:
- langchain-mcp-adapters (load_mcp_tools, handle_tool_errors on, its default): the ToolMessage's
  content, status and artifact, or the exception it raises; these are the inputs of
  conformance/vectors/normalize-langchain/python-adapter-fixtures.json;
- the OpenAI Agents SDK (MCPServerStdio, MCPUtil.invoke_mcp_tool): the tool output;
- Pydantic AI (MCPToolset on a fastmcp stdio client, direct_call_tool, which applies
  _map_mcp_call_tool_result): the mapped value, or the exception;
- Google ADK (_dump_mcp_model, what McpTool returns, applied to the mcp client's result): the dict.
The other stacks' outputs are reference data (recorded.json), not vectors.

Usage (from the repository root; scripts/record-python-adapters.sh makes the venv):
  python record.py           rewrite the vector inputs and recorded.json
  python record.py --check   re-record and fail (exit 1) when anything differs from the committed files

langchain-core gives every block an `id` of `lc_` and a random UUID4. The recorder checks that
form and replaces each by a fixed UUID4 numbered in order, so that recordings compare; nothing reads
the `id`. Everything else is written exactly as the packages produced it.
"""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import importlib.metadata
import json
import platform
import re
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
SERVER = HERE / "fixture_server.py"
VECTORS = ROOT / "conformance" / "vectors" / "normalize-langchain" / "python-adapter-fixtures.json"
RECORDED = HERE / "recorded.json"
PACKAGES = ["langchain-mcp-adapters", "langchain-core", "mcp", "openai-agents", "pydantic-ai-slim", "fastmcp-slim", "google-adk"]
LC_ID = re.compile(r"^lc_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")
TOOLS = [
    "text", "texts", "text_structured", "structured_only", "image", "audio", "resource_link",
    "embedded_text", "embedded_blob", "embedded_blob_untyped", "error", "user_only", "result_meta",
]


# How each stack's output was obtained: its own MCP client and its own conversion, over stdio.
METHODS = {
    "mcp": "mcp ClientSession.call_tool over stdio_client; the CallToolResult dumped by alias, None left out",
    "langchain": "langchain_mcp_adapters.tools.load_mcp_tools(session) (handle_tool_errors on, the default), "
    "each tool ainvoke'd with a ToolCall: the ToolMessage's content, status and artifact, or what it raised",
    "openaiAgents": "agents.mcp.MCPServerStdio and MCPUtil.invoke_mcp_tool (use_structured_content off, the default): the tool output",
    "pydanticAi": "pydantic_ai.mcp.MCPToolset on a fastmcp StdioTransport client, direct_call_tool "
    "(which applies _map_mcp_call_tool_result; tool_error_behavior 'retry', the default): the value, or what it raised",
    "googleAdk": "google.adk.tools.mcp_tool.mcp_tool._dump_mcp_model, what McpTool._run_async_impl returns, "
    "applied to the mcp client's CallToolResult (not a whole McpTool run)",
}


def provenance() -> dict[str, Any]:
    return {
        "recorder": "conformance/recorders/python-adapters/record.py",
        "runtime": f"python {platform.python_version()}",
        "packages": {name: importlib.metadata.version(name) for name in PACKAGES},
    }


class Ids:
    """Replaces langchain-core's random block ids by fixed ones, numbered per message."""

    def __init__(self) -> None:
        self.n = 0

    def fix(self, value: Any) -> Any:
        if isinstance(value, list):
            return [self.fix(v) for v in value]
        if isinstance(value, dict):
            out = {}
            for k, v in value.items():
                if k == "id" and isinstance(v, str):
                    if not LC_ID.match(v):
                        raise SystemExit(f"record.py: a block id is not lc_<uuid4> any more: {v!r}")
                    self.n += 1
                    v = f"lc_00000000-0000-4000-8000-{self.n:012d}"
                out[k] = self.fix(v)
            return out
        return value


def raised(e: BaseException) -> dict[str, Any]:
    return {"raises": type(e).__name__, "message": str(e)}


def plain(value: Any) -> Any:
    """A stack's output as JSON: dataclasses by class name and fields, bytes as base64."""
    if isinstance(value, (bytes, bytearray)):
        return {"$bytes": base64.b64encode(bytes(value)).decode("ascii")}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return {"$class": type(value).__name__, **fields}
    if hasattr(value, "model_dump"):
        return {"$class": type(value).__name__, **value.model_dump(mode="json", by_alias=True, exclude_none=True)}
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


async def record_mcp_and_langchain(out: dict[str, dict[str, Any]]) -> None:
    from google.adk.tools.mcp_tool.mcp_tool import _dump_mcp_model
    from langchain_mcp_adapters.tools import load_mcp_tools
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    params = StdioServerParameters(command=sys.executable, args=[str(SERVER)])
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        tools = {t.name: t for t in await load_mcp_tools(session)}
        for name in TOOLS:
            result = await session.call_tool(name, {})
            out[name]["mcp"] = result.model_dump(mode="json", by_alias=True, exclude_none=True)
            out[name]["googleAdk"] = _dump_mcp_model(result)
            call = {"name": name, "args": {}, "id": f"call-{name}", "type": "tool_call"}
            try:
                message = await tools[name].ainvoke(call)
            except Exception as e:  # what reaches the agent instead of a ToolMessage
                out[name]["langchain"] = raised(e)
                continue
            neutral = {"content": message.content, "status": message.status, "artifact": message.artifact}
            out[name]["langchain"] = {"toolMessage": Ids().fix(neutral), "class": type(message).__name__}


async def record_openai_agents(out: dict[str, dict[str, Any]]) -> None:
    from agents import RunContextWrapper
    from agents.mcp import MCPServerStdio, MCPUtil

    # The SDK waits 5 s by default for the server to start and for each call, and then the output
    # is its generic error text: on a loaded machine that would be a different recording. 120 s
    # only guards against a hang; nothing recorded depends on it.
    params = {"command": sys.executable, "args": [str(SERVER)]}
    async with MCPServerStdio(params=params, client_session_timeout_seconds=120) as server:
        tools = {t.name: t for t in await server.list_tools()}
        for name in TOOLS:
            try:
                output = await MCPUtil.invoke_mcp_tool(server, tools[name], RunContextWrapper(context=None), "{}")
                out[name]["openaiAgents"] = {"output": plain(output)}
            except Exception as e:
                out[name]["openaiAgents"] = raised(e)


async def record_pydantic_ai(out: dict[str, dict[str, Any]]) -> None:
    from fastmcp import Client
    from fastmcp.client.transports import StdioTransport
    from pydantic_ai.mcp import MCPToolset

    toolset = MCPToolset(Client(StdioTransport(command=sys.executable, args=[str(SERVER)])))
    async with toolset:
        for name in TOOLS:
            try:
                out[name]["pydanticAi"] = {"output": plain(await toolset.direct_call_tool(name, {}))}
            except Exception as e:
                out[name]["pydanticAi"] = raised(e)


def record() -> dict[str, Any]:
    out: dict[str, dict[str, Any]] = {name: {} for name in TOOLS}
    for step in (record_mcp_and_langchain, record_openai_agents, record_pydantic_ai):
        asyncio.run(step(out))
    return {"provenance": provenance(), "methods": METHODS, "results": out}


def case_id(tool: str) -> str:
    return tool.replace("_", "-")


def dump(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


def vector_file(recording: dict[str, Any], committed: dict[str, Any]) -> dict[str, Any]:
    """The committed vector file with each case's input replaced by the new recording. Cases keep
    their hand-written description, requirements and expectation; a tool with no case yet gets one
    whose expectation says to write it, so the kit fails until someone does."""
    cases = {c["id"]: c for c in committed.get("cases", [])}
    out = []
    for tool in TOOLS:
        lc = recording["results"][tool]["langchain"]
        if "toolMessage" not in lc:
            continue  # the adapter raised: no ToolMessage exists (recorded.json says what it raised)
        c = cases.get(case_id(tool)) or {
            "id": case_id(tool),
            "description": "TO BE WRITTEN",
            "requirements": ["TR-NORM-51"],
            "expect": {"output": {"result": "TO BE WRITTEN"}},
        }
        out.append({**c, "input": {"source": "langchain", "value": lc["toolMessage"]}})
    order = ["id", "description", "requirements", "input", "expect"]
    return {
        **{k: v for k, v in committed.items() if k != "cases"},
        "provenance": recording["provenance"],
        "cases": [{k: c[k] for k in order if k in c} | {k: v for k, v in c.items() if k not in order} for c in out],
    }


def main() -> int:
    check = sys.argv[1:] == ["--check"]
    if sys.argv[1:] not in ([], ["--check"]):
        print("usage: record.py [--check]", file=sys.stderr)
        return 2
    recording = record()
    committed = json.loads(VECTORS.read_text("utf-8"))
    files = {RECORDED: dump(recording), VECTORS: dump(vector_file(recording, committed))}
    stale = [p for p, text in files.items() if not p.exists() or p.read_text("utf-8") != text]
    for path in stale:
        if check:
            print(f"record.py: {path.relative_to(ROOT)} differs from what the pinned packages produce now", file=sys.stderr)
        else:
            path.write_text(files[path], "utf-8")
            print(f"record.py: wrote {path.relative_to(ROOT)}")
    if not stale:
        print(f"record.py: {len(TOOLS)} results, 4 stacks: the committed recordings are what the packages produce")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
