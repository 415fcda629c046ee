// Every schema compiles under Ajv's 2020-12 class in strict mode, and every example under
// schemas/examples/<schema stem>/{valid,invalid}/ validates exactly as its folder says.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020.js';
import { BUNDLE_ID, bundleEntry } from '../codegen/bundle.ts';
import { loadSchemas } from '../codegen/schema-validator.ts';
import { SCHEMA_DIR, listSchemaFiles } from './schema-files.ts';

const EXAMPLES = join(SCHEMA_DIR, 'examples');
const ajv = loadSchemas();
const files = listSchemaFiles();
// schemas/bundle.json holds every schema with local references only: alone in its own Ajv, each
// entry must give every example the verdict its own schema gives.
const bundled = new Ajv2020({ strict: true, allErrors: true });
bundled.addSchema(JSON.parse(readFileSync(join(SCHEMA_DIR, 'bundle.json'), 'utf8')));

describe('schemas', () => {
  it.each(files.map((f) => [f.rel, f] as const))('%s compiles in strict mode with a versioned $id', (_rel, f) => {
    expect(f.schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(f.schema.$id).toMatch(/^https:\/\/toolresult\.dev\/schemas\/v1\//);
    expect(typeof ajv.getSchema(f.schema.$id)).toBe('function');
  });

  it('each schema compiles as a user compiles it: a fresh Ajv2020 with its default (strict) options', () => {
    for (const f of files) {
      const fresh = new Ajv2020();
      for (const other of files) if (other !== f) fresh.addSchema(other.schema);
      expect(() => fresh.compile(f.schema), f.rel).not.toThrow();
    }
  });

  it('every example folder belongs to a schema', () => {
    const stems = new Set(
      files.map((f) =>
        f.rel
          .split('/')
          .pop()!
          .replace(/\.schema\.json$/, ''),
      ),
    );
    for (const dir of readdirSync(EXAMPLES)) expect(stems, `examples/${dir} has no schema`).toContain(dir);
  });

  for (const f of files) {
    const stem = f.rel
      .split('/')
      .pop()!
      .replace(/\.schema\.json$/, '');
    describe(stem, () => {
      it('has at least one valid example', () => {
        expect(existsSync(join(EXAMPLES, stem, 'valid'))).toBe(true);
      });
      for (const kind of ['valid', 'invalid'] as const) {
        const dir = join(EXAMPLES, stem, kind);
        if (!existsSync(dir)) continue;
        for (const name of readdirSync(dir)
          .filter((n) => n.endsWith('.json'))
          .sort()) {
          it(`${kind}/${name}`, () => {
            const validate = ajv.getSchema(f.schema.$id)!;
            const ok = validate(JSON.parse(readFileSync(join(dir, name), 'utf8')));
            expect(ok, kind === 'valid' ? ajv.errorsText(validate.errors) : 'expected a validation error').toBe(kind === 'valid');
            const viaBundle = bundled.getSchema(`${BUNDLE_ID}#/$defs/${bundleEntry(f)}`)!;
            expect(viaBundle(JSON.parse(readFileSync(join(dir, name), 'utf8'))), 'schemas/bundle.json gives another verdict').toBe(kind === 'valid');
          });
        }
      }
    });
  }
});
