"""Stack adapter: the Google GenAI Python SDK (google-genai) with an MCP session as a tool. The
`mcp` SDK's own ClientSession (Streamable HTTP to the probe server, initialized) goes into the
config's `tools`, as the SDK's docs show it: the SDK lists the session's
tools, declares them to the model, and its automatic function calling (AFC) calls the tool the
model asked for and sends the result back, all inside one `generate_content` call. The client is
`genai.Client(api_key, http_options=HttpOptions(base_url))`, pointed at the fake provider (the
Gemini API, Gemini format only).

The model interface is the `contents` each request of the AFC loop is built from: the SDK's own
`_generate_content_with_continuation` (and its streaming twin), which every request of the loop
goes through, is wrapped on the client's instance only to record them first. That is where the SDK
has put the tool's answer, a function-response part whose `response` it built from the
CallToolResult. The runtime keeps the function responses of the AFC history the response carries
(`automatic_function_calling_history`).

The config is given as a dict, `{"tools": [session]}`: the docs' `GenerateContentConfig(tools=[session])`
raises `TypeError: cannot pickle '_asyncio.Future' object` before any request in this version (the
async `generate_content` deep-copies a config object, the live session with it;
googleapis/python-genai issue #2669, open, fix in PR #2811), and a dict is the workaround that
issue gives; the SDK turns the dict into the same config without the copy.

Modes: `default` (`client.aio.models.generate_content`); `stream`
(`client.aio.models.generate_content_stream`, the model streaming). A chat (`client.aio.chats`, the
entry point the SDK's AFC warning recommends) is no mode: `AsyncChat.send_message` makes a config
object of any config, a dict too, and deep-copies it, so with an MCP session among its tools it
raises the TypeError above before any request, whichever way the session is given.

Egress (TR-STACK-17 to 19): the SDK keeps no store of its own (the AFC history is an object in
memory that the program may keep or drop), and it has no tracing of its own to
switch on; both checks say so (n/a).
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "shared"))
from adapter_loop import API_KEY, MODEL_ID, PROMPT, Outcome, Step, describe_throw, installed_versions, mode_arg, serve, to_json  # noqa: E402

from google import genai  # noqa: E402
from google.genai import types  # noqa: E402
from mcp import ClientSession  # noqa: E402
from mcp.client.streamable_http import streamable_http_client  # noqa: E402

MODE = mode_arg(["default", "stream"])
NO_STORE = "the Google GenAI SDK keeps no store of its own: the AFC history is an object in memory"
NO_TRACING = "the Google GenAI SDK has no tracing of its own to switch on"


def recording(client: genai.Client, s: Step) -> None:
    """Every request of the AFC loop goes through these two methods of the client's async models:
    each is replaced on this instance by one that records the request's `contents` first."""
    models = client.aio.models
    for name in ("_generate_content_with_continuation", "_generate_content_stream_with_continuation"):
        original = getattr(models, name)

        def record(*args: Any, _original: Any = original, **kwargs: Any) -> Any:
            s.model_requests.append(to_json(kwargs.get("contents")))
            return _original(*args, **kwargs)

        setattr(models, name, record)


def tool_answers(history: list[Any] | None) -> list[Any]:
    """The function-response parts of a history: what the runtime holds of the tool call."""
    return [p.function_response for c in history or [] for p in c.parts or [] if p.function_response is not None]


async def step(s: Step) -> Outcome:
    s.persisted_not_applicable = NO_STORE
    s.exported_not_applicable = NO_TRACING
    client = genai.Client(api_key=API_KEY, http_options=types.HttpOptions(base_url=s.provider_base))
    recording(client, s)
    try:
        async with streamable_http_client(s.mcp_url) as (read, write, *_), ClientSession(read, write) as session:
            await session.initialize()
            config: Any = {"tools": [session]}
            if MODE == "stream":
                history = None
                async for chunk in await client.aio.models.generate_content_stream(model=MODEL_ID["gemini"], contents=PROMPT, config=config):
                    history = chunk.automatic_function_calling_history or history
            else:
                response = await client.aio.models.generate_content(model=MODEL_ID["gemini"], contents=PROMPT, config=config)
                history = response.automatic_function_calling_history
        return Outcome(kept=tool_answers(history), threw=None)
    except Exception as e:
        return Outcome(kept=None, threw=describe_throw(e))
    finally:
        await client.aio.aclose()


VERSIONS = installed_versions(["google-genai", "mcp"])
serve(f"google-genai (Python) {MODE}", VERSIONS, step, providers=("gemini",))
