import { pythonRows } from '../shared/row-builder.ts';
import { PROVIDERS } from '../shared/fake-provider.ts';

// What the egress checks read (TR-STACK-17 to 19), the same in every mode.
const EGRESS = '; message history as ModelMessagesTypeAdapter JSON, Instrumentation over OTLP/HTTP to the collector';

export const rows = pythonRows(
  'pydantic-ai',
  'pydantic-ai',
  [
    { mode: 'default', setup: `Agent with MCPToolset(url) (Streamable HTTP, tool_error_behavior "retry"), run${EGRESS}` },
    { mode: 'failed', setup: `Agent with MCPToolset(url, tool_error_behavior="failed"), run${EGRESS}` },
    { mode: 'stream', setup: `Agent with MCPToolset(url), run_stream_events (the model streams)${EGRESS}` },
    { mode: 'toolresult', setup: `Agent with ToolResultMCPToolset(seam, url) of toolresult.integrations.pydantic_ai (Streamable HTTP), run${EGRESS}` },
  ],
  PROVIDERS,
);
