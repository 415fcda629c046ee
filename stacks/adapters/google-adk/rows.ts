import { pythonRows } from '../shared/row-builder.ts';

// What the egress checks read (TR-STACK-17 to 19), the same in every mode.
const EGRESS = '; SqliteSessionService on a file, ADK OpenTelemetry over OTLP/HTTP to the collector';

export const rows = pythonRows(
  'google-adk',
  'google-adk',
  [
    { mode: 'default', setup: `LlmAgent with McpToolset (Streamable HTTP) on AnthropicLlm, Runner.run_async${EGRESS}` },
    { mode: 'stream', setup: `LlmAgent with McpToolset on AnthropicLlm, run_async with streaming_mode SSE (the model streams)${EGRESS}` },
  ],
  ['anthropic'],
);
