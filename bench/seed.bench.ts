// The seed's own case (issue 36 item 4): ADR-108's PHP bounder (netresearch/t3x-nr-llm,
// Classes/Service/Tool/ToolResultBounder.php) beside this library's PHP bounder on the seed's own
// inputs: within budget, over budget, and artifact data nested 100,000 deep. ours/seed per row,
// each ≤ 1.0. The seed is never committed (GitHub is not reachable from CI): it is read from the
// directory TOOLRESULT_SEED_NRLLM names (a checkout), else from a local git mirror
// (TOOLRESULT_SEED_NRLLM_GIT, default /work/.mirror/netresearch+t3x-nr-llm/repo); absent, the bench
// says so in one line and the other benches run on. (The Python seed's normalizer,
// extra-org/extra tool_result_normalizer.py, is not compared here yet: see the issue's report.)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchOutcome } from './index.ts';

export const name = 'seed';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const FILES = ['Classes/Domain/Enum/ArtifactType.php', 'Classes/Domain/ValueObject/ToolArtifact.php', 'Classes/Service/Tool/ToolResultBounder.php'];

/** A directory holding the seed's three files, or why there is none. */
function seedDir(): string | { absent: string } {
  const dir = process.env.TOOLRESULT_SEED_NRLLM;
  if (dir !== undefined) return FILES.every((f) => existsSync(join(dir, f))) ? dir : { absent: `TOOLRESULT_SEED_NRLLM=${dir} lacks ${FILES.join(', ')}` };
  const git = process.env.TOOLRESULT_SEED_NRLLM_GIT ?? '/work/.mirror/netresearch+t3x-nr-llm/repo';
  if (!existsSync(git)) return { absent: `no TOOLRESULT_SEED_NRLLM checkout and no git mirror at ${git}` };
  const out = mkdtempSync(join(tmpdir(), 'seed-nrllm-'));
  try {
    for (const f of FILES) {
      mkdirSync(dirname(join(out, f)), { recursive: true });
      writeFileSync(join(out, f), execFileSync('git', ['--git-dir', git, 'show', `HEAD:${f}`]));
    }
  } catch (e) {
    return { absent: `the mirror at ${git} does not hold the seed's files (${e instanceof Error ? e.message.split('\n')[0] : String(e)})` };
  }
  return out;
}

export function run(): BenchOutcome {
  const dir = seedDir();
  if (typeof dir !== 'string') {
    console.log(`  seed bench skipped: ADR-108's ToolResultBounder is absent (${dir.absent})`);
    return { targets: [] };
  }
  const script = join(ROOT, 'bench', 'seed-php.php');
  const rows = execFileSync('php', [script, dir, 'rows'], { encoding: 'utf8' }).trim().split('\n').map((l) => l.split('\t'));
  const targets: { name: string; met: boolean }[] = [];
  console.log(`  ${'row'.padEnd(50)} ${'ours µs'.padStart(10)} ${'seed µs'.padStart(10)} ${'ours/seed'.padStart(10)}`);
  for (const [row, ours, seed, ratio] of rows) {
    console.log(`  ${row!.padEnd(50)} ${ours!.padStart(10)} ${seed!.padStart(10)} ${ratio!.padStart(10)}`);
    targets.push({ name: `seed ${row}: ours/seed ${ratio} ≤ 1.0`, met: Number(ratio) <= 1.0 });
  }
  // The deep row: each side in a process of its own (the seed's leaf coercion recurses and may crash PHP).
  const side = (who: string) => spawnSync('php', ['-d', 'memory_limit=1G', script, dir, 'deep', who], { encoding: 'utf8', timeout: 120_000 });
  const ours = side('ours');
  const seed = side('seed');
  const oursUs = ours.status === 0 ? ours.stdout.trim() : `failed (${ours.signal ?? ours.status})`;
  const seedUs = seed.status === 0 ? seed.stdout.trim() : `crashed (${seed.signal ?? `exit ${seed.status}`})`;
  console.log(`  ${'deep: artifact data nested 100,000 levels'.padEnd(50)} ${oursUs.padStart(10)} ${seedUs.padStart(10)}`);
  const met = ours.status === 0 && (seed.status !== 0 || Number(oursUs) <= Number(seedUs));
  targets.push({ name: `seed deep nest: ours ${oursUs} µs, seed ${seedUs}`, met });
  return { targets };
}
