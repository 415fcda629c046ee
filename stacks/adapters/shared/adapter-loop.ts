// The adapter protocol (spec/09-conformance.md §9.1) for a stack adapter: hello, step, stop over
// stdin/stdout. Stacks write to the console freely, so console output is moved to stderr and kept as
// the request's log lines, and stdout carries only responses (TR-CONF-1).
import { createInterface } from 'node:readline';
import { format } from 'node:util';
import type { Static } from '@sinclair/typebox';
import { Ops, PROTOCOL, checkRequest, type HelloOutput, type Response } from '../../../conformance/protocol/messages.ts';

/** A step's input and output, as the protocol defines them (schemas/conformance/stack-adapter-protocol.schema.json, generated from the same TypeBox). */
export type StepInput = Static<typeof Ops.step.input>;
export type StepOutput = Static<typeof Ops.step.output>;

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

function send(r: Response): void {
  stdoutWrite(`${JSON.stringify(r)}\n`);
}

/** Runs the protocol until `stop` or the end of input. */
export async function serve(adapter: StackAdapter): Promise<void> {
  captureConsole();
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of rl) {
    let request: unknown;
    try {
      request = JSON.parse(line);
    } catch {
      send({ id: null, ok: false, error: { code: 'adapter.bad_request', message: 'request is not JSON' }, logs: [] });
      continue;
    }
    if (!checkRequest.Check(request)) {
      send({ id: null, ok: false, error: { code: 'adapter.bad_request', message: 'request does not match the protocol' }, logs: [] });
      continue;
    }
    const { id, op, input } = request;
    if (op === 'hello') {
      const output: HelloOutput = {
        name: adapter.name,
        version: adapter.version,
        language: `javascript (node ${process.version})`,
        protocol: PROTOCOL,
        groups: ['stacks'],
        stringModel: 'utf16',
        cycles: false,
        opaqueValues: false,
      };
      send({ id, ok: true, output, logs: [] });
      continue;
    }
    if (op === 'stop') {
      send({ id, ok: true, output: {}, logs: [] });
      break;
    }
    if (op !== 'step') {
      send({ id, ok: false, error: { code: 'adapter.unknown_op', message: `unknown op ${op.slice(0, 40)}` }, logs: [] });
      continue;
    }
    const result = input['result'];
    const outputSchema = input['outputSchema'];
    const provider = input['provider'];
    if (typeof result !== 'object' || result === null || Array.isArray(result) || (outputSchema !== undefined && (typeof outputSchema !== 'object' || outputSchema === null)) || (provider !== undefined && typeof provider !== 'string')) {
      send({ id, ok: false, error: { code: 'adapter.bad_input', message: 'step takes {result: object, outputSchema?: object, provider?: string}' }, logs: [] });
      continue;
    }
    logLines = [];
    try {
      const output = await adapter.step({ result: result as Record<string, unknown>, ...(outputSchema ? { outputSchema: outputSchema as Record<string, unknown> } : {}), ...(typeof provider === 'string' ? { provider } : {}) });
      send({ id, ok: true, output: { ...output }, logs: logLines });
    } catch (e) {
      // The adapter's own failure (not the stack's: a step that throws is an answer, `threw`).
      process.stderr.write(`step failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      send({ id, ok: false, error: { code: 'adapter.exception', message: 'unexpected exception in op step' }, logs: logLines });
    }
  }
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
