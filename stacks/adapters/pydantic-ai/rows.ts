import { pythonRows } from '../shared/row-builder.ts';
import { PROVIDERS } from '../shared/fake-provider.ts';

export const rows = pythonRows(
  'pydantic-ai',
  'pydantic-ai',
  [
    { mode: 'default', setup: 'Agent with MCPToolset(url) (Streamable HTTP, tool_error_behavior "retry"), run' },
    { mode: 'failed', setup: 'Agent with MCPToolset(url, tool_error_behavior="failed"), run' },
    { mode: 'stream', setup: 'Agent with MCPToolset(url), run_stream_events (the model streams)' },
    { mode: 'toolresult', setup: 'Agent with ToolResultMCPToolset(seam, url) of toolresult.integrations.pydantic_ai (Streamable HTTP), run' },
  ],
  PROVIDERS,
);
