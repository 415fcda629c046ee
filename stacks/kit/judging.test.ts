// The kit's judging against planted stacks (stacks/kit/planted-stack.ts): adapters that misbehave in
// one way each, driven by the real runner as child processes, as a stack row is. Each test is a way
// a stack could slip through a gap the kit once had; the kit must catch it.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { probeCase, satisfies, type Canaries } from './cases.ts';
import { checkById, type Check } from './checks.ts';
import { buildReport } from './report.ts';
import { runRows, type Cell, type RunOptions } from './run.ts';
import type { StackLimit, StackRow } from './stacks.ts';
import type { StackVector } from './vectors.ts';
import { compareReports } from './verify.ts';

const none: Canaries = { visible: [], userOnly: [], structured: [], meta: [], binary: [] };
const PROVIDERS = ['openai-chat', 'openai-responses', 'anthropic', 'gemini', 'bedrock-converse'] as const;
const JSON_SLOT_PROVIDERS = ['gemini', 'bedrock-converse'] as const;

function planted(plant: string, provider: string, limits?: Record<string, StackLimit>): StackRow {
  return {
    id: `planted-${plant}@${provider}`,
    stack: 'planted',
    mode: plant,
    provider,
    adapter: 'kit/planted-stack.ts',
    args: ['--plant', plant],
    setup: `planted stack (${plant})`,
    ...(limits ? { limits } : {}),
  };
}

const vector = (id: string, result: Record<string, unknown>, canaries: Partial<Canaries>): StackVector => ({
  id: `planted/${id}`,
  description: id,
  source: 'planted',
  figure: false,
  result,
  canaries: { ...none, ...canaries },
});

/** The cells of the rows for one check, or for several (one adapter process per row either way). */
async function cells(rows: StackRow[], vectors: StackVector[], check: string | readonly string[], opts: Partial<RunOptions> = {}): Promise<Cell[]> {
  const checks = (typeof check === 'string' ? [check] : check).map((id) => checkById(id)!);
  const runs = await runRows(rows, vectors, { seed: 1, runs: 15, generated: false, checks, ...opts });
  for (const r of runs) expect(r.error, r.row.id).toBeUndefined();
  return runs.flatMap((r) => r.cells);
}

const TIMEOUT = 120_000; // starting the adapter process under a loaded machine; the work itself is a few steps

