// `npm run docs:api`: the library's API reference, from the doc comments of its published
// declarations, into docs/api/ (Markdown, one page per export). It documents what a consumer
// imports: dist/reference-impl/index.d.ts after `npm run build`, so it runs the build first.
// API Extractor reads the declarations into a doc model and API Documenter writes the pages. Both
// carry their own TypeScript (TypeDoc would need the project's, and TypeScript 7 has no compiler API).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Extractor } from '@microsoft/api-extractor';
import { rootExtractorConfig } from './api-extractor-config.ts';
import { ROOT } from './schema-files.ts';
import { build } from './build.ts';

const OUT = join(ROOT, 'docs', 'api');
const MODEL = join(ROOT, '.tmp', 'api-model');

build();
rmSync(OUT, { recursive: true, force: true });
rmSync(MODEL, { recursive: true, force: true });
mkdirSync(MODEL, { recursive: true });

const config = rootExtractorConfig({ docModel: join(MODEL, 'toolresult-protocol.api.json') });

const result = Extractor.invoke(config, { localBuild: true });
if (!result.succeeded) throw new Error(`API Extractor: ${result.errorCount} errors`);

const documenter = spawnSync(
  process.execPath,
  [join(ROOT, 'node_modules', '@microsoft', 'api-documenter', 'bin', 'api-documenter'), 'markdown', '--input-folder', MODEL, '--output-folder', OUT],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
if (documenter.status !== 0) throw new Error(`api-documenter exited ${documenter.status}`);
process.stdout.write(`API reference written to ${OUT} (start at index.md)\n`);
