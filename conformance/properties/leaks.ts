// Leak properties (spec/05-sinks.md, spec/06-privacy.md): a canary planted in run-only data never
// reaches the provider wire, the suspend state, a none/metadata audit record, the logs or an error
// message. The canary is ASCII, so any escaping of the text around it still shows it.
import fc from 'fast-check';
import type { HelloOutput } from '../protocol/messages.ts';
import { canary, plantedInput, plainKey, taggedString } from './arbitraries.ts';
import { Mismatch, defineProperty } from './define.ts';
import { jcsLength, octets, warningCodes } from './inspect.ts';
import { firstDifference } from '../core/compare.ts';
import { loadSchemas } from '../../codegen/schema-validator.ts';

type Rec = Record<string, unknown>;

function refuse(where: string, c: string, text: string): void {
  const at = text.indexOf(c);
  if (at >= 0) throw new Mismatch(`run-only canary ${c} reached ${where}`, `no ${c}`, `…${text.slice(Math.max(0, at - 120), at + c.length + 40)}…`);
}

/** The ops of the groups the adapter claims that take `{result, options?}`, with their extra input. */
function sinkOps(hello: HelloOutput): [string, Rec][] {
  const g = new Set<string>(hello.groups);
  const ops: [string, Rec][] = [['bound', {}]];
  if (g.has('egress')) ops.push(['wire', {}]);
  if (g.has('sinks')) ops.push(['audit', { levels: ['metadata'] }], ['audit', { levels: ['full'] }], ['live', {}], ['suspend', {}]);
  if (g.has('ledger')) ops.push(['persist', {}]);
  if (g.has('hooks')) ops.push(['hooks', { hooks: [{ name: 'throw' }] }], ['hooks', { hooks: [{ name: 'append-text', text: '.' }] }]);
  return ops;
}

export const noCanaryInLogs = defineProperty({
  name: 'no-canary-in-logs',
  description: 'no log line and no error message of any op holds bytes of structured, artifacts, content or an entry, even when a hook throws with them',
  requirements: ['TR-LOG-1', 'TR-LOG-2', 'TR-LOG-4', 'TR-HOOK-7', 'TR-EGRESS-5'],
  groups: ['bound'],
  // Here the canary is in content too: content may go to the wire, never to the logs (TR-LOG-2).
  arbitrary: (caps) => plantedInput(caps).map((p) => ({ ...p, input: { ...p.input, result: { ...p.input.result, content: `${p.canary} said the tool` } } })),
  async check({ canary: c, input }, ask, hello) {
    for (const [op, extra] of sinkOps(hello)) {
      const r = await ask.any(op, { ...input, ...extra });
      refuse(`the logs of ${op}`, c, r.logs.join('\n'));
      if (!r.ok) refuse(`the error message of ${op}`, c, r.message);
      // The input is a valid result with valid options: an op of a claimed group must answer it.
      // Without this, an adapter that implements none of these ops would pass with empty logs.
      if (!r.ok)
        throw new Mismatch(
          `${op} answered error ${r.code} for a valid result, so its logs were never exercised`,
          { op, ok: true },
          { error: { code: r.code } },
        );
      if (op === 'persist') {
        const back = await ask.any('restore', { entry: r.output.entry });
        refuse('the logs of restore', c, back.logs.join('\n'));
        if (!back.ok) refuse('the error message of restore', c, back.message);
      }
    }
  },
});

export const noCanaryOnWire = defineProperty({
  name: 'no-canary-on-wire',
  description: 'the provider-facing message carries content and isError only, never run-only data',
  requirements: ['TR-EGRESS-4', 'TR-EGRESS-3', 'TR-SINK-1', 'TR-MODEL-1'],
  groups: ['egress'],
  arbitrary: (caps) => plantedInput(caps),
  async check({ canary: c, input }, ask) {
    const r = await ask.ok('wire', input);
    refuse('the provider wire', c, JSON.stringify(r.output.message));
    const b = (await ask.ok('bound', input)).output.result as Rec;
    const m = r.output.message as Rec;
    if (m?.content !== b.content || m?.isError !== b.isError)
      throw new Mismatch('the wire message is not the bounded content and isError', { content: b.content, isError: b.isError }, m);
  },
});

