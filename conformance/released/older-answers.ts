// What an implementation of an earlier spec version answered to this kit's requests, kept as data
// (conformance/released/answers/<version>.json) so a test can run an adapter that behaves as that
// version did without the version's code: the file holds only the answers that differ from today's
// reference adapter, each under the fingerprint of its request (op and input, not the request id).
// scripts/record-older-answers.ts writes it from the reference adapter of the version's release
// commit; conformance/released/older-version-adapter.ts serves it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ANSWERS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'answers');

/** One recorded answer: the response without its id. */
export type RecordedAnswer = { ok: true; output: unknown; logs: string[] } | { ok: false; error: { code: string; message: string }; logs: string[] };

export interface OlderAnswers {
  readonly version: string;
  /** The commit whose reference adapter answered. */
  readonly commit: string;
  /** The kit's seed of the recording run (properties' requests depend on it). */
  readonly seed: number;
  /** The cases that implementation fails in this kit, each explained by a change since `version`. */
  readonly failed: readonly string[];
  /** Request fingerprint -> the older answer, where it differs from today's reference. */
  readonly answers: Readonly<Record<string, RecordedAnswer>>;
}

/**
 * The fingerprint of a request line without its id: the kit writes `{"id":N,"op":…,"input":…}`
 * (conformance/core/process.ts), numbers as the vectors wrote them, so the rest of the line is the
 * same in every run at one seed.
 */
export function requestKey(line: string): string {
  return createHash('sha256')
    .update(line.trim().replace(/^\{"id":(?:\d+|null),/, '{'))
    .digest('hex')
    .slice(0, 24);
}

export function readOlderAnswers(version: string, dir = ANSWERS_DIR): OlderAnswers {
  return JSON.parse(readFileSync(join(dir, `${version}.json`), 'utf8')) as OlderAnswers;
}
