// `toolresult conformance --profile common`: the cost of bounding a within-budget result of a shape
// tools really return (common-shapes.ts) against the language's own JSON serializer on the same
// value (op `serialize`), in the adapter's CPU time. Both ops take `repeat`: the adapter decodes the
// input once and does the work `repeat` times, so what is timed is the work and not the request;
// the decode of the same value (op `decode`) is timed in every pair too and taken off both sides.
// The two sides run back to back in alternating order, and a shape's ratio is the median of the
// per-pair ratios (as bench/paired-ratio.ts does in-process).
//
// The limit the kit states: bound / serialize <= COMMON_LIMIT per shape, judged at the full size
// only. The quick size (npm test) checks the answers and prints its figures without a verdict.
import type { AdapterProcess, Reply } from '../core/process.ts';
import { startAdapter } from './start-adapter.ts';
import type { RunIO } from '../core/command.ts';
import { terminalSafe } from '../core/terminal-safe.ts';
import type { StringModel } from './classes.ts';
import { COMMON_SHAPES, type CommonShape, type CommonSize } from './common-shapes.ts';
import { cpuMs } from './process-stats.ts';

/** The most bounding a within-budget result may cost, as a multiple of the native serializer. */
export const COMMON_LIMIT = 1.5;
/** CPU time one serialize request should spend serializing, per size. */
const TARGET_MS: Readonly<Record<CommonSize, number>> = { quick: 4, full: 40 };

export interface CommonArgs {
  readonly command: 'profile';
  readonly profile: 'common';
  readonly size: CommonSize;
  /** Pairs per shape, after one warm-up pair. */
  readonly rounds: number;
  readonly only: readonly string[];
  readonly timeoutMs: number;
  readonly list: boolean;
  readonly verbose: boolean;
  readonly adapter: readonly string[] | undefined;
}

export interface ShapeOutcome {
  readonly name: string;
  readonly what: string;
  /** What is wrong with an answer; empty when both ops answered as they must. */
  readonly wrong: readonly string[];
  readonly repeat?: number;
  readonly floorUs?: number;
  readonly boundUs?: number;
  readonly ratio?: number;
  readonly q1?: number;
  readonly q3?: number;
  readonly pairs: number;
  /** Judged against COMMON_LIMIT (full size only). */
  readonly judged: boolean;
  /**
   * Every pair's decode outweighed its work (CPU time is read in clock ticks): the answers were
   * right, but no ratio exists. A measurement's failure, never a wrong answer; at the quick size,
   * where ratios are not judged, it changes no verdict.
   */
  readonly unmeasured?: true;
}

