// The seed's own case (issue 36 item 4): ADR-108's PHP bounder (netresearch/t3x-nr-llm,
// Classes/Service/Tool/ToolResultBounder.php) beside this library's PHP bounder on the seed's own
// inputs: within budget, over budget, and artifact data nested 100,000 deep. ours/seed per row,
// each ≤ 1.0. The seed is never committed (GitHub is not reachable from CI): it is read from the
// directory TOOLRESULT_SEED_NRLLM names (a checkout), else from a local git mirror
// (TOOLRESULT_SEED_NRLLM_GIT, default /work/.mirror/netresearch+t3x-nr-llm/repo); absent, the bench
// says so in one line and the other benches run on.
//
// The Python seed (extra-org/extra): no tool_result_normalizer.py exists in that repository's
// history; its normalizer is normalize_tool_result in src/agent_engine/runtime/
// langchain_tool_adapter.py (deleted upstream in 7ba745b), which turns what a local LangChain tool
// returned into the model's text. bench/seed-python.py runs it beside ours (normalize('local', …),
// which also bounds) on the inputs both take: a str, a dict, a list, a scalar. The file is read
// from TOOLRESULT_SEED_EXTRA (a path to that file), else from a git mirror
// (TOOLRESULT_SEED_EXTRA_GIT, default /work/.mirror/extra-org+extra/repo) at the commit before its
// deletion; absent, one line says so.
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

const EXTRA_FILE = 'src/agent_engine/runtime/langchain_tool_adapter.py';

/** The Python seed's normalizer file, or why there is none. */
function extraSeedFile(): string | { absent: string } {
  const file = process.env.TOOLRESULT_SEED_EXTRA;
  if (file !== undefined) return existsSync(file) ? file : { absent: `TOOLRESULT_SEED_EXTRA=${file} does not exist` };
  const git = process.env.TOOLRESULT_SEED_EXTRA_GIT ?? '/work/.mirror/extra-org+extra/repo';
  if (!existsSync(git)) return { absent: `no TOOLRESULT_SEED_EXTRA file and no git mirror at ${git}` };
  try {
    // The last commit that held the file: the parent of the one that deleted it, else HEAD.
    const deleted = execFileSync('git', ['--git-dir', git, 'log', '--all', '--format=%H', '-n', '1', '--diff-filter=D', '--', EXTRA_FILE], {
      encoding: 'utf8',
    }).trim();
    const out = join(mkdtempSync(join(tmpdir(), 'seed-extra-')), 'langchain_tool_adapter.py');
    writeFileSync(out, execFileSync('git', ['--git-dir', git, 'show', `${deleted === '' ? 'HEAD' : `${deleted}^`}:${EXTRA_FILE}`]));
    return out;
  } catch (e) {
    return { absent: `the mirror at ${git} does not hold ${EXTRA_FILE} (${e instanceof Error ? e.message.split('\n')[0] : String(e)})` };
  }
}

function pythonSeed(targets: { name: string; met: boolean }[]): void {
  const file = extraSeedFile();
  if (typeof file !== 'string') {
    console.log(`  python seed skipped: extra-org/extra's normalize_tool_result is absent (${file.absent})`);
    return;
  }
  const rows = execFileSync('python3', [join(ROOT, 'bench', 'seed-python.py'), file], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((l) => l.split('\t'));
  console.log(
    `  ${'python: normalize_tool_result vs normalize(local)'.padEnd(50)} ${'ours µs'.padStart(10)} ${'seed µs'.padStart(10)} ${'ours/seed'.padStart(10)}`,
  );
  for (const [row, ours, seed, ratio] of rows) {
    console.log(`  ${row!.padEnd(50)} ${ours!.padStart(10)} ${seed!.padStart(10)} ${ratio!.padStart(10)}`);
    targets.push({ name: `python seed ${row}: ours/seed ${ratio} ≤ 1.0`, met: Number(ratio) <= 1.0 });
  }
}

export function run(): BenchOutcome {
  const targets: { name: string; met: boolean }[] = [];
  pythonSeed(targets);
  const dir = seedDir();
  if (typeof dir !== 'string') {
    console.log(`  seed bench skipped: ADR-108's ToolResultBounder is absent (${dir.absent})`);
    return { targets };
  }
  const script = join(ROOT, 'bench', 'seed-php.php');
  const rows = execFileSync('php', [script, dir, 'rows'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((l) => l.split('\t'));
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
