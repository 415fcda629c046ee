// The rows of the matrix: each stack adapter and the command that starts it. The control row comes
// first; it must pass every check (TR-STACK-10).
import { fileURLToPath } from 'node:url';
import { dirname, join, relative } from 'node:path';

export interface StackRow {
  /** Stable ID used by --stack and in report.json. */
  readonly id: string;
  /** Adapter file, relative to conformance/stacks/. */
  readonly adapter: string;
  readonly args: readonly string[];
  readonly control?: boolean;
  /** What the adapter runs, in one line (the version and runtime come from its handshake). */
  readonly setup: string;
}

export const STACKS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = join(STACKS_DIR, '..', '..');

export const STACK_ROWS: readonly StackRow[] = [
  { id: 'control', adapter: 'control/adapter.ts', args: [], control: true, setup: 'MCP SDK Client.callTool, then normalizeMcp and toWireMessage of this repository' },
  { id: 'langchain', adapter: 'langchain/adapter.ts', args: [], setup: 'loadMcpTools (useStandardContentBlocks: false) in createReactAgent' },
  { id: 'langchain-standard', adapter: 'langchain/adapter.ts', args: ['--standard-blocks'], setup: 'loadMcpTools (useStandardContentBlocks: true) in createReactAgent' },
  { id: 'ai-sdk', adapter: 'ai-sdk/adapter.ts', args: [], setup: 'createMCPClient().tools() in generateText, two steps' },
  { id: 'openai-agents', adapter: 'openai-agents/adapter.ts', args: [], setup: 'Agent with an MCP server (useStructuredContent: false), run()' },
  { id: 'openai-agents-structured', adapter: 'openai-agents/adapter.ts', args: ['--structured-content'], setup: 'Agent with an MCP server (useStructuredContent: true), run()' },
  { id: 'mastra', adapter: 'mastra/adapter.ts', args: [], setup: 'MCPClient.listTools() in a Mastra Agent, generate() with two steps' },
];

export function stackRow(id: string): StackRow | undefined {
  return STACK_ROWS.find((r) => r.id === id);
}

/** The command that starts a row's adapter (Node with tsx, as the runner starts the reference). */
export function adapterCommand(row: StackRow): string[] {
  return [process.execPath, '--import', import.meta.resolve('tsx'), join(STACKS_DIR, row.adapter), ...row.args];
}

/** The adapter command as a reader would type it from the repository root. */
export function adapterCommandLine(row: StackRow): string {
  return ['node', '--import', 'tsx', relative(REPO_ROOT, join(STACKS_DIR, row.adapter)), ...row.args].join(' ');
}
