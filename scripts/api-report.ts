// The public surface of the package root, as API Extractor reports it from the built declarations
// (dist/reference-impl/index.d.ts): every export with its signature, in one Markdown file committed
// at api/toolresult-protocol.api.md. test/package.test.ts builds the package, makes the report again
// and compares: a change of what the root exports is a diff a reviewer sees. The same run reads the
// doc model and lists the root exports without a doc comment (there must be none).
//
// `npm run api:report` writes the committed file (after `npm run build`); `-- --check` exits 1 when it
// differs from what the build gives. The store subpaths, the integrations and `./internal` are not in
// it: the store subpaths and the integrations are held by their README examples and the package test,
// and `./internal` promises nothing.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Extractor } from '@microsoft/api-extractor';
import { rootExtractorConfig } from './api-extractor-config.ts';
import { ROOT } from './schema-files.ts';

export const API_REPORT = join(ROOT, 'api', 'toolresult-protocol.api.md');
const WORK = join(ROOT, '.tmp', 'api-report');

export interface ApiReport {
  /** The report's text, as API Extractor writes it. */
  readonly text: string;
  /** Root exports whose declaration has no doc comment. */
  readonly undocumented: readonly string[];
  /** The root's exported names, sorted. */
  readonly names: readonly string[];
}

interface DocItem {
  readonly kind: string;
  readonly name?: string;
  readonly docComment?: string;
  readonly members?: readonly DocItem[];
}

/** Runs API Extractor over the built root declarations; the build must exist. */
export function makeApiReport(): ApiReport {
  const entry = join(ROOT, 'dist', 'reference-impl', 'index.d.ts');
  if (!existsSync(entry)) throw new Error(`no ${entry}: run npm run build first`);
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(join(WORK, 'temp'), { recursive: true });
  const model = join(WORK, 'toolresult-protocol.api.json');
  const config = rootExtractorConfig({ docModel: model, reportFolder: WORK });

  // localBuild: the report is written, never compared here (the caller compares with the committed file).
  const result = Extractor.invoke(config, { localBuild: true, messageCallback: (m) => void (m.handled = true) });
  if (!result.succeeded) throw new Error(`API Extractor: ${result.errorCount} errors over ${entry}`);
  const text = readFileSync(join(WORK, 'toolresult-protocol.api.md'), 'utf8');
  const doc = JSON.parse(readFileSync(model, 'utf8')) as DocItem;
  const exports = (doc.members ?? []).flatMap((e) => e.members ?? []);
  return {
    text,
    names: [...new Set(exports.map((m) => m.name ?? ''))].sort(),
    undocumented: [...new Set(exports.filter((m) => (m.docComment ?? '').trim() === '').map((m) => `${m.kind} ${m.name}`))].sort(),
  };
}

function main(argv: readonly string[]): number {
  const report = makeApiReport();
  if (argv.includes('--check')) {
    const committed = existsSync(API_REPORT) ? readFileSync(API_REPORT, 'utf8') : '';
    if (committed !== report.text) {
      process.stderr.write(`api-report: ${API_REPORT} differs from the build's public surface: run npm run build && npm run api:report, and review the diff\n`);
      return 1;
    }
    process.stdout.write(`api-report: the root's ${report.names.length} exports are as committed\n`);
    return 0;
  }
  mkdirSync(join(ROOT, 'api'), { recursive: true });
  writeFileSync(API_REPORT, report.text);
  process.stdout.write(
    `api-report: wrote ${API_REPORT} (${report.names.length} exports${report.undocumented.length ? `; without a doc comment: ${report.undocumented.join(', ')}` : ''})\n`,
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main(process.argv.slice(2));
