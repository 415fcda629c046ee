// The egress checks (TR-STACK-17/18/19): run-only canaries in what a stack persists for a resumable
// run and in what it exports as telemetry. The adapter hands over each store's or body's octets as
// latin1 text (one code point per octet), so a canary is looked for twice where it stands inside
// base64 data: as the base64 text, and as the octets that text decodes to (a store that keeps the
// decoded image holds the same run-only bytes).
import type { StackCase } from './cases.ts';
import type { Finding, NotApplicable, StepAnswer } from './checks.ts';
import type { Occurrence } from './canary.ts';

export interface Stored {
  readonly where: string;
  readonly text: string;
}

/** A canary the egress checks look for, with what it is and the octets it decodes to (when it stands inside base64 data). */
interface Needle {
  readonly canary: string;
  readonly what: string;
  readonly octets?: string;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The octets a canary inside base64 data decodes to: the 4-aligned part of the canary within the
 * data string (a canary of 12 characters holds at least 8 aligned ones: 6 octets), as latin1.
 */
export function decodedOctets(result: unknown, canary: string): string | undefined {
  let found: string | undefined;
  const walk = (v: unknown): void => {
    if (found !== undefined) return;
    if (typeof v === 'string') {
      const data = v.startsWith('data:') ? v.slice(v.indexOf(',') + 1) : v;
      const i = data.indexOf(canary);
      if (i < 0 || !BASE64.test(data)) return;
      const start = Math.ceil(i / 4) * 4;
      const end = Math.floor((i + canary.length) / 4) * 4;
      if (end - start >= 8) found = Buffer.from(data.slice(start, end), 'base64').toString('latin1');
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === 'object' && v !== null) for (const x of Object.values(v)) walk(x);
  };
  walk(result);
  return found;
}

/**
 * The run-only canaries of a case: user-only text, `_meta` (values and member names), binary data,
 * and the structured value (a success's or an error's body) where the result has model-facing text
 * (TR-STACK-2: without it, TR-NORM-20 makes the serialized value the answer, for an error too).
 */
export function runOnlyNeedles(c: StackCase): Needle[] {
  const structuredRunOnly = c.canaries.visible.length > 0;
  const needles: Needle[] = [
    ...c.canaries.userOnly.map((k) => ({ canary: k, what: 'a block whose audience excludes the assistant' })),
    ...(structuredRunOnly ? c.canaries.structured.map((k) => ({ canary: k, what: 'structuredContent' })) : []),
    ...c.canaries.meta.map((k) => ({ canary: k, what: '_meta' })),
    ...c.canaries.binary.map((k) => ({ canary: k, what: 'binary data' })),
  ];
  return needles.map((n) => {
    const octets = decodedOctets(c.result, n.canary);
    return octets === undefined ? n : { ...n, octets };
  });
}

/** Whether a case holds anything run-only for the egress checks to look for. */
export const hasRunOnly = (c: StackCase): boolean => runOnlyNeedles(c).length > 0;

const AROUND = 60;

/** A body the collector names as protobuf (OTLP/HTTP's default encoding). */
const PROTOBUF = /protobuf/i;

/** Printable ASCII: the only octets an excerpt shows. */
const PRINTABLE = /[\x20-\x7e]/;

/**
 * Every place `needle` stands in a store's text (at most three), with the text around it and the
 * canary marked. The path counts occurrences rather than giving octet offsets: a trace body's
 * timestamps and ids change length from run to run, and the committed evidence must not. For the
 * same reason the text around the canary stops at the first octet that is not printable ASCII: in a
 * binary body (an OTLP protobuf export, a database page) the octets next to a string are field tags,
 * lengths, ids and timestamps, which differ on every run.
 */
function occurrences(s: Stored, needle: string, canary: string, form: Occurrence['form']): Occurrence[] {
  const out: Occurrence[] = [];
  // In a protobuf body even a printable octet next to a string may be the next field's tag or
  // length (a `z` or an `A`), and which field comes next differs between runs: no text around it.
  const around = PROTOBUF.test(s.where) ? 0 : AROUND;
  for (let i = s.text.indexOf(needle); i >= 0 && out.length < 3; i = s.text.indexOf(needle, i + needle.length)) {
    let start = i;
    while (start > 0 && i - start < around && PRINTABLE.test(s.text[start - 1]!)) start -= 1;
    let end = i + needle.length;
    while (end < s.text.length && end - (i + needle.length) < around && PRINTABLE.test(s.text[end]!)) end += 1;
    const excerpt = `${start > 0 ? '…' : ''}${s.text.slice(start, i)}⟦${canary}⟧${s.text.slice(i + needle.length, end)}${end < s.text.length ? '…' : ''}`;
    out.push({ path: `${s.where}, occurrence ${out.length + 1}`, excerpt, form });
  }
  return out;
}

/** The first run-only canary in the stores, as text or as decoded octets. */
export function leakedInto(stores: readonly Stored[], c: StackCase, into: string): Finding | undefined {
  for (const n of runOnlyNeedles(c)) {
    for (const s of stores) {
      const asText = occurrences(s, n.canary, n.canary, 'text');
      if (asText.length > 0) {
        const how = n.what === 'binary data' ? 'binary data, as base64 text,' : n.what;
        return { summary: `${how} reached ${into} at ${s.where}`, canary: n.canary, found: asText };
      }
      const asOctets = n.octets === undefined ? [] : occurrences(s, n.octets, n.canary, 'octets');
      if (asOctets.length > 0)
        return {
          summary: `${n.what === 'binary data' ? 'binary data' : n.what}, as its decoded octets, reached ${into} at ${s.where}`,
          canary: n.canary,
          found: asOctets,
        };
    }
  }
  return undefined;
}

/** TR-STACK-17: what the stack persisted for a resumable run. */
export function judgePersisted(c: StackCase, a: StepAnswer): Finding | NotApplicable | undefined {
  if (a.persisted === undefined) return { notApplicable: a.persistedNotApplicable ?? 'the adapter reports no persisted state' };
  return leakedInto(a.persisted, c, 'the persisted state');
}

/** TR-STACK-18 and 19: what the stack exported to the collector (`content`: with content recording on). */
export function judgeExported(c: StackCase, a: StepAnswer, content: boolean): Finding | NotApplicable | undefined {
  if (a.exported === undefined) return { notApplicable: a.exportedNotApplicable ?? 'the adapter reports no exported telemetry' };
  return leakedInto(a.exported, c, content ? 'the exported telemetry with content recording on' : 'the exported telemetry');
}
