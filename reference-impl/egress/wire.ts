// The provider wire (spec/04-egress.md): the one function that builds what the model provider sees.
// It takes only a BoundedToolResult and reads only its provider-facing channels, content and
// isError; there is no parameter, option or field through which a run-only channel could travel.
import { BoundedToolResult } from '../tool-result.ts';

/** The provider-facing message of a tool step (wire-message.schema.json). */
export interface WireMessage {
  readonly content: string;
  readonly isError: boolean;
}

/** True only for a BoundedToolResult made by bound() (a forged instance fails its getters). */
function isBounded(v: unknown): v is BoundedToolResult {
  if (!(v instanceof BoundedToolResult)) return false;
  try {
    return typeof v.hasStructured === 'boolean';
  } catch {
    return false;
  }
}

/**
 * The provider-facing message for a bounded result (TR-EGRESS-2, TR-EGRESS-3). Throws a TypeError
 * for anything else, with a message that quotes nothing of the value.
 */
export function toWireMessage(result: BoundedToolResult): WireMessage {
  if (!isBounded(result)) throw new TypeError('toWireMessage accepts only a BoundedToolResult made by bound()');
  return Object.freeze({ content: result.content, isError: result.isError });
}
