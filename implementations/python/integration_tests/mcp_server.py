"""A real MCP server over stdio (the Python ``mcp`` SDK's low-level server) for the integration
tests. Every tools/call appends ``name:city`` to the file named by TOOLRESULT_MCP_COUNTER before it
answers, so a test (in any process) reads how often each tool ran.

    weather      text + structuredContent (the structured value holds a canary)
    report       two text blocks + structuredContent
    data_only    structuredContent only, no content block
    with_audio   a text block and an audio block
    hang         never answers
    die          exits the server process in the middle of the call
    slow         answers after TOOLRESULT_MCP_SLOW_S seconds (default 3)
    stuck        blocks the server's event loop (a busy or deadlocked server): it never reads
                 stdin again, so it never sees stdin close; only a signal ends it
"""

from __future__ import annotations

import asyncio
import os
import sys
import time

import anyio
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

CANARY = "CANARY-structured-7f3a"

server: Server = Server("toolresult-test")

_TOOLS = {
    "weather": "The weather in a city: text and a structured value.",
    "report": "A report in two text blocks and a structured value.",
    "data_only": "A structured value with no content.",
    "with_audio": "A text block and an audio clip.",
    "hang": "Never answers.",
    "die": "The server dies during the call.",
    "slow": "Answers after a while.",
    "stuck": "Blocks the server.",
}


def _count(name: str, city: str) -> None:
    path = os.environ.get("TOOLRESULT_MCP_COUNTER")
    if path:
        with open(path, "a", encoding="utf-8") as f:
            f.write(f"{name}:{city}\n")
            f.flush()
            os.fsync(f.fileno())


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    schema = {"type": "object", "properties": {"city": {"type": "string"}}}
    return [types.Tool(name=n, description=d, inputSchema=schema) for n, d in _TOOLS.items()]


@server.call_tool(validate_input=False)
async def call_tool(name: str, arguments: dict) -> types.CallToolResult:
    city = str(arguments.get("city", "Paris"))
    _count(name, city)
    text = types.TextContent(type="text", text=f"Sunny in {city}, 21 C")
    if name == "weather":
        return types.CallToolResult(content=[text], structuredContent={"city": city, "tempC": 21, "secret": CANARY})
    if name == "report":
        more = types.TextContent(type="text", text="Wind 5 km/h")
        return types.CallToolResult(content=[text, more], structuredContent={"rows": [1, 2, 3], "secret": CANARY})
    if name == "data_only":
        return types.CallToolResult(content=[], structuredContent={"total": 42})
    if name == "with_audio":
        audio = types.AudioContent(type="audio", data="UklGRg==", mimeType="audio/wav")
        return types.CallToolResult(content=[text, audio])
    if name == "hang":
        await anyio.sleep_forever()
    if name == "die":
        os._exit(3)
    if name == "slow":
        await anyio.sleep(float(os.environ.get("TOOLRESULT_MCP_SLOW_S", "3")))
        return types.CallToolResult(content=[types.TextContent(type="text", text="late")])
    if name == "stuck":
        # Blocking, not awaiting: the event loop stops, as in a server stuck in a C call. The
        # client's shutdown (stdin closed, 2 s, then SIGTERM) is the only way it ends; the bound
        # keeps a process orphaned by a failed test from outliving the run by much.
        time.sleep(600)
    return types.CallToolResult(content=[types.TextContent(type="text", text="unknown tool")], isError=True)


async def main() -> None:
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    asyncio.run(main())
    sys.exit(0)
