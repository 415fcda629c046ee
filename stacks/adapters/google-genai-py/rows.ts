import { pythonRows } from '../shared/row-builder.ts';

// The SDK keeps no store and has no tracing of its own: the egress checks are n/a (the adapter says why).
export const rows = pythonRows(
  'google-genai-py',
  'google-genai-py',
  [
    { mode: 'default', setup: 'an mcp ClientSession (Streamable HTTP) in config tools, client.aio.models.generate_content with automatic function calling' },
    {
      mode: 'stream',
      setup: 'an mcp ClientSession in config tools, client.aio.models.generate_content_stream with automatic function calling (the model streams)',
    },
  ],
  ['gemini'],
);