const quantile = (xs: readonly number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

async function timed(adapter: AdapterProcess, cpu: boolean, op: string, input: Record<string, unknown>): Promise<{ ms: number; reply: Reply }> {
  await adapter.ensureStarted();
  const before = cpu ? cpuMs(adapter.pid) : undefined;
  const t = performance.now();
  const reply = await adapter.request(op, input);
  const wall = performance.now() - t;
  const after = cpu ? cpuMs(adapter.pid) : undefined;
  return { ms: before !== undefined && after !== undefined ? after - before : wall, reply };
}

const why = (r: Reply): string => (r.kind === 'error' ? `answered error ${r.code}` : r.kind === 'broken' ? terminalSafe(r.reason) : 'answered');

/** What is wrong with a bound answer for a within-budget shape: it must keep the channel, with no warning. */
function checkBound(shape: CommonShape, reply: Reply): string | undefined {
  if (reply.kind !== 'ok') return `bound ${why(reply)}`;
  const r = reply.output.result as Record<string, unknown> | undefined;
  if (r === undefined || typeof r !== 'object') return 'bound: no result in the answer';
  const warnings = (r.warnings as { code: string }[] | undefined) ?? [];
  if (warnings.length > 0) return `bound warned ${warnings.map((w) => w.code).join(', ')} for a within-budget result`;
  if (shape.channel === 'structured' && !Object.hasOwn(r, 'structured')) return 'bound dropped structured';
  if (shape.channel === 'artifacts' && (!Array.isArray(r.artifacts) || r.artifacts.length === 0)) return 'bound dropped the artifacts';
  return undefined;
}

function checkSerialize(reply: Reply): string | undefined {
  if (reply.kind !== 'ok') return `serialize ${why(reply)}`;
  const n = reply.output.octets;
  return Number.isSafeInteger(n) && (n as number) > 0 ? undefined : 'serialize: octets is not a positive integer';
}

async function runShape(shape: CommonShape, args: CommonArgs, adapter: AdapterProcess, cpu: boolean, model: StringModel, io: RunIO): Promise<ShapeOutcome> {
  const value = shape.value(args.size, model);
  const base = { name: shape.name, what: shape.describe(args.size), judged: args.size === 'full' };
  const boundInput = (repeat: number) => ({ result: { content: 'ok', isError: false, [shape.channel]: value }, repeat });
  const serializeInput = (repeat: number) => ({ value, repeat });
  const decodeInput = { value };
  const first = [checkBound(shape, await adapter.request('bound', boundInput(1))), checkSerialize(await adapter.request('serialize', serializeInput(1)))];
  const wrong = first.filter((w): w is string => w !== undefined);
  if (wrong.length > 0) return { ...base, wrong, pairs: 0 };

  // Calibration: repeat grows until one serialize request spends TARGET_MS beyond its decode.
  let repeat = 1;
  for (;;) {
    const d = await timed(adapter, cpu, 'decode', decodeInput);
    const s = await timed(adapter, cpu, 'serialize', serializeInput(repeat));
    if (s.ms - d.ms >= TARGET_MS[args.size] || repeat >= 1 << 20) break;
    repeat *= s.ms - d.ms > TARGET_MS[args.size] / 16 ? 2 : 8;
  }

  const ratios: number[] = [];
  const floors: number[] = [];
  const bounds: number[] = [];
  for (let pair = 0; pair <= args.rounds; pair++) {
    const d = await timed(adapter, cpu, 'decode', decodeInput);
    let b: { ms: number; reply: Reply };
    let s: { ms: number; reply: Reply };
    if (pair % 2 === 0) {
      b = await timed(adapter, cpu, 'bound', boundInput(repeat));
      s = await timed(adapter, cpu, 'serialize', serializeInput(repeat));
    } else {
      s = await timed(adapter, cpu, 'serialize', serializeInput(repeat));
      b = await timed(adapter, cpu, 'bound', boundInput(repeat));
    }
    const bad = checkBound(shape, b.reply) ?? checkSerialize(s.reply) ?? (d.reply.kind === 'ok' ? undefined : `decode ${why(d.reply)}`);
    if (bad !== undefined) return { ...base, wrong: [bad], pairs: ratios.length };
    if (pair === 0) continue; // warm-up
    const floor = s.ms - d.ms;
    const work = b.ms - d.ms;
    if (floor <= 0) continue; // a pair the decode outweighed: no measurement
    floors.push(floor);
    bounds.push(work);
    ratios.push(work / floor);
    if (args.verbose)
      io.err(
        `profile common: ${shape.name} pair ${pair}/${args.rounds}: bound ${work.toFixed(1)} ms, serialize ${floor.toFixed(1)} ms (x${(work / floor).toFixed(2)})`,
      );
  }
  if (ratios.length === 0) return { ...base, wrong: [], pairs: 0, repeat, unmeasured: true };
  return {
    ...base,
    wrong: [],
    repeat,
    floorUs: (quantile(floors, 0.5) * 1000) / repeat,
    boundUs: (quantile(bounds, 0.5) * 1000) / repeat,
    ratio: quantile(ratios, 0.5),
    q1: quantile(ratios, 0.25),
    q3: quantile(ratios, 0.75),
    pairs: ratios.length,
  };
}

const beyond = (o: ShapeOutcome): boolean => o.judged && o.ratio !== undefined && o.ratio > COMMON_LIMIT;
/** A shape the full size must judge and could not: the run cannot say it is within the limit. */
const unjudged = (o: ShapeOutcome): boolean => o.judged && o.wrong.length === 0 && o.unmeasured === true;

export function commonTable(outcomes: readonly ShapeOutcome[]): string[] {
  const head = ['shape', 'repeat', 'serialize µs', 'bound µs', 'bound/serialize', 'middle half', 'limit', 'verdict'];
  const rows = outcomes.map((o) => [
    o.name,
    o.repeat === undefined ? '-' : String(o.repeat),
    o.floorUs === undefined ? '-' : o.floorUs.toFixed(1),
    o.boundUs === undefined ? '-' : o.boundUs.toFixed(1),
    o.ratio === undefined ? '-' : `x${o.ratio.toFixed(2)}`,
    o.q1 === undefined ? '-' : `${o.q1.toFixed(2)}–${o.q3!.toFixed(2)}`,
    `x${COMMON_LIMIT}`,
    o.wrong.length > 0 ? 'WRONG' : !o.judged ? 'answers ok' : unjudged(o) ? 'UNMEASURED' : beyond(o) ? 'BEYOND' : 'ok',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const cell = (s: string, i: number) => (i === 0 || i === 7 ? s.padEnd(widths[i]!) : s.padStart(widths[i]!));
  const lines = [head.map(cell).join('  ').trimEnd(), widths.map((w) => '-'.repeat(w)).join('  ')];
  for (const r of rows) lines.push(r.map(cell).join('  ').trimEnd());
  for (const o of outcomes) for (const w of o.wrong) lines.push(`WRONG ${o.name} (${o.what}): ${w}`);
  for (const o of outcomes.filter(unjudged))
    lines.push(`UNMEASURED ${o.name} (${o.what}): the decode outweighed the work in every pair; run again with more --rounds`);
  return lines;
}

/** Runs the common profile; 0 when every answer is right (and, at the full size, every ratio within the limit). */
export async function runCommon(args: CommonArgs, io: RunIO): Promise<number> {
  const shapes = args.only.length === 0 ? [...COMMON_SHAPES] : COMMON_SHAPES.filter((s) => args.only.includes(s.name));
  if (args.list) {
    for (const s of shapes) io.out(`${s.name}  ${s.describe(args.size)}  (limit x${COMMON_LIMIT})`);
    return 0;
  }
  const started = await startAdapter(args, io, 10);
  if (started === 1) return 1;
  const { adapter, hello } = started;
  try {
    for (const op of ['decode', 'serialize']) {
      const probe = await adapter.request(op, op === 'decode' ? { value: null } : { value: null, repeat: 1 });
      if (probe.kind !== 'ok') {
        io.out(`the adapter cannot be profiled: op ${op} (the common profile's floor, spec §9.3) ${why(probe)}`);
        return 1;
      }
    }
    const cpu = cpuMs(adapter.pid) !== undefined;
    io.err(
      `profile common, size ${args.size}, ${args.rounds} pairs per shape: ${shapes.length} shapes against ${terminalSafe(hello.name)} (${terminalSafe(hello.language)}); times are ${cpu ? "the adapter's CPU time" : 'wall time'}${args.size === 'full' ? `; limit bound/serialize <= x${COMMON_LIMIT}` : '; quick size: answers checked, ratios not judged'}`,
    );
    const outcomes: ShapeOutcome[] = [];
    for (const s of shapes) {
      io.err(`profile common: ${s.name}: ${s.describe(args.size)}`);
      outcomes.push(await runShape(s, args, adapter, cpu, hello.stringModel, io));
    }
    for (const line of commonTable(outcomes)) io.out(line);
    const wrong = outcomes.filter((o) => o.wrong.length > 0).length;
    const over = outcomes.filter(beyond).length;
    const unmeasured = outcomes.filter(unjudged).length;
    io.out(
      `${outcomes.length} shapes: ${wrong} with a wrong answer${args.size === 'full' ? `, ${over} beyond x${COMMON_LIMIT}${unmeasured > 0 ? `, ${unmeasured} not measured` : ''}` : ' (ratios not judged at the quick size)'}`,
    );
    return wrong > 0 || over > 0 || unmeasured > 0 ? 1 : 0;
  } finally {
    await adapter.stop();
  }
}
