import type { StackRow } from '../../kit/stacks.ts';

export const rows: readonly StackRow[] = [
  { id: 'langchain', adapter: 'adapters/langchain/adapter.ts', args: [], setup: 'loadMcpTools (useStandardContentBlocks: false) in createReactAgent' },
  { id: 'langchain-standard', adapter: 'adapters/langchain/adapter.ts', args: ['--standard-blocks'], setup: 'loadMcpTools (useStandardContentBlocks: true) in createReactAgent' },
  { id: 'langchain-toolresult', adapter: 'adapters/langchain/adapter.ts', args: ['--toolresult'], setup: 'loadMcpTools of toolresult-protocol/langchain in createReactAgent' },
];
