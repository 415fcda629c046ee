// `toolresult vectors --out DIR`: every fixed case as plain JSON with the schemas it is written
// against, for implementers who run the vectors in their own test framework.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { listSchemaFiles } from '../../codegen/schema-set.ts';
import { VECTOR_DIR, listVectorFiles } from './vector-cases.ts';

export function exportVectors(out: string): { files: number; cases: number; schemas: number } {
  let cases = 0;
  const files = listVectorFiles();
  for (const f of files) {
    const to = join(out, 'vectors', relative(VECTOR_DIR, f));
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(f, to);
    cases += (JSON.parse(readFileSync(f, 'utf8')) as { cases: unknown[] }).cases.length;
  }
  const schemas = listSchemaFiles();
  for (const s of schemas) {
    const to = join(out, 'schemas', s.rel);
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(s.path, to);
  }
  return { files: files.length, cases, schemas: schemas.length };
}
