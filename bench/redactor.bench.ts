// The default redactor's rules (spec/06-privacy.md §6.3, TR-PRIV-16, TR-PRIV-17), two measures:
//   cost            each rule alone over 1 MiB of benign text and over 1 MiB of its own worst case
//                   (the input that makes a backtracking engine try the most), CPU ms per MiB, and the
//                   ratio of 1 MiB to 256 KiB (the benign 1 MiB is the benign 256 KiB four times):
//                   linear is 4, quadratic 16. Target ≤ 6 for every row, or under 5 ms per MiB. A
//                   sample repeats a call until it lasts about 40 ms, so a fast rule is not timed at
//                   the clock's grain.
//                   TypeScript in this process; Python, PHP and Go through bench/redactor-cost.* and a
//                   Go benchmark, when their toolchains are there.
//   false positives the corpus of benign tool output (bench/redactor-corpus.ts): how many strings each
//                   rule changes, all of them false positives (the corpus holds no credential), against
//                   the rules of the previous version. Target: the credential rules change at most
//                   0.1 % of the strings. Every hit is printed, so each can be read.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_RULES } from '../reference-impl/internal.ts';
import type { BenchOutcome } from './index.ts';
import { benignCorpus } from './redactor-corpus.ts';

export const name = 'redactor';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const MiB = 1 << 20;

/** Each rule's worst case: a unit repeated to the size, as in the tests of TR-PRIV-17. */
export const WORST: Readonly<Record<string, { readonly head: string; readonly unit: string }>> = {
  'url-credentials': { head: '', unit: '://a' },
  'credential-parameter': { head: '', unit: '?access_' },
  'authorization-header': { head: 'Authorization: ', unit: 'a' },
  'bearer-token': { head: '', unit: 'bearer\t' },
  jwt: { head: '', unit: ' eyJa.b' },
  'key-prefix': { head: '', unit: ' ghu_abc' },
  'aws-key-id': { head: '', unit: ' ASIAABCDEFGHIJKLMNO' },
  'email-address': { head: 'a@', unit: 'aaaa.' },
};

const fill = (head: string, unit: string, size: number) => (head + unit.repeat(Math.ceil((size - head.length) / unit.length))).slice(0, size);

/** CPU ms per call of `f`: the median of `runs` samples of `calls` calls each. */
function cpuMs(f: () => unknown, runs: number, calls: number): number {
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.cpuUsage();
    for (let c = 0; c < calls; c++) f();
    const d = process.cpuUsage(t);
    xs.push((d.user + d.system) / 1000 / calls);
  }
  return xs.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

/** Calls per sample so that a sample of the 1 MiB input lasts about 40 ms: a fast rule is not timed at the clock's grain. */
function callsFor(f: () => unknown): number {
  const t = process.cpuUsage();
  f();
  const d = process.cpuUsage(t);
  return Math.max(1, Math.ceil(40 / Math.max((d.user + d.system) / 1000, 0.05)));
}

interface CostRow {
  readonly language: string;
  readonly rule: string;
  readonly input: string;
  readonly msPerMiB: number;
  readonly ratio: number;
}

function typescriptCost(benign: string): CostRow[] {
  const rows: CostRow[] = [];
  for (const rule of DEFAULT_RULES) {
    const w = WORST[rule.name]!;
    for (const [input, make] of [
      ['benign', (n: number) => benign.repeat(n / benign.length)],
      ['worst', (n: number) => fill(w.head, w.unit, n)],
    ] as const) {
      const small = make(MiB / 4);
      const large = make(MiB);
      const run = (s: string) => () => s.replace(rule.pattern, rule.replace);
      run(large)();
      const calls = callsFor(run(large));
      const a = cpuMs(run(small), 7, calls * 4);
      const b = cpuMs(run(large), 7, calls);
      rows.push({ language: 'typescript', rule: rule.name, input, msPerMiB: b, ratio: b / Math.max(a, 0.001) });
    }
  }
  return rows;
}

/** Python, PHP and Go: each prints `rule<TAB>input<TAB>ms per MiB<TAB>ratio` lines. */
function otherLanguages(benignFile: string): CostRow[] {
  const rows: CostRow[] = [];
  const runs: [string, string, string[], string | undefined][] = [
    ['python', 'python3', [join(ROOT, 'bench', 'redactor-cost.py'), benignFile], undefined],
    ['php', 'php', ['-d', 'memory_limit=1G', join(ROOT, 'bench', 'redactor-cost.php'), benignFile], undefined],
    ['go', 'go', ['test', '-v', '-run', '^TestRedactorCost$', '-count=1', '.'], join(ROOT, 'implementations', 'go')],
  ];
  for (const [language, command, args, cwd] of runs) {
    const r = spawnSync(command, args, { encoding: 'utf8', cwd, timeout: 600_000, env: { ...process.env, TOOLRESULT_REDACTOR_COST: benignFile } });
    if (r.status !== 0) {
      console.log(`  ${language}: not measured (${r.error?.message ?? (r.stderr || r.stdout).trim().split('\n').at(-1)})`);
      continue;
    }
    for (const line of r.stdout.split('\n')) {
      const m = /^cost\t(\S+)\t(\S+)\t([\d.]+)\t([\d.]+)$/.exec(line.trim());
      if (m) rows.push({ language, rule: m[1]!, input: m[2]!, msPerMiB: Number(m[3]), ratio: Number(m[4]) });
    }
  }
  return rows;
}

