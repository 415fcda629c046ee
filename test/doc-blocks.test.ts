// The shell blocks of the README and CONTRIBUTING.md are commands a reader copies, so each one is run
// by a test: a block is marked `<!-- package-test: NAME -->` (test/package.test.ts runs it against the
// packed tarball), `<!-- publish-test: NAME -->` (test/publish.test.ts), or `<!-- doc-test: NAME -->`
// (this file, in the checkout, with the placeholders a reader fills in filled with this repository's
// own programs). A block without a marker fails here. The README's first screen is the user's: no
// maintainer command stands in its first 60 lines.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCS = ['README.md', 'CONTRIBUTING.md'] as const;
const text = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

interface ShellBlock {
  readonly file: string;
  readonly line: number;
  /** `package-test`, `publish-test` or `doc-test`, with its name; undefined when unmarked. */
  readonly marker?: { readonly kind: string; readonly name: string };
  /** The command lines, comments stripped. */
  readonly commands: readonly string[];
}

/** Every ```sh block of a document, with the marker on the last non-empty line before it. */
function shellBlocks(file: string, markdown: string): ShellBlock[] {
  const out: ShellBlock[] = [];
  const lines = markdown.split('\n');
  let previous = '';
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(sh|bash|shell)\s*$/.exec(lines[i]!);
    if (open) {
      const body: string[] = [];
      let j = i + 1;
      for (; j < lines.length && !lines[j]!.startsWith('```'); j++) body.push(lines[j]!);
      const m = /^<!-- (package-test|publish-test|doc-test): ([\w-]+) -->$/.exec(previous.trim());
      out.push({
        file,
        line: i + 1,
        ...(m ? { marker: { kind: m[1]!, name: m[2]! } } : {}),
        commands: body.map((l) => l.replace(/\s+#.*$/, '').trimEnd()).filter((l) => l !== '' && !l.startsWith('#')),
      });
      i = j;
      previous = '';
      continue;
    }
    if (lines[i]!.trim() !== '') previous = lines[i]!;
  }
  return out;
}

function docBlock(name: string): ShellBlock {
  const found = DOCS.flatMap((f) => shellBlocks(f, text(f))).filter((b) => b.marker?.kind === 'doc-test' && b.marker.name === name);
  if (found.length !== 1) throw new Error(`expected one block marked doc-test: ${name} in ${DOCS.join(' or ')}, found ${found.length}`);
  return found[0]!;
}

/** What a maintainer runs and a user does not: none of it on the README's first screen. */
const MAINTAINER = [
  /\.ci\//,
  /\bapt-get\b/,
  /\bsudo\b/,
  /\bnpm (ci|test)\b/,
  /\bnpm run (setup|prerequisites|stacks:install|test\S*|check\S*|generate|compliance\S*|build|pack:kit|mutation|bench|fuzz|record:\S+)\b/,
  /\bnpm publish\b/,
  /\bgit (tag|push|subtree)\b/,
  /\btwine\b/,
  /\bcomposer archive\b/,
];

function maintainerLines(markdown: string, firstLines = 60): string[] {
  return markdown
    .split('\n')
    .slice(0, firstLines)
    .flatMap((l, i) => (MAINTAINER.some((re) => re.test(l)) ? [`line ${i + 1}: ${l.trim()}`] : []));
}

const scratch = mkdtempSync(join(tmpdir(), 'doc-blocks-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * A directory whose `toolresult` runs this checkout's program and whose `npx --no-install toolresult`
 * does the same: what a project with the package installed has on its PATH.
 */
function shims(): string {
  const dir = join(scratch, 'bin');
  if (existsSync(dir)) return dir;
  mkdirSync(dir);
  const program = join(ROOT, 'bin', 'toolresult.js');
  writeFileSync(join(dir, 'toolresult'), `#!/bin/sh\nexec "${process.execPath}" "${program}" "$@"\n`);
  writeFileSync(
    join(dir, 'npx'),
    `#!/bin/sh\n[ "$1" = --no-install ] && shift\n[ "$1" = toolresult ] || { echo "doc-test npx shim: only toolresult" >&2; exit 2; }\nshift\nexec "${process.execPath}" "${program}" "$@"\n`,
  );
  for (const f of ['toolresult', 'npx']) chmodSync(join(dir, f), 0o755);
  return dir;
}

function run(command: string, cwd: string): { code: number | null; out: string } {
  const r = spawnSync('bash', ['-c', command], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${shims()}:${process.env.PATH ?? ''}` },
    timeout: 240_000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('the shell blocks of README.md and CONTRIBUTING.md', () => {
  it("the README's first 60 lines hold no maintainer command", () => {
    expect(maintainerLines(text('README.md'))).toEqual([]);
    // The check sees what it is for.
    expect(maintainerLines('# T\n\n```sh\n.ci/run\nnpm ci && npm test\n```\n')).toHaveLength(2);
    expect(maintainerLines(`${'x\n'.repeat(60)}npm test\n`)).toEqual([]);
  });

  it('every block is marked with the test that runs it', () => {
    const blocks = DOCS.flatMap((f) => shellBlocks(f, text(f)));
    expect(blocks.length).toBeGreaterThan(10);
    expect(blocks.filter((b) => b.marker === undefined).map((b) => `${b.file}:${b.line}`)).toEqual([]);
    const docTests = blocks.filter((b) => b.marker?.kind === 'doc-test').map((b) => b.marker!.name);
    expect([...docTests].sort()).toEqual([...Object.keys(RUNS)].sort());
  });

  it('the set-up blocks are what .ci/run runs: .ci/setup (npm run setup), npm ci, then npm test', () => {
    const ci = text('.ci/run');
    const packageJson = JSON.parse(text('package.json')) as { scripts: Record<string, string> };
    expect(packageJson.scripts['setup']).toBe('.ci/setup');
    for (const name of ['contributing-setup', 'ci-run'] as const) {
      for (const c of docBlock(name).commands) {
        for (const step of c.split(' && ')) {
          const word = step.trim().replace(/^npm run setup$/, '.ci/setup');
          if (word === 'npm run conformance') continue; // test/implementations.test.ts runs the kit against the reference
          if (word === '.ci/run') continue; // the file read here
          expect(ci, `${name}: ${step}`).toMatch(new RegExp(`^${word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\b`, 'm'));
        }
      }
    }
  });

  const RUNS: Record<string, () => Promise<void> | void> = {
    'contributing-setup': () => {},
    'ci-run': () => {},
    'inspect-example': async () => {
      const [write, serve] = docBlock('inspect-example').commands;
      const w = run(write!, ROOT);
      expect(w.code, w.out).toBe(0);
      // The second line serves until Ctrl-C: start it, read the address it prints, load the page, stop it.
      const child = spawn('bash', ['-c', `exec ${serve}`], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      try {
        const url = await new Promise<string>((resolve, reject) => {
          let seen = '';
          const look = (d: Buffer): void => {
            seen += d.toString('utf8');
            const m = /http:\/\/127\.0\.0\.1:\d+\/?/.exec(seen);
            if (m) resolve(m[0]);
          };
          child.stdout.on('data', look);
          child.stderr.on('data', look);
          child.on('exit', (code) => reject(new Error(`${serve} ended (${code}) before printing an address:\n${seen}`)));
        });
        const page = await new Promise<{ status: number; body: string }>((resolve, reject) => {
          get(url, (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString('utf8')));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          }).on('error', reject);
        });
        expect(page.status).toBe(200);
        expect(page.body).toContain('toolresult inspect');
      } finally {
        child.kill('SIGINT');
      }
    },
    'generate-types': () => {
      const dir = join(scratch, 'types');
      mkdirSync(dir, { recursive: true });
      for (const c of docBlock('generate-types').commands) {
        const r = run(c, dir);
        expect(r.code, `${c}\n${r.out}`).toBe(0);
      }
      for (const out of [
        'src/toolresult',
        'mypkg',
        'internal/toolresult',
        'src/ToolResult',
        'src',
        'src/main/java/com/acme/toolresult',
        'src/main/kotlin',
        'ToolResult',
      ])
        expect(readdirSync(join(dir, out)).length, out).toBeGreaterThan(0);
    },
    'kit-your-adapter': () => {
      const dir = join(scratch, 'kit');
      mkdirSync(dir, { recursive: true });
      // The placeholders a reader fills in: this repository's Python adapter stands for theirs.
      const adapter = `python3 ${join(ROOT, 'implementations', 'python', 'adapter.py')}`;
      const [first, everything, vectors] = docBlock('kit-your-adapter').commands;
      const fill = (c: string): string => c.replace('./your-adapter', adapter).replace('python3 path/to/your_adapter.py', adapter);
      for (const c of [first!, vectors!]) {
        const r = run(fill(c), dir);
        expect(r.code, `${c}\n${r.out}`).toBe(0);
      }
      expect(readdirSync(join(dir, 'vectors-out')).length).toBeGreaterThan(0);
      // "everything" is the whole kit, which test/implementations.test.ts runs against this adapter;
      // here the same command line runs one group, to show the line itself works as written.
      const r = run(fill(everything!).replace(' -- ', ' --only vector/egress -- '), dir);
      expect(r.code, r.out).toBe(0);
      expect(r.out).toMatch(/\d+ passed, 0 failed/);
    },
    'site-and-report': () => {
      const report = join(ROOT, '.tmp', 'doc-test');
      mkdirSync(report, { recursive: true });
      const k = run(`npm run conformance -- --only vector/egress --report-json ${join(report, 'report.json')}`, ROOT);
      expect(k.code, k.out).toBe(0);
      for (const c of docBlock('site-and-report').commands) {
        const r = run(c.replace('report.json', join(report, 'report.json')).replace('report.html', join(report, 'report.html')), ROOT);
        expect(r.code, `${c}\n${r.out}`).toBe(0);
      }
      expect(existsSync(join(ROOT, 'site-build', 'index.html'))).toBe(true);
      expect(readFileSync(join(report, 'report.html'), 'utf8')).toContain('<html');
    },
  };

  for (const name of ['inspect-example', 'generate-types', 'kit-your-adapter', 'site-and-report'])
    it(`runs the block marked doc-test: ${name}`, async () => {
      await RUNS[name]!();
    }, 300_000);
});
