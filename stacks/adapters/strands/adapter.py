"""Stack adapter: Strands Agents. An `Agent` with the tools of Strands' own `MCPClient` (Streamable
HTTP to the probe server, the client's session on its background thread), on Strands' own model
providers pointed at the fake provider: `BedrockModel` (boto3's bedrock-runtime client with
`endpoint_url` the fake's root, region us-east-1 and the dummy credentials `test`/`test`, which
botocore signs with and the fake ignores; ConverseStream, Strands' default), `GeminiModel`
(google-genai with `http_options.base_url`, key "test"), `OpenAIModel` (Chat Completions),
`OpenAIResponsesModel` and `AnthropicModel` (`base_url`). The model interface is the message list
Strands hands its model class (each class is subclassed only to record it first). The runtime keeps
the toolResult blocks of `agent.messages`.

Modes: `default` (`Agent.invoke_async`); `stream` (`Agent.stream_async`, the caller reading the
agent's event stream); `toolresult` (the strands + toolresult-protocol row: `mcp_tools(client,
seam)` of toolresult.integrations.strands in place of the client's own tools, a fresh Seam per step,
since every step's call has the same tool-use ID; the runtime also keeps `seam.result(tool_use_id)`,
what the program reads).

Egress (TR-STACK-17 to 19), every mode alike: the agent runs under Strands' `FileSessionManager` on a
folder of its own (it writes the session, the agent and every message as JSON files, and restores
them into a later agent of the same session), whose files are reported as persisted. Telemetry is
Strands' own OpenTelemetry setup as its docs give it: `StrandsTelemetry().setup_otlp_exporter()`
(a global SDK TracerProvider, a BatchSpanProcessor and the OTLP/HTTP span exporter, here to the fake
collector), flushed before the step returns. Strands records message content in its spans by
default and has no switch to turn it off (only an opt-in redaction list in
OTEL_SEMCONV_STABILITY_OPT_IN), so the default step and `telemetry: "content"` record alike.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "shared"))
from adapter_loop import API_KEY, COLLECTOR, MODEL_ID, PROMPT, Outcome, Step, describe_throw, import_toolresult, installed_versions, mode_arg, serve, to_json  # noqa: E402

# Dummy AWS credentials and region for botocore to sign with (the fake ignores the signature); no
# profile, config file or instance metadata is read.
os.environ.update({"AWS_ACCESS_KEY_ID": "test", "AWS_SECRET_ACCESS_KEY": "test", "AWS_DEFAULT_REGION": "us-east-1", "AWS_EC2_METADATA_DISABLED": "true"})
for _k in ("AWS_SESSION_TOKEN", "AWS_PROFILE", "AWS_BEARER_TOKEN_BEDROCK", "OTEL_SDK_DISABLED", "OTEL_SEMCONV_STABILITY_OPT_IN",
           "GOOGLE_GENAI_USE_VERTEXAI", "GOOGLE_API_KEY", "GEMINI_API_KEY"):
    os.environ.pop(_k, None)
os.environ["AWS_CONFIG_FILE"] = os.environ["AWS_SHARED_CREDENTIALS_FILE"] = os.devnull

from botocore.config import Config as BotocoreConfig  # noqa: E402
from mcp.client.streamable_http import streamable_http_client  # noqa: E402
from opentelemetry import trace  # noqa: E402
from strands import Agent  # noqa: E402
from strands.models.anthropic import AnthropicModel  # noqa: E402
from strands.models.bedrock import BedrockModel  # noqa: E402
from strands.models.gemini import GeminiModel  # noqa: E402
from strands.models.openai import OpenAIModel  # noqa: E402
from strands.models.openai_responses import OpenAIResponsesModel  # noqa: E402
from strands.session.file_session_manager import FileSessionManager  # noqa: E402
from strands.telemetry import StrandsTelemetry  # noqa: E402
from strands.tools.mcp import MCPClient  # noqa: E402

MODE = mode_arg(["default", "stream", "toolresult"])
toolresult = import_toolresult() if MODE == "toolresult" else None
if toolresult is not None:
    from toolresult.integrations.strands import Seam, mcp_tools

StrandsTelemetry().setup_otlp_exporter(endpoint=f"{COLLECTOR.url}/v1/traces")


def recording(base: type, s: Step) -> Any:
    class Recording(base):  # type: ignore[misc, valid-type]
        def stream(self, messages: Any, *args: Any, **kwargs: Any) -> Any:
            s.model_requests.append(to_json({"system": kwargs.get("system_prompt"), "messages": messages}))
            return super().stream(messages, *args, **kwargs)

    return Recording


def model(s: Step) -> Any:
    """Strands' own model class for the step's provider format, pointed at the fake provider."""
    if s.provider == "bedrock-converse":
        # One attempt: a retry would only repeat what the fake already answered.
        config = BotocoreConfig(retries={"max_attempts": 1, "mode": "standard"})
        return recording(BedrockModel, s)(model_id=MODEL_ID["bedrock-converse"], region_name="us-east-1", endpoint_url=s.provider_base, boto_client_config=config)
    if s.provider == "gemini":
        return recording(GeminiModel, s)(model_id=MODEL_ID["gemini"], client_args={"api_key": API_KEY, "http_options": {"base_url": s.provider_base}})
    if s.provider == "anthropic":
        return recording(AnthropicModel, s)(model_id=MODEL_ID["anthropic"], max_tokens=1024, client_args={"api_key": API_KEY, "base_url": s.provider_base, "max_retries": 0})
    base = OpenAIModel if s.provider == "openai-chat" else OpenAIResponsesModel
    return recording(base, s)(model_id=MODEL_ID[s.provider], client_args={"api_key": API_KEY, "base_url": s.openai_base_url, "max_retries": 0})


def tool_results(messages: list[Any], seam: Any) -> list[Any]:
    """The toolResult blocks the agent keeps; under the seam also the whole bounded result the program
    reads from the ledger by the block's tool-use ID."""
    out = []
    for m in messages:
        for block in m.get("content", []):
            if "toolResult" in block:
                kept = dict(block["toolResult"])
                if seam is not None:
                    bounded = seam.result(kept["toolUseId"])
                    kept["result"] = None if bounded is None else bounded.to_json()
                out.append(kept)
    return out


