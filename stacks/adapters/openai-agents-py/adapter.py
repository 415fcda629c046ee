"""Stack adapter: the OpenAI Agents SDK in Python. `Runner.run` of an `Agent` whose MCP server is the
SDK's MCPServerStreamableHttp (the SDK's own MCP client and result handling, over Streamable HTTP to
the probe server), on the SDK's own models, OpenAIChatCompletionsModel or OpenAIResponsesModel,
over an `openai` AsyncOpenAI client pointed at the fake provider by `base_url`; at Gemini and
Bedrock on the SDK's LiteLLM model (`LitellmModel`, the `litellm` extra) with LiteLLM's model
strings `gemini/<id>` (the Gemini API, the key "fake-key") and `bedrock/converse/<id>` (Converse,
signed with dummy AWS credentials the fake ignores), each pointed at the fake provider by
`base_url`. LiteLLM reads its model price list from the copy it ships, never from the network. The model interface
is the `input` each model call is handed (the models are subclassed only to record it first). The
runtime keeps the run's tool_call_output_items (output, raw_item, custom_data).

Modes: `default`; `structured` (use_structured_content=True); `stream` (Runner.run_streamed, the
model streaming); `toolresult` (the openai-agents + toolresult-protocol row: the agent's tools are
`await mcp_tools(server, seam)` of toolresult.integrations.openai_agents instead of
`mcp_servers=[server]`, a fresh Seam with its in-memory SQLite ledger per step, since every step's
call has the same provider call ID; the runtime also keeps `seam.result(call_id)`, what the
program reads).

Egress (TR-STACK-17 to 19), every mode alike: the run goes through an `SQLiteSession` on a file of
its own (the SDK's session memory, which later turns read back) and the adapter serializes the
result's `RunState` (`result.to_state().to_json()`, what the SDK offers for resuming an
interrupted run); both are reported as persisted. Tracing is the SDK's own: a
`BatchTraceProcessor` over a `BackendSpanExporter` whose endpoint is the fake collector's
`/v1/traces/ingest` (the SDK's documented way to send its traces elsewhere), flushed before the
step returns. The SDK's content setting is `RunConfig.trace_include_sensitive_data`, whose default
is already True (`OPENAI_AGENTS_TRACE_INCLUDE_SENSITIVE_DATA` unset reads as "true"), so the
default step leaves it alone and `telemetry: "content"` sets it True explicitly: both record the
tools' inputs and outputs. The exporter skips its OpenAI-only field limits for an endpoint that
is not OpenAI's, so the collector sees the spans untruncated.
"""
from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "shared"))
from adapter_loop import API_KEY, AWS_DUMMY_ENV, COLLECTOR, MODEL_ID, PROMPT, Outcome, Step, describe_throw, import_toolresult, installed_versions, mode_arg, serve, to_json  # noqa: E402

import os  # noqa: E402

# Before LiteLLM is imported: it fetches its price list from the network unless told to use its own copy.
os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"
os.environ.update(AWS_DUMMY_ENV)

from agents import Agent, OpenAIChatCompletionsModel, OpenAIResponsesModel, RunConfig, Runner, SQLiteSession, set_trace_processors, set_tracing_disabled, set_tracing_export_api_key  # noqa: E402
from agents.tracing.processors import BackendSpanExporter, BatchTraceProcessor  # noqa: E402
from agents.extensions.models.litellm_model import LitellmModel  # noqa: E402
from agents.mcp import MCPServerStreamableHttp  # noqa: E402
from openai import AsyncOpenAI  # noqa: E402

MODE = mode_arg(["default", "structured", "stream", "toolresult"])
toolresult = import_toolresult() if MODE == "toolresult" else None
if toolresult is not None:
    from toolresult.integrations.openai_agents import Seam, mcp_tools
set_tracing_disabled(False)
set_tracing_export_api_key(API_KEY)
TRACES = BatchTraceProcessor(BackendSpanExporter(api_key=API_KEY, endpoint=f"{COLLECTOR.url}/v1/traces/ingest", max_retries=1))
set_trace_processors([TRACES])


