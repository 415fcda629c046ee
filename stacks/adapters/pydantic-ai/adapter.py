"""Stack adapter: Pydantic AI. An `Agent` with an `MCPToolset` built from the probe server's URL
(Pydantic AI's own FastMCP client over Streamable HTTP, its defaults), on Pydantic AI's own models:
OpenAIChatModel, OpenAIResponsesModel (OpenAIProvider), AnthropicModel (AnthropicProvider),
GoogleModel (GoogleProvider, the Gemini API through google-genai) and BedrockConverseModel
(BedrockProvider, boto3's bedrock-runtime client, signing with dummy credentials the fake ignores),
pointed at the fake provider by `base_url`. At Gemini the model is a Gemini 3 ID, the one on which
GoogleModel puts a tool's files into `function_response.parts`; mode `gemini25` runs the default
agent on a Gemini 2.5 ID, where its profile sends them as parts of their own beside the function
response instead. The model interface is the message history each model
request is handed (the model classes are subclassed only to record it first). The runtime keeps
the run's ToolReturnParts and RetryPromptParts (content, outcome, metadata).

Modes: `default` (tool_error_behavior 'retry'); `gemini25` (the default agent, at Gemini only, on
a Gemini 2.5 model ID); `failed` (tool_error_behavior='failed': an error
result is a failed tool call, not a retry); `stream` (Agent.run_stream_events, the model streaming);
`toolresult` (the pydantic-ai + toolresult-protocol row: `ToolResultMCPToolset(seam, url)` of
toolresult.integrations.pydantic_ai instead of MCPToolset, a fresh Seam with its in-memory SQLite
ledger per step, since every step's call has the same provider call ID; the runtime also keeps
`seam.result(tool_call_id)`, what the program reads).

Egress (TR-STACK-17 to 19), every mode alike: Pydantic AI keeps no store of its own; its docs
persist a run for later by dumping its message history,
`ModelMessagesTypeAdapter.dump_json(result.all_messages())`, and those octets are reported as
persisted. Telemetry is its OpenTelemetry instrumentation (the `Instrumentation` capability,
which this version uses in place of `Agent(instrument=...)`) through an
OpenTelemetry SDK TracerProvider, set as the global one as its docs do without Logfire, with a
BatchSpanProcessor and the OTLP/HTTP (protobuf) span exporter aimed at the fake collector,
flushed before the step returns. Its content switch is `InstrumentationSettings.include_content`
(prompts, completions, tool arguments and responses), True by default (`include_binary_content`
too): the default step adds `Instrumentation()` (its default settings), and `telemetry:
"content"` adds `Instrumentation(settings=InstrumentationSettings(include_content=True))`, the
same recording said explicitly.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "shared"))
from adapter_loop import ALL_PROVIDERS, API_KEY, AWS_DUMMY_ENV, COLLECTOR, GEMINI_LEGACY_MODEL_ID, MODEL_ID, PROMPT, Outcome, Step, describe_throw, import_toolresult, installed_versions, mode_arg, serve, to_json  # noqa: E402

from contextlib import asynccontextmanager  # noqa: E402

from opentelemetry import trace  # noqa: E402
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter  # noqa: E402
from opentelemetry.sdk.trace import TracerProvider  # noqa: E402
from opentelemetry.sdk.trace.export import BatchSpanProcessor  # noqa: E402
from pydantic_ai import Agent, InstrumentationSettings  # noqa: E402
from pydantic_ai.capabilities import Instrumentation  # noqa: E402
from pydantic_ai.mcp import MCPToolset  # noqa: E402
from pydantic_ai.messages import ModelMessagesTypeAdapter, ModelRequest  # noqa: E402
from pydantic_ai.models.anthropic import AnthropicModel  # noqa: E402
from pydantic_ai.models.bedrock import BedrockConverseModel  # noqa: E402
from pydantic_ai.models.google import GoogleModel  # noqa: E402
from pydantic_ai.models.openai import OpenAIChatModel, OpenAIResponsesModel  # noqa: E402
from pydantic_ai.providers.anthropic import AnthropicProvider  # noqa: E402
from pydantic_ai.providers.bedrock import BedrockProvider  # noqa: E402
from pydantic_ai.providers.google import GoogleProvider  # noqa: E402
from pydantic_ai.providers.openai import OpenAIProvider  # noqa: E402

MODE = mode_arg(["default", "failed", "stream", "toolresult", "gemini25"])
toolresult = import_toolresult() if MODE == "toolresult" else None
if toolresult is not None:
    from toolresult.integrations.pydantic_ai import Seam, ToolResultMCPToolset


TRACER_PROVIDER = TracerProvider()
TRACER_PROVIDER.add_span_processor(BatchSpanProcessor(OTLPSpanExporter(endpoint=f"{COLLECTOR.url}/v1/traces")))
trace.set_tracer_provider(TRACER_PROVIDER)


def recording(base: type, s: Step) -> Any:
    class Recording(base):  # type: ignore[misc, valid-type]
        async def request(self, messages: Any, *args: Any, **kwargs: Any) -> Any:
            s.model_requests.append(to_json(messages))
            return await super().request(messages, *args, **kwargs)

        @asynccontextmanager
        async def request_stream(self, messages: Any, *args: Any, **kwargs: Any) -> Any:
            s.model_requests.append(to_json(messages))
            async with super().request_stream(messages, *args, **kwargs) as stream:
                yield stream

    return Recording


def model(s: Step) -> Any:
    if s.provider == "anthropic":
        return recording(AnthropicModel, s)(MODEL_ID["anthropic"], provider=AnthropicProvider(api_key=API_KEY, base_url=s.provider_base))
    if s.provider == "gemini":
        name = GEMINI_LEGACY_MODEL_ID if MODE == "gemini25" else MODEL_ID["gemini"]
        return recording(GoogleModel, s)(name, provider=GoogleProvider(api_key=API_KEY, base_url=s.provider_base))
    if s.provider == "bedrock-converse":
        aws = BedrockProvider(
            base_url=s.provider_base,
            region_name=AWS_DUMMY_ENV["AWS_REGION"],
            aws_access_key_id=AWS_DUMMY_ENV["AWS_ACCESS_KEY_ID"],
            aws_secret_access_key=AWS_DUMMY_ENV["AWS_SECRET_ACCESS_KEY"],
        )
        return recording(BedrockConverseModel, s)(MODEL_ID["bedrock-converse"], provider=aws)
    base = OpenAIChatModel if s.provider == "openai-chat" else OpenAIResponsesModel
    return recording(base, s)(MODEL_ID[s.provider], provider=OpenAIProvider(api_key=API_KEY, base_url=s.openai_base_url))


def tool_parts(messages: list[Any], seam: Any) -> list[Any]:
    """What the run holds of the tool call: its ToolReturnParts and RetryPromptParts; under the seam
    also the whole bounded result the program reads from the ledger by the part's tool-call ID."""
    out = []
    for m in messages:
        if isinstance(m, ModelRequest):
            for p in m.parts:
                if p.part_kind in ("tool-return", "retry-prompt"):
                    part = {"part_kind": p.part_kind, "content": p.content, "outcome": getattr(p, "outcome", None), "metadata": getattr(p, "metadata", None)}
                    if seam is not None:
                        bounded = seam.result(p.tool_call_id)
                        part["result"] = None if bounded is None else bounded.to_json()
                    out.append(part)
    return out


