"""Shared by the integration tests: the MCP server's connection and its call counter."""

from __future__ import annotations

import os
import sys
from pathlib import Path

SERVER = str(Path(__file__).with_name("mcp_server.py"))
CANARY = "CANARY-structured-7f3a"


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
