"""Shared by the integration tests: the MCP server's connection and its call counter."""

from __future__ import annotations

import base64
import os
import sys
from pathlib import Path

from opentelemetry import trace
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

SERVER = str(Path(__file__).with_name("mcp_server.py"))
CANARY = "CANARY-structured-7f3a"
_MEDIA = b"\x89PNG CANARY-media-octets-a6f7"
#: Every run-only canary of the server's private tools, by what it stands for; a store's octets
#: (read as latin-1, one code point per octet) must hold none of them.
CANARIES = {
    "structuredContent": CANARY,
    "user-only text": "CANARY-user-only-5d21",
    "_meta value": "CANARY-meta-value-8e0b",
    "_meta member name": "CANARY-meta-name-3c94",
    "media as base64": base64.b64encode(_MEDIA).decode("ascii"),
    "media octets": _MEDIA.decode("latin-1"),
    "error body": "CANARY-error-body-19de",
}


def leaks(text: str) -> list[str]:
    """The canaries found in ``text`` (octets as latin-1), by name."""
    return [name for name, canary in CANARIES.items() if canary in text]


def stored_text(path: str) -> str:
    """A database's octets as latin-1, its write-ahead log and journal included."""
    parts = []
    for suffix in ("", "-wal", "-journal", "-shm"):
        if os.path.exists(path + suffix):
            parts.append(Path(path + suffix).read_bytes().decode("latin-1"))
    return "\n".join(parts)


def server_env(counter: str, **extra: str) -> dict[str, str]:
    return {"TOOLRESULT_MCP_COUNTER": counter, "PATH": os.environ.get("PATH", ""), **extra}


def stdio_connection(counter: str, **extra: str) -> dict:
    """A langchain-mcp-adapters stdio connection to the test server."""
    return {"transport": "stdio", "command": sys.executable, "args": [SERVER], "env": server_env(counter, **extra)}


def calls(counter: str, city: str | None = None) -> dict[str, int]:
    """How often the server ran each tool (for ``city`` only, when given), from its own counter file."""
    if not os.path.exists(counter):
        return {}
    out: dict[str, int] = {}
    for line in Path(counter).read_text(encoding="utf-8").splitlines():
        name, _, called_for = line.partition(":")
        if city is None or called_for == city:
            out[name] = out.get(name, 0) + 1
    return out


def stuck_pids(path: str) -> list[int]:
    """The processes of the test server that are blocked in the stuck tool (TOOLRESULT_MCP_PIDS)."""
    return [int(line) for line in Path(path).read_text(encoding="utf-8").split()] if os.path.exists(path) else []


def running(pid: int) -> bool:
    """Whether a process is alive (a zombie, ended but not yet reaped, is not)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8").rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return False
    return fields[0] != "Z"


_GLOBAL_SPANS: InMemorySpanExporter | None = None


def global_spans() -> InMemorySpanExporter:
    """An in-memory exporter on the process's global TracerProvider (set once: OpenTelemetry
    refuses a second one), emptied for each caller. FastMCP's client and the MCP SDK trace through
    the global provider only, so a provider handed to Pydantic AI alone would not see their spans."""
    global _GLOBAL_SPANS
    if _GLOBAL_SPANS is None:
        _GLOBAL_SPANS = InMemorySpanExporter()
        provider = TracerProvider()
        provider.add_span_processor(SimpleSpanProcessor(_GLOBAL_SPANS))
        trace.set_tracer_provider(provider)
    _GLOBAL_SPANS.clear()
    return _GLOBAL_SPANS
