// The PHP implementation as a user gets it (implementations/php):
// (a) `composer validate --strict` is clean;
// (b) Debian's PHP_CodeSniffer finds nothing against PSR-12 in the package's code (src, kit, generated,
//     the bin, adapter.php), but for the one misreading PHPCS 3.7.1 makes on PHP 8.2's `readonly class`;
// (c) the package folder, copied out of the repository without its hand-written autoloader, is
//     installed into a scratch project (Packagist disabled) by the README's own Composer lines; the
//     README's example prints what the README says, with Composer's autoloader;
// (d) the README's kit line: the whole kit, every group, nothing skipped, against the installed
//     vendor/bin/toolresult-php-adapter.
// `npm test` runs this file as a part of its own (`npm run test:php-package`), after the main vitest run.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { misreadReadonlyClass, phpcsPackage, type PhpcsReport } from '../scripts/phpcs-psr12.ts';
import { expectAllRan, readmeBlock, readmeLines, runLines, show, userEnv, expectReadmeKitLinePasses } from './scratch-user.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PACKAGE = join(ROOT, 'implementations', 'php');
const README = join(PACKAGE, 'README.md');
const NAME = 'toolresult/toolresult-protocol';
const tmp = mkdtempSync(join(tmpdir(), 'trp-php-package-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// A fresh Composer: its own home and cache, no prompt.
const env = userEnv({ COMPOSER_HOME: join(tmp, 'composer-home'), COMPOSER_CACHE_DIR: join(tmp, 'composer-cache'), COMPOSER_NO_INTERACTION: '1' });

describe('(a) composer validate', () => {
  it('--strict: valid, no warning', () => {
    const r = spawnSync('composer', ['validate', '--strict'], { cwd: PACKAGE, env, encoding: 'utf8' });
    expect(r.status, show(r)).toBe(0);
    expect(r.stdout + r.stderr).toMatch(/composer\.json is valid\n/);
    expect(r.stdout + r.stderr).not.toMatch(/warning/i);
  });
});

describe('(b) PHP_CodeSniffer, PSR-12', () => {
  it('phpcs --standard=PSR12 src kit generated bin adapter.php: no finding', () => {
    const r = phpcsPackage(PACKAGE, env);
    process.stdout.write(`phpcs PSR-12: ${r.checked} files, ${r.findings.length} findings (${r.misread} readonly-class misreadings of PHPCS 3.7.1 left out)\n`);
    expect(r.stderr).toBe('');
    expect(r.findings).toEqual([]);
    expect(r.checked).toBeGreaterThan(150);
  }, 120_000);

  it('the filter leaves out the readonly-class misreading only: a real side effect beside a readonly class is reported', () => {
    const dir = join(tmp, 'phpcs-probe');
    mkdirSync(dir);
    const klass =
      '<?php\n\ndeclare(strict_types=1);\n\nnamespace Probe;\n\nfinal readonly class A\n{\n    public function __construct(public int $x)\n    {\n    }\n}\n';
    writeFileSync(join(dir, 'A.php'), klass);
    writeFileSync(join(dir, 'B.php'), klass.replace('final readonly class A', "echo 'side effect';\n\nfinal readonly class B"));
    const r = spawnSync('phpcs', ['--standard=PSR12', '--report=json', 'A.php', 'B.php'], { cwd: dir, env, encoding: 'utf8' });
    const report = JSON.parse(r.stdout) as PhpcsReport;
    const kept = Object.entries(report.files).flatMap(([file, { messages }]) =>
      messages.filter((m) => !misreadReadonlyClass(file.startsWith('/') ? file : join(dir, file), m)).map(() => file),
    );
    expect(kept.map((f) => f.replace(/.*\//, ''))).toEqual(['B.php']);
  });
});

describe('(c) a project that installs the package with Composer by the README', () => {
  const checkout = join(tmp, 'toolresult-protocol', 'implementations', 'php');
  const app = join(tmp, 'app');
  let lines: string[];
  beforeAll(async () => {
    // The package folder as a checkout has it, outside the repository, without the autoloader written
    // for the repository's own tests: whatever runs below is loaded by Composer.
    cpSync(PACKAGE, checkout, { recursive: true });
    rmSync(join(checkout, 'src', 'autoload.php'));
    mkdirSync(app);
    writeFileSync(join(app, 'composer.json'), JSON.stringify({ name: 'example/app', type: 'project', repositories: { 'packagist.org': false } }, null, 4));
    lines = readmeLines(README, 'install');
    // The README's lines name the path this layout has and the version of package.json.
    expect(lines.every((l) => l.startsWith('composer '))).toBe(true);
    expect([...lines.join('\n').matchAll(/\d+\.\d+\.\d+[-\w.]*/g)].map((m) => m[0])).toEqual([packageJson.version, packageJson.version]);
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(`\`composer require ${NAME}:${packageJson.version}\``);
    expectAllRan(await runLines(lines, app, env), lines.length);
  }, 300_000);

  it('Composer records the package at the version of package.json, with its autoload and its bin', () => {
    const installed = JSON.parse(readFileSync(join(app, 'vendor', 'composer', 'installed.json'), 'utf8')) as {
      packages: { name: string; version: string; autoload: Record<string, unknown>; bin?: string[] }[];
    };
    const names = installed.packages.map((p) => p.name);
    expect(names).toEqual([NAME]);
    const p = installed.packages[0]!;
    expect(p.version).toBe(packageJson.version);
    expect(Object.keys(p.autoload).sort()).toEqual(['files', 'psr-4']);
    expect(p.bin).toEqual(['bin/toolresult-php-adapter']);
    expect(statSync(join(app, 'vendor', 'bin', 'toolresult-php-adapter')).mode & 0o111).not.toBe(0);
    const size = spawnSync('composer', ['archive', '--format=tar.gz', '--dir', tmp, '--file', 'toolresult-protocol-php'], {
      cwd: checkout,
      env,
      encoding: 'utf8',
    });
    expect(size.status, show(size)).toBe(0);
    const archive = join(tmp, 'toolresult-protocol-php.tar.gz');
    process.stdout.write(`php package (composer archive, tar.gz): ${statSync(archive).size} bytes\n`);
  });

  it('the README example prints exactly what the README documents', () => {
    writeFileSync(join(app, 'example.php'), readmeBlock(README, 'example'));
    const r = spawnSync('php', ['example.php'], { cwd: app, env, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(readmeBlock(README, 'output'));
    expect(r.status).toBe(0);
  });

  it('the README two lines of a durable ledger: a second process replays what the first ran, from the installed package', () => {
    const program = [
      '<?php',
      "require __DIR__ . '/vendor/autoload.php';",
      readmeBlock(README, 'durable'),
      'use ToolResult\\Ledger\\ExecutionSeam;',
      'use ToolResult\\Model\\ToolResult;',
      "$r = ExecutionSeam::execute('call-1', fn () => ToolResult::text('ran in ' . $argv[1]), $ledger);",
      '$ledger->close();',
      'echo $r->content, "\\n";',
      '',
    ].join('\n');
    writeFileSync(join(app, 'durable.php'), program);
    const first = spawnSync('php', ['durable.php', 'the first process'], { cwd: app, env, encoding: 'utf8' });
    expect(first.stderr, show(first)).toBe('');
    expect(first.stdout).toBe('ran in the first process\n');
    const second = spawnSync('php', ['durable.php', 'the second process'], { cwd: app, env, encoding: 'utf8' });
    expect(second.stderr, show(second)).toBe('');
    expect(second.stdout).toBe('ran in the first process\n');
    expect(statSync(join(app, 'ledger.db')).size).toBeGreaterThan(0);
  });

  it("the package's code reaches nowhere outside the package", () => {
    const installed = join(app, 'vendor', 'toolresult', 'toolresult-protocol');
    const code = ['src', 'kit', 'generated', 'bin'].flatMap((d) =>
      readdirSync(join(installed, d), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => join(e.parentPath, e.name)),
    );
    expect(code.length).toBeGreaterThan(150);
    const reaching = code.filter((f) => {
      const text = readFileSync(f, 'utf8');
      return /implementations[\\/]|\.\.[\\/]\.\.|set_include_path|include_path/.test(text) || text.includes(ROOT);
    });
    expect(reaching.map((f) => relative(installed, f))).toEqual([]);
  });

  it('(d) the README kit line: every group passes against the installed vendor/bin/toolresult-php-adapter, nothing skipped but the byte-array cases PHP cannot build', async () => {
    await expectReadmeKitLinePasses({
      readme: README,
      adapter: 'vendor/bin/toolresult-php-adapter',
      adapterName: 'toolresult-php',
      version: packageJson.version,
      root: ROOT,
      cwd: app,
      reportDir: tmp,
      env,
      noByteArrays: true,
    });
  }, 600_000);
});
