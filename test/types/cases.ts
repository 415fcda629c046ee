// The examples a generated language's types are held to, each with the type its schema's root
// became and what the types must do with it:
//   valid         decodes, and encodes back to JSON equal to the input (absent stays absent, null
//                 stays null, numbers unchanged);
//   invalid-type  fails to decode: it is still invalid once every rule a type system cannot hold
//                 (patterns, ranges, lengths, uniqueItems, if/then/else, not, "exactly one" of oneOf)
//                 is taken out of the schemas, so a decoder that checks members, types, closed sets
//                 and constants rejects it;
//   invalid-value may decode: only such a rule rejects it (the README lists them per language).
import Ajv2020 from 'ajv/dist/2020.js';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLE_ID, bundle, bundleEntry } from '../../codegen/bundle.ts';
import { buildModel, type Model } from '../../codegen/ir.ts';
import { SCHEMA_DIR, isGeneratedSchema, listSchemaFiles, packageVersion } from '../../codegen/schema-set.ts';

export type CaseKind = 'valid' | 'invalid-type' | 'invalid-value';

export interface TypeCase {
  /** e.g. tool-result/valid/text-only.json */
  readonly id: string;
  /** The declaration the schema file's root became. */
  readonly type: string;
  readonly text: string;
  readonly kind: CaseKind;
  /** True when the schema was generated from TypeScript (the TypeScript emitter does not re-emit it). */
  readonly fromTypeScript: boolean;
  /** The schema's folder under schemas/ (model, conformance). */
  readonly folder: string;
}

const VALUE_RULES = new Set([
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'if',
  'then',
  'else',
  'not',
  'propertyNames',
  'format',
  'contains',
  'minContains',
  'maxContains',
  'dependentRequired',
  'dependentSchemas',
]);

/** A schema with the value-level rules taken out and oneOf read as anyOf. */
function typeLevel(node: unknown, integerIsNumber: boolean): unknown {
  if (Array.isArray(node)) return node.map((x) => typeLevel(x, integerIsNumber));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (VALUE_RULES.has(k)) continue;
    if (k === 'const' || k === 'enum' || k === 'default' || k === 'examples') out[k] = v;
    else if (k === 'type' && integerIsNumber) out[k] = Array.isArray(v) ? v.map((t) => (t === 'integer' ? 'number' : t)) : v === 'integer' ? 'number' : v;
    else if ((k === 'properties' || k === 'patternProperties' || k === '$defs') && v && typeof v === 'object')
      out[k] = Object.fromEntries(Object.entries(v).map(([n, s]) => [n, typeLevel(s, integerIsNumber)]));
    else out[k === 'oneOf' ? 'anyOf' : k] = typeLevel(v, integerIsNumber);
  }
  return out;
}

/** integerIsNumber: for a language with one number type (TypeScript), 1.5 for an integer is a value-level rule. */
export function loadCases({ integerIsNumber = false } = {}): { model: Model; cases: TypeCase[] } {
  const files = listSchemaFiles();
  const model = buildModel(files);
  const ajv = new Ajv2020({ strict: false });
  ajv.addSchema(typeLevel(bundle(files, packageVersion()), integerIsNumber) as object);
  const cases: TypeCase[] = [];
  for (const f of files) {
    const stem = f.rel
      .split('/')
      .pop()!
      .replace(/\.schema\.json$/, '');
    const type = model.roots.get(f.schema.$id)!;
    const loose = ajv.getSchema(`${BUNDLE_ID}#/$defs/${bundleEntry(f)}`)!;
    for (const folder of ['valid', 'invalid'] as const) {
      const dir = join(SCHEMA_DIR, 'examples', stem, folder);
      if (!existsSync(dir)) continue;
      for (const name of readdirSync(dir)
        .filter((n) => n.endsWith('.json'))
        .sort()) {
        const text = readFileSync(join(dir, name), 'utf8');
        const kind: CaseKind = folder === 'valid' ? 'valid' : loose(JSON.parse(text)) ? 'invalid-value' : 'invalid-type';
        cases.push({
          id: `${stem}/${folder}/${name}`,
          type,
          text,
          kind,
          fromTypeScript: isGeneratedSchema(f.schema),
          folder: f.rel.split('/').slice(0, -1).join('/'),
        });
      }
    }
  }
  return { model, cases };
}
