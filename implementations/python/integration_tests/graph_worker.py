"""One step of a LangGraph run in its own process, so that a resume happens in a NEW process with
only the files (checkpoints, ledger, server counter) in common. Prints one JSON line: the tool
messages of the final state, each with the bounded result the ledger holds for its call ID.

    python graph_worker.py agent-first|agent-resume|toolnode-first|toolnode-resume DIR
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from langchain.agents import create_agent  # noqa: E402
from langchain_mcp_adapters.client import MultiServerMCPClient  # noqa: E402
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver  # noqa: E402
from langgraph.graph import START, MessagesState, StateGraph  # noqa: E402
from langgraph.prebuilt import ToolNode, tools_condition  # noqa: E402
from langgraph.types import Command, interrupt  # noqa: E402

from integration_tests.fake_model import ScriptedModel, call  # noqa: E402
from integration_tests.support import stdio_connection  # noqa: E402
from toolresult import persist, with_content  # noqa: E402
from toolresult.integrations.langchain import Seam, mcp_tools, result_of, result_tool  # noqa: E402
from toolresult.ledger_store import SqliteLedger  # noqa: E402


def truncate(result, _position):
    return with_content(result, result.content[:9])


class DieAfterFinish:
    """The process dies right after the ledger stored a result: before LangGraph checkpoints the tool step."""

    def __init__(self, ledger):
        self.ledger = ledger

    def claim(self, call_id, **key):
        claim = self.ledger.claim(call_id, **key)
        if claim.status != "claimed":
            return claim

        class Dying:
            status = "claimed"

            def finish(self, entry):
                claim.finish(entry)
                os._exit(0)

            def abandon(self):
                claim.abandon()

        return Dying()

    def entry(self, call_id, **key):
        return self.ledger.entry(call_id, **key)


async def main(mode: str, folder: str) -> None:
    ledger = SqliteLedger(os.path.join(folder, "ledger.db"))
    first = mode.endswith("-first")
    seam = Seam(ledger=DieAfterFinish(ledger) if mode == "agent-first" else ledger, hooks=[truncate])
    config = {"configurable": {"thread_id": "t1"}}
    client = MultiServerMCPClient({"t": stdio_connection(os.path.join(folder, "counter"))})
    async with AsyncSqliteSaver.from_conn_string(os.path.join(folder, "checkpoints.db")) as saver, client.session("t") as session:
        tools = await mcp_tools(session, seam, server_name="t")
        if mode.startswith("agent"):
            model = ScriptedModel(turns=[[call("weather", "call-w")]])
            graph = create_agent(model, tools, checkpointer=saver)
            state = await graph.ainvoke({"messages": [("user", "weather?")]} if first else None, config)
        else:

            async def approve(city: str) -> str:
                # Approval is asked once both lookups of this turn have answered.
                while seam.result("call-w") is None or seam.result("call-r") is None:
                    await asyncio.sleep(0.01)
                return f"approved: {interrupt('approve the trip?')}"

            local = result_tool(approve, name="approve", description="Asks for approval.", args_schema={"type": "object", "properties": {"city": {"type": "string"}}}, seam=seam)
            model = ScriptedModel(turns=[[call("weather", "call-w"), call("report", "call-r"), call("approve", "call-a")]])
            builder = StateGraph(MessagesState)
            builder.add_node("model", lambda s: {"messages": [model.invoke(s["messages"])]})
            builder.add_node("tools", ToolNode(tools + [local]))
            builder.add_edge(START, "model")
            builder.add_conditional_edges("model", tools_condition)
            builder.add_edge("tools", "model")
            graph = builder.compile(checkpointer=saver)
            state = await graph.ainvoke({"messages": [("user", "plan a trip")]} if first else Command(resume="yes"), config)
        out = []
        for m in state["messages"]:
            if m.type == "tool":
                r = result_of(m, seam)
                out.append({"id": m.tool_call_id, "content": m.content, "artifact": m.artifact, "entry": persist(r) if r else None,
                            "structured": r.structured if r and r.has_structured else None})
        print(json.dumps({"tools": out, "interrupted": "__interrupt__" in state}))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
