// A fingerprint of what each kit case expects, so a released version's cases can be kept as data
// (conformance/released/<version>.json) and a later change to a case is found by comparing
// fingerprints (scripts/case-changes.test.ts). A vector's fingerprint covers what the adapter is sent
// and what it must answer, in the file's own number forms and key order (both reach the adapter). A
// property has no written answer: its fingerprint covers the requests it makes at a fixed seed and
// the reference adapter's answer to each, so a new generator or a new reference answer moves it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Adapter, KitCase } from '../core/case.ts';
import type { Reply } from '../core/process.ts';
import { jsonText, parseJsonText } from '../protocol/json-text.ts';
import { listVectorFiles, VECTOR_DIR } from '../runner/vector-cases.ts';
import { answer } from '../../reference-adapter/main.ts';
import { handlers as referenceHandlers } from '../../reference-adapter/ops/index.ts';

/** Case ID -> fingerprint (16 hex digits of a SHA-256). */
export type CaseDigests = Record<string, string>;

/** What a released version's file holds. */
export interface ReleasedCases {
  readonly version: string;
  /** How the fingerprints were made: a change to this text is a change of every fingerprint. */
  readonly method: string;
  readonly cases: CaseDigests;
}

export const METHOD =
  'vector: sha256 of jsonText({op, input, expect, bytesModel?, timeLimitMs?}); property: sha256 of each request and the reference adapter reply, seed 20261130, 8 runs';

/** The seed and runs of a property's fingerprint: fixed, so the same kit gives the same digests. */
export const DIGEST_SEED = 20261130;
export const DIGEST_RUNS = 8;

const hex = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

interface VectorCaseText {
  readonly id: string;
  readonly input: unknown;
  readonly expect: unknown;
  readonly bytesModel?: { readonly input: unknown; readonly expect: unknown };
  readonly timeLimitMs?: unknown;
}

/** Every vector case's fingerprint, read from the files as the kit reads them. */
export function vectorDigests(dir = VECTOR_DIR): CaseDigests {
  const out: CaseDigests = {};
  for (const file of listVectorFiles(dir)) {
    const vf = parseJsonText(readFileSync(file, 'utf8')) as { group: string; op: string; cases: VectorCaseText[] };
    const stem = basename(file, '.json');
    for (const c of vf.cases) {
      // The bytes form's description is prose; its input and answer are what a byte-string adapter gets.
      const bytes = c.bytesModel === undefined ? {} : { bytesModel: { input: c.bytesModel.input, expect: c.bytesModel.expect } };
      const limit = c.timeLimitMs === undefined ? {} : { timeLimitMs: c.timeLimitMs };
      out[`vector/${vf.group}/${stem}/${c.id}`] = hex(jsonText({ op: vf.op, input: c.input, expect: c.expect, ...bytes, ...limit }));
    }
  }
  return out;
}

/** The reference adapter in this process: every request and reply goes into `seen`. */
function recordingReference(seen: string[]): Adapter {
  let id = 1;
  return {
    request: async (op, input): Promise<Reply> => {
      const line = jsonText({ id: id++, op, input });
      const { response } = answer(line, referenceHandlers, 'toolresult-reference');
      const text = JSON.stringify(response);
      seen.push(`${jsonText({ op, input })}\n${text}`);
      return response.ok
        ? { kind: 'ok', output: response.output, logs: response.logs, line: text }
        : { kind: 'error', code: response.error.code, message: response.error.message, logs: response.logs, line: text };
    },
  };
}

const HELLO_LINE = jsonText({ id: 0, op: 'hello', input: { protocol: 'toolresult-adapter/1' } });

/** A property's fingerprint: its requests at the fixed seed and the reference's answers. */
export async function propertyDigest(c: KitCase): Promise<string> {
  const hello = answer(HELLO_LINE, referenceHandlers, 'toolresult-reference').response;
  if (!hello.ok) throw new Error('the reference adapter refused hello');
  const seen: string[] = [];
  const outcome = await c.run({
    adapter: recordingReference(seen),
    hello: hello.output as never,
    seed: DIGEST_SEED,
    runs: DIGEST_RUNS,
    path: undefined,
    noShrink: true,
  });
  // The reference passes every case; a property it fails has no expected answer to fingerprint.
  if (!outcome.passed) throw new Error(`${c.id}: the reference adapter fails it (${outcome.reason})`);
  return hex(seen.join('\n'));
}

/** Every case of the library: vectors from their files, properties by running them. */
export async function caseDigests(cases: readonly KitCase[]): Promise<CaseDigests> {
  const vectors = vectorDigests();
  const out: CaseDigests = {};
  for (const c of cases) {
    if (c.kind === 'vector') {
      const d = vectors[c.id];
      if (d === undefined) throw new Error(`${c.id}: no vector file holds it`);
      out[c.id] = d;
    } else out[c.id] = await propertyDigest(c);
  }
  return out;
}
