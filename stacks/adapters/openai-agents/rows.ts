import type { StackRow } from '../../kit/stacks.ts';

export const rows: readonly StackRow[] = [
  { id: 'openai-agents', adapter: 'adapters/openai-agents/adapter.ts', args: [], setup: 'Agent with an MCP server (useStructuredContent: false), run()' },
  { id: 'openai-agents-structured', adapter: 'adapters/openai-agents/adapter.ts', args: ['--structured-content'], setup: 'Agent with an MCP server (useStructuredContent: true), run()' },
  { id: 'openai-agents-toolresult', adapter: 'adapters/openai-agents/adapter.ts', args: ['--toolresult'], setup: 'Agent with mcpTools(server) of toolresult-protocol/openai-agents, run()' },
];
