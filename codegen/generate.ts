// One entry point for every language: schemas -> intermediate form -> files, as a map from file
// name (relative to the output folder) to text. The CLI, `npm run generate` and the drift check all
// call this, so the repository's generated files and a user's come from the same code.
import { emitCSharp } from './csharp.ts';
import { emitGo } from './go.ts';
import type { HeaderInput } from './header.ts';
import { buildModel } from './ir.ts';
import { emitJava } from './java.ts';
import { emitKotlin } from './kotlin.ts';
import { emitPhp } from './php.ts';
import { emitPython } from './python.ts';
import { emitRust } from './rust.ts';
import { SCHEMA_DIR, listSchemaFiles, packageVersion } from './schema-set.ts';
import { emitTypeScript } from './typescript.ts';

export const LANGUAGES = ['ts', 'python', 'go', 'php', 'rust', 'java', 'kotlin', 'csharp'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface GenerateOptions {
  readonly lang: Language;
  /** Go, Java or Kotlin package name (default toolresult). */
  readonly package?: string;
  /** PHP namespace (default ToolResult\Types) or C# namespace (default ToolResult.Types). */
  readonly namespace?: string;
  /** Python or Rust module name (default toolresult_types / toolresult). */
  readonly module?: string;
  /** The command line written into each file's header as the way to regenerate it. */
  readonly command?: string;
  /** Where the schemas are (default: the ones shipped with the package). */
  readonly schemaDir?: string;
  /**
   * `model`: the data model only (schemas/model/: the tool result, its parts, the audit record, the
   * ledger entry), what a runtime needs; `all` (the default) adds the kit's formats (the adapter
   * protocol, reports, vectors), what an adapter needs.
   */
  readonly only?: SchemaSelection;
}

export const SELECTIONS = ['all', 'model'] as const;
export type SchemaSelection = (typeof SELECTIONS)[number];

export const DEFAULTS = {
  package: 'toolresult',
  namespace: 'ToolResult\\Types',
  csharpNamespace: 'ToolResult.Types',
  pythonModule: 'toolresult_types',
  rustModule: 'toolresult',
} as const;

export async function generate(options: GenerateOptions): Promise<Map<string, string>> {
  const schemaDir = options.schemaDir ?? SCHEMA_DIR;
  // The model's schemas refer to nothing outside schemas/model/, so the selection is a set of files.
  const files = listSchemaFiles(schemaDir).filter((f) => options.only !== 'model' || f.rel.startsWith('model/'));
  const header: HeaderInput = {
    version: packageVersion(),
    command: options.command ?? `toolresult generate --lang ${options.lang} --out DIR${options.only === 'model' ? ' --only model' : ''}`,
  };
  switch (options.lang) {
    case 'ts':
      return emitTypeScript(files, schemaDir, header);
    case 'python':
      return emitPython(buildModel(files), { module: options.module ?? DEFAULTS.pythonModule }, header);
    case 'go':
      return emitGo(buildModel(files), { package: options.package ?? DEFAULTS.package }, header);
    case 'php':
      return emitPhp(buildModel(files), { namespace: options.namespace ?? DEFAULTS.namespace }, header);
    case 'rust':
      return emitRust(buildModel(files), { module: options.module ?? DEFAULTS.rustModule }, header);
    case 'java':
      return emitJava(buildModel(files), { package: options.package ?? DEFAULTS.package }, header);
    case 'kotlin':
      return emitKotlin(buildModel(files), { package: options.package ?? DEFAULTS.package }, header);
    case 'csharp':
      return emitCSharp(buildModel(files), { namespace: options.namespace ?? DEFAULTS.csharpNamespace }, header);
  }
}