async def step(s: Step) -> Outcome:
    seam = Seam() if MODE == "toolresult" else None
    toolset = ToolResultMCPToolset(seam, s.mcp_url) if seam is not None else MCPToolset(s.mcp_url, tool_error_behavior="failed" if MODE == "failed" else "retry")
    instrumentation = Instrumentation(settings=InstrumentationSettings(include_content=True)) if s.record_content else Instrumentation()
    agent = Agent(model(s), toolsets=[toolset], instructions="Use the tool.", capabilities=[instrumentation])
    s.persisted_not_applicable = "the run raised before it had a message history to persist"
    try:
        async with agent:
            if MODE == "stream":
                messages: list[Any] = []
                async with agent.run_stream_events(PROMPT) as events:
                    async for event in events:
                        result = getattr(event, "result", None)
                        if result is not None:
                            messages = result.all_messages()
            else:
                messages = (await agent.run(PROMPT)).all_messages()
        s.persisted_not_applicable = None
        s.persist("message history (ModelMessagesTypeAdapter.dump_json(result.all_messages()))", ModelMessagesTypeAdapter.dump_json(messages))
        return Outcome(kept=tool_parts(messages, seam), threw=None)
    except Exception as e:
        return Outcome(kept=None, threw=describe_throw(e))
    finally:
        TRACER_PROVIDER.force_flush()


VERSIONS = installed_versions(["pydantic-ai-slim", "fastmcp-slim", "openai", "anthropic", "google-genai", "boto3", "botocore", "mcp", "mcp-types", "opentelemetry-sdk", "opentelemetry-exporter-otlp-proto-http"])
serve(
    "pydantic-ai + toolresult-protocol" if toolresult is not None else f"pydantic-ai {MODE}",
    f"{VERSIONS} toolresult-protocol@{toolresult.__version__}" if toolresult is not None else VERSIONS,
    step,
    providers=("gemini",) if MODE == "gemini25" else ALL_PROVIDERS,
)
