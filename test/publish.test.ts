// The packages as their registries would get them, proven by the publishing tools' own dry runs
// (`npm run test:publish`, a part of `npm test` beside the other package tests), each by the lines
// of CONTRIBUTING.md's "Publishing" section (`<!-- publish-test: NAME -->` blocks):
// (a) the quiet install: the repository's `npm ci` (its dry run: npm's whole resolution, with the
//     engine check and the install-scripts policy, without unpacking) prints no warning; without
//     `allowScripts` it would (shown, so the check can fail);
// (b) npm: `npm publish --dry-run` of both tarballs is in test/package.test.ts, which packs them (one
//     build of dist/ at a time);
// (c) Python: PyPA's build (the sdist, then the wheel from the unpacked sdist), `twine check
//     --strict` on both, the sdist rebuilt into a wheel by itself, installed into a fresh venv and run;
//     the tools pinned with hashes (requirements/publish.txt, scripts/python-publish-tools.sh);
// (d) PHP: `composer validate --strict`, `composer archive`, and the archive installed as a package
//     from a Composer repository that serves it (Packagist disabled);
// (e) Go: go.mod's module path is this repository's (package.json's `repository`), `go mod verify`,
//     and a module outside the repository builds and runs the README's example through a `replace`.
// Each prints its package's name, version and size.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { later, readmeBlock, show, userEnv, type Ran } from './scratch-user.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// The Publishing section is a maintainer's: it stands in CONTRIBUTING.md, not in the user's README.
const README = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');
const VERSION = packageJson.version;
const tmp = mkdtempSync(join(tmpdir(), 'trp-publish-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }), 300_000); // a hang guard

// A user's shell at its default log level: none of the npm_* variables of the `npm test` that runs this file.
const env = userEnv({ npm_config_update_notifier: 'false' });
const GUARD = 900_000; // every limit here guards a hang only: builds and installs on a loaded machine

/** The shell lines of the README block after `<!-- publish-test: NAME -->`. */
function publishLines(name: string): string[] {
  const m = new RegExp(`<!-- publish-test: ${name} -->\\n\`\`\`sh\\n([\\s\\S]*?)\`\`\``).exec(README);
  if (!m) throw new Error(`CONTRIBUTING.md has no block marked publish-test: ${name}`);
  return m[1]!.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
}

const run = (line: string, cwd: string, extra: NodeJS.ProcessEnv = {}): Promise<Ran> => later('sh', ['-c', line], cwd, { ...env, ...extra }, GUARD);

/** npm's warnings and errors in an output: every `npm warn …`/`npm error …` line. */
const npmWarnings = (r: Ran): string[] => `${r.stdout}\n${r.stderr}`.split('\n').filter((l) => /^npm (warn|WARN|error|ERR)/.test(l));

function sizeLine(what: string, name: string, version: string, bytes: number, more = ''): void {
  process.stdout.write(`${what}: ${name} ${version}, ${bytes} bytes${more}\n`);
}

describe('(a) the quiet install', () => {
  const scratch = (name: string, manifest: Record<string, unknown>): string => {
    const dir = join(tmp, name);
    mkdirSync(dir);
    writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
    cpSync(join(ROOT, 'package-lock.json'), join(dir, 'package-lock.json'));
    return dir;
  };

  it(
    "the repository's npm ci prints no warning: no engine it does not meet, no unreviewed install script",
    async () => {
      const r = await run('npm ci --dry-run --no-audit --no-fund', scratch('ci', packageJson));
      expect(npmWarnings(r), show(r)).toEqual([]);
      expect(r.status, show(r)).toBe(0);
      expect(r.stdout.trim().split('\n').at(-1), show(r)).toMatch(/^added \d+ packages in /);
    },
    GUARD,
  );

  it(
    'without allowScripts it warns, naming the packages whose scripts run (so the check above can fail)',
    async () => {
      const { allowScripts, ...bare } = packageJson;
      const r = await run('npm ci --dry-run --no-audit --no-fund', scratch('ci-unreviewed', bare));
      const warned = npmWarnings(r).join('\n');
      for (const name of Object.keys(allowScripts)) expect(warned, show(r)).toContain(` ${name}@`);
      expect(warned).toMatch(/install-scripts/);
    },
    GUARD,
  );

  it(
    "the stacks' own project (stacks/npm) is what declares Node.js 22: its npm ci warns of the engines, on a Node.js before 22",
    async () => {
      const dir = join(tmp, 'stacks-ci');
      mkdirSync(dir);
      for (const f of ['package.json', 'package-lock.json']) cpSync(join(ROOT, 'stacks', 'npm', f), join(dir, f));
      const r = await run('npm ci --dry-run --no-audit --no-fund', dir);
      expect(r.status, show(r)).toBe(0);
      const engines = npmWarnings(r).filter((l) => /EBADENGINE +package: /.test(l));
      if (Number(process.versions.node.split('.')[0]) < 22) expect(engines.join('\n'), show(r)).toContain("package: 'ai@");
      else expect(engines.join('\n')).not.toContain("package: 'ai@");
    },
    GUARD,
  );
});

describe('(c) Python: the wheel and the sdist', () => {
  const src = join(tmp, 'python', 'implementations', 'python');
  const dist = join(tmp, 'python-dist');
  let tools: string;
  let built: Ran;
  let checked: Ran;
  let version: string;

  it(
    "the README's lines: PyPA's build makes the sdist, then the wheel from it; twine check --strict passes both",
    async () => {
      const lines = publishLines('python');
      expect(lines.at(-1)).toMatch(/^"\$tools\/bin\/twine" upload \.tmp\/python-dist\/\*$/);
      // The package's own files only, so whatever the build reads is inside this copy.
      mkdirSync(src, { recursive: true });
      const PACKAGE = join(ROOT, 'implementations', 'python');
      for (const f of ['pyproject.toml', 'README.md', 'LICENSE']) cpSync(join(PACKAGE, f), join(src, f));
      cpSync(join(PACKAGE, 'toolresult'), join(src, 'toolresult'), { recursive: true, filter: (p) => !p.includes('__pycache__') });
      const [made, build, check] = lines;
      expect(made).toBe('tools="$(scripts/python-publish-tools.sh)"');
      const t = await later('bash', [join(ROOT, 'scripts', 'python-publish-tools.sh')], ROOT, env, GUARD);
      expect(t.status, show(t)).toBe(0);
      tools = t.stdout.trim().split('\n').at(-1)!;
      const local = (line: string) =>
        line
          .replaceAll('"$tools', `"${tools}`)
          .replaceAll('.tmp/python-dist', dist)
          .replace(/ implementations\/python$/, ` ${src}`);
      built = await run(local(build!), ROOT);
      expect(built.status, show(built)).toBe(0);
      // The build says nothing is deprecated (setuptools' notices of the license form, for one).
      expect(
        `${built.stdout}\n${built.stderr}`.split('\n').filter((l) => /deprecat/i.test(l)),
        show(built),
      ).toEqual([]);
      // twine writes through rich, which wraps lines at 80 columns when it writes to no terminal.
      checked = await run(local(check!), ROOT, { COLUMNS: '1000' });
      expect(checked.status, show(checked)).toBe(0);
    },
    GUARD,
  );

  it('twine passed each file, with no warning', () => {
    const text = `${checked.stdout}\n${checked.stderr}`.replace(/\x1b\[[0-9;]*m/g, '');
    const files = readdirSync(dist).sort();
    version = /^toolresult_protocol-(.+)-py3-none-any\.whl$/.exec(files.find((f) => f.endsWith('.whl'))!)![1]!;
    expect(files).toEqual([`toolresult_protocol-${version}-py3-none-any.whl`, `toolresult_protocol-${version}.tar.gz`]);
    for (const f of files) expect(text).toContain(`Checking ${join(dist, f)}: PASSED\n`);
    expect(text).not.toMatch(/WARNING|FAILED|ERROR/);
    for (const f of files)
      sizeLine(f.endsWith('.whl') ? 'python wheel' : 'python sdist', 'toolresult-protocol', version, statSync(join(dist, f)).size, ` (${f})`);
  });

  it(
    'the sdist, unpacked, builds a wheel of the same files by itself, which installs into a fresh venv and runs',
    async () => {
      const sdist = join(dist, `toolresult_protocol-${version}.tar.gz`);
      const unpacked = join(tmp, 'sdist');
      mkdirSync(unpacked);
      const tar = spawnSync('tar', ['-xzf', sdist, '-C', unpacked], { encoding: 'utf8' });
      expect(tar.status, show(tar)).toBe(0);
      const rebuilt = join(tmp, 'rebuilt');
      const r = await later(
        join(tools, 'bin', 'python'),
        ['-m', 'build', '--wheel', '--no-isolation', '--outdir', rebuilt, join(unpacked, `toolresult_protocol-${version}`)],
        tmp,
        env,
        GUARD,
      );
      expect(r.status, show(r)).toBe(0);
      const wheel = `toolresult_protocol-${version}-py3-none-any.whl`;
      expect(readdirSync(rebuilt)).toEqual([wheel]);
      const names = (file: string) =>
        spawnSync('python3', ['-c', 'import sys, zipfile; print("\\n".join(sorted(zipfile.ZipFile(sys.argv[1]).namelist())))', file], { encoding: 'utf8' })
          .stdout;
      expect(names(join(rebuilt, wheel))).toBe(names(join(dist, wheel)));
      const venv = join(tmp, 'venv');
      const made = await later('python3', ['-m', 'venv', venv], tmp, env, GUARD);
      expect(made.status, show(made)).toBe(0);
      const pip = await later(
        join(venv, 'bin', 'python'),
        ['-m', 'pip', 'install', '--no-index', '--no-deps', '--disable-pip-version-check', join(rebuilt, wheel)],
        tmp,
        env,
        GUARD,
      );
      expect(pip.status, show(pip)).toBe(0);
      const ran = spawnSync(join(venv, 'bin', 'python'), ['-c', 'import toolresult; print(toolresult.__version__, toolresult.__file__)'], {
        cwd: tmp,
        env,
        encoding: 'utf8',
      });
      const [v, file] = ran.stdout.trim().split(' ');
      expect(v, show(ran)).toBe(VERSION);
      expect(file!.startsWith(join(venv, 'lib'))).toBe(true);
      expect(statSync(join(venv, 'bin', 'toolresult-python-adapter')).mode & 0o111).not.toBe(0);
    },
    GUARD,
  );
});

describe('(d) PHP: the Composer package', () => {
  const PACKAGE = join(ROOT, 'implementations', 'php');
  const dist = join(tmp, 'php-dist');
  let archive: string;

  it(
    "the README's lines: composer validate --strict is clean, composer archive makes the archive",
    async () => {
      const lines = publishLines('php');
      expect(lines).toHaveLength(2);
      const composerEnv = { COMPOSER_HOME: join(tmp, 'composer-home'), COMPOSER_CACHE_DIR: join(tmp, 'composer-cache'), COMPOSER_NO_INTERACTION: '1' };
      const validated = await run(lines[0]!, ROOT, composerEnv);
      expect(validated.status, show(validated)).toBe(0);
      expect(validated.stdout + validated.stderr).toMatch(/composer\.json is valid\n/);
      expect(validated.stdout + validated.stderr).not.toMatch(/warning/i);
      expect(lines[1]).toContain(`--file=toolresult-protocol-${VERSION}`);
      const made = await run(lines[1]!.replaceAll('.tmp/php-dist', dist), ROOT, composerEnv);
      expect(made.status, show(made)).toBe(0);
      archive = join(dist, `toolresult-protocol-${VERSION}.zip`);
      sizeLine('composer package', 'toolresult/toolresult-protocol', VERSION, statSync(archive).size, ' (composer archive, zip)');
    },
    GUARD,
  );

  it(
    'the archive installs as a package from a Composer repository that serves it (Packagist disabled), and its README example runs',
    async () => {
      // A Composer repository's packages.json, as Packagist serves a tag: the archive's own composer.json,
      // the version, and the archive as the dist.
      const repo = join(tmp, 'composer-repo');
      const app = join(tmp, 'composer-app');
      mkdirSync(repo);
      mkdirSync(app);
      const manifest = spawnSync('php', ['-r', '$z = new ZipArchive(); $z->open($argv[1]); echo $z->getFromName("composer.json");', archive], {
        encoding: 'utf8',
      });
      expect(manifest.status, show(manifest)).toBe(0);
      const pkg: Record<string, unknown> = {
        ...(JSON.parse(manifest.stdout) as Record<string, unknown>),
        version: VERSION,
        dist: { type: 'zip', url: `file://${archive}` },
      };
      expect(pkg.name).toBe('toolresult/toolresult-protocol');
      writeFileSync(join(repo, 'packages.json'), JSON.stringify({ packages: { [pkg.name as string]: { [VERSION]: pkg } } }));
      writeFileSync(
        join(app, 'composer.json'),
        JSON.stringify(
          { name: 'example/app', type: 'project', repositories: { 'packagist.org': false, toolresult: { type: 'composer', url: `file://${repo}` } } },
          null,
          4,
        ),
      );
      const composerEnv = { COMPOSER_HOME: join(tmp, 'composer-home'), COMPOSER_CACHE_DIR: join(tmp, 'composer-cache'), COMPOSER_NO_INTERACTION: '1' };
      const r = await run(`composer require --no-audit toolresult/toolresult-protocol:${VERSION}`, app, composerEnv);
      expect(r.status, show(r)).toBe(0);
      const installed = JSON.parse(readFileSync(join(app, 'vendor', 'composer', 'installed.json'), 'utf8')) as {
        packages: { name: string; version: string; dist: { type: string } }[];
      };
      expect(installed.packages.map((p) => [p.name, p.version, p.dist.type])).toEqual([['toolresult/toolresult-protocol', VERSION, 'zip']]);
      expect(statSync(join(app, 'vendor', 'bin', 'toolresult-php-adapter')).mode & 0o111).not.toBe(0);
      // What the archive leaves out (composer.json's archive.exclude) is not in the installed package.
      const files = readdirSync(join(app, 'vendor', 'toolresult', 'toolresult-protocol'));
      expect(files).not.toContain('tests');
      expect(files).toContain('src');
      const readme = join(PACKAGE, 'README.md');
      writeFileSync(join(app, 'example.php'), readmeBlock(readme, 'example'));
      const example = spawnSync('php', ['example.php'], { cwd: app, env, encoding: 'utf8' });
      expect(example.stderr, show(example)).toBe('');
      expect(example.stdout).toBe(readmeBlock(readme, 'output'));
    },
    GUARD,
  );
});

describe('(e) Go: the module', () => {
  const MODULE_DIR = join(ROOT, 'implementations', 'go');
  const repository = /^git\+https:\/\/(github\.com\/[\w.-]+\/[\w.-]+?)\.git$/.exec(packageJson.repository.url)?.[1];
  const modulePath = `${repository}/implementations/go`;
  const goEnv = { ...env, GOFLAGS: '-mod=mod' };

  it("go.mod's module path is this repository's path (package.json's repository) and its folder; every import of it uses that path", () => {
    expect(repository).toBeDefined();
    const goMod = readFileSync(join(MODULE_DIR, 'go.mod'), 'utf8');
    expect(/^module (\S+)$/m.exec(goMod)?.[1]).toBe(modulePath);
    // The other packages' source URLs name the same repository.
    expect(readFileSync(join(ROOT, 'implementations', 'python', 'pyproject.toml'), 'utf8')).toContain(
      `Source = "https://${repository}/tree/main/implementations/python"`,
    );
    const composer = JSON.parse(readFileSync(join(ROOT, 'implementations', 'php', 'composer.json'), 'utf8')) as { support: { source: string } };
    expect(composer.support.source).toBe(`https://${repository}/tree/main/implementations/php`);
    const imports = readdirSync(MODULE_DIR, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('.go'))
      .flatMap((e) => [...readFileSync(join(e.parentPath, e.name), 'utf8').matchAll(/"(github\.com\/toolresult[^"]*)"/g)].map((m) => m[1]!));
    expect(imports.length).toBeGreaterThan(10);
    expect(imports.filter((i) => i !== modulePath && !i.startsWith(`${modulePath}/`))).toEqual([]);
  });

  it(
    "the README's lines: go mod verify finds every dependency as go.sum records it",
    async () => {
      const lines = publishLines('go');
      expect(lines[0]).toBe('(cd implementations/go && go mod verify)');
      expect(lines[1]).toBe(`git tag implementations/go/v${VERSION}`);
      const r = await run(lines[0]!, ROOT, goEnv);
      expect(r.stdout, show(r)).toBe('all modules verified\n');
      expect(r.status).toBe(0);
    },
    GUARD,
  );

  it(
    'a module outside the repository builds the README example through a replace, and prints what the README says',
    async () => {
      const readme = join(MODULE_DIR, 'README.md');
      const app = join(tmp, 'go-app');
      mkdirSync(app);
      const lines = readmeBlock(readme, 'replace').trim().split('\n');
      expect(lines).toEqual([`require ${modulePath} v0.0.0`, `replace ${modulePath} => /path/to/checkout/implementations/go`]);
      writeFileSync(
        join(app, 'go.mod'),
        `module example.com/billing\n\ngo 1.26.0\n\n${lines.join('\n').replace('/path/to/checkout/implementations/go', MODULE_DIR)}\n`,
      );
      const use = readmeBlock(readme, 'use');
      const wantWire = /^wire, _ := .*\n\/\/ (\{.*\})$/m.exec(use)?.[1];
      expect(wantWire).toBeDefined();
      const body = use
        .split('\n')
        .map((l) => `\t${l}`)
        .join('\n');
      writeFileSync(
        join(app, 'main.go'),
        `package main\n\nimport (\n\t"context"\n\t"encoding/json"\n\t"fmt"\n\n\ttoolresult "${modulePath}"\n)\n\nfunc main() {\n${body}\n\t_, _ = err, entry\n\ttext, _ := json.Marshal(wire)\n\tfmt.Println(string(text))\n}\n`,
      );
      const tidy = await run('go mod tidy && go build -o billing . && ./billing', app, goEnv);
      expect(tidy.status, show(tidy)).toBe(0);
      const [printed, wire] = tidy.stdout.trim().split('\n');
      expect(printed).toMatch(/^Bounded\{isError: false, contentOctets: 49, structured: true, /);
      expect(wire).toBe(wantWire);
      const files = spawnSync('git', ['ls-files', '-z', '.'], { cwd: MODULE_DIR, encoding: 'utf8' })
        .stdout.split('\0')
        .filter((f) => f !== '');
      const bytes = files.reduce((n, f) => n + statSync(join(MODULE_DIR, f)).size, 0);
      sizeLine('go module', modulePath, `v${VERSION}`, bytes, ` (the ${files.length} files git tracks under implementations/go)`);
    },
    GUARD,
  );
});
