// `toolresult conformance --profile hostile`: the cost of each attack class against a floor measured
// in the same run. The floor is the op `decode` of the same input (the adapter receives and builds
// the payload, and does nothing with it), so the speed of the machine and of the language cancel out
// and what remains is the implementation's own work. Floor and attack samples alternate; each class
// is judged on the medians, the answer the attack got, and the adapter's peak memory.
import type { AdapterProcess, Reply } from '../core/process.ts';
import { startAdapter } from './start-adapter.ts';
import { UsageError, type RunIO } from '../core/command.ts';
import { terminalSafe } from '../core/terminal-safe.ts';
import { CLASSES, type AttackClass, type ProfileSize, type StringModel } from './classes.ts';
import { cpuMs, peakMemory } from './process-stats.ts';
import { summaryTable, type ClassOutcome } from './table.ts';

export type { ClassOutcome };

export interface ProfileArgs {
  readonly command: 'profile';
  readonly profile: 'hostile';
  readonly size: ProfileSize;
  /** Measured rounds per class (one floor and one attack sample each), after one warm-up round. */
  readonly rounds: number;
  /** Class names to run (empty: all). */
  readonly only: readonly string[];
  readonly timeoutMs: number;
  readonly list: boolean;
  readonly verbose: boolean;
  readonly adapter: readonly string[] | undefined;
}

/** A floor below this counts as this much: a round trip's jitter on a loaded machine. */
export const FLOOR_MIN_MS = 1;
/** Memory an attack may use beyond twice the floor's peak, in octets. */
export const MEMORY_SLACK = 64 * 1024 * 1024;
/** Sampling a class stops early once an attack is this many times over its limit: the verdict is clear. */
const CLEAR_FACTOR = 10;

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Selects the classes by exact name; an unknown name is a usage error. */
export function selectClasses(only: readonly string[]): AttackClass[] {
  for (const name of only) {
    if (!CLASSES.some((c) => c.name === name))
      throw new UsageError(`--only ${JSON.stringify(name)} is not a class of the profile (--list shows them: ${CLASSES.map((c) => c.name).join(', ')})`);
  }
  return only.length === 0 ? [...CLASSES] : CLASSES.filter((c) => only.includes(c.name));
}

interface Sample {
  readonly ms: number;
  readonly peak: number | undefined;
  readonly reply: Reply;
}

/**
 * One request, timed by the adapter's CPU time where the system gives it (a loaded machine then
 * does not count), else by the wall clock. The clock is chosen once per run (`cpu`).
 */
async function sample(
  adapter: AdapterProcess,
  memory: ReturnType<typeof peakMemory>,
  cpu: boolean,
  op: string,
  input: Record<string, unknown>,
): Promise<Sample> {
  await adapter.ensureStarted(); // a restart (after a timeout) is not part of the sample
  const measured = memory.reset();
  const pid = adapter.pid;
  const cpuBefore = cpu ? cpuMs(pid) : undefined;
  const t = performance.now();
  const reply = await adapter.request(op, input);
  const wall = performance.now() - t;
  const cpuAfter = cpu && reply.kind !== 'broken' ? cpuMs(pid) : undefined;
  const ms = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : wall;
  return { ms, peak: measured && reply.kind !== 'broken' ? memory.peak() : undefined, reply };
}

const why = (r: Reply): string => (r.kind === 'error' ? `answered error ${r.code}` : r.kind === 'broken' ? terminalSafe(r.reason) : '');

