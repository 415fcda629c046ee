// The optional output-schema check (spec/10-normalization.md §10.5, TR-NORM-30..34, TR-NORM-65) with
// Ajv. The schema comes from the tool listing, so it is data, not configuration: a schema that cannot
// be compiled (an unknown dialect, an invalid schema, a $ref that cannot be resolved offline, a
// pattern the linear-time engine refuses) fails the check instead of throwing. Each schema gets its
// own Ajv instance, so one server's `$id` can neither collide with nor be resolved against another's.
//
// A server is untrusted, so the check has a bounded cost whatever the schema (TR-NORM-65):
// - the schema is read through the bounder's walk (no getter or trap of it runs) and must be at most
//   SCHEMA_MAX_OCTETS of JSON;
// - compiled validators are kept by the schema's canonical JSON text, so a fresh but equal schema
//   object does not compile again;
// - `pattern` and `patternProperties` run on a linear-time engine, or not at all (linear-regexp.ts,
//   pattern-rule.ts);
// - `uniqueItems` compares canonical texts in a set, not every pair;
// - before Ajv sees the copy, conform() refuses or removes what Ajv reads otherwise than TR-NORM-32
//   (`$dynamicRef`, `nullable`, an `$id` inside a keyword the dialect does not define, …);
// - every evaluation of a schema object against a value counts one step, and so does every item a
//   `uniqueItems: true` compares; a check stops after STEP_LIMIT steps: a check that stops is not a
//   pass (warn: dropped with the warning; enforce: the error result), as for a schema that cannot run.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Ajv as AjvDraft07 } from 'ajv';
import { measureJson } from '../bound/measure.ts';
import { canonicalize } from '../canonical-json/index.ts';
import type { JsonValue } from '../tool-result.ts';
import { linearRegExp } from './linear-regexp.ts';

type Validate = (value: unknown) => boolean;

/** The largest schema checked, as canonical JSON octets. */
export const SCHEMA_MAX_OCTETS = 256 * 1024;
/** Steps per check (TR-NORM-65 item 3): an evaluation of a schema object against a value, or an item of uniqueItems: true. The 16,385th stops the check. */
export const STEP_LIMIT = 1 << 14;
/** Schema objects in one schema: beyond this, compiling alone would take seconds (Ajv generates code per object). */
export const SCHEMA_MAX_OBJECTS = 1024;
/** Compiled validators kept, most recently used last. */
const CACHE_SIZE = 128;

const DRAFT_2020 = new Set(['https://json-schema.org/draft/2020-12/schema', 'https://json-schema.org/draft/2020-12/schema#']);
const DRAFT_07 = new Set(['http://json-schema.org/draft-07/schema', 'http://json-schema.org/draft-07/schema#']);

const regExp = Object.assign((pattern: string) => linearRegExp(pattern), { code: 'toolresult-linear-regexp' });

// `format` is an annotation only (no ajv-formats): whether "email" matches must not depend on
// which format library an implementation happens to ship.
const AJV_OPTIONS = { strict: false, validateFormats: false, allErrors: false, code: { regExp } } as const;

/** The keyword put into every schema object of the copy, to count evaluations. */
const STEP = 'toolresultStep';
/** The member that shows Ajv's walk for `$id` the subschemas it would skip (conform()). */
const UNWALKED = 'toolresultUnwalked';

class WorkLimit extends Error {}

let steps = 0;
function step(): true {
  if (++steps > STEP_LIMIT) throw new WorkLimit('output-schema check stopped at its work limit');
  return true;
}

const compiled = new Map<string, Validate>();
const REJECT: Validate = () => false;

function dialectOf(schema: JsonValue): '2020-12' | 'draft-07' | undefined {
  if (typeof schema === 'boolean') return '2020-12';
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return undefined;
  if (!Object.hasOwn(schema, '$schema')) return '2020-12'; // MCP: 2020-12 is the default dialect of an outputSchema
  const d = schema.$schema;
  if (typeof d !== 'string') return undefined;
  if (DRAFT_2020.has(d)) return '2020-12';
  if (DRAFT_07.has(d)) return 'draft-07';
  return undefined;
}

// Where a keyword's value holds subschemas: one, a list of them, or a map of them.
const ONE = [
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'additionalItems',
  'items',
];
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'];

/**
 * Puts the step keyword into every schema object of a fresh plain copy (iteratively). Returns false
 * when the schema has more than SCHEMA_MAX_OBJECTS of them: the check then cannot run.
 */