def persist_folder(s: Step, folder: Path) -> None:
    for f in sorted(p for p in folder.rglob("*") if p.is_file()):
        s.persist(f"Strands session (FileSessionManager: {f.relative_to(folder)})", f.read_bytes())


async def step(s: Step) -> Outcome:
    seam = Seam() if toolresult is not None else None
    store = tempfile.TemporaryDirectory(prefix="strands-session-")
    client = MCPClient(lambda: streamable_http_client(s.mcp_url), startup_timeout=30)
    try:
        with client:
            tools = mcp_tools(client, seam) if seam is not None else client.list_tools_sync()
            sessions = FileSessionManager(session_id="probe-session", storage_dir=store.name)
            # callback_handler=None: Strands' default handler prints the stream to stdout, this adapter's protocol channel.
            agent = Agent(model=model(s), tools=tools, system_prompt="Use the tool.", session_manager=sessions, callback_handler=None)
            if MODE == "stream":
                async for _event in agent.stream_async(PROMPT):
                    pass
            else:
                await agent.invoke_async(PROMPT)
            return Outcome(kept=tool_results(agent.messages, seam), threw=None)
    except Exception as e:
        return Outcome(kept=None, threw=describe_throw(e))
    finally:
        persist_folder(s, Path(store.name))
        store.cleanup()
        provider = trace.get_tracer_provider()
        flush = getattr(provider, "force_flush", None)
        if callable(flush):
            flush()


VERSIONS = installed_versions(["strands-agents", "boto3", "botocore", "google-genai", "openai", "anthropic", "mcp", "opentelemetry-sdk", "opentelemetry-exporter-otlp-proto-http"])
serve(
    "strands + toolresult-protocol" if toolresult is not None else f"strands {MODE}",
    f"{VERSIONS} toolresult-protocol@{toolresult.__version__}" if toolresult is not None else VERSIONS,
    step,
    providers=("openai-chat", "openai-responses", "anthropic", "gemini", "bedrock-converse"),
)
