"""The MCP server the recorder drives: one tool per kind of MCP result, over stdio.

Written with the `mcp` SDK's low-level server, so each tool returns its `CallToolResult` exactly as
listed here (no output schema, so the client does not validate structuredContent). The recorder
starts it as a subprocess, as a Python runtime starts an MCP server.
"""

import anyio
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

CANARY = "CANARY-py-5e1d"
# A 1x1 PNG (67 octets) and 12 octets of a PDF header: small, valid base64 either way.
PNG_B64 = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
)
PDF_B64 = "JVBERi0xLjQKJcfsj6I="
WAV_B64 = "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA="


def text(t: str, **kw) -> types.TextContent:
    return types.TextContent(type="text", text=t, **kw)


RESULTS: dict[str, types.CallToolResult] = {
    "text": types.CallToolResult(content=[text("Balance: $1,250")]),
    "texts": types.CallToolResult(content=[text("Found 2 invoices"), text("INV-123, INV-456")]),
    "text_structured": types.CallToolResult(
        content=[text("Total: $1,300")], structuredContent={"total": 1300, "note": CANARY}
    ),
    "structured_only": types.CallToolResult(content=[], structuredContent={"count": 2, "ids": ["INV-123", "INV-456"]}),
    "image": types.CallToolResult(
        content=[text("Chart attached"), types.ImageContent(type="image", data=PNG_B64, mimeType="image/png")]
    ),
    "audio": types.CallToolResult(content=[types.AudioContent(type="audio", data=WAV_B64, mimeType="audio/wav")]),
    "resource_link": types.CallToolResult(
        content=[
            types.ResourceLink(
                type="resource_link",
                uri="https://example.com/reports/q3.pdf",
                name="q3.pdf",
                description=f"Q3 report {CANARY}",
                mimeType="application/pdf",
                size=2048,
            ),
            types.ResourceLink(
                type="resource_link", uri="https://example.com/charts/q3.png", name="q3.png", mimeType="image/png"
            ),
            types.ResourceLink(type="resource_link", uri="file:///var/data/notes", name="notes"),
        ]
    ),
    "embedded_text": types.CallToolResult(
        content=[
            types.EmbeddedResource(
                type="resource",
                resource=types.TextResourceContents(uri="file:///notes.txt", mimeType="text/plain", text="Meeting at 10"),
            )
        ]
    ),
    "embedded_blob": types.CallToolResult(
        content=[
            types.EmbeddedResource(
                type="resource",
                resource=types.BlobResourceContents(uri="file:///report.pdf", mimeType="application/pdf", blob=PDF_B64),
            ),
            types.EmbeddedResource(
                type="resource",
                resource=types.BlobResourceContents(uri="file:///chart.png", mimeType="image/png", blob=PNG_B64),
            ),
        ]
    ),
    "embedded_blob_untyped": types.CallToolResult(
        content=[
            types.EmbeddedResource(
                type="resource", resource=types.BlobResourceContents(uri="file:///blob.bin", blob=PDF_B64)
            )
        ]
    ),
    "error": types.CallToolResult(
        content=[text("boom text")], structuredContent={"code": "NOT_FOUND", "detail": CANARY}, isError=True
    ),
    "user_only": types.CallToolResult(
        content=[
            text("For the model"),
            text(f"For the user only {CANARY}", annotations=types.Annotations(audience=["user"])),
        ]
    ),
    "result_meta": types.CallToolResult(
        content=[text("Traced answer")], _meta={"example.com/trace": f"meta {CANARY}"}
    ),
}

server = Server("python-adapter-fixtures")


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    return [
        types.Tool(name=name, description=f"Returns the {name} fixture result.", inputSchema={"type": "object"})
        for name in RESULTS
    ]


@server.call_tool()
async def call_tool(name: str, arguments: dict) -> types.CallToolResult:
    return RESULTS[name]


async def main() -> None:
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