/** The rules of spec 1.0.0-alpha.2 before issue 41: what the new figure is compared with. */
const PREVIOUS_RULES = [
  /:\/\/[^\t\n\f\r /?#@]+@/g,
  /([Bb][Ee][Aa][Rr][Ee][Rr])[ \t]+[A-Za-z0-9._~+/-]+=*/g,
  /(^|[^A-Za-z0-9])(?:sk-|sk_|pk_|rk_|ghp_|gho_|ghs_|github_pat_|xoxb-|xoxp-|AKIA|AIza)[A-Za-z0-9_-]{8,}/g,
];

export interface FalsePositives {
  readonly strings: number;
  readonly octets: number;
  readonly byKind: Readonly<Record<string, number>>;
  /** Strings a credential rule (all but the e-mail rule) changes, per rule. */
  readonly byRule: Readonly<Record<string, number>>;
  /** Strings any credential rule changes. */
  readonly changed: number;
  /** The same for the previous version's credential rules. */
  readonly changedBefore: number;
  /** Strings the e-mail rule changes (masked on purpose). */
  readonly emails: number;
  readonly hits: readonly { readonly rule: string; readonly source: string; readonly line: number; readonly text: string }[];
}

export function falsePositives(): FalsePositives {
  const corpus = benignCorpus();
  const credential = DEFAULT_RULES.filter((r) => r.name !== 'email-address');
  const email = DEFAULT_RULES.find((r) => r.name === 'email-address')!;
  const byRule: Record<string, number> = Object.fromEntries(credential.map((r) => [r.name, 0]));
  const byKind: Record<string, number> = {};
  const hits: { rule: string; source: string; line: number; text: string }[] = [];
  let strings = 0;
  let octets = 0;
  let changed = 0;
  let changedBefore = 0;
  let emails = 0;
  for (const part of corpus) {
    part.strings.forEach((s, i) => {
      strings++;
      octets += Buffer.byteLength(s);
      byKind[part.kind] = (byKind[part.kind] ?? 0) + 1;
      let any = false;
      for (const rule of credential) {
        const out = s.replace(rule.pattern, rule.replace);
        if (out !== s) {
          any = true;
          byRule[rule.name]!++;
          hits.push({ rule: rule.name, source: part.source, line: i + 1, text: s.length > 160 ? `${s.slice(0, 157)}...` : s });
        }
      }
      if (any) changed++;
      if (PREVIOUS_RULES.some((p) => s.replace(p, '$1***') !== s)) changedBefore++;
      if (s.replace(email.pattern, email.replace) !== s) emails++;
    });
  }
  return { strings, octets, byKind, byRule, changed, changedBefore, emails, hits };
}

export function run(): BenchOutcome {
  const targets: { name: string; met: boolean }[] = [];
  const fp = falsePositives();
  const pct = (n: number) => `${((100 * n) / fp.strings).toFixed(3)} %`;
  console.log(
    `  corpus: ${fp.strings} strings, ${(fp.octets / MiB).toFixed(1)} MiB (${Object.entries(fp.byKind)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')})`,
  );
  for (const [rule, n] of Object.entries(fp.byRule)) console.log(`  ${rule.padEnd(22)} ${String(n).padStart(5)} strings changed`);
  console.log(
    `  credential rules: ${fp.changed} strings changed (${pct(fp.changed)}); the previous version's rules: ${fp.changedBefore} (${pct(fp.changedBefore)}); e-mail addresses (masked on purpose): ${fp.emails}`,
  );
  for (const h of fp.hits) console.log(`    ${h.rule}: ${h.source}:${h.line}: ${JSON.stringify(h.text)}`);
  targets.push({ name: `false positives: ${fp.changed} of ${fp.strings} strings (${pct(fp.changed)}) ≤ 0.1 %`, met: fp.changed / fp.strings <= 0.001 });

  // 256 KiB of the corpus's prose, code and tables, as a tool might return them in one string; the
  // 1 MiB input is it four times, so the two sizes hold the same text and their ratio is the rule's.
  const benign = benignCorpus()
    .filter((p) => p.kind !== 'base64')
    .flatMap((p) => p.strings)
    .join('\n')
    .slice(0, MiB / 4);
  const file = join(ROOT, '.tmp', 'redactor-benign.txt');
  // Written for the other languages: the same 256 KiB, which each repeats four times.
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  writeFileSync(file, benign);
  const rows = [...typescriptCost(benign), ...otherLanguages(file)];
  console.log(`  ${'language'.padEnd(11)}${'rule'.padEnd(23)}${'input'.padEnd(8)}${'ms/MiB'.padStart(9)}${'1 MiB/256 KiB'.padStart(15)}`);
  for (const r of rows) {
    console.log(`  ${r.language.padEnd(11)}${r.rule.padEnd(23)}${r.input.padEnd(8)}${r.msPerMiB.toFixed(1).padStart(9)}${r.ratio.toFixed(2).padStart(15)}`);
    // A quadratic rule over 1 MiB takes minutes: a row under 5 ms is linear whatever its ratio, and
    // the ratio of two sub-millisecond timings is the cache's, not the rule's.
    targets.push({
      name: `${r.language} ${r.rule} ${r.input}: 1 MiB / 256 KiB ${r.ratio.toFixed(2)} ≤ 6 (linear: 4), or under 5 ms per MiB (${r.msPerMiB.toFixed(1)})`,
      met: r.ratio <= 6 || r.msPerMiB < 5,
    });
  }
  return { targets };
}
