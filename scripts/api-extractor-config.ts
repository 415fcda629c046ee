// The one API Extractor configuration the API reference (scripts/api-docs.ts) and the API report
// (scripts/api-report.ts) share: the built root declarations as the entry point, the compiler options
// a consumer of the package has, and the doc comments read as plain prose (they are not strict TSDoc).
import { join } from 'node:path';
import { ExtractorConfig, ExtractorLogLevel } from '@microsoft/api-extractor';
import { ROOT } from './schema-files.ts';

export interface ExtractorOutputs {
  /** Where the doc model (.api.json) goes. */
  readonly docModel: string;
  /** With a folder: write the API report there (and its temporary copy below it). */
  readonly reportFolder?: string;
}

export function rootExtractorConfig(out: ExtractorOutputs): ExtractorConfig {
  return ExtractorConfig.prepare({
    configObjectFullPath: join(ROOT, 'api-extractor.json'), // no such file: the configuration is this object
    packageJsonFullPath: join(ROOT, 'package.json'),
    configObject: {
      projectFolder: ROOT,
      mainEntryPointFilePath: '<projectFolder>/dist/reference-impl/index.d.ts',
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            module: 'nodenext',
            moduleResolution: 'nodenext',
            target: 'es2022',
            lib: ['es2023'],
            strict: true,
            types: [],
            skipLibCheck: false,
          },
          files: ['dist/reference-impl/index.d.ts'],
        },
      },
      apiReport:
        out.reportFolder === undefined
          ? { enabled: false, reportFileName: 'toolresult-protocol.api.md' }
          : { enabled: true, reportFileName: 'toolresult-protocol.api.md', reportFolder: out.reportFolder, reportTempFolder: join(out.reportFolder, 'temp') },
      docModel: { enabled: true, apiJsonFilePath: out.docModel },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        // Report only what breaks the model or the report: the doc comments are prose with `code` spans.
        tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
        extractorMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
        compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Error } },
      },
    },
  });
}
