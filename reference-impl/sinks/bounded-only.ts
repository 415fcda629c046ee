// The sink builders accept only a BoundedToolResult made by bound() or restore(): the brand check
// is reading a run-only getter, which throws on a forged instance.
import { BoundedToolResult } from '../tool-result.ts';

export function assertBounded(v: unknown, who: string): asserts v is BoundedToolResult {
  let ok = false;
  if (v instanceof BoundedToolResult) {
    try {
      ok = typeof v.hasStructured === 'boolean';
    } catch {
      ok = false;
    }
  }
  // The message names the function only: nothing of the value.
  if (!ok) throw new TypeError(`${who} accepts only a BoundedToolResult`);
}
