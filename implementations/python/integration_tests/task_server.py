"""An MCP server that answers ``tools/call`` with task handles of the 2026-07-28 tasks extension
(``io.modelcontextprotocol/tasks``, SEP-2663), over stdio, written by hand: the pinned mcp 1.30
server makes only 2025-11-25 tasks, and the PyPI ``fastmcp-tasks`` package is not among the pins.
It speaks what a client sends to call a tool (initialize, notifications/initialized, ping,
tools/list, tools/call) and the extension's tasks/get and tasks/cancel.

Its tasks outlive the process: each is a file in the state folder (argv[1]), so a client process
that is killed and started again, with a new server process, polls the same task. The folder also
holds ``events``, one line per event the tests count:

    run:<taskId>      the tool ``slow`` started (the server's execution counter)
    get:<taskId>      a tasks/get of that task
    cancel:<taskId>   a tasks/cancel of that task
    ask               the tool ``ask`` answered with an input-required result

A task of ``slow`` finishes once the file ``release`` exists in the folder (the test decides when,
never a clock): tasks/get then answers ``completed`` with the CallToolResult. The same protocol as
integrations/testing/task-server.mjs, the TypeScript tests' server.

    python task_server.py STATE_FOLDER
"""

from __future__ import annotations

import datetime
import json
import os
import re
import sys
import uuid
from typing import Any

FOLDER = sys.argv[1]
POLL_MS = int(os.environ.get("TOOLRESULT_TASK_POLL_MS", "50"))
VERSIONS = ("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05")
SERVER_INFO = {"name": "task-fixture-py", "version": "1.0.0"}
# Task IDs are files: only the form this server makes is looked up, so a client's ID never names a path.
TASK_ID = re.compile(r"^task-[0-9a-f-]{36}$")


def note(line: str) -> None:
    with open(os.path.join(FOLDER, "events"), "a", encoding="utf-8") as f:
        f.write(line + "\n")


def send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", **message}) + "\n")
    sys.stdout.flush()


def now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat()


def task_path(task_id: str) -> str:
    return os.path.join(FOLDER, f"{task_id}.json")


def read_task(task_id: Any) -> dict[str, Any] | None:
    if not isinstance(task_id, str) or not TASK_ID.match(task_id) or not os.path.exists(task_path(task_id)):
        return None
    with open(task_path(task_id), encoding="utf-8") as f:
        return json.load(f)  # type: ignore[no-any-return]


def write_task(task: dict[str, Any]) -> None:
    with open(task_path(task["taskId"]), "w", encoding="utf-8") as f:
        json.dump(task, f)
        f.flush()
        os.fsync(f.fileno())


def status_of(task: dict[str, Any]) -> str:
    if task["status"] == "cancelled":
        return "cancelled"
    return "completed" if os.path.exists(os.path.join(FOLDER, "release")) else "working"


def members(task: dict[str, Any], status: str) -> dict[str, Any]:
    return {"taskId": task["taskId"], "status": status, "createdAt": task["createdAt"], "lastUpdatedAt": now(), "ttlMs": None, "pollIntervalMs": POLL_MS}


def tool_call(rid: Any, params: dict[str, Any]) -> None:
    name = params.get("name")
    if name == "ask":
        note("ask")
        request = {"method": "elicitation/create", "params": {"message": "Proceed?", "requestedSchema": {"type": "object", "properties": {}}}}
        send({"id": rid, "result": {"resultType": "input_required", "inputRequests": {"confirm": request}, "requestState": "state-1"}})
        return
    if name != "slow":
        send({"id": rid, "result": {"resultType": "complete", "content": [{"type": "text", "text": "unknown tool"}], "isError": True}})
        return
    city = str((params.get("arguments") or {}).get("city", ""))
    task = {"taskId": f"task-{uuid.uuid4()}", "status": "working", "createdAt": now(), "city": city}
    write_task(task)  # durable before the handle is sent (the extension's MUST)
    note(f"run:{task['taskId']}")
    send({"id": rid, "result": {"resultType": "task", **members(task, "working")}})


def on_request(rid: Any, method: str, params: dict[str, Any]) -> None:
    if method == "initialize":
        asked = params.get("protocolVersion")
        capabilities = {"tools": {}, "extensions": {"io.modelcontextprotocol/tasks": {}}}
        version = asked if asked in VERSIONS else "2025-11-25"
        send({"id": rid, "result": {"protocolVersion": version, "capabilities": capabilities, "serverInfo": SERVER_INFO}})
    elif method == "ping":
        send({"id": rid, "result": {}})
    elif method == "tools/list":
        schema = {"type": "object", "properties": {"city": {"type": "string"}}}
        tools = [
            {"name": "slow", "description": "A long lookup that runs as a task.", "inputSchema": schema},
            {"name": "ask", "description": "A tool that asks the user first.", "inputSchema": schema},
        ]
        send({"id": rid, "result": {"resultType": "complete", "ttlMs": 0, "cacheScope": "private", "tools": tools}})
    elif method == "tools/call":
        tool_call(rid, params)
    elif method in ("tasks/get", "tasks/cancel"):
        task = read_task(params.get("taskId"))
        if task is None:
            send({"id": rid, "error": {"code": -32602, "message": "Task not found"}})
            return
        note(("get:" if method == "tasks/get" else "cancel:") + task["taskId"])
        status = status_of(task)
        if method == "tasks/cancel":
            if status == "working":
                write_task({**task, "status": "cancelled"})
            send({"id": rid, "result": {"resultType": "complete"}})
            return
        result: dict[str, Any] = {"resultType": "complete", **members(task, status)}
        if status == "completed":
            result["result"] = {
                "resultType": "complete",
                "content": [{"type": "text", "text": f"slow result for {task['city']}"}],
                "structuredContent": {"city": task["city"], "answer": 42},
                "_meta": {"io.modelcontextprotocol/serverInfo": SERVER_INFO},
            }
        send({"id": rid, "result": result})
    else:
        send({"id": rid, "error": {"code": -32601, "message": "Method not found"}})


def main() -> None:
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        if "id" in message and "method" in message:
            on_request(message["id"], message["method"], message.get("params") or {})


if __name__ == "__main__":
    main()
