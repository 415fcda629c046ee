// `toolresult vectors --out DIR` writes every vector file and every schema, and what it writes is
// usable on its own: each file validates against vector-file.schema.json from the same folder.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { exportVectors } from './export-vectors.ts';
import { listVectorFiles } from './vector-cases.ts';

describe('vectors --out', () => {
  it('writes every vector file with the schemas it is written against', () => {
    const out = mkdtempSync(join(tmpdir(), 'vectors-'));
    const n = exportVectors(out);
    expect(n.files).toBe(listVectorFiles().length);
    const written = readdirSync(join(out, 'vectors'), { recursive: true }).filter((f) => String(f).endsWith('.json'));
    expect(written.length).toBe(n.files);
    const ajv = new Ajv2020({ strict: false });
    for (const s of ['vector-file', 'tagged-value', 'adapter-protocol'])
      ajv.addSchema(JSON.parse(readFileSync(join(out, 'schemas', 'conformance', `${s}.schema.json`), 'utf8')));
    const check = ajv.getSchema('https://toolresult.dev/schemas/v1/conformance/vector-file.schema.json')!;
    let cases = 0;
    for (const f of written) {
      const file = JSON.parse(readFileSync(join(out, 'vectors', String(f)), 'utf8'));
      expect(check(file), String(f)).toBe(true);
      cases += file.cases.length;
    }
    expect(cases).toBe(n.cases);
  });
});
