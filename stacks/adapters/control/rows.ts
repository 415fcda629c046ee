// The control row: it must pass every check (TR-STACK-10).
import type { StackRow } from '../../kit/stacks.ts';

export const rows: readonly StackRow[] = [
  { id: 'control', adapter: 'adapters/control/adapter.ts', args: [], control: true, setup: 'MCP SDK Client.callTool, then normalizeMcp and toWireMessage of this repository' },
];
