"""Stack adapter: Google's Agent Development Kit. An `LlmAgent` with an `McpToolset` (ADK's own MCP
session manager over Streamable HTTP to the probe server), run by ADK's `Runner`, on one of ADK's
own model classes pointed at the fake provider: `Gemini` (ADK's own provider: the google-genai
client with `base_url` the fake's root and the API key "test" through `client_kwargs`) or
`AnthropicLlm` (an `anthropic` AsyncAnthropic client with `base_url`), or, for Bedrock, which ADK
reaches only through LiteLLM, its `LiteLlm` model on `bedrock/converse/<model>` (litellm's own
Converse client, signing with the dummy credentials `test`/`test` that the fake ignores, its
`aws_bedrock_runtime_endpoint` the fake's root; litellm's model cost map read from the package, not
fetched). The model interface is the
`LlmRequest.contents` ADK hands the model (a before_model_callback records it). The runtime keeps
the function responses of the run's events.

Modes: `default` (run_async); `stream` (RunConfig streaming_mode SSE: the model streams);
`toolresult` (the google-adk + toolresult-protocol row: `ToolResultMcpToolset(seam, ...)` of
toolresult.integrations.google_adk in place of McpToolset, a fresh Seam per step, since every step's
call has the same function-call ID; the runtime also keeps `seam.result(function_call_id)`, what
the program reads).

Egress (TR-STACK-17 to 19): the runner is `InMemoryRunner`'s make-up with one change, the session
service: ADK's `SqliteSessionService` on a file of its own (the session's event log, which ADK
replays to the model on the session's later turns), whose octets are reported as persisted.
Telemetry is ADK's own OpenTelemetry setup as its docs give it: OTEL_EXPORTER_OTLP_ENDPOINT (here
the fake collector) and `google.adk.telemetry.setup.maybe_set_otel_providers()`, which installs
OTLP/HTTP exporters for traces, logs and metrics; all three are flushed before the step returns.
ADK's content settings: ADK_CAPTURE_MESSAGE_CONTENT_IN_SPANS (its own spans' request, response and
tool attributes) is on unless set false, and OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT
(the OTel GenAI events and spans) is off (content `<elided>`) unless set. The default step leaves
both unset; `telemetry: "content"` sets the first to true and the second to SPAN_AND_EVENT. Both
are read when a TelemetryConfig is made, so they are set before the step's RunConfig is.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "shared"))
from adapter_loop import API_KEY, COLLECTOR, MODEL_ID, PROMPT, Outcome, Step, describe_throw, import_toolresult, installed_versions, mode_arg, serve, to_json  # noqa: E402

os.environ["OTEL_EXPORTER_OTLP_ENDPOINT"] = COLLECTOR.url
# The google-genai client reads Vertex AI and key settings from the environment: the Gemini API, key "test";
# litellm reads AWS settings and would fetch its model cost map at import.
os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"
for _k in ("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_EXPORTER_OTLP_LOGS_ENDPOINT", "OTEL_EXPORTER_OTLP_METRICS_ENDPOINT", "OTEL_SDK_DISABLED",
           "GOOGLE_GENAI_USE_VERTEXAI", "GOOGLE_CLOUD_PROJECT", "GOOGLE_CLOUD_LOCATION", "GOOGLE_API_KEY", "GEMINI_API_KEY",
           "AWS_PROFILE", "AWS_SESSION_TOKEN", "AWS_BEARER_TOKEN_BEDROCK", "AWS_BEDROCK_RUNTIME_ENDPOINT"):
    os.environ.pop(_k, None)

from anthropic import AsyncAnthropic  # noqa: E402
from opentelemetry import _logs, metrics, trace  # noqa: E402
from google.adk.agents import LlmAgent, RunConfig  # noqa: E402
from google.adk.agents.run_config import StreamingMode  # noqa: E402
from google.adk.models.anthropic_llm import AnthropicLlm  # noqa: E402
from google.adk.models.google_llm import Gemini  # noqa: E402
from google.adk.models.lite_llm import LiteLlm  # noqa: E402
from google.adk.artifacts.in_memory_artifact_service import InMemoryArtifactService  # noqa: E402
from google.adk.memory.in_memory_memory_service import InMemoryMemoryService  # noqa: E402
from google.adk.runners import Runner  # noqa: E402
from google.adk.sessions.sqlite_session_service import SqliteSessionService  # noqa: E402
from google.adk.telemetry.setup import maybe_set_otel_providers  # noqa: E402
from google.adk.tools.mcp_tool import McpToolset, StreamableHTTPConnectionParams  # noqa: E402
from google.genai import types  # noqa: E402

MODE = mode_arg(["default", "stream", "toolresult"])
toolresult = import_toolresult() if MODE == "toolresult" else None
if toolresult is not None:
    from toolresult.integrations.google_adk import Seam, ToolResultMcpToolset
maybe_set_otel_providers()
CONTENT_SWITCHES = ("ADK_CAPTURE_MESSAGE_CONTENT_IN_SPANS", "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT")


def flush_telemetry() -> None:
    for provider in (trace.get_tracer_provider(), _logs.get_logger_provider(), metrics.get_meter_provider()):
        flush = getattr(provider, "force_flush", None)
        if callable(flush):
            flush()


def model(s: Step) -> tuple[Any, Any]:
    """ADK's model class for the step's provider format, and the client to close after the step."""
    if s.provider == "gemini":
        return Gemini(model=MODEL_ID["gemini"], base_url=s.provider_base, client_kwargs={"api_key": API_KEY}), None
    if s.provider == "bedrock-converse":
        bedrock = {"aws_access_key_id": "test", "aws_secret_access_key": "test", "aws_region_name": "us-east-1", "aws_bedrock_runtime_endpoint": s.provider_base}
        return LiteLlm(model=f"bedrock/converse/{MODEL_ID['bedrock-converse']}", num_retries=0, **bedrock), None
    client = AsyncAnthropic(api_key=API_KEY, base_url=s.provider_base, max_retries=0)
    return AnthropicLlm(model=MODEL_ID["anthropic"], client=client), client


def function_responses(event: Any, seam: Any) -> list[Any]:
    """The function responses of an event; under the seam also the whole bounded result the program
    reads from the ledger by the response's function-call ID."""
    out = []
    for part in (event.content.parts or []) if event.content else []:
        if part.function_response is not None:
            kept: dict[str, Any] = {"name": part.function_response.name, "response": part.function_response.response}
            if seam is not None:
                bounded = seam.result(part.function_response.id)
                kept["result"] = None if bounded is None else bounded.to_json()
            out.append(kept)
    return out


