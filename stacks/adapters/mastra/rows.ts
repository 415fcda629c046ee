import type { StackRow } from '../../kit/stacks.ts';

export const rows: readonly StackRow[] = [
  { id: 'mastra', adapter: 'adapters/mastra/adapter.ts', args: [], setup: 'MCPClient.listTools() in a Mastra Agent, generate() with two steps' },
  { id: 'mastra-toolresult', adapter: 'adapters/mastra/adapter.ts', args: ['--toolresult'], setup: 'mcpTools(MCPClient) of toolresult-protocol/mastra in a Mastra Agent, generate() with two steps' },
];