function instrument(root: JsonValue): boolean {
  const stack: JsonValue[] = [root];
  let objects = 0;
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (s === null || typeof s !== 'object' || Array.isArray(s)) continue;
    if (++objects > SCHEMA_MAX_OBJECTS) return false;
    s[STEP] = true;
    for (const k of ONE) if (Object.hasOwn(s, k) && typeof s[k] === 'object' && !Array.isArray(s[k])) stack.push(s[k]!);
    for (const k of LIST) if (Object.hasOwn(s, k) && Array.isArray(s[k])) stack.push(...(s[k] as JsonValue[]));
    for (const k of MAP) {
      const m = Object.hasOwn(s, k) ? s[k] : undefined;
      if (m !== null && typeof m === 'object' && !Array.isArray(m)) stack.push(...Object.values(m));
    }
  }
  return true;
}

// The keywords of each dialect that hold subschemas (the others hold values, or are not the dialect's).
const SUBSCHEMAS = {
  '2020-12': {
    one: new Set([
      'additionalProperties',
      'not',
      'if',
      'then',
      'else',
      'contains',
      'propertyNames',
      'unevaluatedItems',
      'unevaluatedProperties',
      'items',
      'contentSchema',
    ]),
    list: new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']),
    map: new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies']),
  },
  'draft-07': {
    one: new Set(['additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'additionalItems', 'items']),
    list: new Set(['allOf', 'anyOf', 'oneOf', 'items']),
    map: new Set(['properties', 'patternProperties', 'definitions', 'dependencies']),
  },
} as const;
// Keywords whose value is data, not subschemas, or a map of names that are not keywords.
const VALUES = {
  '2020-12': new Set(['const', 'enum', 'default', 'examples', 'dependentRequired', '$vocabulary']),
  'draft-07': new Set(['const', 'enum', 'default', 'examples']),
} as const;
// Where Ajv looks for `$id`, `$anchor` and `$dynamicAnchor` (json-schema-traverse with allKeys): lists
// and maps under these names, and an object under any name but those whose value is data.
const TRAVERSED_LISTS = new Set(['items', 'allOf', 'anyOf', 'oneOf']);
const TRAVERSED_MAPS = new Set(['$defs', 'definitions', 'properties', 'patternProperties', 'dependencies']);
const NOT_TRAVERSED = new Set([
  ...['default', 'enum', 'const', 'required', 'maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf'],
  ...['maxLength', 'minLength', 'pattern', 'format', 'maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties'],
]);
const ANCHOR = /^[A-Za-z_][-A-Za-z0-9._]*$/;

/** What Ajv's walk for `$id` and anchors finds under `s[k]`. */
function traversed(s: { [k: string]: JsonValue }, k: string): JsonValue[] {
  const v = s[k]!;
  if (Array.isArray(v)) return TRAVERSED_LISTS.has(k) ? v : [];
  if (TRAVERSED_MAPS.has(k)) return v !== null && typeof v === 'object' ? Object.values(v) : [];
  return NOT_TRAVERSED.has(k) ? [] : [v];
}

/**
 * Gives the copy the meaning TR-NORM-32 gives it where Ajv gives another (iteratively). Returns false
 * when the schema does not compile: it uses `$dynamicRef`, `$recursiveRef` or `$recursiveAnchor`
 * (2020-12), which the check does not evaluate, or a `patternProperties` key that cannot run (Ajv
 * skips the keys whose subschema is `true` in draft-07). It removes what the dialect does not define
 * but Ajv reads: `nullable` and `$async` of every subschema; a draft-07 `$anchor` and `$dynamicAnchor`;
 * the `$id`, `$anchor` and `$dynamicAnchor` of an object under a keyword the dialect does not define
 * (Ajv would register them, or refuse an anchor's name); and a 2020-12 `$dynamicAnchor` once its name
 * is checked, since a `$ref` names only an `$anchor`. An `$id` or anchor goes only when it is a
 * string, which is no subschema, so no JSON-pointer `$ref` that resolved now points to nothing.
 */
function conform(root: JsonValue, dialect: '2020-12' | 'draft-07'): boolean {
  const { one, list, map } = SUBSCHEMAS[dialect];
  const values = VALUES[dialect];
  const stack: [JsonValue, boolean][] = [[root, true]];
  while (stack.length > 0) {
    const [s, defined] = stack.pop()!;
    if (s === null || typeof s !== 'object' || Array.isArray(s)) continue;
    const drop = (k: string) => {
      if (typeof s[k] === 'string') delete s[k];
    };
    delete s.nullable; // also where a JSON-pointer `$ref` might make a subschema of it
    delete s.$async;
    if (!defined) {
      for (const k of ['$id', '$anchor', '$dynamicAnchor']) drop(k);
      for (const k of Object.keys(s)) for (const c of traversed(s, k)) stack.push([c, false]);
      continue;
    }
    if (dialect === '2020-12') {
      if (Object.hasOwn(s, '$dynamicRef') || Object.hasOwn(s, '$recursiveRef') || Object.hasOwn(s, '$recursiveAnchor')) return false;
      if (typeof s.$dynamicAnchor === 'string' && ANCHOR.test(s.$dynamicAnchor)) delete s.$dynamicAnchor;
    } else {
      drop('$anchor');
      drop('$dynamicAnchor');
    }
    const patterns = s.patternProperties;
    if (patterns !== null && typeof patterns === 'object' && !Array.isArray(patterns)) {
      try {
        for (const p of Object.keys(patterns)) linearRegExp(p);
      } catch {
        return false;
      }
    }
    for (const k of Object.keys(s)) {
      const v = s[k]!;
      if (one.has(k)) stack.push([v, true]);
      if (list.has(k) && Array.isArray(v)) for (const c of v) stack.push([c, true]);
      if (map.has(k) && v !== null && typeof v === 'object' && !Array.isArray(v)) for (const c of Object.values(v)) stack.push([c, true]);
      if (!one.has(k) && !list.has(k) && !map.has(k) && !values.has(k)) for (const c of traversed(s, k)) stack.push([c, false]);
    }
    // Ajv's walk skips the list prefixItems, and reads dependentSchemas as a schema, skipping a member
    // named `const`, `format`, `required`…: their `$id`s and anchors would name nothing. The same
    // subschemas under an object, which the walk enters (and which no keyword applies), names them.
    if (dialect === '2020-12') {
      const deps = s.dependentSchemas;
      const unwalked = Array.isArray(s.prefixItems) ? [...s.prefixItems] : [];
      if (deps !== null && typeof deps === 'object' && !Array.isArray(deps)) {
        for (const [k, v] of Object.entries(deps)) if (NOT_TRAVERSED.has(k)) unwalked.push(v);
      }
      if (unwalked.length > 0) s[UNWALKED] = { ...unwalked };
    }
  }
  return true;
}

/** True when the items of `list` are pairwise distinct as JSON values: canonical texts in a set. */
function distinctItems(list: unknown[]): boolean {
  steps += list.length;
  if (steps > STEP_LIMIT) throw new WorkLimit('output-schema check stopped at its work limit');
  const seen = new Set<string>();
  for (const item of list) {
    const text = canonicalize(item as JsonValue);
    if (seen.has(text)) return false;
    seen.add(text);
  }
  return true;
}

function compile(schema: JsonValue): Validate {
  const dialect = dialectOf(schema);
  if (dialect === undefined) return REJECT;
  try {
    const ajv = dialect === '2020-12' ? new Ajv2020(AJV_OPTIONS) : new AjvDraft07(AJV_OPTIONS);
    ajv.addKeyword({ keyword: STEP, schemaType: 'boolean', errors: false, validate: step });
    ajv.removeKeyword('uniqueItems');
    ajv.addKeyword({
      keyword: 'uniqueItems',
      type: 'array',
      schemaType: 'boolean',
      errors: false,
      validate: (unique: boolean, data: unknown[]) => !unique || distinctItems(data),
    });
    ajv.removeKeyword('id'); // neither dialect defines it: ignored, not refused
    if (!instrument(schema) || !conform(schema, dialect)) return REJECT;
    // Compiling validates the schema against its meta-schema, which uses uniqueItems: a count left
    // over from an earlier check that stopped must not fail it.
    steps = 0;
    const validate = ajv.compile(schema as object | boolean);
    return (value) => {
      steps = 0;
      try {
        return validate(value) === true;
      } catch {
        return false; // the work limit, or anything else the check could not finish: not a pass
      }
    };
  } catch {
    return REJECT;
  }
}

/** Whether `value` (a bounded JSON value) passes `schema`. Never throws, never runs code of the schema. */
export function matchesOutputSchema(schema: unknown, value: unknown): boolean {
  // The schema as plain JSON, read without running any of its code; too large or not JSON: no pass.
  const m = measureJson(schema, SCHEMA_MAX_OCTETS);
  if (m.verdict !== 'ok') return false;
  const plain = m.value as JsonValue;
  const key = canonicalize(plain);
  let validate = compiled.get(key);
  if (validate === undefined) {
    validate = compile(plain);
    if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value!);
  } else {
    compiled.delete(key); // most recently used goes last
  }
  compiled.set(key, validate);
  return validate(value);
}
