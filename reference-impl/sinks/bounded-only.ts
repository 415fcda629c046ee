// The sink builders, the wire, the ledger and the hooks accept only a BoundedToolResult made by
// bound() or restore() (TR-SINK-6). The brand check is a lookup of the value itself in the seal's
// WeakMap: it runs no code of the value, so a proxy around a genuine result (whose traps could answer
// anything), a subclass or an object inheriting from one is refused, and the fields a sink reads come
// from the seal, never from the object handed in.
import { sealedView, type SealedView } from '../tool-result.ts';

export type { SealedView };

/** The sealed fields of `v`, or a TypeError that names the function only (nothing of the value). */
export function assertBounded(v: unknown, who: string): SealedView {
  const view = sealedView(v);
  if (view === undefined) throw new TypeError(`${who} accepts only a BoundedToolResult`);
  return view;
}