async def step(s: Step) -> Outcome:
    llm, client = model(s)
    connection = StreamableHTTPConnectionParams(url=s.mcp_url)
    seam = Seam() if toolresult is not None else None
    toolset = ToolResultMcpToolset(seam, connection_params=connection) if seam is not None else McpToolset(connection_params=connection)

    def record(callback_context: Any, llm_request: Any) -> None:
        s.model_requests.append(to_json({"systemInstruction": getattr(llm_request.config, "system_instruction", None), "contents": llm_request.contents}))
        return None

    agent = LlmAgent(name="probe_agent", instruction="Use the tool.", model=llm, tools=[toolset], before_model_callback=record)
    store = tempfile.TemporaryDirectory(prefix="adk-session-")
    db = Path(store.name) / "sessions.db"
    sessions = SqliteSessionService(str(db))
    runner = Runner(agent=agent, app_name="probe", session_service=sessions, artifact_service=InMemoryArtifactService(), memory_service=InMemoryMemoryService())
    for k in CONTENT_SWITCHES:
        os.environ.pop(k, None)
    if s.record_content:
        os.environ.update({CONTENT_SWITCHES[0]: "true", CONTENT_SWITCHES[1]: "SPAN_AND_EVENT"})
    try:
        session = await runner.session_service.create_session(app_name="probe", user_id="user")
        config = RunConfig(streaming_mode=StreamingMode.SSE if MODE == "stream" else StreamingMode.NONE, max_llm_calls=3)
        kept: list[Any] = []
        async for event in runner.run_async(user_id="user", session_id=session.id, new_message=types.Content(role="user", parts=[types.Part(text=PROMPT)]), run_config=config):
            kept.extend(function_responses(event, seam))
        return Outcome(kept=kept, threw=None)
    except Exception as e:
        return Outcome(kept=None, threw=describe_throw(e))
    finally:
        await toolset.close()
        await runner.close()
        if client is not None:
            await client.close()
        await sessions.close()
        s.persist_sqlite("ADK session (SqliteSessionService)", db)
        store.cleanup()
        flush_telemetry()


VERSIONS = installed_versions(["google-adk", "google-genai", "anthropic", "litellm", "mcp", "mcp-types", "opentelemetry-sdk", "opentelemetry-exporter-otlp-proto-http"])
serve(
    "google-adk + toolresult-protocol" if toolresult is not None else f"google-adk {MODE}",
    f"{VERSIONS} toolresult-protocol@{toolresult.__version__}" if toolresult is not None else VERSIONS,
    step,
    providers=("anthropic", "gemini", "bedrock-converse"),
)
