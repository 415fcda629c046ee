// Where the schemas live and how their $id maps to a file: shared by codegen, the example
// check and everything that loads schemas into Ajv, so there is one answer to "which schemas exist".
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SCHEMA_DIR = join(ROOT, 'schemas');
export const ID_BASE = 'https://toolresult.dev/schemas/v1/';

export interface SchemaFile {
  /** Path relative to schemas/, e.g. "model/tool-result.schema.json". */
  readonly rel: string;
  readonly path: string;
  readonly schema: Record<string, unknown> & { $id: string; title?: string };
}

/** Every *.schema.json below schemas/, sorted by path, so generation order is stable. */
export function listSchemaFiles(): SchemaFile[] {
  const out: SchemaFile[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith('.schema.json')) {
        const schema = JSON.parse(readFileSync(p, 'utf8'));
        out.push({ rel: relative(SCHEMA_DIR, p).split('\\').join('/'), path: p, schema });
      }
    }
  };
  walk(SCHEMA_DIR);
  return out;
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

/** The local file for a schema $id under ID_BASE, or undefined for a foreign URL. */
export function fileForId(id: string): string | undefined {
  if (!id.startsWith(ID_BASE)) return undefined;
  return join(SCHEMA_DIR, id.slice(ID_BASE.length).split('#')[0]!);
}