describe('the kit against planted stacks', () => {
  it(
    'gap 1: the model-interface column is judged over every case of the cell, not only up to the first failing one',
    async () => {
      // Both vectors fail at the body; only the second fails at the model interface.
      const vectors = [
        vector(
          'block-meta',
          { content: [{ type: 'text', text: 'done TRCVpl000001', _meta: { 'io.example/a': 'TRCMpl000001' } }] },
          { visible: ['TRCVpl000001'], meta: ['TRCMpl000001'] },
        ),
        vector(
          'result-meta',
          { content: [{ type: 'text', text: 'done TRCVpl000002' }], _meta: { 'io.example/b': 'TRCMpl000002' } },
          { visible: ['TRCVpl000002'], meta: ['TRCMpl000002'] },
        ),
      ];
      const [cell] = await cells([planted('model-column', 'openai-chat')], vectors, 'TR-STACK-3');
      expect(cell!.verdict).toBe('fail');
      expect(cell!.evidence.map((e) => e.case)).toEqual(['planted/block-meta']);
      expect(cell!.model).toMatchObject({ verdict: 'fail', case: 'planted/result-meta', canary: 'TRCMpl000002' });
    },
    TIMEOUT,
  );

  it(
    'gap 1: generated cases after the first failing one are judged at the model interface too',
    async () => {
      // A seed whose first case for TR-STACK-3 has `_meta` on a block only (a body failure, clean at the
      // model interface, and no shrink of it gains a result-level `_meta`) and whose later cases have one.
      const check = checkById('TR-STACK-3')!;
      const applicable = (seed: number) =>
        fc
          .sample(probeCase({}), { seed, numRuns: 200 })
          .filter((c) => satisfies(c, check.needs))
          .slice(0, 15);
      const seed = [...Array(200).keys()].find((s) => {
        const cs = applicable(s);
        return cs.length === 15 && cs[0]!.result['_meta'] === undefined && cs.slice(1).some((c) => c.result['_meta'] !== undefined);
      })!;
      expect(seed).toBeDefined();
      const [cell] = await cells([planted('model-column', 'openai-chat')], [], 'TR-STACK-3', { seed, generated: true });
      expect(cell!.verdict).toBe('fail');
      expect(cell!.model.verdict, `seed ${seed}`).toBe('fail');
    },
    TIMEOUT,
  );

  it(
    'gap 2: a limit covers only the failure it expects; a different failure of the same check is a failure',
    async () => {
      const limits: Record<string, StackLimit> = {
        'TR-STACK-8': {
          reason: 'the planted stack has no error flag',
          upstream: 'an error flag',
          expects: { summary: /^the error result reached the model as a success: the \S+ tool message at \S+ carries no error signal$/ },
        },
      };
      const vectors = [
        vector('error-text', { content: [{ type: 'text', text: 'lookup failed TRCVpl000003' }], isError: true }, { visible: ['TRCVpl000003'] }),
        vector(
          'error-with-image',
          {
            content: [
              { type: 'text', text: 'render failed TRCVpl000004' },
              { type: 'image', data: 'iVBORw0KTRCBpl000004AAAA', mimeType: 'image/png' },
            ],
            isError: true,
          },
          { visible: ['TRCVpl000004'], binary: ['TRCBpl000004'] },
        ),
      ];
      // The expected failure alone: a limit, with its evidence and what it expects.
      const [only] = await cells([planted('error-unmarked', 'openai-chat', limits)], vectors, 'TR-STACK-8');
      expect(only!.verdict).toBe('limit');
      expect(only!.evidence[0]!.summary).toMatch(limits['TR-STACK-8']!.expects.summary);
      // A second vector loses the text: that is not what the limit declares.
      const [other] = await cells([planted('error-unmarked-or-lost', 'openai-chat', limits)], vectors, 'TR-STACK-8');
      expect(other!.verdict).toBe('fail');
      expect(other!.evidence.map((e) => [e.case, e.summary])).toEqual([['planted/error-with-image', 'the text of the error result never reached the model']]);
      // Generated cases: the same, found by search instead of by a vector.
      const [generated] = await cells([planted('error-unmarked-or-lost', 'openai-chat', limits)], [], 'TR-STACK-8', { generated: true, runs: 40 });
      expect(generated!.verdict).toBe('fail');
      expect(generated!.evidence[0]!.summary).toBe('the text of the error result never reached the model');
    },
    TIMEOUT,
  );

  it(
    'gap 3: the error signal counts only in the tool-result part that answers the failed call, with its text, at every provider',
    async () => {
      const vectors = [vector('error-text', { content: [{ type: 'text', text: 'lookup failed TRCVpl000005' }], isError: true }, { visible: ['TRCVpl000005'] })];
      const rows = PROVIDERS.map((p) => planted('error-elsewhere', p));
      const got = await cells(rows, vectors, 'TR-STACK-8');
      expect(got.map((c) => [c.stack, c.verdict])).toEqual(rows.map((r) => [r.id, 'fail']));
      for (const c of got) expect(c.evidence[0]!.summary).toMatch(/^the text of the error result is in no tool-result part/);
      // The faithful stack passes at every provider: the check still can pass.
      const faithful = await cells(
        PROVIDERS.map((p) => planted('faithful', p)),
        vectors,
        'TR-STACK-8',
      );
      expect(faithful.map((c) => c.verdict)).toEqual(PROVIDERS.map(() => 'pass'));
    },
    TIMEOUT,
  );

  it(
    'Gemini and Bedrock: a JSON slot is text to the model, so structuredContent in functionResponse.response, a `_meta` member name in a Bedrock json block and base64 inside either are caught',
    async () => {
      const structured = vector(
        'structured',
        { content: [{ type: 'text', text: 'done TRCVpl000020' }], structuredContent: { note: 'TRCSpl000020' } },
        { visible: ['TRCVpl000020'], structured: ['TRCSpl000020'] },
      );
      const meta = vector(
        'meta-name',
        { content: [{ type: 'text', text: 'done TRCVpl000021' }], _meta: { 'io.example/TRCMpl000021': true } },
        { visible: ['TRCVpl000021'], meta: ['TRCMpl000021'] },
      );
      const image = vector(
        'image',
        {
          content: [
            { type: 'text', text: 'chart TRCVpl000022' },
            { type: 'image', data: 'iVBORw0KTRCBpl000022AAAA', mimeType: 'image/png' },
          ],
        },
        { visible: ['TRCVpl000022'], binary: ['TRCBpl000022'] },
      );
      const vectors = [structured, meta, image];
      const slot = { gemini: 'contents[2].parts[0].functionResponse.response', 'bedrock-converse': 'messages[2].content[0].toolResult.content[0].json' };
      const provider = (c: Cell) => c.stack.split('@')[1] as keyof typeof slot;
      const at = (c: Cell) => c.evidence[0]?.found?.[0];
      const leaks = await cells(
        JSON_SLOT_PROVIDERS.map((p) => planted('json-slot', p)),
        vectors,
        ['TR-STACK-2', 'TR-STACK-3', 'TR-STACK-4'],
      );
      // The image block inside the slot says `type: "image"`, but the model reads the slot's JSON: text.
      expect(leaks.map((c) => [c.stack, c.check, c.verdict, at(c)?.path, at(c)?.form])).toEqual(
        JSON_SLOT_PROVIDERS.flatMap((p) => [
          [`planted-json-slot@${p}`, 'TR-STACK-2', 'fail', `requests[1].${slot[p]}.structuredContent.note`, 'text'],
          [`planted-json-slot@${p}`, 'TR-STACK-3', 'fail', `requests[1].${slot[p]}._meta["io.example/TRCMpl000021"] (member name)`, 'text'],
          [`planted-json-slot@${p}`, 'TR-STACK-4', 'fail', `requests[1].${slot[p]}.content[1].data`, 'text'],
        ]),
      );
      // The model interface was faithful: each cell says the provider body alone leaked.
      expect(leaks.map((c) => [provider(c), c.check, c.model.verdict])).toEqual(leaks.map((c) => [provider(c), c.check, 'pass']));
      // The same image as the format's own media part is no leak as text, only media sent unasked (TR-STACK-5).
      const media = await cells(
        JSON_SLOT_PROVIDERS.map((p) => planted('media-parts', p)),
        [image],
        ['TR-STACK-4', 'TR-STACK-5'],
      );
      expect(media.map((c) => [c.check, c.verdict, at(c)?.path, at(c)?.form])).toEqual([
        ['TR-STACK-4', 'pass', undefined, undefined],
        ['TR-STACK-5', 'fail', 'requests[1].contents[2].parts[0].functionResponse.parts[0].inlineData.data', 'media'],
        ['TR-STACK-4', 'pass', undefined, undefined],
        ['TR-STACK-5', 'fail', 'requests[1].messages[2].content[0].toolResult.content[1].image.source.bytes', 'media'],
      ]);
      // The faithful stack passes all three at both formats: the checks can pass there.
      const faithful = await cells(
        JSON_SLOT_PROVIDERS.map((p) => planted('faithful', p)),
        vectors,
        ['TR-STACK-2', 'TR-STACK-3', 'TR-STACK-4'],
      );
      expect(faithful.map((c) => c.verdict)).toEqual(faithful.map(() => 'pass'));
      expect(faithful).toHaveLength(6);
    },
    TIMEOUT,
  );

  it(
    "gap 4: `_meta` canaries stand in member names too, so a stack that forwards `_meta`'s keys fails TR-STACK-3",
    async () => {
      const [cell] = await cells([planted('meta-keys', 'anthropic')], [], 'TR-STACK-3', { generated: true });
      expect(cell!.verdict).toBe('fail');
      expect(cell!.evidence[0]!.found?.[0]?.excerpt).toMatch(/hint: example\.com\/[\w-]+-⟦TRCM\w{8}⟧/);
    },
    TIMEOUT,
  );

  it(
    'gap 5: a stale limit (its check passes) is a finding of the report, and the drift check fails on it',
    async () => {
      const row = planted('faithful', 'openai-chat', {
        'TR-STACK-6': { reason: 'once lost the text', upstream: 'none', expects: { summary: /never reached/ } },
      });
      const vectors = [vector('plain', { content: [{ type: 'text', text: 'fine TRCVpl000006' }] }, { visible: ['TRCVpl000006'] })];
      const checks: Check[] = [checkById('TR-STACK-6')!];
      const runs = await runRows([row], vectors, { seed: 1, runs: 5, generated: true, checks });
      expect(runs[0]!.cells[0]!.verdict).toBe('pass');
      const report = buildReport(runs, checks, { seed: 1, runs: 5, vectors: vectors.map((v) => v.id) });
      expect(report.findings).toEqual([
        { kind: 'stale-limit', stack: row.id, check: 'TR-STACK-6', summary: expect.stringMatching(/passes, so the limit the row declares is stale/) },
      ]);
      // The committed matrix equal to the fresh one still fails the drift check while the limit is stale.
      expect(compareReports(report, report)).toEqual([
        expect.stringMatching(/^planted-faithful@openai-chat TR-STACK-6: passes, so the limit the row declares is stale/),
      ]);
    },
    TIMEOUT,
  );

  it(
    'egress: a checkpoint holding structuredContent, a span holding _meta and a session holding decoded image octets are each caught; a stack that reports nothing is n/a',
    async () => {
      const vectors = [
        vector(
          'structured-and-meta',
          { content: [{ type: 'text', text: 'done TRCVpl000010' }], structuredContent: { note: 'TRCSpl000010' }, _meta: { 'io.example/t': 'TRCMpl000010' } },
          { visible: ['TRCVpl000010'], structured: ['TRCSpl000010'], meta: ['TRCMpl000010'] },
        ),
        vector(
          'image',
          {
            content: [
              { type: 'text', text: 'chart TRCVpl000011' },
              { type: 'image', data: 'iVBORw0KTRCBpl000011AAAA', mimeType: 'image/png' },
            ],
          },
          { visible: ['TRCVpl000011'], binary: ['TRCBpl000011'] },
        ),
      ];
      const run = async (plant: string, check: string) => (await cells([planted(plant, 'openai-chat')], vectors, check))[0]!;
      const checkpoint = await run('checkpoint-structured', 'TR-STACK-17');
      expect([checkpoint.verdict, checkpoint.evidence[0]?.case, checkpoint.evidence[0]?.canary]).toEqual([
        'fail',
        'planted/structured-and-meta',
        'TRCSpl000010',
      ]);
      expect(checkpoint.evidence[0]?.summary).toBe('structuredContent reached the persisted state at planted checkpoint checkpoints.db');
      expect(checkpoint.model).toEqual({ verdict: 'n/a', summary: 'this check reads the stores the stack wrote, not a request' });
      expect(await run('checkpoint-structured', 'TR-STACK-18')).toMatchObject({ verdict: 'n/a', reason: 'the planted stack has no tracing' });

      const span = await run('span-meta', 'TR-STACK-18');
      expect([span.verdict, span.evidence[0]?.canary, span.evidence[0]?.found?.[0]?.path]).toEqual(['fail', 'TRCMpl000010', 'POST /v1/traces, occurrence 1']);
      expect(await run('span-meta', 'TR-STACK-17')).toMatchObject({ verdict: 'n/a', reason: 'the planted stack keeps no state for a resumable run' });

      const session = await run('session-octets', 'TR-STACK-17');
      expect([session.verdict, session.evidence[0]?.case, session.evidence[0]?.found?.[0]?.form]).toEqual(['fail', 'planted/image', 'octets']);
      expect(session.evidence[0]?.summary).toBe('binary data, as its decoded octets, reached the persisted state at planted session session.db');

      // Only the content-recording answer holds the result: the check asks with telemetry "content".
      expect((await run('content-only', 'TR-STACK-18')).verdict).toBe('pass');
      expect((await run('content-only', 'TR-STACK-19')).verdict).toBe('fail');

      // The drift check compares a store's evidence without its excerpt (the stack's run ids and
      // times stand there), but still the case, the canary and where it stood.
      const spanReport = buildReport(
        [{ row: planted('span-meta', 'openai-chat'), hello: undefined, cells: [span], figures: [] }],
        [checkById('TR-STACK-18')!],
        {
          seed: 1,
          runs: 5,
          vectors: vectors.map((v) => v.id),
        },
      );
      const withFound = (found: { path: string; excerpt: string }) => ({
        ...spanReport,
        cells: spanReport.cells.map((c) => ({ ...c, evidence: c.evidence.map((e) => ({ ...e, found: [{ ...e.found![0]!, ...found }] })) })),
      });
      const at = span.evidence[0]!.found![0]!;
      expect(compareReports(spanReport, withFound({ path: at.path, excerpt: '…"run":"lc_other"⟦TRCMpl000010⟧…' }))).toEqual([]);
      expect(compareReports(spanReport, withFound({ path: 'POST /v1/traces, occurrence 2', excerpt: at.excerpt }))).toEqual([
        expect.stringMatching(/^planted-span-meta@openai-chat TR-STACK-18: the evidence changed/),
      ]);

      for (const check of ['TR-STACK-17', 'TR-STACK-18', 'TR-STACK-19']) {
        const c = await run('faithful', check);
        expect([c.verdict, c.reason]).toEqual([
          'n/a',
          check === 'TR-STACK-17' ? 'the adapter reports no persisted state' : 'the adapter reports no exported telemetry',
        ]);
      }
    },
    TIMEOUT,
  );
});
