// The optional output-schema check (spec/10-normalization.md §10.5, TR-NORM-30..33) with Ajv.
// The schema comes from the tool listing, so it is data, not configuration: a schema that cannot be
// compiled (an unknown dialect, an invalid schema, a $ref that cannot be resolved offline) fails the
// check instead of throwing. Each schema gets its own Ajv instance, so one server's `$id` can neither
// collide with nor be resolved against another's.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Ajv as AjvDraft07 } from 'ajv';
import { isInspectableObject } from './read-plain.ts';

type Validate = (value: unknown) => boolean;

const DRAFT_2020 = new Set(['https://json-schema.org/draft/2020-12/schema', 'https://json-schema.org/draft/2020-12/schema#']);
const DRAFT_07 = new Set(['http://json-schema.org/draft-07/schema', 'http://json-schema.org/draft-07/schema#']);

// `format` is an annotation only (no ajv-formats): whether "email" matches must not depend on
// which format library an implementation happens to ship.
const AJV_OPTIONS = { strict: false, validateFormats: false, allErrors: false } as const;

const compiled = new WeakMap<object, Validate>();
const REJECT: Validate = () => false;

function dialectOf(schema: unknown): '2020-12' | 'draft-07' | undefined {
  if (typeof schema === 'boolean') return '2020-12';
  if (!isInspectableObject(schema) || Array.isArray(schema)) return undefined;
  const d = Object.getOwnPropertyDescriptor(schema, '$schema');
  if (d === undefined) return '2020-12'; // MCP: 2020-12 is the default dialect of an outputSchema
  if (!Object.hasOwn(d, 'value') || typeof d.value !== 'string') return undefined;
  if (DRAFT_2020.has(d.value)) return '2020-12';
  if (DRAFT_07.has(d.value)) return 'draft-07';
  return undefined;
}

function compile(schema: unknown): Validate {
  const dialect = dialectOf(schema);
  if (dialect === undefined) return REJECT;
  try {
    const ajv = dialect === '2020-12' ? new Ajv2020(AJV_OPTIONS) : new AjvDraft07(AJV_OPTIONS);
    const validate = ajv.compile(schema as object | boolean);
    return (value) => {
      try {
        return validate(value) === true;
      } catch {
        return false;
      }
    };
  } catch {
    return REJECT;
  }
}

/** Whether `value` (a bounded JSON value) passes `schema`. Never throws. */
export function matchesOutputSchema(schema: unknown, value: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return compile(schema)(value);
  let validate = compiled.get(schema);
  if (validate === undefined) {
    validate = compile(schema);
    compiled.set(schema, validate);
  }
  return validate(value);
}