export const noCanaryInSuspend = defineProperty({
  name: 'no-canary-in-suspend-state',
  description: 'the suspend state is exactly content and isError of the bounded result, with no run-only data',
  requirements: ['TR-SINK-2'],
  groups: ['sinks', 'bound'],
  arbitrary: (caps) => plantedInput(caps),
  async check({ canary: c, input }, ask) {
    const r = await ask.ok('suspend', input);
    refuse('the suspend state', c, JSON.stringify(r.output.state));
    const b = (await ask.ok('bound', input)).output.result as Rec;
    if (firstDifference({ content: b.content, isError: b.isError }, r.output.state) !== undefined) {
      throw new Mismatch('the suspend state is not exactly {content, isError}', { content: b.content, isError: b.isError }, r.output.state);
    }
  },
});

export const noCanaryInMetadata = defineProperty({
  name: 'no-canary-in-metadata-record',
  description: 'an audit record at none or metadata (or where the strictest level is one of them) holds no run-only bytes',
  requirements: ['TR-PRIV-4', 'TR-PRIV-3', 'TR-SINK-4'],
  groups: ['sinks'],
  arbitrary: (caps) => fc.tuple(plantedInput(caps), fc.constantFrom(['none'], ['metadata'], ['metadata', 'full'], ['full', 'none'], ['redacted', 'metadata'])),
  async check([{ canary: c, input }, levels], ask) {
    const r = await ask.ok('audit', { ...input, levels });
    refuse(`the audit record at ${levels.join('+')}`, c, JSON.stringify(r.output.record));
  },
});

export const summaryExact = defineProperty({
  name: 'summary-exact',
  description: 'the metadata summary states the bounded result’s sizes, counts, types and warnings exactly',
  requirements: ['TR-PRIV-4', 'TR-PRIV-5'],
  groups: ['sinks', 'bound'],
  arbitrary: (caps) => plantedInput(caps).map((p) => p.input),
  async check(input, ask) {
    const b = (await ask.ok('bound', input)).output.result as Rec;
    const rec = (await ask.ok('audit', { ...input, levels: ['metadata'] })).output.record as Rec;
    const arts = b.artifacts as { type: string }[];
    const want: Rec = {
      isError: b.isError,
      contentOctets: octets(b.content as string),
      hasStructured: Object.hasOwn(b, 'structured'),
      ...(Object.hasOwn(b, 'structured') ? { structuredOctets: jcsLength(b.structured) } : {}),
      artifactCount: arts.length,
      artifactsOctets: jcsLength(arts),
      artifactTypes: [...new Set(arts.map((a) => a.type))].sort(),
      warnings: warningCodes(b),
    };
    const got = rec.summary as Rec | undefined;
    for (const [k, v] of Object.entries(want)) {
      if (JSON.stringify(got?.[k]) !== JSON.stringify(v)) throw new Mismatch(`metadata summary ${k} is not exact`, want, got);
    }
    if (got && Object.hasOwn(got, 'structuredOctets') !== Object.hasOwn(want, 'structuredOctets'))
      throw new Mismatch('structuredOctets present without structured', want, got);
  },
});

