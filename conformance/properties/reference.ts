// The reference implementation in process: what every differential property compares against.
// Outputs go through a JSON round trip, as they would over the wire.
import { CollectingLogger } from '../../reference-impl/internal.ts';
import { handlers } from '../../reference-adapter/ops/index.ts';
import { OpError } from '../../reference-adapter/ops/types.ts';
import { plainNumbers } from '../protocol/json-text.ts';

export type RefReply = { ok: true; output: Record<string, unknown>; logs: string[] } | { ok: false; code: string; logs: string[] };

export function reference(op: string, input: Record<string, unknown>): RefReply {
  const handler = handlers[op];
  if (!handler) return { ok: false, code: 'adapter.unknown_op', logs: [] };
  const logger = new CollectingLogger();
  try {
    const output = handler(structuredClone(plainNumbers(input)), { logger });
    return { ok: true, output: JSON.parse(JSON.stringify(output)) as Record<string, unknown>, logs: logger.lines };
  } catch (e) {
    return { ok: false, code: e instanceof OpError ? e.code : 'adapter.exception', logs: logger.lines };
  }
}

/** The reference's output, for checks that need the right answer; throws if the reference fails. */
export function referenceOutput(op: string, input: Record<string, unknown>): Record<string, unknown> {
  const r = reference(op, input);
  if (!r.ok) throw new Error(`the reference answered ${op} with error ${r.code}`);
  return r.output;
}
