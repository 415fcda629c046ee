// The adapter side of the protocol (spec/09-conformance.md §9.1), for an adapter written in
// TypeScript: one request per line in, one response per line out. Every answer that is the same for
// every adapter is here (a line that is not a request, hello, stop, an op it does not have, an input
// the op's TypeBox schema refuses, an exception), so the reference adapter and the stack adapters
// differ only in their hello and their ops. Never puts a value from the input into an error.
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import type { TSchema } from '@sinclair/typebox';
import { checkRequest, type HelloOutput, type Request, type Response } from '../protocol/messages.ts';

export interface Answer {
  readonly response: Response;
  /** The request was `stop`: the adapter exits after writing the response. */
  readonly stop: boolean;
}

type Output = Record<string, unknown>;
type Id = number | null;

const error = (id: Id, code: string, message: string, logs: readonly string[] = []): Answer => ({
  response: { id, ok: false, error: { code, message }, logs: [...logs] },
  stop: false,
});
export const ok = (id: number, output: Output, logs: readonly string[] = []): Answer => ({ response: { id, ok: true, output, logs: [...logs] }, stop: false });

/** The op's own failure (`code` a stable dotted code, `message` without run-only values). */
export const opError = (id: number, code: string, message: string, logs: readonly string[] = []): Answer => error(id, code, message, logs);

/** An exception the op did not expect: its message may quote the data it choked on, so only where it happened is said. */
export const exception = (id: number, op: string, logs: readonly string[] = []): Answer =>
  error(id, 'adapter.exception', `unexpected exception in op ${op}`, logs);

/** An input the op's schema refuses: `expected` says the shape, in words. */
export const badInput = (id: number, expected: string): Answer => error(id, 'adapter.bad_input', expected);

/** A TypeBox check of an op's input (compiled once). */
export const inputCheck = <T extends TSchema>(schema: T): TypeCheck<T> => TypeCompiler.Compile(schema);

export interface Served {
  hello(): HelloOutput;
  /** Whether the adapter has the op (hello and stop are answered here). */
  has(op: string): boolean;
}

/**
 * The request of one line, or the answer when it needs no op: a line that is not JSON or not a
 * request, hello, stop, or an op the adapter does not have.
 */
export function readLine(line: string, served: Served, parse: (line: string) => unknown = JSON.parse): { request: Request } | { answer: Answer } {
  let request: unknown;
  try {
    request = parse(line);
  } catch {
    return { answer: error(null, 'adapter.bad_request', 'request is not JSON') };
  }
  if (!checkRequest.Check(request)) {
    const id = typeof (request as { id?: unknown } | null)?.id === 'number' ? (request as { id: number }).id : null;
    return { answer: error(id, 'adapter.bad_request', 'request does not match the protocol') };
  }
  const { id, op } = request;
  if (op === 'hello') return { answer: ok(id, served.hello()) };
  if (op === 'stop') return { answer: { ...ok(id, {}), stop: true } };
  if (!served.has(op)) return { answer: error(id, 'adapter.unknown_op', `unknown op ${op.slice(0, 40)}`) };
  return { request };
}

/** Reads requests from `input` until `stop` or its end; each answer is written as one line, in order. */
export async function serveLines(
  input: AsyncIterable<string>,
  answer: (line: string) => Answer | Promise<Answer>,
  write: (text: string) => void | Promise<void>,
): Promise<void> {
  for await (const line of input) {
    if (line.trim() === '') continue;
    const { response, stop } = await answer(line);
    await write(`${JSON.stringify(response)}\n`);
    if (stop) break;
  }
}
