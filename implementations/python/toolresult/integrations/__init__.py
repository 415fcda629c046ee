"""Stack integrations: every tool call of a LangChain/LangGraph, OpenAI Agents SDK, Pydantic AI,
Google ADK or Strands Agents agent through the execution seam (spec/07-replay.md §7.3,
spec/11-stacks.md §11.7).

One module per stack, each importing its stack (install the extra of the same name):

    toolresult.integrations.langchain      pip install 'toolresult-protocol[langchain]'
    toolresult.integrations.openai_agents  pip install 'toolresult-protocol[openai-agents]'
    toolresult.integrations.pydantic_ai    pip install 'toolresult-protocol[pydantic-ai]'
    toolresult.integrations.google_adk     pip install 'toolresult-protocol[google-adk]'
    toolresult.integrations.strands        pip install 'toolresult-protocol[strands]'

Each takes a :class:`toolresult.integrations.seam_call.Seam` (ledger, budgets, hooks, exposure,
deadline, privacy level). The model is given the wire content; the stack's own record of the call
(a ToolMessage's artifact, a run item's custom data, a ToolReturn's metadata) holds only the audit
record at the seam's privacy level (an ADK event and a Strands ToolResult, which are persisted
whole, hold only the model text); the program reads the whole bounded result with
``seam.result(call_id)``, from the ledger. Each call is keyed by its scope (the stack's conversation:
a LangGraph thread, an Agents SDK group, an ADK session, a Strands session manager's session; else
the Seam's ``scope``), its tool-call ID and the fingerprint of its tool name and arguments. This package imports no stack itself.
"""