async function runClass(
  c: AttackClass,
  size: ProfileSize,
  args: ProfileArgs,
  adapter: AdapterProcess,
  memory: ReturnType<typeof peakMemory>,
  cpu: boolean,
  model: StringModel,
  io: RunIO,
): Promise<ClassOutcome> {
  const n = c.sizes[size];
  const base = { name: c.name, size: n, what: c.describe(n), requirements: c.requirements, ratioLimit: c.ratioLimit };
  const notFor = c.notFor?.(model);
  if (notFor !== undefined) return { ...base, status: 'n/a', reasons: [notFor], samples: 0 };
  const input = c.input(n);
  const floorInput = { value: input };
  const floors: Sample[] = [];
  const attacks: Sample[] = [];
  const reasons = new Set<string>();
  for (let round = 0; round <= args.rounds; round++) {
    const floor = await sample(adapter, memory, cpu, 'decode', floorInput);
    if (floor.reply.kind !== 'ok') {
      reasons.add(`floor (decode) failed: ${why(floor.reply)}`);
      break;
    }
    const attack = await sample(adapter, memory, cpu, c.op, input);
    const wrong = c.check(attack.reply);
    if (wrong !== undefined) reasons.add(`wrong answer: ${terminalSafe(wrong)}`);
    if (attack.reply.kind === 'broken') break; // a timeout or a crash: its time is not a measurement
    if (round === 0) continue; // warm-up: caches, a first compile, the allocator
    floors.push(floor);
    attacks.push(attack);
    const ratio = attack.ms / Math.max(median(floors.map((s) => s.ms)), FLOOR_MIN_MS);
    io.err(`profile: ${c.name} round ${round}/${args.rounds}: floor ${floor.ms.toFixed(1)} ms, attack ${attack.ms.toFixed(1)} ms (x${ratio.toFixed(1)})`);
    if (ratio > CLEAR_FACTOR * c.ratioLimit) break;
  }
  if (attacks.length === 0) return { ...base, status: 'fail', reasons: reasons.size > 0 ? [...reasons] : ['no sample'], samples: 0 };
  const floorMs = median(floors.map((s) => s.ms));
  const attackMs = median(attacks.map((s) => s.ms));
  const ratio = attackMs / Math.max(floorMs, FLOOR_MIN_MS);
  if (ratio > c.ratioLimit) reasons.add(`cost x${ratio.toFixed(1)} the floor, limit x${c.ratioLimit}`);
  const peaks = (xs: Sample[]) => (xs.every((s) => s.peak !== undefined) ? Math.max(...xs.map((s) => s.peak!)) : undefined);
  const floorPeak = peaks(floors);
  const attackPeak = peaks(attacks);
  const memoryLimit = floorPeak === undefined ? undefined : 2 * floorPeak + MEMORY_SLACK;
  if (attackPeak !== undefined && memoryLimit !== undefined && attackPeak > memoryLimit) {
    reasons.add(`peak memory ${(attackPeak / 2 ** 20).toFixed(0)} MiB, limit ${(memoryLimit / 2 ** 20).toFixed(0)} MiB (twice the floor's and 64 MiB)`);
  }
  return {
    ...base,
    status: reasons.size === 0 ? 'pass' : 'fail',
    reasons: [...reasons],
    floorMs,
    attackMs,
    ratio,
    floorPeak,
    attackPeak,
    memoryLimit,
    samples: attacks.length,
  };
}

/** Runs the profile; returns the exit status (0: every class within its limits, 1: not). */
export async function runProfile(args: ProfileArgs, io: RunIO): Promise<number> {
  const classes = selectClasses(args.only);
  if (args.list) {
    for (const c of classes) io.out(`${c.name}  ${c.describe(c.sizes[args.size])}  (limit x${c.ratioLimit}) [${c.requirements.join(' ')}]`);
    return 0;
  }
  // A class that times out kills the adapter, and the next sample starts it again: many restarts.
  const started = await startAdapter(args, io, 1000);
  if (started === 1) return 1;
  const { adapter, hello } = started;
  try {
    const probe = await adapter.request('decode', { value: null });
    if (probe.kind !== 'ok') {
      io.out(`the adapter cannot be profiled: op decode (the floor every class is measured against, spec §9.3) ${why(probe)}`);
      return 1;
    }
    const memory = peakMemory(() => adapter.pid);
    const measured = memory.reset();
    const cpu = cpuMs(adapter.pid) !== undefined;
    io.err(
      `profile hostile, size ${args.size}, ${args.rounds} rounds per class: ${classes.length} classes against ${terminalSafe(hello.name)} (${terminalSafe(hello.language)}, stringModel ${hello.stringModel}); times are ${cpu ? "the adapter's CPU time" : 'wall time'}`,
    );
    if (!cpu) io.err("profile: the adapter's CPU time cannot be read here (it needs Linux /proc): wall time it is, which a loaded machine makes noisy");
    if (!measured) io.err('profile: peak memory is not measured here (it needs Linux and a writable /proc/<pid>/clear_refs)');
    const outcomes: ClassOutcome[] = [];
    for (const c of classes) {
      io.err(`profile: ${c.name}: ${c.describe(c.sizes[args.size])}`);
      outcomes.push(await runClass(c, args.size, args, adapter, memory, cpu, hello.stringModel, io));
    }
    for (const line of summaryTable(outcomes)) io.out(line);
    const failed = outcomes.filter((o) => o.status === 'fail').length;
    const na = outcomes.filter((o) => o.status === 'n/a').length;
    io.out(`${outcomes.length - failed - na} within their limits, ${failed} beyond${na > 0 ? `, ${na} not applicable` : ''}`);
    return failed > 0 ? 1 : 0;
  } finally {
    await adapter.stop();
  }
}
