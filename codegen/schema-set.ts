// Where the schemas live and how a $id maps to a file. The package ships schemas/ beside codegen/,
// so the generator reads them relative to its own location, never the caller's working directory.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SCHEMA_DIR = join(PACKAGE_ROOT, 'schemas');
export const ID_BASE = 'https://toolresult.dev/schemas/v1/';

export interface SchemaFile {
  /** Path relative to schemas/, e.g. "model/tool-result.schema.json". */
  readonly rel: string;
  readonly path: string;
  readonly schema: Record<string, unknown> & { $id: string; title?: string };
}

/** Every *.schema.json below a schemas folder, sorted by path, so generation order is stable. */
export function listSchemaFiles(dir: string = SCHEMA_DIR): SchemaFile[] {
  const out: SchemaFile[] = [];
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(at, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith('.schema.json')) {
        let schema: SchemaFile['schema'];
        try {
          schema = JSON.parse(readFileSync(p, 'utf8'));
        } catch (e) {
          throw new Error(`${relative(dir, p)} is not valid JSON: ${(e as Error).message}`);
        }
        if (typeof schema?.$id !== 'string') throw new Error(`${relative(dir, p)} has no $id`);
        out.push({ rel: relative(dir, p).split('\\').join('/'), path: p, schema });
      }
    }
  };
  walk(dir);
  return out;
}

/** The local file for a schema $id under ID_BASE, or undefined for a foreign URL. */
export function fileForId(id: string, dir: string = SCHEMA_DIR): string | undefined {
  if (!id.startsWith(ID_BASE)) return undefined;
  return join(dir, id.slice(ID_BASE.length).split('#')[0]!);
}

/** The package version, written into every generated file's header. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * The `$comment` opening of a schema produced from another source (the adapter protocol, from
 * TypeBox). `$comment` is core vocabulary, so every validator accepts it in strict mode, where an
 * `x-` keyword is refused (Ajv's default); codegen skips such a file instead of feeding it back.
 */
export const GENERATED_MARK = 'GENERATED from ';

export function isGeneratedSchema(schema: Record<string, unknown>): boolean {
  return typeof schema.$comment === 'string' && schema.$comment.startsWith(GENERATED_MARK);
}
