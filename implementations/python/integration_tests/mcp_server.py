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
    private      text for the model, plus every run-only kind: structuredContent, ``_meta`` (a
                 canary value and a canary member name), a user-only text block, an image whose
                 base64 data holds a canary (support.CANARIES)
    private_error  an error result whose structured body holds a canary
    user_first_error  an error result whose first block is user-only text (a canary), then text
                 for the model
    mismatch     text and a structured value that breaks the tool's listed outputSchema
    stuck        blocks the server's event loop (a busy or deadlocked server): it never reads
                 stdin again, so it never sees stdin close; only a signal ends it
"""

from __future__ import annotations

import asyncio
import base64
import os
import sys
import time

import anyio
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

CANARY = "CANARY-structured-7f3a"
# The run-only canaries of the private tools (integration_tests/support.py holds the same).
USER_TEXT = "CANARY-user-only-5d21"
META_VALUE = "CANARY-meta-value-8e0b"
META_NAME = "CANARY-meta-name-3c94"
MEDIA_OCTETS = b"\x89PNG CANARY-media-octets-a6f7"
ERROR_BODY = "CANARY-error-body-19de"
MISMATCH_SCHEMA = {"type": "object", "properties": {"tempC": {"type": "number"}}, "required": ["tempC"]}

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
    "private": "Text for the model and run-only data beside it.",
    "private_error": "An error with a structured body.",
    "user_first_error": "An error whose first block is for the user only.",
    "mismatch": "A structured value that breaks the output schema.",
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
    return [types.Tool(name=n, description=d, inputSchema=schema, outputSchema=MISMATCH_SCHEMA if n == "mismatch" else None) for n, d in _TOOLS.items()]


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
    if name == "private":
        user_only = types.TextContent(type="text", text=f"for your eyes: {USER_TEXT}", annotations=types.Annotations(audience=["user"]))
        image = types.ImageContent(type="image", data=base64.b64encode(MEDIA_OCTETS).decode("ascii"), mimeType="image/png")
        return types.CallToolResult(content=[text, user_only, image], structuredContent={"city": city, "secret": CANARY},
                                    _meta={"trace": META_VALUE, META_NAME: True})
    if name == "private_error":
        failed = types.TextContent(type="text", text=f"no forecast for {city}")
        return types.CallToolResult(content=[failed], structuredContent={"code": ERROR_BODY}, isError=True)
    if name == "user_first_error":
        user_only = types.TextContent(type="text", text=f"for your eyes: {USER_TEXT}", annotations=types.Annotations(audience=["user"]))
        failed = types.TextContent(type="text", text=f"no forecast for {city}")
        return types.CallToolResult(content=[user_only, failed], isError=True)
    if name == "mismatch":
        return types.CallToolResult(content=[text], structuredContent={"tempC": "warm", "secret": CANARY})
    if name == "stuck":
        # Blocking, not awaiting: the event loop stops, as in a server stuck in a C call. The
        # client's shutdown (stdin closed, 2 s, then SIGTERM) is the only way it ends; the bound
        # keeps a process orphaned by a failed test from outliving the run by much.
        pids = os.environ.get("TOOLRESULT_MCP_PIDS")
        if pids:  # a test reads which process is stuck, to see when it ends
            with open(pids, "a", encoding="utf-8") as f:
                f.write(f"{os.getpid()}\n")
        time.sleep(600)
    return types.CallToolResult(content=[types.TextContent(type="text", text="unknown tool")], isError=True)


async def main() -> None:
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    asyncio.run(main())
    sys.exit(0)