export const redactionCoversKeys = defineProperty({
  name: 'redaction-covers-keys',
  description: 'at the redacted level a secret-shaped string is masked wherever it is: content, leaves, member names, labels, cells',
  requirements: ['TR-PRIV-7'],
  groups: ['sinks'],
  arbitrary: (caps) =>
    fc.record({
      c: canary(),
      shape: fc.constantFrom(
        (t: string) => `sk-${t}`,
        (t: string) => `Bearer ${t}`,
        (t: string) => `${t}@example.com`,
        (t: string) => `https://u:${t}@h.example/`,
      ),
      where: fc.constantFrom('key', 'nested-key', 'leaf', 'label', 'cell'),
      key: plainKey(),
      other: taggedString(caps),
    }),
  async check({ c, shape, where, key, other }, ask) {
    const secret = shape(c);
    const structured =
      where === 'key' ? { [secret]: other } : where === 'nested-key' ? { [key]: [{ [secret]: 1 }] } : where === 'leaf' ? { [key]: secret } : { [key]: other };
    const artifacts =
      where === 'label'
        ? [{ type: 'text', label: secret, data: { text: 'x' } }]
        : where === 'cell'
          ? [{ type: 'table', label: 'l', data: { columns: ['a'], rows: [[secret]] } }]
          : [];
    const r = await ask.ok('audit', { result: { content: 'c', isError: false, structured, artifacts }, levels: ['redacted'] });
    refuse(`the redacted audit record (secret in a ${where})`, c, JSON.stringify(r.output.record));
  },
});

export const liveIsWhole = defineProperty({
  name: 'live-event-is-whole-result',
  description: 'the live inspector event is the whole bounded result, every channel verbatim',
  requirements: ['TR-SINK-3'],
  groups: ['sinks', 'bound'],
  arbitrary: (caps) => plantedInput(caps).map((p) => p.input),
  async check(input, ask) {
    const b = (await ask.ok('bound', input)).output.result;
    const e = (await ask.ok('live', input)).output.event;
    const d = firstDifference({ kind: 'tool_result', result: b }, e);
    if (d !== undefined) throw new Mismatch(`the live event is not {kind: "tool_result", result: bounded} (${d})`, { kind: 'tool_result', result: b }, e);
  },
});

const LEVELS = ['none', 'metadata', 'redacted', 'full'];

export const strictestWins = defineProperty({
  name: 'strictest-level-wins',
  description: 'the record is at the strictest of the levels set; an unknown level counts as none',
  requirements: ['TR-PRIV-2'],
  groups: ['sinks'],
  arbitrary: (caps) => fc.tuple(plantedInput(caps), fc.array(fc.constantFrom(...LEVELS, 'Full', 'public', ''), { minLength: 1, maxLength: 4 })),
  async check([{ input }, levels], ask) {
    const want = LEVELS[Math.min(...levels.map((l) => Math.max(0, LEVELS.indexOf(l))))];
    const rec = (await ask.ok('audit', { ...input, levels })).output.record as Rec;
    if (rec?.level !== want)
      throw new Mismatch(`levels ${JSON.stringify(levels)} give a record at ${String(rec?.level)}`, { level: want }, { level: rec?.level });
  },
});

let auditRecordCheck: (((v: unknown) => boolean) & { errors?: unknown }) | undefined;
export const auditRecordValid = defineProperty({
  name: 'validates-schema',
  description: 'every audit record, at every level, validates against audit-record.schema.json',
  requirements: ['TR-PRIV-11'],
  groups: ['sinks'],
  arbitrary: (caps) => fc.tuple(plantedInput(caps), fc.constantFrom(...LEVELS)),
  async check([{ input }, level], ask) {
    auditRecordCheck ??= loadSchemas().getSchema('https://toolresult.dev/schemas/v1/audit-record.schema.json') as never;
    const rec = (await ask.ok('audit', { ...input, levels: [level] })).output.record;
    if (!auditRecordCheck!(rec)) throw new Mismatch(`the record at ${level} does not validate against audit-record.schema.json`, auditRecordCheck!.errors, rec);
  },
});

export const leakProperties = [
  noCanaryInLogs,
  noCanaryOnWire,
  noCanaryInSuspend,
  noCanaryInMetadata,
  summaryExact,
  redactionCoversKeys,
  liveIsWhole,
  strictestWins,
  auditRecordValid,
];
