// TR-REPLAY-2 across the implementations of this repository: a ledger entry written by any of the
// reference (TypeScript), Python, PHP and Go is the same bytes, and each restores every other's entry to a
// result that it writes back as those same bytes. Over a fixed corpus (the characters, numbers and
// member names where JSON encoders differ) plus generated results with a fixed seed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundInput } from '../conformance/properties/arbitraries.ts';
import { reference } from '../conformance/properties/reference.ts';
import { AdapterProcess } from '../conformance/core/process.ts';

const ROOT = join(import.meta.dirname, '..');
const GENERATED = 150;
const SEED = 20261130;

type Input = Record<string, unknown>;
type Reply = { ok: true; output: Record<string, unknown> } | { ok: false; code: string };

// The Go adapter, built once into a temporary folder (the toolchain caches the build).
const goDir = mkdtempSync(join(tmpdir(), 'ledger-go-'));
const goAdapter = join(goDir, 'toolresult-go-adapter');
execFileSync('go', ['build', '-o', goAdapter, './cmd/toolresult-adapter'], { cwd: join(ROOT, 'implementations', 'go'), stdio: 'inherit' });

const external = {
  go: new AdapterProcess({ command: [goAdapter], timeoutMs: 30_000 }),
  php: new AdapterProcess({ command: ['php', join(ROOT, 'implementations', 'php', 'adapter.php')], timeoutMs: 30_000 }),
  python: new AdapterProcess({ command: ['python3', join(ROOT, 'implementations', 'python', 'adapter.py')], timeoutMs: 30_000 }),
};

async function ask(who: string, op: string, input: Input): Promise<Reply> {
  if (who === 'reference') {
    const r = reference(op, input);
    return r.ok ? { ok: true, output: r.output } : { ok: false, code: r.code };
  }
  const r = await external[who as keyof typeof external].request(op, input);
  if (r.kind === 'ok') return { ok: true, output: r.output };
  return { ok: false, code: r.kind === 'error' ? r.code : `broken: ${r.reason}` };
}

/** The output of an answer that must be ok; the message says who answered what otherwise. */
function output(r: Reply, what: string): Record<string, unknown> {
  if (!r.ok) throw new Error(`${what} answered ${r.code}`);
  return r.output;
}

/** Plain JSON as the tagged encoding: an object that really has a "$tr" member is sent as an object tag. */
function tagged(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(tagged);
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, tagged(x)] as const);
    return '$tr' in (v as object) ? { $tr: 'object', entries } : Object.fromEntries(entries);
  }
  return v;
}

/** A restored result (tool-result.schema.json) as a result input for persist. */
function asResultInput(r: Record<string, unknown>): Input {
  const out: Input = {
    content: r.content,
    isError: r.isError,
    artifacts: tagged(r.artifacts),
    warnings: (r.warnings as { code: string }[]).map((w) => w.code),
  };
  if ('structured' in r) out.structured = tagged(r.structured);
  if (r.isError === true) delete out.artifacts;
  return out;
}

const table = (rows: string[][]) => ({ type: 'table', label: 'T', data: { columns: ['a', 'b'], rows } });
const corpus: Input[] = [
  { result: { content: 'Found 2', isError: false, structured: { a: null, b: [1, 0.5, 1e-7] } } },
  { result: { content: '', isError: false, structured: null } },
  { result: { content: 'boom', isError: true, structured: { code: 'NOT_FOUND' } } },
  { result: { content: 'esc /\u2028\u2029\u007f\u0001\u001f"\\\b\f\n\r\t\ufeff\u0000', isError: false } },
  { result: { content: 'keys', isError: false, structured: { '\uff5e': 1, '😀': 2, a: 3, A: 4, '': 5, 'e\u0301': 6, é: 7, '10': 8, '9': 9 } } },
  {
    result: {
      content: 'numbers',
      isError: false,
      structured: [0, { $tr: 'number', value: '-0' }, 5e-324, 1e-7, 0.000001, 1.5e20, 9007199254740991, -9007199254740991, 0.1, 100, -12.5, 123e-20, 1 / 3],
    },
  },
  {
    result: {
      content: 'octets',
      isError: false,
      structured: {
        $tr: 'object',
        entries: [
          [
            { $tr: 'bytes', hex: 'c3a9ff' },
            { $tr: 'bytes', hex: 'f09f98' },
          ],
        ],
      },
    },
  },
  {
    result: {
      content: 'table',
      isError: false,
      artifacts: [
        table([
          ['1', '😀'],
          ['\u2028', ''],
        ]),
        { type: 'text', label: 'L', data: { text: 'x' } },
      ],
    },
  },
  { result: { content: 'x'.repeat(400), isError: false, artifacts: [table([['y'.repeat(300), 'z']])] }, options: { contentBudget: 256, artifactsBudget: 256 } },
  { result: { content: 'warned', isError: false, warnings: ['hook.failed', 'content.truncated'], structured: { $tr: 'number', value: 'NaN' } } },
  { result: { content: 'deep', isError: false, structured: { $tr: 'nest', depth: 64, kind: 'object', leaf: 'bottom' } } },
  { result: { content: '€'.repeat(30000), isError: false } },
];

