"""Stack adapter: LangChain in Python. langchain-mcp-adapters' MultiServerMCPClient (Streamable HTTP to
the probe server) gives the tools to LangChain's `create_agent` (langchain 1.x; LangGraph's
`create_react_agent` is deprecated in favour of it), whose ToolNode runs the tool, on a real chat
model: ChatOpenAI (Chat Completions, or `use_responses_api=True`), ChatAnthropic,
ChatGoogleGenerativeAI (langchain-google-genai, the Gemini API through google-genai) or
ChatBedrockConverse (langchain-aws, boto3's bedrock-runtime client signing with dummy credentials
the fake ignores), pointed at the fake provider by `base_url`. The model interface is what the chat model is handed (a callback
records each message list as a provider integration reads it: type, content, tool calls,
tool_call_id, status; a ToolMessage's `artifact` is left out, as LangChain defines it as what is
not sent). The runtime keeps the ToolMessages (content, artifact, status).

Modes: `default`; `raise` (handle_tool_errors=False: an error result raises ToolException, the
adapter's behaviour before 0.3); `stream` (agent.astream in "messages" mode, which makes the chat
model stream); `toolresult` (the langchain + toolresult-protocol row: the same client's tools through
`mcp_tools(client, seam)` of toolresult.integrations.langchain, as its README sets them up (the
listed outputSchema reaches the normalizer), a fresh Seam with its in-memory
SQLite ledger per step, since every step's call has the same provider call ID).

Egress (TR-STACK-17 to 19), every mode alike: the agent runs with LangGraph's SQLite checkpointer
(langgraph-checkpoint-sqlite's `AsyncSqliteSaver`, the async twin of `SqliteSaver`, which an
async run needs) on a file of its own under a thread ID, as LangGraph's persistence docs set it
up for a resumable run; the file's octets are reported as persisted. Tracing is LangSmith's, on
as its docs switch it on (LANGSMITH_TRACING=true, LANGSMITH_ENDPOINT, here the fake collector,
and a key, here a dummy), flushed (`wait_for_all_tracers`) before the step returns. LangSmith's
content switches are LANGSMITH_HIDE_INPUTS and LANGSMITH_HIDE_OUTPUTS, off unless set to "true":
its default already records every run's inputs and outputs. So the default step and
`telemetry: "content"` run the same settings (the hide flags unset, i.e. content recorded), and
the two checks see the same thing; the client is made once per process, which could not switch
them per step anyway.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "shared"))
from adapter_loop import ALL_PROVIDERS, API_KEY, AWS_DUMMY_ENV, COLLECTOR, MODEL_ID, PROMPT, Outcome, Step, describe_throw, import_toolresult, installed_versions, mode_arg, serve  # noqa: E402

# Before LangChain is imported: LangSmith reads its settings once and keeps them.
os.environ.update({"LANGSMITH_TRACING": "true", "LANGSMITH_ENDPOINT": COLLECTOR.url, "LANGSMITH_API_KEY": "fake-langsmith-key"})
for _flag in ("LANGSMITH_HIDE_INPUTS", "LANGSMITH_HIDE_OUTPUTS", "LANGCHAIN_HIDE_INPUTS", "LANGCHAIN_HIDE_OUTPUTS"):
    os.environ.pop(_flag, None)

from langchain.agents import create_agent  # noqa: E402
from langchain_anthropic import ChatAnthropic  # noqa: E402
from langchain_aws import ChatBedrockConverse  # noqa: E402
from langchain_google_genai import ChatGoogleGenerativeAI  # noqa: E402
from langchain_core.callbacks import AsyncCallbackHandler  # noqa: E402
from langchain_core.messages import BaseMessage  # noqa: E402
from langchain_mcp_adapters.client import MultiServerMCPClient  # noqa: E402
from langchain_core.tracers.langchain import wait_for_all_tracers  # noqa: E402
from langchain_openai import ChatOpenAI  # noqa: E402
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver  # noqa: E402

MODE = mode_arg(["default", "raise", "stream", "toolresult"])
toolresult = import_toolresult() if MODE == "toolresult" else None
if toolresult is not None:
    from toolresult.integrations.langchain import Seam, mcp_tools, result_of


def chat_model(s: Step) -> Any:
    if s.provider == "anthropic":
        return ChatAnthropic(model=MODEL_ID["anthropic"], api_key=API_KEY, base_url=s.provider_base, max_retries=0)
    if s.provider == "gemini":
        # max_retries=1 is one request: the package reads 0 as "the Google SDK's default" (its docs).
        return ChatGoogleGenerativeAI(model=MODEL_ID["gemini"], api_key=API_KEY, base_url=s.provider_base, max_retries=1)
    if s.provider == "bedrock-converse":
        return ChatBedrockConverse(
            model=MODEL_ID["bedrock-converse"],
            base_url=s.provider_base,
            region_name=AWS_DUMMY_ENV["AWS_REGION"],
            aws_access_key_id=AWS_DUMMY_ENV["AWS_ACCESS_KEY_ID"],
            aws_secret_access_key=AWS_DUMMY_ENV["AWS_SECRET_ACCESS_KEY"],
        )
    return ChatOpenAI(model=MODEL_ID[s.provider], api_key=API_KEY, base_url=s.openai_base_url, max_retries=0, use_responses_api=s.provider == "openai-responses")


def provider_view(m: BaseMessage) -> dict[str, Any]:
    """A message as a provider integration reads it (ids and LangChain-internal fields left out)."""
    out: dict[str, Any] = {"type": m.type, "content": m.content}
    calls = getattr(m, "tool_calls", None)
    if m.type == "ai" and calls:
        out["tool_calls"] = [{"id": c.get("id"), "name": c.get("name"), "args": c.get("args")} for c in calls]
    if m.type == "tool":
        out["tool_call_id"] = getattr(m, "tool_call_id", None)
        out["status"] = getattr(m, "status", None)
    return out


class Recorder(AsyncCallbackHandler):
    def __init__(self, s: Step) -> None:
        self.s = s

    async def on_chat_model_start(self, serialized: Any, messages: list[list[BaseMessage]], **kwargs: Any) -> None:
        self.s.model_requests.append([provider_view(m) for m in (messages[0] if messages else [])])


def kept_of(m: BaseMessage, seam: Any) -> dict[str, Any]:
    """What the runtime keeps of a ToolMessage; under the seam also the whole bounded result the
    program reads from the ledger (`result_of`, the integration's one accessor)."""
    out = {"content": m.content, "artifact": getattr(m, "artifact", None), "status": getattr(m, "status", None)}
    if seam is not None:
        bounded = result_of(m, seam)
        out["result"] = None if bounded is None else bounded.to_json()
    return out


async def step(s: Step) -> Outcome:
    seam = Seam() if MODE == "toolresult" else None
    client = MultiServerMCPClient({"probe": {"transport": "streamable_http", "url": s.mcp_url}}, handle_tool_errors=MODE != "raise")
    store = tempfile.TemporaryDirectory(prefix="langgraph-checkpoint-")
    db = Path(store.name) / "checkpoints.sqlite"
    try:
        async with AsyncSqliteSaver.from_conn_string(str(db)) as checkpointer:
            tools = await (mcp_tools(client, seam) if seam is not None else client.get_tools())
            agent = create_agent(chat_model(s), tools, checkpointer=checkpointer)
            config = {"callbacks": [Recorder(s)], "configurable": {"thread_id": "probe-thread"}}
            start = {"messages": [{"role": "user", "content": PROMPT}]}
            if MODE == "stream":
                messages: list[BaseMessage] = []
                async for kind, data in agent.astream(start, config, stream_mode=["messages", "values"]):
                    if kind == "values":
                        messages = data["messages"]
            else:
                messages = (await agent.ainvoke(start, config))["messages"]
            kept = [kept_of(m, seam) for m in messages if m.type == "tool"]
        return Outcome(kept=kept, threw=None)
    except Exception as e:
        return Outcome(kept=None, threw=describe_throw(e))
    finally:
        s.persist_sqlite("LangGraph checkpoint (AsyncSqliteSaver)", db)
        store.cleanup()
        wait_for_all_tracers()


VERSIONS = installed_versions(["langchain-mcp-adapters", "langchain", "langchain-core", "langgraph", "langgraph-checkpoint-sqlite", "langsmith", "langchain-openai", "langchain-anthropic", "langchain-google-genai", "google-genai", "langchain-aws", "boto3", "botocore", "mcp"])
serve(
    "langchain (Python) + toolresult-protocol" if toolresult is not None else f"langchain (Python) {MODE}",
    f"{VERSIONS} toolresult-protocol@{toolresult.__version__}" if toolresult is not None else VERSIONS,
    step,
    providers=ALL_PROVIDERS,
)
