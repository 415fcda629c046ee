// `npm run docs:api`: the library's API reference, from the doc comments of its published
// declarations, into docs/api/ (Markdown, one page per export). It documents what a consumer
// imports: dist/reference-impl/index.d.ts after `npm run build`, so it runs the build first.
// API Extractor reads the declarations into a doc model and API Documenter writes the pages. Both
// carry their own TypeScript (TypeDoc would need the project's, and TypeScript 7 has no compiler API).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Extractor, ExtractorConfig, ExtractorLogLevel } from '@microsoft/api-extractor';
import { ROOT } from './schema-files.ts';
import { build } from './build.ts';

const OUT = join(ROOT, 'docs', 'api');
const MODEL = join(ROOT, '.tmp', 'api-model');

build();
rmSync(OUT, { recursive: true, force: true });
rmSync(MODEL, { recursive: true, force: true });
mkdirSync(MODEL, { recursive: true });

const config = ExtractorConfig.prepare({
  configObjectFullPath: join(ROOT, 'api-extractor.json'), // no such file: the configuration is this object
  packageJsonFullPath: join(ROOT, 'package.json'),
  configObject: {
    projectFolder: ROOT,
    mainEntryPointFilePath: '<projectFolder>/dist/reference-impl/index.d.ts',
    compiler: {
      overrideTsconfig: {
        compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2023'], strict: true, types: [], skipLibCheck: false },
        files: ['dist/reference-impl/index.d.ts'],
      },
    },
    apiReport: { enabled: false, reportFileName: 'toolresult-protocol.api.md' },
    docModel: { enabled: true, apiJsonFilePath: join(MODEL, 'toolresult-protocol.api.json') },
    dtsRollup: { enabled: false },
    tsdocMetadata: { enabled: false },
    messages: {
      // The doc comments are plain prose with `code` spans, not strict TSDoc: report only what breaks the model.
      tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
      extractorMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
      compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Error } },
    },
  },
});

const result = Extractor.invoke(config, { localBuild: true });
if (!result.succeeded) throw new Error(`API Extractor: ${result.errorCount} errors`);

const documenter = spawnSync(
  process.execPath,
  [join(ROOT, 'node_modules', '@microsoft', 'api-documenter', 'bin', 'api-documenter'), 'markdown', '--input-folder', MODEL, '--output-folder', OUT],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
if (documenter.status !== 0) throw new Error(`api-documenter exited ${documenter.status}`);
process.stdout.write(`API reference written to ${OUT} (start at index.md)\n`);