// Results that went through each exposure policy (spec/12): the entry holds the exposed content and
// the exposure codes, and every implementation writes and restores those bytes alike.
const invoices = {
  invoices: [
    { id: 'INV-1', amount: 500, note: 'é😀\u2028' },
    { id: 'INV-2', amount: 0.5 },
  ],
  '0': 'zero',
  'a/b': { 'm~n': null },
};
const jsonExposed: Input = { result: { content: 'Found 2', isError: false, structured: invoices }, exposure: { policy: 'json' } };
const exposures: Input[] = [
  { result: { content: 'Found 2', isError: false, structured: invoices }, exposure: { policy: 'none' } },
  jsonExposed,
  { result: { content: '', isError: false, structured: { $tr: 'number', value: '-0' } }, exposure: { policy: 'json' } },
  { result: { content: 'failed', isError: true, structured: { code: 'E42', at: [1e-7, 100] } }, exposure: { policy: 'json' } },
  {
    result: { content: 'Found 2', isError: false, structured: invoices },
    exposure: { policy: 'allowlist', pointers: ['/invoices/1/id', '/0', '/a~1b/m~0n', '/invoices/-', '/missing'] },
  },
  { result: { content: 'Found 2', isError: false, structured: invoices }, exposure: { policy: 'allowlist', pointers: [''] } },
  { result: { content: 'ok', isError: false }, exposure: { policy: 'allowlist', pointers: ['/x'] } },
  { result: { content: 'x'.repeat(240), isError: false, structured: invoices }, options: { contentBudget: 256 }, exposure: { policy: 'json' } },
  { result: { content: '{ "k" : 1.0 }', isError: false, structured: { k: 1 }, warnings: ['hook.failed'] }, exposure: { policy: 'json' } },
];

let generated: Input[] = [];

beforeAll(() => {
  generated = fc.sample(boundInput({ utf16: false, cycles: false, opaque: false }), { seed: SEED, numRuns: GENERATED }) as Input[];
});

afterAll(async () => {
  await Promise.all(Object.values(external).map((a) => a.stop()));
  rmSync(goDir, { recursive: true, force: true });
});

const WHO = ['reference', 'python', 'php', 'go'];

async function checkOne(input: Input): Promise<void> {
  const entries: Record<string, string> = {};
  for (const who of WHO) {
    entries[who] = output(await ask(who, 'persist', input), `${who} persist`).entry as string;
  }
  expect(entries.python, 'python writes the reference bytes').toBe(entries.reference);
  expect(entries.php, 'php writes the reference bytes').toBe(entries.reference);
  expect(entries.go, 'go writes the reference bytes').toBe(entries.reference);
  const entry = entries.reference;
  for (const reader of WHO) {
    const result = output(await ask(reader, 'restore', { entry }), `${reader} restore`).result as Record<string, unknown>;
    expect(result, `${reader} restores the reference's result`).toEqual(output(await ask('reference', 'restore', { entry }), 'reference restore').result);
    for (const writer of WHO) {
      const again = output(
        await ask(writer, 'persist', { result: asResultInput(result), ...(input.options ? { options: input.options } : {}) }),
        `${writer} persist`,
      );
      expect(again.entry, `${reader} restored, ${writer} wrote it back`).toBe(entry);
    }
  }
}

describe('TR-REPLAY-2: ledger entries are the same bytes in TypeScript, Python, PHP and Go', () => {
  it('over the fixed corpus', async () => {
    for (const input of corpus) await checkOne(input);
  }, 120_000);

  it('over results exposed under each policy (none, json, allowlist; appended, carried, empty, over budget)', async () => {
    for (const input of exposures) await checkOne(input);
    // The policies were applied, not ignored alike: the entry holds the exposed JSON and its code.
    for (const who of ['php', 'go']) {
      const entry = output(await ask(who, 'persist', jsonExposed), `${who} persist`).entry as string;
      expect(entry).toContain('"content":"Found 2\\n\\n{\\"0\\":\\"zero\\"');
      expect(entry).toContain('{"code":"exposure.json"}');
    }
  }, 120_000);

  it(`over ${GENERATED} generated results (seed ${SEED})`, async () => {
    for (const input of generated) await checkOne(input);
  }, 240_000);
});
