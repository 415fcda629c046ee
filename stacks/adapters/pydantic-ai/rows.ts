import { pythonRows } from '../shared/row-builder.ts';
import { ALL_PROVIDERS } from '../shared/fake-provider.ts';

// What the egress checks read (TR-STACK-17 to 19), the same in every mode.
const EGRESS = '; message history as ModelMessagesTypeAdapter JSON, Instrumentation over OTLP/HTTP to the collector';

export const rows = [
  ...pythonRows(
    'pydantic-ai',
    'pydantic-ai',
    [
      { mode: 'default', setup: `Agent with MCPToolset(url) (Streamable HTTP, tool_error_behavior "retry"), run${EGRESS}` },
      { mode: 'failed', setup: `Agent with MCPToolset(url, tool_error_behavior="failed"), run${EGRESS}` },
      { mode: 'stream', setup: `Agent with MCPToolset(url), run_stream_events (the model streams)${EGRESS}` },
      { mode: 'toolresult', setup: `Agent with ToolResultMCPToolset(seam, url) of toolresult.integrations.pydantic_ai (Streamable HTTP), run${EGRESS}` },
    ],
    ALL_PROVIDERS,
  ),
  // GoogleModel sends a tool's files inside the function response only to a Gemini 3 model; on an
  // older one they go as parts of their own beside it, so that path gets a row of its own.
  ...pythonRows(
    'pydantic-ai',
    'pydantic-ai',
    [{ mode: 'gemini25', setup: `Agent with MCPToolset(url) on GoogleModel("gemini-2.5-flash"), run${EGRESS}` }],
    ['gemini'],
  ),
];
