"""Stack adapter: Google's Agent Development Kit. An `LlmAgent` with an `McpToolset` (ADK's own MCP
session manager over Streamable HTTP to the probe server), run by ADK's `InMemoryRunner`, on ADK's
`AnthropicLlm` with an `anthropic` AsyncAnthropic client pointed at the fake provider by
`base_url`. (ADK's Gemini model speaks the Gemini API, which the fake provider does not answer; its
LiteLLM model needs `litellm`, not installed here.) The model interface is the `LlmRequest.contents`
ADK hands the model (a before_model_callback records it). The runtime keeps the function
responses of the run's events.

Modes: `default` (run_async); `stream` (RunConfig streaming_mode SSE: the model streams).
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "shared"))
from adapter_loop import API_KEY, MODEL_ID, PROMPT, Outcome, Step, describe_throw, installed_versions, mode_arg, serve, to_json  # noqa: E402

from anthropic import AsyncAnthropic  # noqa: E402
from google.adk.agents import LlmAgent, RunConfig  # noqa: E402
from google.adk.agents.run_config import StreamingMode  # noqa: E402
from google.adk.models.anthropic_llm import AnthropicLlm  # noqa: E402
from google.adk.runners import InMemoryRunner  # noqa: E402
from google.adk.tools.mcp_tool import McpToolset, StreamableHTTPConnectionParams  # noqa: E402
from google.genai import types  # noqa: E402

MODE = mode_arg(["default", "stream"])


async def step(s: Step) -> Outcome:
    client = AsyncAnthropic(api_key=API_KEY, base_url=s.provider_base, max_retries=0)
    toolset = McpToolset(connection_params=StreamableHTTPConnectionParams(url=s.mcp_url))

    def record(callback_context: Any, llm_request: Any) -> None:
        s.model_requests.append(to_json({"systemInstruction": getattr(llm_request.config, "system_instruction", None), "contents": llm_request.contents}))
        return None

    agent = LlmAgent(name="probe_agent", instruction="Use the tool.", model=AnthropicLlm(model=MODEL_ID["anthropic"], client=client), tools=[toolset], before_model_callback=record)
    runner = InMemoryRunner(agent=agent, app_name="probe")
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


serve(f"google-adk {MODE}", installed_versions(["google-adk", "google-genai", "anthropic", "mcp", "mcp-types"]), step, providers=("anthropic",))
