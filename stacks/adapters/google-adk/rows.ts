import { pythonRows } from '../shared/row-builder.ts';

export const rows = pythonRows(
  'google-adk',
  'google-adk',
  [
    { mode: 'default', setup: 'LlmAgent with McpToolset (Streamable HTTP) on AnthropicLlm, InMemoryRunner.run_async' },
    { mode: 'stream', setup: 'LlmAgent with McpToolset on AnthropicLlm, run_async with streaming_mode SSE (the model streams)' },
  ],
  ['anthropic'],
);
