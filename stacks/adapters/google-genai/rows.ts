import { providerRows } from '../shared/row-builder.ts';

// The SDK is Google's own client, so Gemini is its one provider format.
export const rows = providerRows(
  'google-genai',
  'adapters/google-genai/adapter.ts',
  [
    { mode: 'generate', setup: 'mcpToTool(Client) in models.generateContent (automatic function calling)' },
    { mode: 'stream', setup: 'mcpToTool(Client) in models.generateContentStream (automatic function calling, SSE)' },
  ],
  ['gemini'],
);
