// The provider wire (spec/04-egress.md): the one function that builds what the model provider sees.
// It takes only a BoundedToolResult and reads only its provider-facing channels, content and
// isError; there is no parameter, option or field through which a run-only channel could travel.
import { sealedView, type BoundedToolResult } from '../tool-result.ts';

/** The provider-facing message of a tool step (wire-message.schema.json). */
export interface WireMessage {
  readonly content: string;
  readonly isError: boolean;
}

/**
 * The provider-facing message for a bounded result (TR-EGRESS-2, TR-EGRESS-3). Throws a TypeError
 * for anything else, with a message that quotes nothing of the value.
 */
export function toWireMessage(result: BoundedToolResult): WireMessage {
  // The seal, not the object: a proxy around a genuine result is refused (TR-SINK-6).
  const sealed = sealedView(result);
  if (sealed === undefined) throw new TypeError('toWireMessage accepts only a BoundedToolResult made by bound()');
  return Object.freeze({ content: sealed.content, isError: sealed.isError });
}
