import type { StackRow } from '../../kit/stacks.ts';

export const rows: readonly StackRow[] = [
  { id: 'ai-sdk', adapter: 'adapters/ai-sdk/adapter.ts', args: [], setup: 'createMCPClient().tools() in generateText, two steps' },
  { id: 'ai-sdk-toolresult', adapter: 'adapters/ai-sdk/adapter.ts', args: ['--toolresult'], setup: 'wrapMcpTools(createMCPClient().tools()) of toolresult-protocol/ai-sdk in generateText, two steps' },
];
