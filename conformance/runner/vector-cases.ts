// The fixed cases: every file under conformance/vectors/, one kit case per vector case.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstDifference } from '../core/compare.ts';
import { parseJsonText, plainNumbers } from '../protocol/json-text.ts';
import type { KitCase, Need, Outcome } from '../core/case.ts';
import { unimplementedReason } from '../core/case.ts';
import { DEFAULT_TIMEOUT_MS } from './args.ts';

export const VECTOR_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'vectors');

type Expectation = { readonly output: Record<string, unknown> } | { readonly error: { readonly code: string; readonly messageExcludes?: readonly string[] } };

interface VectorFile {
  readonly description: string;
  readonly group: string;
  readonly op: string;
  readonly cases: readonly {
    readonly id: string;
    readonly description: string;
    readonly requirements: readonly string[];
    readonly needs?: readonly Need[];
    readonly input: Record<string, unknown>;
    readonly expect: Expectation;
    /** How long the case may take at the default --timeout (scaled with it): a cost the spec bounds. */
    readonly timeLimitMs?: number;
    /** The case for a byte-string adapter (TR-CONF-23). */
    readonly bytesModel?: { readonly description: string; readonly input: Record<string, unknown>; readonly expect: Expectation };
  }[];
}

/** Every vector file, sorted by path so case order is stable. */
export function listVectorFiles(dir = VECTOR_DIR): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile() && e.name.endsWith('.json')) out.push(join(e.parentPath, e.name));
  }
  return out.sort();
}

export function vectorCases(dir = VECTOR_DIR): KitCase[] {
  const cases: KitCase[] = [];
  for (const file of listVectorFiles(dir)) {
    // Numbers keep their written form in the input (5.0 reaches the adapter as 5.0, TR-CONF-6).
    const vf = parseJsonText(readFileSync(file, 'utf8')) as VectorFile;
    const stem = basename(file, '.json');
    for (const c of vf.cases) {
      cases.push({
        id: `vector/${vf.group}/${stem}/${c.id}`,
        kind: 'vector',
        description: c.description,
        requirements: c.requirements,
        groups: [vf.group],
        // With a bytes form, a byte-string adapter runs the case too: utf16-strings is then no need.
        needs: (c.needs ?? []).filter((n) => !(n === 'utf16-strings' && c.bytesModel)),
        source: relative(join(dir, '..', '..'), file),
        run: async ({ adapter, hello, timeoutMs }): Promise<Outcome> => {
          // TR-CONF-23: the same case in the octets a byte string holds, judged by its own expectation.
          const form = hello.stringModel === 'bytes' && c.bytesModel ? c.bytesModel : c;
          // A case whose cost the spec bounds (a work limit, a linear-time pattern) fails in its own
          // time: an implementation without the bound would otherwise hold the run for the whole
          // per-request timeout, and again after each restart.
          const limit = c.timeLimitMs === undefined ? undefined : Math.ceil((c.timeLimitMs * (timeoutMs ?? DEFAULT_TIMEOUT_MS)) / DEFAULT_TIMEOUT_MS);
          const reply = await adapter.request(vf.op, form.input, limit);
          const want = plainNumbers(form.expect);
          const fail = (reason: string, got: unknown): Outcome => ({
            passed: false,
            reason: form === c ? reason : `${reason} (bytes form: ${form.description})`,
            input: { op: vf.op, input: form.input },
            want,
            got,
            ...(reply.kind === 'error' && reply.code === 'adapter.unknown_op' ? { unimplementedOp: vf.op } : {}),
          });
          if (reply.kind === 'broken') {
            const own = limit !== undefined && reply.reason.startsWith('no response');
            return fail(
              own ? `${reply.reason} (this case's own limit: the spec bounds its cost, so it has ${limit} ms, not the run's timeout)` : reply.reason,
              undefined,
            );
          }
          // An op the adapter has not implemented yet is the commonest failure of a new adapter: one
          // reason for every case of the op, whatever it wanted, so the recap counts them together.
          if (reply.kind === 'error' && reply.code === 'adapter.unknown_op') return fail(unimplementedReason(vf.op), { error: { code: reply.code } });
          const answered = (code: string) =>
            code === 'adapter.exception'
              ? `the adapter hit an unexpected exception in op ${vf.op} (answered adapter.exception; -v shows its standard error)`
              : `answered error ${code}`;
          if ('output' in want) {
            if (reply.kind === 'error') return fail(`${answered(reply.code)}, want an output`, { error: { code: reply.code, message: reply.message } });
            const diff = firstDifference(want.output, reply.output);
            return diff === undefined ? { passed: true } : fail(`output differs at ${diff}`, { output: reply.output });
          }
          if (reply.kind === 'ok') return fail(`answered an output, want error ${want.error.code}`, { output: reply.output });
          if (reply.code !== want.error.code) return fail(`${answered(reply.code)}, want error ${want.error.code}`, { error: { code: reply.code } });
          // An error that must quote nothing (TR-EXPOSE-2, TR-LOG-4): neither its message nor a line
          // it logged holds a string the case planted. The failure names the string, not the line.
          const quoted = (want.error.messageExcludes ?? []).find((s) => reply.message.includes(s) || reply.logs.some((l) => l.includes(s)));
          return quoted === undefined
            ? { passed: true }
            : fail(`error ${reply.code} quotes ${JSON.stringify(quoted)} in its message or logs, which it must not`, { error: { code: reply.code } });
        },
      });
    }
  }
  return cases;
}
