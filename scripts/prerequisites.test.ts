// npm test's first step (scripts/prerequisites.ts): on a machine stripped of the toolchains it stops
// within seconds with one screen that names every missing tool and the one command that installs
// them all; with them present it says so and lets the run go on; its list names real tests.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { INSTALL_ALL, TOOLS, compareVersions, missingReport, missingTools, stackEnginesNote, stackPackagesBeyond, type Machine } from './prerequisites.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'trp-prerequisites-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A PATH directory holding only the named programs: real ones by link, fakes as shell scripts. */
function binDir(name: string, links: Record<string, string>, fakes: Record<string, string> = {}): string {
  const dir = join(tmp, name);
  mkdirSync(dir);
  for (const [n, target] of Object.entries(links)) symlinkSync(target, join(dir, n));
  for (const [n, body] of Object.entries(fakes)) {
    writeFileSync(join(dir, n), `#!/bin/sh\n${body}\n`);
    chmodSync(join(dir, n), 0o755);
  }
  return dir;
}

// The interpreter itself, not a version manager's shim that needs the manager on the PATH.
const python = (): string => spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).stdout.trim();

/** The word a test that needs the tool contains (the language a type test names). */
const USES: Record<string, string> = {
  python3: 'python',
  php: 'php',
  phpunit: 'phpunit',
  composer: 'composer',
  "debian's": 'python',
  go: 'go',
  cargo: 'rust',
  javac: 'java',
  chromium: 'chromium',
  postgresql: 'postgres',
};

describe('npm test checks its prerequisites first', () => {
  it('is the first step of npm test, and npm run setup installs through .ci/setup', () => {
    expect(packageJson.scripts.test.startsWith('npm run prerequisites && ')).toBe(true);
    expect(packageJson.scripts.prerequisites).toBe('tsx scripts/prerequisites.ts');
    expect(INSTALL_ALL).toBe('npm run setup');
    expect(packageJson.scripts.setup).toBe('.ci/setup');
    expect(readFileSync(join(ROOT, '.ci', 'run'), 'utf8')).toMatch(/^\.ci\/setup$/m);
  });

  it('stops within 30 s, before running anything, with every missing tool on one screen (PATH without php, go, chromium, PostgreSQL, cargo)', () => {
    const bin = binDir('stripped', { node: process.execPath });
    const env = {
      PATH: bin,
      HOME: tmp,
      TOOLRESULT_PG_BIN: join(tmp, 'no-postgres'),
      CHROMIUM_PATH: join(tmp, 'no-chromium'),
      TOOLRESULT_SYSTEM_PYTHON: join(tmp, 'no-system-python'),
    };
    // The 30 s is the script's promise to a newcomer (it stops before anything long runs), and the
    // margin is ten-fold: 3.1 s measured at load 32 on 2 cores, most of it starting tsx.
    const t0 = Date.now();
    const r = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(ROOT, 'scripts', 'prerequisites.ts')], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    const seconds = (Date.now() - t0) / 1000;
    process.stdout.write(`prerequisites stop path: ${seconds.toFixed(1)} s\n`);
    expect(r.error, 'did not stop within 30 s').toBeUndefined();
    expect(r.status).toBe(1);
    expect(seconds).toBeLessThan(30);
    const screen = r.stderr.trimEnd().split('\n');
    // Two lines a tool and six around them: ten tools are 26 lines, what a terminal shows at once.
    expect(screen.length).toBeLessThanOrEqual(26);
    for (const tool of TOOLS) expect(r.stderr).toContain(`  ${tool.name}: `);
    for (const word of [
      'no php on the PATH',
      'no phpunit',
      'no go, gofmt',
      'no cargo, rustc',
      'no javac, java on the PATH',
      'no-chromium (CHROMIUM_PATH)',
      'no initdb, pg_ctl, postgres in',
      'test/types/go.test.ts',
      'npm run test:php',
      'site/site.browser.test.ts',
    ]) {
      expect(r.stderr).toContain(word);
    }
    expect(screen.filter((l) => l.trim() === INSTALL_ALL)).toHaveLength(1);
    expect(r.stdout).toBe('');
  }, 40_000);

  it('passes when every tool is there, and names the one that is not (php without mbstring)', () => {
    const pg = join(tmp, 'pg', '15', 'bin');
    mkdirSync(pg, { recursive: true });
    for (const b of ['initdb', 'pg_ctl', 'postgres']) writeFileSync(join(pg, b), '');
    const registry = join(tmp, 'registry');
    for (const c of ['serde-1.0.0', 'serde_json-1.0.0', 'serde_derive-1.0.0']) mkdirSync(join(registry, c), { recursive: true });
    const fakes = {
      php: 'exit 0',
      phpunit: 'exit 0',
      composer: 'exit 0',
      phpcs: 'exit 0',
      'system-python': 'exit 0',
      go: 'echo go99.0.0',
      gofmt: 'exit 0',
      cargo: 'exit 0',
      rustc: 'exit 0',
      chromium: 'exit 0',
      javac: 'echo javac 17.0.15',
      java: 'exit 0',
    };
    const kotlin = join(tmp, 'kotlin');
    mkdirSync(kotlin);
    writeFileSync(join(kotlin, '.complete'), '');
    const machine = (bin: string): Machine => ({
      env: { PATH: bin, CHROMIUM_PATH: join(bin, 'chromium'), TOOLRESULT_SYSTEM_PYTHON: join(bin, 'system-python') },
      postgresRoot: join(tmp, 'pg'),
      cargoRegistry: registry,
      kotlinHome: kotlin,
      isRoot: true,
      passwd: 'root:x:0:0::/root:/bin/sh\npostgres:x:105:111::/var/lib/postgresql:/bin/bash\n',
    });
    const full = binDir('full', { python3: python() }, fakes);
    expect(missingTools(machine(full)).map((m) => m.tool.name)).toEqual([]);
    const noMbstring = binDir('no-mbstring', { python3: python() }, { ...fakes, php: 'exit 3' });
    const missing = missingTools(machine(noMbstring));
    expect(missing.map((m) => m.why)).toEqual(['php has no mbstring extension']);
    expect(missingReport(missing)).toContain('php-cli php-mbstring');
    expect(missingTools({ ...machine(full), passwd: 'root:x:0:0::/root:/bin/sh\n' }).map((m) => m.why)).toEqual([
      'running as root, and no postgres user to start the server as',
    ]);
    // A Go older than go.mod's line is named with both versions, as missing.
    const oldGo = binDir('old-go', { python3: python() }, { ...fakes, go: 'echo go1.2.0' });
    expect(missingTools(machine(oldGo)).map((m) => m.why)).toEqual([expect.stringMatching(/^go 1\.2\.0 is older than the \d+(\.\d+)* that go\.mod needs$/)]);
    expect(compareVersions('1.9', '1.19')).toBeLessThan(0);
    expect(compareVersions('1.26.8', '1.25')).toBeGreaterThan(0);
    expect(missingTools({ ...machine(full), cargoRegistry: join(tmp, 'none') }).map((m) => m.why)).toEqual([
      `no serde, serde_json, serde_derive in ${join(tmp, 'none')}`,
    ]);
    // A JDK older than 17, and a Kotlin compiler whose fetch did not finish, are each named.
    const oldJdk = binDir('old-jdk', { python3: python() }, { ...fakes, javac: 'echo javac 11.0.2' });
    expect(missingTools(machine(oldJdk)).map((m) => m.why)).toEqual(['javac 11 is older than 17']);
    expect(missingTools({ ...machine(full), kotlinHome: join(tmp, 'none') }).map((m) => m.why)).toEqual([
      expect.stringMatching(/^no Kotlin compiler 2\.4\.21 at .*none \(\.complete\)$/),
    ]);
  });

  it('every row names test files that exist and use the tool, and a setup file that installs its packages', () => {
    for (const tool of TOOLS) {
      const setup = readFileSync(join(ROOT, tool.setup), 'utf8');
      for (const pkg of tool.packages.split(' '))
        expect(setup, `${tool.setup} installs ${pkg}`).toMatch(new RegExp(`install\\b.*\\s${pkg.replace(/[.+]/g, '\\$&')}([\\s;]|$)`, 'm'));
      for (const user of tool.neededBy) {
        if (user.startsWith('npm run ')) {
          expect(Object.keys(packageJson.scripts), user).toContain(user.slice('npm run '.length));
          continue;
        }
        expect(existsSync(join(ROOT, user)), user).toBe(true);
        const word = USES[tool.name.split(/[ ,(]/)[0]!.toLowerCase()]!;
        expect(readFileSync(join(ROOT, user), 'utf8').toLowerCase(), `${user} uses ${word}`).toContain(word);
      }
    }
  });
});