#: LiteLLM's provider prefix of each format the SDK reaches through its LiteLLM model.
LITELLM_ROUTE = {"gemini": "gemini/", "bedrock-converse": "bedrock/converse/"}
PROVIDERS = ("openai-chat", "openai-responses", "gemini", "bedrock-converse")


def recording(base: type, s: Step) -> Any:
    class Recording(base):  # type: ignore[misc, valid-type]
        async def get_response(self, system_instructions: Any, input: Any, *args: Any, **kwargs: Any) -> Any:
            s.model_requests.append(to_json({"systemInstructions": system_instructions, "input": input}))
            return await super().get_response(system_instructions, input, *args, **kwargs)

        def stream_response(self, system_instructions: Any, input: Any, *args: Any, **kwargs: Any) -> Any:
            s.model_requests.append(to_json({"systemInstructions": system_instructions, "input": input}))
            return super().stream_response(system_instructions, input, *args, **kwargs)

    return Recording


def kept_of(item: Any, seam: Any) -> dict[str, Any]:
    """What the run keeps of a tool call; under the seam also the whole bounded result the program
    reads from the ledger by the item's call ID."""
    out = {"output": item.output, "rawItem": item.raw_item, "customData": getattr(item, "custom_data", None)}
    if seam is not None:
        bounded = seam.result(item.call_id)
        out["result"] = None if bounded is None else bounded.to_json()
    return out


async def step(s: Step) -> Outcome:
    client = AsyncOpenAI(api_key=API_KEY, base_url=s.openai_base_url, max_retries=0)
    if s.provider in LITELLM_ROUTE:
        model = recording(LitellmModel, s)(model=f"{LITELLM_ROUTE[s.provider]}{MODEL_ID[s.provider]}", base_url=s.provider_base, api_key=API_KEY if s.provider == "gemini" else None)
    else:
        base = OpenAIChatCompletionsModel if s.provider == "openai-chat" else OpenAIResponsesModel
        model = recording(base, s)(model=MODEL_ID[s.provider], openai_client=client)
    # The SDK's 5 s MCP session timeout is raised: on a busy machine a loopback call can take that
    # long, and a row's verdicts must not depend on the machine's load (the timeout is not what the checks measure).
    server = MCPServerStreamableHttp({"url": s.mcp_url}, name="probe", use_structured_content=MODE == "structured", client_session_timeout_seconds=120)
    seam = Seam() if MODE == "toolresult" else None
    store = tempfile.TemporaryDirectory(prefix="openai-agents-session-")
    db = Path(store.name) / "session.db"
    session = SQLiteSession("probe-session", db)
    # Left alone by default (its default records content); set explicitly when the step asks for content.
    config = RunConfig(trace_include_sensitive_data=True) if s.record_content else RunConfig()
    try:
        async with server:
            tools = {"tools": await mcp_tools(server, seam)} if seam is not None else {"mcp_servers": [server]}
            agent = Agent(name="probe-agent", instructions="Use the tool.", model=model, **tools)
            if MODE == "stream":
                result = Runner.run_streamed(agent, PROMPT, max_turns=3, session=session, run_config=config)
                async for _event in result.stream_events():
                    pass  # drain: the run goes on as the stream is read
            else:
                result = await Runner.run(agent, PROMPT, max_turns=3, session=session, run_config=config)
            items = [i for i in result.new_items if i.type == "tool_call_output_item"]
            kept = [kept_of(i, seam) for i in items]
            s.persist("RunState (result.to_state().to_json())", json.dumps(result.to_state().to_json(), ensure_ascii=False).encode("utf-8"))
        return Outcome(kept=kept, threw=None)
    except Exception as e:
        return Outcome(kept=None, threw=describe_throw(e))
    finally:
        await client.close()
        session.close()
        s.persist_sqlite("SQLiteSession", db)
        store.cleanup()
        TRACES.force_flush()


VERSIONS = installed_versions(["openai-agents", "openai", "litellm", "boto3", "botocore", "mcp", "mcp-types"])
serve(
    "openai-agents (Python) + toolresult-protocol" if toolresult is not None else f"openai-agents (Python) {MODE}",
    f"{VERSIONS} toolresult-protocol@{toolresult.__version__}" if toolresult is not None else VERSIONS,
    step,
    providers=PROVIDERS,
)
