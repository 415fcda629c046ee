// PHP_CodeSniffer's PSR-12 over the PHP package: `npm run check:php` on the repository's folder, and
// test/php-package.test.ts on the package as Composer installs it. One place for the one finding of
// Debian's PHPCS that is wrong, so both leave out exactly that.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** A hang guard only: phpcs reads the package in seconds (about 30 s beside other suites on two cores). */
const PHPCS_GUARD_MS = 600_000;

export interface PhpcsReport {
  files: Record<string, { messages: { message: string; source: string; line: number; type: string }[] }>;
}

/**
 * PHPCS 3.7.1 (Debian 12) does not know PHP 8.2's `readonly class` and reports every such file as
 * declaring a symbol and causing a side effect on the same line, the declaration's
 * (squizlabs/PHP_CodeSniffer#3727, fixed in 3.8.0). Exactly that finding is left out; any other side
 * effect, in any file, still counts.
 */
export function misreadReadonlyClass(file: string, m: { message: string; source: string }): boolean {
  if (m.source !== 'PSR1.Files.SideEffects.FoundWithSymbols') return false;
  const at = /first symbol is defined on line (\d+) and the first side effect is on line (\d+)\./.exec(m.message);
  if (!at || at[1] !== at[2]) return false;
  const line = readFileSync(file, 'utf8').split('\n')[Number(at[1]) - 1] ?? '';
  return /^(final |abstract )?readonly (final |abstract )?class \w+/.test(line);
}

export interface PhpcsOutcome {
  readonly checked: number;
  readonly findings: readonly string[];
  readonly misread: number;
  /** phpcs's own standard error, when it said anything (a missing tool, a crash). */
  readonly stderr: string;
}

/** PSR-12 over src, kit, generated, adapter.php and the bin (read from stdin: it has no .php extension). */
export function phpcsPackage(dir: string, env: NodeJS.ProcessEnv = process.env): PhpcsOutcome {
  const run = (args: string[], input?: string) =>
    spawnSync('phpcs', ['--standard=PSR12', '--report=json', ...args], {
      cwd: dir,
      env,
      encoding: 'utf8',
      input,
      maxBuffer: 64 << 20,
      timeout: PHPCS_GUARD_MS,
    });
  const runs = [
    run(['src', 'kit', 'generated', 'adapter.php']),
    run(['--stdin-path=bin/toolresult-php-adapter.php', '-'], readFileSync(join(dir, 'bin', 'toolresult-php-adapter'), 'utf8')),
  ];
  const findings: string[] = [];
  let misread = 0;
  let checked = 0;
  let stderr = '';
  for (const r of runs) {
    if (r.error) return { checked, findings, misread, stderr: `phpcs could not run: ${r.error.message}` };
    stderr += r.stderr;
    const report = JSON.parse(r.stdout) as PhpcsReport;
    for (const [file, { messages }] of Object.entries(report.files)) {
      checked++;
      const path = file.startsWith('/') ? file : join(dir, file);
      for (const m of messages) {
        if (path.endsWith('.php') && existsSync(path) && misreadReadonlyClass(path, m)) misread++;
        else findings.push(`${relative(dir, path)}:${m.line} ${m.type} ${m.source}: ${m.message}`);
      }
    }
  }
  return { checked, findings, misread, stderr };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = fileURLToPath(new URL('../implementations/php/', import.meta.url));
  const r = phpcsPackage(dir);
  for (const f of r.findings) console.error(f);
  if (r.stderr !== '') console.error(r.stderr.trim());
  console.log(`phpcs PSR-12: ${r.checked} files, ${r.findings.length} findings (${r.misread} readonly-class misreadings of PHPCS 3.7.1 left out)`);
  process.exitCode = r.findings.length > 0 || r.stderr !== '' ? 1 : 0;
}