describe('the Node.js the stacks declare (README: "npm run prerequisites lists which")', () => {
  const lock = {
    packages: {
      '': { dependencies: { ai: '7.0.0', zod: '4.0.0', '@mastra/core': '1.0.0', odd: '1.0.0' } },
      'node_modules/ai': { engines: { node: '>=22' } },
      'node_modules/zod': {},
      'node_modules/@mastra/core': { engines: { node: '>=22.13.0' } },
      'node_modules/odd': { engines: { node: '^20.20.0 || >=22.22.0' } },
      'node_modules/deep-dependency': { engines: { node: '>=24' } },
    },
  };

  it('names the direct stack packages whose engines exclude the running Node.js, and only those', () => {
    expect(stackPackagesBeyond('20.20.2', lock)).toEqual(['@mastra/core', 'ai']);
    expect(stackPackagesBeyond('22.12.0', lock)).toEqual(['@mastra/core', 'odd']);
    expect(stackPackagesBeyond('22.22.0', lock)).toEqual([]);
  });

  it("reads stacks/npm's lockfile: on Node.js 20 it names packages that are there and declare 22 or later; on 24 nothing", () => {
    const path = join(ROOT, 'stacks', 'npm', 'package-lock.json');
    const note = stackEnginesNote('20.19.0', path);
    expect(note).toMatch(/declare a newer Node\.js in their engines \(.+\)/);
    const real = JSON.parse(readFileSync(path, 'utf8')) as { packages: Record<string, { engines?: { node?: string } }> };
    for (const name of /\(([^)]+)\)/.exec(note!)![1]!.split(', ')) expect(real.packages[`node_modules/${name}`]?.engines?.node, name).toMatch(/>=\s*22/);
    expect(stackEnginesNote('24.0.0', path)).toBeUndefined();
  });
});
