"""A chat model with no network: it answers with scripted tool calls, then a final text. The turn
it plays is the number of AI messages already in its input, so a run resumed in another process
plays on where the first stopped. Every message it is sent is kept (the provider request side)."""

from __future__ import annotations

from typing import Any, Sequence

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult


class ScriptedModel(BaseChatModel):
    #: One list of tool calls ({"name", "args", "id"}) per turn; after the last, the answer "done".
    turns: list[list[dict[str, Any]]]
    seen: list[list[BaseMessage]] = []

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> "ScriptedModel":
        return self

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **kwargs: Any) -> ChatResult:
        self.seen.append(list(messages))
        turn = sum(1 for m in messages if isinstance(m, AIMessage))
        if turn < len(self.turns):
            calls = [{"type": "tool_call", **c} for c in self.turns[turn]]
            message = AIMessage(content="", tool_calls=calls)
        else:
            message = AIMessage(content="done")
        return ChatResult(generations=[ChatGeneration(message=message)])


def call(name: str, call_id: str, **args: Any) -> dict[str, Any]:
    return {"name": name, "args": args or {"city": "Paris"}, "id": call_id}
