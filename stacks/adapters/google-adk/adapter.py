"""Stack adapter: Google's Agent Development Kit. An `LlmAgent` with an `McpToolset` (ADK's own MCP
session manager over Streamable HTTP to the probe server), run by ADK's `InMemoryRunner`, on ADK's
`AnthropicLlm` with an `anthropic` AsyncAnthropic client pointed at the fake provider by
`base_url`. (ADK's Gemini model speaks the Gemini API, which the fake provider does not answer; its
LiteLLM model needs `litellm`, not installed here.) The model interface is the `LlmRequest.contents`
ADK hands the model (a before_model_callback records it). The runtime keeps the function
responses of the run's events.

Modes: `default` (run_async); `stream` (RunConfig streaming_mode SSE: the model streams).

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
from adapter_loop import API_KEY, COLLECTOR, MODEL_ID, PROMPT, Outcome, Step, describe_throw, installed_versions, mode_arg, serve, to_json  # noqa: E402

os.environ["OTEL_EXPORTER_OTLP_ENDPOINT"] = COLLECTOR.url
for _k in ("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_EXPORTER_OTLP_LOGS_ENDPOINT", "OTEL_EXPORTER_OTLP_METRICS_ENDPOINT", "OTEL_SDK_DISABLED"):
    os.environ.pop(_k, None)

from anthropic import AsyncAnthropic  # noqa: E402
from opentelemetry import _logs, metrics, trace  # noqa: E402
from google.adk.agents import LlmAgent, RunConfig  # noqa: E402
from google.adk.agents.run_config import StreamingMode  # noqa: E402
from google.adk.models.anthropic_llm import AnthropicLlm  # noqa: E402
from google.adk.artifacts.in_memory_artifact_service import InMemoryArtifactService  # noqa: E402
from google.adk.memory.in_memory_memory_service import InMemoryMemoryService  # noqa: E402
from google.adk.runners import Runner  # noqa: E402
from google.adk.sessions.sqlite_session_service import SqliteSessionService  # noqa: E402
from google.adk.telemetry.setup import maybe_set_otel_providers  # noqa: E402
from google.adk.tools.mcp_tool import McpToolset, StreamableHTTPConnectionParams  # noqa: E402
from google.genai import types  # noqa: E402

MODE = mode_arg(["default", "stream"])
maybe_set_otel_providers()
CONTENT_SWITCHES = ("ADK_CAPTURE_MESSAGE_CONTENT_IN_SPANS", "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT")


def flush_telemetry() -> None:
    for provider in (trace.get_tracer_provider(), _logs.get_logger_provider(), metrics.get_meter_provider()):
        flush = getattr(provider, "force_flush", None)
        if callable(flush):
            flush()


async def step(s: Step) -> Outcome:
    client = AsyncAnthropic(api_key=API_KEY, base_url=s.provider_base, max_retries=0)
    toolset = McpToolset(connection_params=StreamableHTTPConnectionParams(url=s.mcp_url))

    def record(callback_context: Any, llm_request: Any) -> None:
        s.model_requests.append(to_json({"systemInstruction": getattr(llm_request.config, "system_instruction", None), "contents": llm_request.contents}))
        return None

    agent = LlmAgent(name="probe_agent", instruction="Use the tool.", model=AnthropicLlm(model=MODEL_ID["anthropic"], client=client), tools=[toolset], before_model_callback=record)
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
            for part in (event.content.parts or []) if event.content else []:
                if part.function_response is not None:
                    kept.append({"name": part.function_response.name, "response": part.function_response.response})
        return Outcome(kept=kept, threw=None)
    except Exception as e:
        return Outcome(kept=None, threw=describe_throw(e))
    finally:
        await toolset.close()
        await runner.close()
        await client.close()
        await sessions.close()
        s.persist_sqlite("ADK session (SqliteSessionService)", db)
        store.cleanup()
        flush_telemetry()


serve(f"google-adk {MODE}", installed_versions(["google-adk", "google-genai", "anthropic", "mcp", "mcp-types", "opentelemetry-sdk", "opentelemetry-exporter-otlp-proto-http"]), step, providers=("anthropic",))
