// The fixed stack cases: stacks/vectors/*.json, each checked against stack-vector-file.schema.json
// when loaded (a malformed file is an error that names it), and one case built here: a text of
// 1,000,000 characters, which would make a data file of a megabyte.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { loadSchemas } from '../../codegen/schema-validator.ts';
import type { StackVectorFile } from '../../generated/conformance.ts';
import type { StackCase } from './cases.ts';
import { STACKS_DIR } from './stacks.ts';

/** A fixed case as its file holds it (stack-vector-file.schema.json), its ID made `<file stem>/<id>` and `figure` always said. */
export type StackVector = Readonly<Omit<StackVectorFile['cases'][number], 'figure' | keyof StackCase>> & StackCase & { readonly figure: boolean };

const SCHEMA_ID = 'https://toolresult.dev/schemas/v1/conformance/stack-vector-file.schema.json';
export const VECTORS_DIR = join(STACKS_DIR, 'vectors');

export function loadStackVectors(dir: string = VECTORS_DIR): StackVector[] {
  const validate = loadSchemas().getSchema(SCHEMA_ID)!;
  const isVectorFile = (f: unknown): f is StackVectorFile => validate(f) === true;
  const out: StackVector[] = [];
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const file: unknown = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    if (!isVectorFile(file))
      throw new Error(`stack vector file ${name} does not match its schema: ${validate.errors?.[0]?.instancePath} ${validate.errors?.[0]?.message}`);
    const stem = basename(name, '.json');
    for (const c of file.cases) out.push({ ...c, id: `${stem}/${c.id}`, figure: c.figure === true });
  }
  out.push(millionCharacters());
  const ids = new Set<string>();
  for (const v of out) {
    if (ids.has(v.id)) throw new Error(`duplicate stack vector ${v.id}`);
    ids.add(v.id);
  }
  return out;
}

/** One text block of 1,000,000 characters (canary first): no stack bounds it, and the figures show what it costs. */
function millionCharacters(): StackVector {
  const canary = 'TRCVmill0001';
  const line = 'row 0001: nothing to see here, the log goes on and on and on.\n';
  const text = `${canary} ${line.repeat(Math.ceil(1_000_000 / line.length))}`.slice(0, 1_000_000);
  return {
    id: 'built-in/text-1m',
    description: 'One text block of 1,000,000 characters, as a log-reading tool returns a whole file.',
    source: 'built by stacks/kit/vectors.ts',
    result: { content: [{ type: 'text', text }] },
    canaries: { visible: [canary], userOnly: [], structured: [], meta: [], binary: [] },
    figure: true,
  };
}
