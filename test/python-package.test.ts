// The Python implementation as a user gets it (implementations/python):
// (a) Debian's mypy --strict finds nothing in the package;
// (b) a wheel and an sdist are built offline from a copy of the package's own files, with the
//     pinned packaging tools (requirements/publish.txt: PyPA's build, setuptools and wheel, hashed, in
//     the venv of scripts/python-publish-tools.sh; --no-isolation): names, metadata,
//     version (package.json's, in its PEP 440 form), py.typed, the console script, no test file;
// (c) the README's install lines put the wheel into a fresh venv of the `python3` on the PATH, with the
//     sources deleted first; the README's example prints what the README says, the installed package
//     holds no path into the repository and no sys.path edit, and its types reach a consumer (PEP 561);
// (d) the README's kit line: the whole kit, every group, nothing skipped, against the installed
//     `toolresult-python-adapter`.
// `npm test` runs this file as a part of its own after the main vitest run (`npm run
// test:python-package`): it builds, installs and runs the kit, and would slow the main run's
// timing-sensitive adapter tests.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { expectAllRan, later, readmeBlock, readmeLines, runLines, show, userEnv, type Ran, expectReadmeKitLinePasses } from './scratch-user.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PACKAGE = join(ROOT, 'implementations', 'python');
const README = join(PACKAGE, 'README.md');
// Debian's interpreter has mypy and packaging (.ci/setup.d/20-python-package.sh; the build runs in the
// pinned tools' venv, .ci/setup.d/23-python-publish.sh); the
// venv is made by the `python3` first on the PATH, as a user's would be.
const DEBIAN_PYTHON = '/usr/bin/python3';
const tmp = mkdtempSync(join(tmpdir(), 'trp-python-package-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const env = userEnv({ PIP_NO_INDEX: '1', PIP_DISABLE_PIP_VERSION_CHECK: '1', PIP_NO_CACHE_DIR: '1' });
const py = (code: string, ...args: string[]): Ran => spawnSync(DEBIAN_PYTHON, ['-c', code, ...args], { env, encoding: 'utf8' });

/** package.json's version as PEP 440 writes it (1.0.0-alpha.2 -> 1.0.0a2), by `packaging` itself. */
function pep440(version: string): string {
  const r = py('import sys; from packaging.version import Version; print(Version(sys.argv[1]))', version);
  expect(r.status, show(r)).toBe(0);
  return r.stdout.trim();
}

/** Every file under `dir`, relative to `base`, without bytecode caches. */
function filesUnder(dir: string, base: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.parentPath.split(/[\\/]/).includes('__pycache__'))
    .map((e) => relative(base, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();
}

const src = join(tmp, 'src');
const dist = join(tmp, 'dist');
const user = join(tmp, 'user');
let version: string;
let built: Promise<Ran>;
let typed: Promise<Ran>;

beforeAll(() => {
  version = pep440(packageJson.version);
  // The package's own files only: whatever the build reads is inside this copy.
  mkdirSync(src);
  for (const f of ['pyproject.toml', 'README.md', 'LICENSE']) cpSync(join(PACKAGE, f), join(src, f));
  cpSync(join(PACKAGE, 'toolresult'), join(src, 'toolresult'), { recursive: true, filter: (p) => !p.includes('__pycache__') });
  // The packaging tools' venv (made by .ci/setup; here when missing), as test/publish.test.ts uses it.
  const tools = spawnSync('bash', [join(ROOT, 'scripts', 'python-publish-tools.sh')], { env: userEnv(), encoding: 'utf8' });
  expect(tools.status, show(tools)).toBe(0);
  built = later(join(tools.stdout.trim(), 'bin', 'python'), ['-m', 'build', '--no-isolation', '--outdir', dist, src], tmp, env);
  typed = later(DEBIAN_PYTHON, ['-m', 'mypy', '--strict', '--cache-dir', '/dev/null', '-p', 'toolresult'], PACKAGE, env);
}, 600_000); // a hang guard: the tools' venv is made here when .ci/setup has not made it

describe('(a) the strict type check', () => {
  it('Debian mypy --strict finds nothing in the package (toolresult, the kit adapter included)', async () => {
    const r = await typed;
    expect(r.stdout, show(r)).toMatch(/^Success: no issues found in \d+ source files\n$/);
    expect(r.status).toBe(0);
  }, 300_000);
});

describe('(b) the wheel and the sdist', () => {
  let wheel: string;
  let sdist: string;
  beforeAll(async () => {
    const r = await built;
    expect(r.status, show(r)).toBe(0);
    const out = readdirSync(dist).sort();
    expect(out).toHaveLength(2);
    wheel = join(dist, out.find((f) => f.endsWith('.whl'))!);
    sdist = join(dist, out.find((f) => f.endsWith('.tar.gz'))!);
    process.stdout.write(
      `python wheel: ${relative(dist, wheel)}, ${statSync(wheel).size} bytes; sdist: ${relative(dist, sdist)}, ${statSync(sdist).size} bytes\n`,
    );
  }, 300_000);

  it('are named for toolresult-protocol at the PEP 440 form of package.json version, as the root README says', () => {
    expect(relative(dist, wheel)).toBe(`toolresult_protocol-${version}-py3-none-any.whl`);
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(`\`pip install ${relative(dist, wheel)}\``);
    expect(relative(dist, sdist)).toMatch(new RegExp(`^toolresult[-_]protocol-${version.replace(/\./g, '\\.')}\\.tar\\.gz$`));
  });

  it('the wheel: every module of the package, py.typed, the console script, metadata; no test, no top-level name but toolresult', () => {
    const r = py(
      [
        'import json, sys, zipfile',
        'z = zipfile.ZipFile(sys.argv[1])',
        'info = [n for n in z.namelist() if ".dist-info/" in n]',
        'read = lambda end: z.read(next(n for n in info if n.endswith(end))).decode()',
        'print(json.dumps({"names": z.namelist(), "metadata": read("/METADATA"), "entry_points": read("/entry_points.txt")}))',
      ].join('\n'),
      wheel,
    );
    expect(r.status, show(r)).toBe(0);
    const w = JSON.parse(r.stdout) as { names: string[]; metadata: string; entry_points: string };
    const modules = w.names.filter((n) => !n.includes('.dist-info/')).sort();
    // Every file of the package's folder is in the wheel (a new subpackage is not left out), and nothing else.
    expect(modules).toEqual(filesUnder(join(PACKAGE, 'toolresult'), PACKAGE));
    expect(modules).toContain('toolresult/py.typed');
    expect(w.names.filter((n) => /(^|\/)tests?\/|test_/.test(n))).toEqual([]);
    const header = (key: string) =>
      w.metadata
        .split('\n')
        .filter((l) => l.startsWith(`${key}: `))
        .map((l) => l.slice(key.length + 2));
    expect(header('Name')).toEqual(['toolresult-protocol']);
    expect(header('Version')).toEqual([version]);
    expect(header('Requires-Python')).toEqual(['>=3.11']);
    expect(header('License-Expression')).toEqual([packageJson.license]);
    expect(header('License-File')).toEqual(['LICENSE']);
    // The core needs nothing but the standard library; every requirement is an extra's: postgres
    // brings the PostgreSQL ledger's driver (toolresult.postgres_ledger), each stack integration its
    // stack (pyproject.toml). setuptools writes the marker with either quote.
    expect(header('Provides-Extra').sort()).toEqual(['google-adk', 'langchain', 'openai-agents', 'postgres', 'pydantic-ai', 'strands']);
    const requires = header('Requires-Dist');
    expect(requires.filter((d) => !/;\s*extra == ["'](langchain|openai-agents|pydantic-ai|google-adk|strands|postgres)["']$/.test(d))).toEqual([]);
    expect(requires.filter((d) => /extra == ["']postgres["']$/.test(d))).toEqual([expect.stringMatching(/^psycopg\[binary\]/)]);
    expect(header('Classifier')).toContain('Typing :: Typed');
    expect(w.entry_points.trim()).toBe('[console_scripts]\ntoolresult-python-adapter = toolresult.kit_adapter.cli:main');
  });

  it('the sdist: pyproject.toml, README, LICENSE and the package; no test', () => {
    const r = py('import sys, tarfile; print("\\n".join(tarfile.open(sys.argv[1]).getnames()))', sdist);
    expect(r.status, show(r)).toBe(0);
    const names = r.stdout
      .trim()
      .split('\n')
      .map((n) => n.replace(/^[^/]+\//, ''));
    for (const n of ['pyproject.toml', 'README.md', 'LICENSE', 'toolresult/__init__.py', 'toolresult/py.typed', 'toolresult/kit_adapter/cli.py'])
      expect(names).toContain(n);
    expect(names.filter((n) => /(^|\/)tests?\/|test_/.test(n))).toEqual([]);
  });

  it("the LICENSE beside pyproject.toml is the repository's", () => {
    expect(readFileSync(join(PACKAGE, 'LICENSE'), 'utf8')).toBe(readFileSync(join(ROOT, 'LICENSE'), 'utf8'));
  });
});

describe('(c) a project that installs the wheel by the README', () => {
  let venvPython: string;
  beforeAll(async () => {
    expect((await built).status).toBe(0);
    const wheel = readdirSync(dist).find((f) => f.endsWith('.whl'))!;
    const lines = readmeLines(README, 'install');
    // The README names the wheel this version builds; the test installs that file from where it was built.
    expect(lines.filter((l) => l.includes('.whl'))).toEqual([`.venv/bin/pip install ${wheel}`]);
    rmSync(src, { recursive: true }); // no source left to fall back on: only the wheel
    mkdirSync(user);
    cpSync(join(dist, wheel), join(user, wheel));
    expectAllRan(await runLines(lines, user, env), lines.length);
    venvPython = join(user, '.venv', 'bin', 'python');
  }, 300_000);

  it('the README example prints exactly what the README documents', () => {
    writeFileSync(join(user, 'example.py'), readmeBlock(README, 'example'));
    const r = spawnSync(venvPython, ['example.py'], { cwd: user, env, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(readmeBlock(README, 'output'));
    expect(r.status).toBe(0);
  });

  it('the README two lines of a durable ledger: a second process replays what the first ran, from the installed wheel', () => {
    const program = [
      'import sys',
      'from toolresult import ToolResult',
      readmeBlock(README, 'durable'),
      'result, replayed = execute_tool_call("call-1", lambda: ToolResult.text("ran in " + sys.argv[1]), ledger)',
      'ledger.close()',
      'print(result.content, replayed)',
      '',
    ].join('\n');
    writeFileSync(join(user, 'durable.py'), program);
    const first = spawnSync(venvPython, ['durable.py', 'process-1'], { cwd: user, env, encoding: 'utf8' });
    expect(first.stderr, show(first)).toBe('');
    expect(first.stdout).toBe('ran in process-1 False\n');
    const second = spawnSync(venvPython, ['durable.py', 'process-2'], { cwd: user, env, encoding: 'utf8' });
    expect(second.stderr, show(second)).toBe('');
    expect(second.stdout).toBe('ran in process-1 True\n');
  });

  it('imports from the venv, at the version of package.json; the installed files reach nowhere outside the package', () => {
    const r = spawnSync(venvPython, ['-c', 'import json, toolresult; print(json.dumps([toolresult.__file__, toolresult.__version__]))'], {
      cwd: user,
      env,
      encoding: 'utf8',
    });
    expect(r.status, show(r)).toBe(0);
    const [file, installed] = JSON.parse(r.stdout) as [string, string];
    expect(file.startsWith(`${join(user, '.venv')}/`)).toBe(true);
    expect(installed).toBe(packageJson.version);
    const installedDir = join(file, '..');
    const sources = filesUnder(installedDir, installedDir).filter((f) => f.endsWith('.py'));
    expect(sources.length).toBeGreaterThan(30);
    const reaching = sources.filter((f) => {
      const text = readFileSync(join(installedDir, f), 'utf8');
      return /\bsys\.path\b|implementations[\\/]|\.\.[\\/]\.\.|PYTHONPATH/.test(text) || text.includes(ROOT);
    });
    expect(reaching).toEqual([]);
  });

  it('its types reach a consumer (PEP 561): a typed use checks under --strict, a wrong one is reported', () => {
    writeFileSync(
      join(user, 'consumer.py'),
      [
        'from toolresult import BoundOptions, BoundedResult, ToolResult, bound, wire_message',
        'from toolresult.generated_types import WireMessage',
        '',
        'result: BoundedResult = bound(ToolResult.text("hi", structured={"ok": True}), BoundOptions(content_budget=4096))',
        'message: WireMessage = wire_message(result)',
        'flag: bool = message["isError"]',
        '',
      ].join('\n'),
    );
    writeFileSync(join(user, 'broken.py'), 'from toolresult import BoundOptions\n\noptions = BoundOptions(content_budget="a lot")\n');
    const mypy = (file: string) =>
      spawnSync(DEBIAN_PYTHON, ['-m', 'mypy', '--strict', '--cache-dir', '/dev/null', '--python-executable', venvPython, file], {
        cwd: user,
        env,
        encoding: 'utf8',
      });
    const ok = mypy('consumer.py');
    expect(ok.stdout, show(ok)).toMatch(/^Success: no issues found in 1 source file\n$/);
    const bad = mypy('broken.py');
    expect(bad.status, show(bad)).toBe(1);
    const errors = bad.stdout.split('\n').filter((l) => l.includes(': error: '));
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((l) => l.startsWith('broken.py:3:'))).toBe(true);
  });

  it('(d) the README kit line: every group passes against the installed toolresult-python-adapter, nothing skipped', async () => {
    await expectReadmeKitLinePasses({
      readme: README,
      adapter: '.venv/bin/toolresult-python-adapter',
      adapterName: 'toolresult-python',
      version: packageJson.version,
      root: ROOT,
      cwd: user,
      reportDir: tmp,
      env,
    });
  }, 600_000);
});

describe('(e) the stack integrations by the README: the wheel with its extras in a fresh venv', () => {
  const stacks = join(tmp, 'stacks');
  let python: string;
  beforeAll(async () => {
    expect((await built).status).toBe(0);
    const wheel = readdirSync(dist).find((f) => f.endsWith('.whl'))!;
    const lines = readmeLines(README, 'stacks-install');
    expect(lines).toEqual([
      '.venv/bin/pip install --require-hashes --no-deps -r requirements/integrations.txt',
      `.venv/bin/pip install '${wheel}[langchain,openai-agents,pydantic-ai,google-adk,strands]'`,
    ]);
    // The README's first line, offline: the venv of `npm run test:python-integrations` holds exactly
    // that file's pins (made here if missing); a fresh venv sees them through a .pth file, so that
    // pip finds every requirement of the extras satisfied and installs only the wheel, from the file.
    const pinned = await later('bash', [join(ROOT, 'scripts', 'python-integrations.sh'), '--print'], ROOT, userEnv());
    expect(pinned.status, show(pinned)).toBe(0);
    const site = spawnSync(join(pinned.stdout.trim(), 'bin', 'python'), ['-c', 'import sysconfig; print(sysconfig.get_path("purelib"))'], { encoding: 'utf8' });
    mkdirSync(stacks);
    cpSync(join(dist, wheel), join(stacks, wheel));
    expectAllRan(await runLines(['python3 -m venv .venv'], stacks, env), 1);
    const own = spawnSync(join(stacks, '.venv', 'bin', 'python'), ['-c', 'import sysconfig; print(sysconfig.get_path("purelib"))'], { encoding: 'utf8' });
    writeFileSync(join(own.stdout.trim(), 'pinned-stacks.pth'), `${site.stdout.trim()}\n`);
    expectAllRan(await runLines([lines[1]!], stacks, env), 1);
    python = join(stacks, '.venv', 'bin', 'python');
    writeFileSync(join(stacks, 'server.py'), readmeBlock(README, 'stack-server'));
  }, 600_000);

  it.each(['langchain', 'openai-agents', 'pydantic-ai', 'google-adk', 'strands'])(
    'the %s example prints what the README documents, from the installed wheel',
    async (stack) => {
      writeFileSync(join(stacks, 'agent.py'), readmeBlock(README, `stack-${stack}`));
      const r = await later(python, ['agent.py'], stacks, env, 300_000);
      expect(r.stdout, show(r)).toBe(readmeBlock(README, 'stack-output'));
      expect(r.status).toBe(0);
      const where = spawnSync(python, ['-c', 'import toolresult.integrations.seam_call as m; print(m.__file__)'], { cwd: stacks, env, encoding: 'utf8' });
      expect(where.stdout.startsWith(`${join(stacks, '.venv')}/`), show(where)).toBe(true);
    },
    300_000,
  );
});
