"""Stack adapter: the OpenAI Agents SDK in Python. `Runner.run` of an `Agent` whose MCP server is the
SDK's MCPServerStreamableHttp (the SDK's own MCP client and result handling, over Streamable HTTP to
the probe server), on the SDK's own models, OpenAIChatCompletionsModel or OpenAIResponsesModel,
over an `openai` AsyncOpenAI client pointed at the fake provider by `base_url`. The model interface
is the `input` each model call is handed (the models are subclassed only to record it first). The
runtime keeps the run's tool_call_output_items (output, raw_item, custom_data).

Modes: `default`; `structured` (use_structured_content=True); `stream` (Runner.run_streamed, the
model streaming).
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "shared"))
from adapter_loop import API_KEY, MODEL_ID, PROMPT, Outcome, Step, describe_throw, installed_versions, mode_arg, serve, to_json  # noqa: E402

from agents import Agent, OpenAIChatCompletionsModel, OpenAIResponsesModel, Runner, set_tracing_disabled  # noqa: E402
from agents.mcp import MCPServerStreamableHttp  # noqa: E402
from openai import AsyncOpenAI  # noqa: E402

MODE = mode_arg(["default", "structured", "stream"])
set_tracing_disabled(True)


def recording(base: type, s: Step) -> Any:
    class Recording(base):  # type: ignore[misc, valid-type]
        async def get_response(self, system_instructions: Any, input: Any, *args: Any, **kwargs: Any) -> Any:
            s.model_requests.append(to_json({"systemInstructions": system_instructions, "input": input}))
            return await super().get_response(system_instructions, input, *args, **kwargs)

        def stream_response(self, system_instructions: Any, input: Any, *args: Any, **kwargs: Any) -> Any:
            s.model_requests.append(to_json({"systemInstructions": system_instructions, "input": input}))
            return super().stream_response(system_instructions, input, *args, **kwargs)

    return Recording


async def step(s: Step) -> Outcome:
    client = AsyncOpenAI(api_key=API_KEY, base_url=s.openai_base_url, max_retries=0)
    base = OpenAIChatCompletionsModel if s.provider == "openai-chat" else OpenAIResponsesModel
    model = recording(base, s)(model=MODEL_ID[s.provider], openai_client=client)
    # The SDK's 5 s MCP session timeout is raised: on a busy machine a loopback call can take that
    # long, and a row's verdicts must not depend on the machine's load (the timeout is not what the checks measure).
    server = MCPServerStreamableHttp({"url": s.mcp_url}, name="probe", use_structured_content=MODE == "structured", client_session_timeout_seconds=120)
    try:
        async with server:
            agent = Agent(name="probe-agent", instructions="Use the tool.", model=model, mcp_servers=[server])
            if MODE == "stream":
                result = Runner.run_streamed(agent, PROMPT, max_turns=3)
                async for _event in result.stream_events():
                    pass  # drain: the run goes on as the stream is read
            else:
                result = await Runner.run(agent, PROMPT, max_turns=3)
            items = [i for i in result.new_items if i.type == "tool_call_output_item"]
            kept = [{"output": i.output, "rawItem": i.raw_item, "customData": getattr(i, "custom_data", None)} for i in items]
        return Outcome(kept=kept, threw=None)
    except Exception as e:
        return Outcome(kept=None, threw=describe_throw(e))
    finally:
        await client.close()


serve(f"openai-agents (Python) {MODE}", installed_versions(["openai-agents", "openai", "mcp", "mcp-types"]), step, providers=("openai-chat", "openai-responses"))
