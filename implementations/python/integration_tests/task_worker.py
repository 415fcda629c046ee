"""One process of a LangGraph run whose MCP tool answers with a task (test_tasks.py), so that a run
killed while the task runs resumes in a NEW process with only the files in common: checkpoints,
ledger, the task server's state. Prints one JSON line: each tool message of the final state with
the ledger entry of its call, and how long the tool step took in ms.

    python task_worker.py first|resume|replay DIR [DEADLINE_S]

``replay`` runs the graph again from the start in the same thread with checkpoints of its own (a
step retried after its checkpoint was lost): the model calls the tool with the same tool-call ID,
and the seam answers from the ledger.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from langchain.agents import create_agent  # noqa: E402
from langchain_mcp_adapters.client import MultiServerMCPClient  # noqa: E402
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver  # noqa: E402

from integration_tests.fake_model import ScriptedModel, call  # noqa: E402
from toolresult import persist  # noqa: E402
from toolresult.integrations.langchain import Seam, mcp_tools, result_of  # noqa: E402
from toolresult.ledger_store import SqliteLedger  # noqa: E402

SERVER = str(Path(__file__).with_name("task_server.py"))


async def main(mode: str, folder: str, deadline: float | None) -> None:
    # A short lease: the process after a killed one takes the call over soon after its lease ran out.
    ledger = SqliteLedger(os.path.join(folder, "ledger.db"), lease_ms=500)
    seam = Seam(ledger=ledger, deadline=deadline) if deadline is not None else Seam(ledger=ledger)
    config = {"configurable": {"thread_id": "t1"}}
    connection = {"transport": "stdio", "command": sys.executable, "args": [SERVER, folder], "env": {"PATH": os.environ.get("PATH", "")}}
    client = MultiServerMCPClient({"t": connection})
    async with AsyncSqliteSaver.from_conn_string(os.path.join(folder, "replay.db" if mode == "replay" else "checkpoints.db")) as saver, client.session("t") as session:
        tools = await mcp_tools(session, seam, server_name="t")
        graph = create_agent(ScriptedModel(turns=[[call("slow", "call-s", city="Oslo")]]), tools, checkpointer=saver)
        started = time.monotonic()
        state = await graph.ainvoke(None if mode == "resume" else {"messages": [("user", "slow?")]}, config)
        ms = round((time.monotonic() - started) * 1000)
        out = []
        for m in state["messages"]:
            if m.type == "tool":
                r = result_of(m, seam)
                out.append({"id": m.tool_call_id, "content": m.content, "status": m.status, "entry": persist(r) if r else None})
        print(json.dumps({"tools": out, "ms": ms}))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], float(sys.argv[3]) if len(sys.argv) > 3 else None))
