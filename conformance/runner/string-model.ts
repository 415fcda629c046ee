// Whether a request holds a string the adapter's handshake said its language cannot build. A
// `bytes` adapter (spec/09 §9.2) has no string with an unpaired surrogate, so a case that sent it
// one is a defect of the kit, not of the adapter; its failure reason says so.
import type { HelloOutput } from '../protocol/messages.ts';

const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The units of a utf16 tag hold an unpaired surrogate. */
function loneUnit(units: unknown): boolean {
  if (!Array.isArray(units)) return false;
  const s = String.fromCharCode(...units.filter((u): u is number => typeof u === 'number'));
  return LONE.test(s);
}

/** Where in `value` a string outside the adapter's string model is, or undefined. */
export function outsideStringModel(value: unknown, hello: Pick<HelloOutput, 'stringModel'> | undefined): string | undefined {
  if (hello?.stringModel !== 'bytes') return undefined;
  // Iterative: a counterexample can be deep.
  const stack: [unknown, string][] = [[value, '']];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (LONE.test(v)) return at || '/';
      continue;
    }
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    const o = v as Record<string, unknown>;
    if (o.$tr === 'utf16' && loneUnit(o.units)) return at || '/';
    for (const [k, x] of Object.entries(o)) {
      if (LONE.test(k)) return `${at}/${k}`;
      stack.push([x, `${at}/${k}`]);
    }
  }
  return undefined;
}

/** The sentence a failure reason gets when the kit sent such a string. */
export function stringModelNote(value: unknown, hello: Pick<HelloOutput, 'stringModel'> | undefined): string | undefined {
  const at = outsideStringModel(value, hello);
  if (at === undefined) return undefined;
  return `the kit sent a string with an unpaired surrogate (input ${at}), which the adapter's string model "bytes" excludes (spec/09 §9.2): a defect of the kit, not of the adapter; please report it`;
}
