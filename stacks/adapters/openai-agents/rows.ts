import { providerRows } from '../shared/row-builder.ts';

export const rows = providerRows(
  'openai-agents',
  'adapters/openai-agents/adapter.ts',
  [
    { mode: 'default', setup: 'Agent with an MCP server (useStructuredContent: false), run()' },
    { mode: 'structured', setup: 'Agent with an MCP server (useStructuredContent: true), run()' },
    { mode: 'stream', setup: 'Agent with an MCP server, run(…, { stream: true })' },
    { mode: 'toolresult', setup: 'Agent with mcpTools(server) of toolresult-protocol/openai-agents, run()' },
  ],
  ['openai-chat', 'openai-responses'],
);
