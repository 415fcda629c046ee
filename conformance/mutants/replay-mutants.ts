// Mutants of persist and restore (spec/07-replay.md §7.1–7.2): an entry written without its empty
// lists or in insertion order, a legacy string entry refused, the shape checked before the version,
// an entry trusted without bounding it again, and an error entry restored without its body.
import { canonicalize, type JsonValue } from '../../reference-impl/internal.ts';
import { OpError, type OpHandler } from '../../reference-adapter/ops/types.ts';
import type { Handlers, Mutant } from './mutant.ts';

type Rec = Record<string, unknown>;

const isRec = (v: unknown): v is Rec => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The persist op with its entry rewritten from the parsed reference entry. */
const persistAs = (ref: Handlers, f: (entry: Rec) => string): Record<string, OpHandler> => ({
  persist: (input: Rec, ctx) => ({ entry: f(JSON.parse((ref.persist!(input, ctx) as { entry: string }).entry) as Rec) }),
});

const parsed = (text: unknown): unknown => {
  try {
    return typeof text === 'string' ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
};

export const replayMutants: readonly Mutant[] = [
  {
    name: 'entry-omits-empty-lists',
    breaks: 'TR-REPLAY-1',
    description: 'writes an entry without its empty artifacts and warnings lists, which the entry schema requires',
    override: (ref) =>
      persistAs(ref, (e) => {
        const r = e.result as Rec;
        const kept = Object.fromEntries(Object.entries(r).filter(([k, v]) => !((k === 'artifacts' || k === 'warnings') && Array.isArray(v) && v.length === 0)));
        return canonicalize({ ...e, result: kept } as JsonValue);
      }),
  },
  {
    name: 'entry-insertion-order',
    breaks: 'TR-REPLAY-2',
    description: 'serializes the entry with the language serializer in insertion order (version first, then content, isError, ...) instead of JCS',
    override: (ref) =>
      persistAs(ref, (e) => {
        const r = e.result as Rec;
        const { content, isError, structured, artifacts, warnings } = r;
        return JSON.stringify({
          version: e.version,
          result: { content, isError, ...(Object.hasOwn(r, 'structured') ? { structured } : {}), artifacts, warnings },
        });
      }),
  },
  {
    name: 'legacy-string-refused',
    breaks: 'TR-REPLAY-4',
    description: 'refuses an entry that is a single JSON string as malformed instead of restoring it as a text result',
    override: (ref) => ({
      restore: (input: Rec, ctx) => {
        if (typeof parsed(input.entry) === 'string') throw new OpError('ledger.malformed', 'the entry is not a ledger entry');
        return ref.restore!(input, ctx);
      },
    }),
  },
  {
    name: 'shape-before-version',
    breaks: 'TR-REPLAY-5',
    description: "checks an entry's shape as version 1 before its version, so a newer entry is malformed instead of unknown_version",
    override: (ref) => ({
      restore: (input: Rec, ctx) => {
        try {
          return ref.restore!(input, ctx);
        } catch (e) {
          if (!(e instanceof OpError) || e.code !== 'ledger.unknown_version') throw e;
          const p = parsed(input.entry);
          if (!isRec(p)) throw e;
          try {
            ref.restore!({ ...input, entry: JSON.stringify({ ...p, version: 1 }) }, ctx);
          } catch {
            throw new OpError('ledger.malformed', 'the entry is not a ledger entry');
          }
          throw e;
        }
      },
    }),
  },
  {
    name: 'restore-trusts-entry',
    breaks: 'TR-REPLAY-7',
    description: 'restores an entry as it reads it, without bounding it again, so an entry over a budget or with an unsorted code is replayed',
    override: (ref) => ({
      restore: (input: Rec, ctx) => {
        try {
          return ref.restore!(input, ctx);
        } catch (e) {
          const p = parsed(input.entry);
          if (e instanceof OpError && e.code === 'ledger.not_bounded' && isRec(p) && isRec(p.result)) return { result: p.result };
          throw e;
        }
      },
    }),
  },
  {
    name: 'error-entry-loses-body',
    breaks: 'TR-REPLAY-10',
    description: 'restores an error entry without its structured body, as though a failure had none, so the replay differs from the first run',
    override: (ref) => ({
      restore: (input: Rec, ctx) => {
        const out = ref.restore!(input, ctx) as { result: Rec };
        if (out.result.isError !== true || !Object.hasOwn(out.result, 'structured')) return out;
        const { structured: _lost, ...rest } = out.result;
        return { result: rest };
      },
    }),
  },
];
