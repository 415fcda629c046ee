// The adapter protocol (spec/09-conformance.md §9.1) for a stack adapter: hello, step, stop over
// stdin/stdout. Stacks write to the console freely, so console output is moved to stderr and kept as
// the request's log lines, and stdout carries only responses (TR-CONF-1).
import { createInterface } from 'node:readline';
import { format } from 'node:util';
import { Ops, PROTOCOL, type HelloOutput, type StepInput, type StepOutput } from '../../../conformance/protocol/messages.ts';
import { badInput, exception, inputCheck, ok, readLine, serveLines } from '../../../conformance/core/serve.ts';

export type { StepInput, StepOutput };

const checkStep = inputCheck(Ops.step.input);

export interface StackAdapter {
  /** The row's name in the matrix, e.g. `langchain (standard blocks)`. */
  readonly name: string;
  /** Exact versions of the packages that make up the stack, `name@version` joined by spaces. */
  readonly version: string;
  step(input: StepInput): Promise<StepOutput>;
}

const stdoutWrite = process.stdout.write.bind(process.stdout);
let logLines: string[] = [];

function captureConsole(): void {
  for (const level of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
    console[level] = (...args: unknown[]) => {
      const line = format(...args);
      logLines.push(`${level} ${line}`);
      process.stderr.write(`${line}\n`);
    };
  }
  // Anything else that writes to stdout (a logger holding the stream) goes to stderr too.
  process.stdout.write = ((chunk: unknown, ...rest: unknown[]) => process.stderr.write(chunk as string, ...(rest as []))) as typeof process.stdout.write;
}

/** Runs the protocol until `stop` or the end of input. */
export async function serve(adapter: StackAdapter): Promise<void> {
  captureConsole();
  const hello = (): HelloOutput => ({
    name: adapter.name,
    version: adapter.version,
    language: `javascript (node ${process.version})`,
    protocol: PROTOCOL,
    groups: ['stacks'],
    stringModel: 'utf16',
    cycles: false,
    opaqueValues: false,
  });
  const answer = async (line: string) => {
    const read = readLine(line, { hello, has: (op) => op === 'step' });
    if ('answer' in read) return read.answer;
    const { id, input } = read.request;
    if (!checkStep.Check(input)) return badInput(id, 'step takes {result: object, outputSchema?: object, provider?: string, telemetry?: "content"}');
    logLines = [];
    try {
      const { result, outputSchema, provider, telemetry } = input;
      const output = await adapter.step({
        result,
        ...(outputSchema ? { outputSchema } : {}),
        ...(provider !== undefined ? { provider } : {}),
        ...(telemetry !== undefined ? { telemetry } : {}),
      });
      return ok(id, { ...output }, logLines);
    } catch (e) {
      // The adapter's own failure (not the stack's: a step that throws is an answer, `threw`).
      process.stderr.write(`step failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      return exception(id, 'step', logLines);
    }
  };
  await serveLines(createInterface({ input: process.stdin, crlfDelay: Infinity }), answer, (text) => void stdoutWrite(text));
  process.exit(0);
}

/** `name@version` of each package as installed (read from its package.json, so the row cannot lie). */
export async function installedVersions(names: readonly string[]): Promise<string> {
  const { createRequire } = await import('node:module');
  const { existsSync, readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const require = createRequire(import.meta.url);
  return names
    .map((n) => {
      // Node's own lookup path; the package.json itself, since an exports map may hide it.
      const dir = (require.resolve.paths(n) ?? []).map((d) => join(d, n)).find((d) => existsSync(join(d, 'package.json')));
      if (!dir) throw new Error(`package ${n} is not installed`);
      return `${n}@${(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version}`;
    })
    .join(' ');
}

/** The message an agent step ended with, named by its class. */
export function describeThrow(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  return String(e);
}

/** JSON of a value, for `kept`: what JSON.stringify keeps, with a cycle cut as "[cycle]" (a value seen twice elsewhere is kept twice). */
export function toJson(v: unknown, ancestors: Set<object> = new Set()): unknown {
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' || typeof v === 'boolean' || v === null) return v;
  if (typeof v !== 'object') return undefined;
  if (ancestors.has(v)) return '[cycle]';
  const toJSON = (v as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return toJson((toJSON as () => unknown).call(v), ancestors);
  ancestors.add(v);
  try {
    if (Array.isArray(v)) return v.map((x) => toJson(x, ancestors) ?? null);
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const j = toJson(x, ancestors);
      if (j !== undefined) out[k] = j;
    }
    return out;
  } finally {
    ancestors.delete(v);
  }
}

/** `--mode NAME` from an adapter's arguments, one of `modes` (the first when absent). */
export function modeArg<M extends string>(argv: readonly string[], modes: readonly M[]): M {
  const i = argv.indexOf('--mode');
  const v = i >= 0 ? argv[i + 1] : modes[0];
  if (!modes.includes(v as M)) throw new Error(`--mode takes one of ${modes.join(', ')}, got ${String(v)}`);
  return v as M;
}
