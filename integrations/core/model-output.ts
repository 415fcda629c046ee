// The AI SDK's model output for a tool result (`toModelOutput`): the wire message's content, as
// `text`, or as `error-text` for an error result (the AI SDK's error output: Anthropic receives
// is_error, OpenAI {"error": content}). The output handed to it is the audit record the integration's
// execute returned; one that came back another way (a conversation rebuilt from UI messages) is
// answered from the seam's ledger by its call ID where the stack says it, else read only for a
// content and isError and bounded again, so nothing else of it reaches the model.
import { bound, type AuditRecord, type BoundOptions, toWireMessage, type WireMessage, ToolResult } from '../../reference-impl/internal.ts';
import type { CallAt } from './call-key.ts';
import type { CallOutcome } from './call.ts';
import type { ToolResultSeam } from './seam.ts';

/** The model text of an output the integration did not make itself and cannot read. */
export const UNREADABLE_OUTPUT_TEXT = 'The tool result is not available.';

export type ModelOutput = { type: 'text'; value: string } | { type: 'error-text'; value: string };

export function modelOutput(wire: WireMessage): ModelOutput {
  return wire.isError ? { type: 'error-text', value: wire.content } : { type: 'text', value: wire.content };
}

/** The wire message of an output this integration did not see leave execute (plain JSON, never a class or proxy). */
export function wireOfForeignOutput(output: unknown, budgets: BoundOptions | undefined): WireMessage {
  if (typeof output === 'object' && output !== null && !Array.isArray(output) && Object.getPrototypeOf(output) === Object.prototype) {
    const content = Object.getOwnPropertyDescriptor(output, 'content');
    const isError = Object.getOwnPropertyDescriptor(output, 'isError');
    if (content && 'value' in content && typeof content.value === 'string' && isError && 'value' in isError && typeof isError.value === 'boolean') {
      return toWireMessage(bound(isError.value ? ToolResult.error(content.value) : ToolResult.text(content.value), budgets));
    }
  }
  return { content: UNREADABLE_OUTPUT_TEXT, isError: true };
}

/**
 * The side table of one wrapped tool set: the wire message of each record its execute returned,
 * keyed by the record object, so `toModelOutput` gives the model exactly what the seam made of the
 * call. An output that is not one of its records is read as a foreign one.
 */
export class ModelOutputs {
  readonly #wires = new WeakMap<object, WireMessage>();

  constructor(private readonly seam: ToolResultSeam) {}

  /** Remembers the call's wire message; the audit record is what execute returns. */
  keep(outcome: CallOutcome): AuditRecord {
    this.#wires.set(outcome.record, outcome.wire);
    return outcome.record;
  }

  /** The model output of what execute returned (or of an output that came back another way). */
  of(output: unknown): ModelOutput {
    const wire = typeof output === 'object' && output !== null ? this.#wires.get(output) : undefined;
    return modelOutput(wire ?? wireOfForeignOutput(output, this.seam.options.bound));
  }

  /**
   * The same, where the stack names the call: an output this set did not return (a conversation
   * rebuilt from stored messages holds the audit record only) is answered with the wire message of
   * the call's result in the seam's ledger, the answer the model was given when it ran.
   */
  async ofCall(output: unknown, callId: unknown, at: CallAt): Promise<ModelOutput> {
    const wire = typeof output === 'object' && output !== null ? this.#wires.get(output) : undefined;
    if (wire !== undefined) return modelOutput(wire);
    if (typeof callId === 'string' && callId !== '') {
      try {
        const stored = await this.seam.result(callId, at);
        if (stored !== undefined) return modelOutput(toWireMessage(stored));
      } catch {
        // An unreadable entry, or a ledger that cannot be read back: the output is read as a foreign one.
      }
    }
    return this.of(output);
  }
}
