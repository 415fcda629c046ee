// What the page may show of one call, decided here and nowhere else. Without --full the page shows
// what the call's audit records keep (spec/06-privacy.md: each record was filtered at its level when
// it was written), the most a stored record allows; the ledger entry itself (run-only data and all)
// only with --full. Warning codes are shown in both: a warning is a code of a closed set and carries
// no byte of the data (TR-MODEL-8), and a code outside that set is dropped, never echoed.
import { viewArtifact, type ArtifactView, parseStrict, MAX_DEPTH } from '../reference-impl/internal.ts';
import type { CallRecord, CallRow } from './source.ts';
import { warningDoc, type WarningDoc } from './warnings.ts';

export type Shown = 'full' | 'redacted' | 'metadata' | 'none';

export interface CallView {
  readonly callId: string;
  /** The call's scope and fingerprint ('' when it has none): a call ID may name calls of several scopes. */
  readonly scope: string;
  readonly fingerprint: string;
  readonly state: CallRow['state'];
  readonly claimedAt: number;
  readonly finishedAt: number | null;
  /** Where what is shown comes from: the ledger entry (--full), or the audit record of that level. */
  readonly shown: Shown;
  readonly source: 'ledger entry' | 'audit record' | 'nothing stored';
  /** The wire message as the model received it (content and isError), when what is shown has it. */
  readonly wire?: { readonly content: string; readonly isError: boolean };
  /** What the metadata summary says of a result whose bytes are not shown. */
  readonly summary?: Record<string, unknown>;
  /** Run-only channels, when what is shown has them. */
  readonly structured?: { readonly present: boolean; readonly json?: string };
  readonly artifacts?: readonly ArtifactView[];
  readonly warnings: readonly WarningDoc[];
  /** Each audit record as stored, with its level (only with --full, or the records the levels allow). */
  readonly audits: readonly { readonly level: string; readonly json: string }[];
  readonly notice?: string;
}

const RANK: Record<string, number> = { none: 0, metadata: 1, redacted: 2, full: 3 };

const obj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function parse(text: string): unknown {
  try {
    // The entry object, the result, then structured at most MAX_DEPTH deep (as restore reads it).
    return parseStrict(text, { maxDepth: MAX_DEPTH + 4 });
  } catch {
    return undefined;
  }
}

const pretty = (v: unknown): string => JSON.stringify(v, null, 2) ?? 'null';

/** Content, isError, structured and artifacts of a result record, each only if it has the right type. */
function channels(result: Record<string, unknown>): Pick<CallView, 'wire' | 'structured' | 'artifacts'> {
  const out: { wire?: CallView['wire']; structured?: CallView['structured']; artifacts?: ArtifactView[] } = {};
  if (typeof result.content === 'string' && typeof result.isError === 'boolean') out.wire = { content: result.content, isError: result.isError };
  out.structured = Object.hasOwn(result, 'structured') ? { present: true, json: pretty(result.structured) } : { present: false };
  out.artifacts = Array.isArray(result.artifacts) ? result.artifacts.map(viewArtifact) : [];
  return out;
}

function knownWarnings(codes: readonly unknown[]): WarningDoc[] {
  return codes.flatMap((c) => {
    const d = typeof c === 'string' ? warningDoc(c) : undefined;
    return d ? [d] : [];
  });
}

export function callView(record: CallRecord, full: boolean): CallView {
  const { row } = record;
  const base = {
    callId: row.callId,
    scope: row.scope,
    fingerprint: row.fingerprint,
    state: row.state,
    claimedAt: row.claimedAt,
    finishedAt: row.finishedAt,
    warnings: knownWarnings(row.warnings),
  };
  const audits = record.audits.map((a) => ({ level: a.level, parsed: parse(a.record) }));
  if (full) {
    const entry = record.entry === null ? undefined : parse(record.entry);
    const result = obj(entry) && obj(entry.result) ? entry.result : typeof entry === 'string' ? { content: entry, isError: false, artifacts: [] } : undefined;
    return {
      ...base,
      shown: 'full',
      source: result ? 'ledger entry' : 'nothing stored',
      ...(result ? channels(result) : {}),
      audits: audits.map((a) => ({ level: a.level, json: a.parsed === undefined ? '(not JSON)' : pretty(a.parsed) })),
      ...(result ? {} : { notice: row.state === 'pending' ? 'The call has not finished: nothing is stored yet.' : 'The ledger entry is not readable JSON.' }),
    };
  }
  // The most a stored record allows; a record whose level and body disagree counts as its body's.
  let best: { level: Shown; parsed: Record<string, unknown> } | undefined;
  for (const a of audits) {
    if (!obj(a.parsed) || typeof a.parsed.level !== 'string' || RANK[a.parsed.level] === undefined) continue;
    const level = a.parsed.level as Shown;
    if (best === undefined || RANK[level]! > RANK[best.level]!) best = { level, parsed: a.parsed };
  }
  // Records are shown only as far as their own level allows: the body of each, as stored, is already
  // filtered; a record claiming `full` in its level column but not its body is shown by its body.
  const shownAudits = audits
    .filter((a) => obj(a.parsed))
    .map((a) => ({ level: String((a.parsed as Record<string, unknown>).level ?? a.level), json: pretty(a.parsed) }));
  if (best === undefined) {
    return {
      ...base,
      shown: 'none',
      source: 'nothing stored',
      audits: [],
      notice: 'No audit record keeps this call\u2019s result; start the inspector with --full to read the ledger entry.',
    };
  }
  const summary = obj(best.parsed.summary) ? best.parsed.summary : undefined;
  const result = (best.level === 'full' || best.level === 'redacted') && obj(best.parsed.result) ? best.parsed.result : undefined;
  return {
    ...base,
    shown: best.level,
    source: 'audit record',
    ...(summary ? { summary } : {}),
    ...(result ? channels(result) : {}),
    audits: shownAudits,
    ...(best.level === 'redacted' ? { notice: 'Shown as the redacted audit record keeps it: secret shapes are masked.' } : {}),
    ...(best.level === 'metadata' ? { notice: 'The audit record keeps metadata only: sizes, types and warning codes, no byte of the result.' } : {}),
    ...(best.level === 'none' ? { notice: 'The audit record keeps nothing of this call (level none).' } : {}),
  };
}
