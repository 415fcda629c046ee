// Mutants on the questions of issue 42 that the spec now answers (question 1, question 4 and the
// implementer's five): each takes the other reading of the answer, and each is killed by a vector
// written for it.
import { OpError } from '../../reference-adapter/ops/types.ts';
import type { Mutant } from './mutant.ts';

type Rec = Record<string, unknown>;

const isRec = (v: unknown): v is Rec => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The value with every tag of the given opaque kind replaced by `by`. */
function replaceOpaque(v: unknown, kind: string, by: unknown): unknown {
  if (Array.isArray(v)) return v.map((x) => replaceOpaque(x, kind, by));
  if (!isRec(v)) return v;
  if (v.$tr === 'opaque' && v.kind === kind) return by;
  if (v.$tr !== undefined) return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, replaceOpaque(x, kind, by)]));
}

/** The value with every `$id` below the root removed (the root's own is kept). */
function withoutNestedIds(v: unknown, root = true): unknown {
  if (Array.isArray(v)) return v.map((x) => withoutNestedIds(x, false));
  if (!isRec(v)) return v;
  return Object.fromEntries(
    Object.entries(v)
      .filter(([k]) => root || k !== '$id')
      .map(([k, x]) => [k, withoutNestedIds(x, false)]),
  );
}

/** A finite double as an exact decimal: digits as a BigInt and a power of ten, from its shortest text. */
function decimal(x: number): { digits: bigint; exponent: number } {
  const [mantissa, e = '0'] = String(x).split('e');
  const [whole, fraction = ''] = mantissa!.split('.');
  return { digits: BigInt(whole! + fraction), exponent: Number(e) - fraction.length };
}

/** Whether x is a multiple of d in exact decimal arithmetic over their shortest decimal texts. */
function exactMultiple(x: number, d: number): boolean {
  const a = decimal(x);
  const b = decimal(d);
  const e = Math.min(a.exponent, b.exponent);
  const scale = (n: { digits: bigint; exponent: number }) => n.digits * 10n ** BigInt(n.exponent - e);
  return scale(a) % scale(b) === 0n;
}

/** Whether the pattern is invalid with the `u` flag and valid without it (Annex B syntax). */
function annexBOnly(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return false;
  } catch {
    try {
      new RegExp(pattern);
      return true;
    } catch {
      return false;
    }
  }
}

/** The normalize input with its output schema replaced by `f(schema, structuredContent)`. */
function withSchema(input: Rec, f: (schema: Rec, value: unknown) => unknown): Rec {
  const options = input.options;
  const value = input.value;
  if (input.source !== 'mcp' || !isRec(options) || !isRec(options.outputSchema) || !isRec(value)) return input;
  return { ...input, options: { ...options, outputSchema: f(options.outputSchema, value.structuredContent) } };
}

export const questionMutants: readonly Mutant[] = [
  {
    name: 'text-row-reads-block-members',
    breaks: 'TR-NORM-80',
    description:
      "fills the mimeType and uri cells of a user-only MCP text block's row from members of those names on the block, which MCP's text block does not define",
    override: (ref) => ({
      normalize: (input: Rec, ctx) => {
        const out = ref.normalize!(input, ctx) as { result: Rec };
        const blocks = isRec(input.value) ? input.value.content : undefined;
        const artifacts = out.result.artifacts;
        if (input.source !== 'mcp' || !Array.isArray(blocks) || !Array.isArray(artifacts)) return out;
        const table = artifacts[0] as { type?: unknown; data?: { rows?: unknown } } | undefined;
        if (table?.type !== 'table' || !Array.isArray(table.data?.rows)) return out;
        const rows = (table.data.rows as string[][]).map((row) => {
          const block: unknown = blocks[Number(/^content\[(\d+)\]$/.exec(row[0] ?? '')?.[1] ?? -1)];
          if (row[1] !== 'text' || !isRec(block)) return row;
          const cell = (v: unknown, old: string) => (typeof v === 'string' ? v : old);
          return [row[0]!, row[1], cell(block.mimeType, row[2]!), row[3]!, cell(block.uri, row[4]!)];
        });
        return { result: { ...out.result, artifacts: [{ ...table, data: { ...table.data, rows } }, ...artifacts.slice(1)] } };
      },
    }),
  },
  {
    name: 'is-error-not-boolean-bad-input',
    breaks: 'TR-BOUND-17',
    description:
      'refuses a result input whose isError is missing or not a boolean as adapter.bad_input, instead of letting the bounder make a success result of it',
    override: (ref) => ({
      bound: (input: Rec, ctx) => {
        if (isRec(input.result) && typeof input.result.isError !== 'boolean') throw new OpError('adapter.bad_input', 'result input has no boolean isError');
        return ref.bound!(input, ctx);
      },
    }),
  },
  {
    name: 'multiple-of-exact-decimal',
    breaks: 'TR-NORM-81',
    description: 'checks multipleOf in exact decimal arithmetic over the numbers as written (0.3 is a multiple of 0.1), not by the double quotient',
    override: (ref) => ({
      normalize: (input: Rec, ctx) =>
        ref.normalize!(
          withSchema(input, (schema, value) => {
            const d = schema.multipleOf;
            if (typeof d !== 'number' || typeof value !== 'number' || !Number.isFinite(value)) return schema;
            const { multipleOf: _, ...rest } = schema;
            return exactMultiple(value, d) ? rest : { ...rest, not: {} };
          }),
          ctx,
        ),
    }),
  },
  {
    name: 'ref-ignores-nested-id',
    breaks: 'TR-NORM-82',
    description: 'resolves every $ref against the root alone: an $id below the root sets no base and names no resource',
    override: (ref) => ({
      normalize: (input: Rec, ctx) =>
        ref.normalize!(
          withSchema(input, (schema) => withoutNestedIds(schema)),
          ctx,
        ),
    }),
  },
  {
    name: 'pattern-annex-b-syntax',
    breaks: 'TR-NORM-65',
    description: 'takes a pattern that is valid only without the u flag (Annex B: a lone brace, \\c1, {,2}) as valid, and runs it with that reading',
    override: (ref) => ({
      normalize: (input: Rec, ctx) =>
        ref.normalize!(
          withSchema(input, (schema, value) => {
            const p = schema.pattern;
            if (typeof p !== 'string' || typeof value !== 'string' || !annexBOnly(p)) return schema;
            const { pattern: _, ...rest } = schema;
            return new RegExp(p).test(value) ? rest : { ...rest, not: {} };
          }),
          ctx,
        ),
    }),
  },
  {
    name: 'local-result-read-as-data',
    breaks: 'TR-NORM-83',
    description: 'reads a tool result a local tool returned as JSON data (its members as structured, their JSON as the text), not as a result to bound',
    override: (ref) => ({
      normalize: (input: Rec, ctx) => ref.normalize!(input.source === 'local-result' ? { ...input, source: 'local' } : input, ctx),
    }),
  },
  {
    name: 'local-result-rebuilt-without-artifacts',
    breaks: 'TR-NORM-62',
    description: 'hands a tool result back rebuilt from its text and structured value, its artifacts lost, instead of passing it through',
    override: (ref) => ({
      normalize: (input: Rec, ctx) => {
        const out = ref.normalize!(input, ctx) as { result: Rec };
        return input.source === 'local-result' ? { result: { ...out.result, artifacts: [] } } : out;
      },
    }),
  },
  {
    name: 'byte-array-not-binary',
    breaks: 'TR-NORM-10',
    description: "reads a native byte array in a LangChain block's data as data of the wrong kind (only base64 text counts), so the block is invalid",
    override: (ref) => ({
      normalize: (input: Rec, ctx) =>
        ref.normalize!(
          input.source === 'langchain' ? { ...input, value: replaceOpaque(input.value, 'bytes-object', { $tr: 'opaque', kind: 'function' }) } : input,
          ctx,
        ),
    }),
  },
  {
    name: 'langchain-data-block-reads-metadata-uri',
    breaks: 'TR-NORM-51',
    description: 'fills the uri cell of a LangChain block with data (base64 or data) from its metadata.uri, which TR-NORM-51 reads only for a text file block',
    override: (ref) => ({
      normalize: (input: Rec, ctx) => {
        const out = ref.normalize!(input, ctx) as { result: Rec };
        const blocks = isRec(input.value) ? input.value.content : undefined;
        const artifacts = out.result.artifacts;
        if (input.source !== 'langchain' || !Array.isArray(blocks) || !Array.isArray(artifacts)) return out;
        const table = artifacts[0] as { type?: unknown; data?: { rows?: unknown } } | undefined;
        if (table?.type !== 'table' || !Array.isArray(table.data?.rows)) return out;
        const rows = (table.data.rows as string[][]).map((row) => {
          const block: unknown = blocks[Number(/^content\[(\d+)\]$/.exec(row[0] ?? '')?.[1] ?? -1)];
          if (!isRec(block) || (block.base64 === undefined && block.data === undefined) || !isRec(block.metadata)) return row;
          const uri = block.metadata.uri;
          return typeof uri === 'string' && row[4] === '' ? [...row.slice(0, 4), uri] : row;
        });
        return { result: { ...out.result, artifacts: [{ ...table, data: { ...table.data, rows } }, ...artifacts.slice(1)] } };
      },
    }),
  },
  // The keywords each output-schema dialect defines (TR-NORM-32, vector normalize-mcp/schema-keyword-forms).
  {
    name: 'schema-annotation-forms-ignored',
    breaks: 'TR-NORM-32',
    description:
      'ignores the annotation keywords (title, description, $comment, examples, readOnly, writeOnly, deprecated, content*, $vocabulary) whatever their value, as a checker that knows only assertions and applicators does',
    override: (ref) => ({
      normalize: (input: Rec, ctx) =>
        ref.normalize!(
          withSchema(input, (schema) => withoutKeys(schema, ANNOTATIONS)),
          ctx,
        ),
    }),
  },
  {
    name: 'schema-2020-ignores-definitions-dependencies',
    breaks: 'TR-NORM-32',
    description: 'takes definitions and dependencies as keywords 2020-12 does not define (ignored), not as the draft-07 forms its meta-schema keeps',
    override: (ref) => ({
      normalize: (input: Rec, ctx) =>
        ref.normalize!(
          withSchema(input, (schema) => (schema.$schema === undefined ? withoutKeys(schema, ['definitions', 'dependencies']) : schema)),
          ctx,
        ),
    }),
  },
  {
    name: 'schema-draft07-applies-dependent-required',
    breaks: 'TR-NORM-32',
    description: 'applies dependentRequired and dependentSchemas in a draft-07 schema too, which draft-07 does not define',
    override: (ref) => ({
      normalize: (input: Rec, ctx) =>
        ref.normalize!(
          withSchema(input, (schema) =>
            typeof schema.$schema === 'string' && schema.$schema.startsWith('http://json-schema.org/draft-07/')
              ? { ...schema, $schema: 'https://json-schema.org/draft/2020-12/schema' }
              : schema,
          ),
          ctx,
        ),
    }),
  },
  {
    name: 'result-list-read-as-object',
    breaks: 'TR-CONF-21',
    description: 'reads a result input that is a list as an object without content, which the bounder fails closed, not as a request without the op shape',
    override: (ref) => ({
      bound: (input: Rec, ctx) => ref.bound!(Array.isArray(input.result) ? { ...input, result: {} } : input, ctx),
      normalize: (input: Rec, ctx) => ref.normalize!(input.source === 'local-result' && Array.isArray(input.value) ? { ...input, value: {} } : input, ctx),
    }),
  },
  {
    name: 'warnings-not-list-refused',
    breaks: 'TR-BOUND-13',
    description: 'refuses a result input whose warnings is not a list with adapter.bad_input, where it carries no code',
    override: (ref) => ({
      bound: (input: Rec, ctx) => {
        if (isRec(input.result) && Object.hasOwn(input.result, 'warnings') && !Array.isArray(input.result.warnings)) {
          throw new OpError('adapter.bad_input', 'warnings is not a list');
        }
        return ref.bound!(input, ctx);
      },
    }),
  },
  {
    name: 'options-list-read-as-empty',
    breaks: 'TR-MODEL-10',
    description: 'reads options given as a JSON list as empty options (as a PHP library reads an empty array), not as invalid options',
    override: (ref) => ({
      bound: (input: Rec, ctx) => ref.bound!(Array.isArray(input.options) ? { ...input, options: {} } : input, ctx),
      normalize: (input: Rec, ctx) => ref.normalize!(Array.isArray(input.options) ? { ...input, options: {} } : input, ctx),
    }),
  },
  {
    name: 'normalize-source-not-string-throws',
    breaks: 'TR-CONF-21',
    description: 'looks a source that is not a string up as a key and fails with an exception, not adapter.bad_input',
    override: (ref) => ({
      normalize: (input: Rec, ctx) => {
        if (typeof input.source !== 'string') throw new TypeError('unhashable source');
        return ref.normalize!(input, ctx);
      },
    }),
  },
  // Where Ajv reads an output schema otherwise than TR-NORM-32 (vector normalize-mcp/schema-reference-departures).
  {
    name: 'schema-dynamic-ref-evaluated',
    breaks: 'TR-NORM-32',
    description: 'evaluates a $dynamicRef or $recursiveRef that resolves, as a $ref, instead of refusing the schema',
    override: (ref) => ({
      normalize: (input: Rec, ctx) =>
        ref.normalize!(
          withSchema(input, (schema) => everyObject(schema, (o) => renamed(renamed(o, '$dynamicRef', '$ref'), '$recursiveRef', '$ref'))),
          ctx,
        ),
    }),
  },
  {
    name: 'schema-true-pattern-not-compiled',
    breaks: 'TR-NORM-65',
    description: 'never compiles a patternProperties key whose subschema is true, so a key that cannot run passes, as Ajv does in draft-07',
    override: (ref) => ({
      normalize: (input: Rec, ctx) =>
        ref.normalize!(
          withSchema(input, (schema) =>
            everyObject(schema, (o) =>
              isRec(o.patternProperties)
                ? { ...o, patternProperties: Object.fromEntries(Object.entries(o.patternProperties).filter(([, x]) => x !== true)) }
                : o,
            ),
          ),
          ctx,
        ),
    }),
  },
  {
    name: 'schema-ajv-keywords-read',
    breaks: 'TR-NORM-32',
    description:
      'reads id, $async and nullable as Ajv does (id and $async refused, nullable true adds null to type, nullable without type refused) instead of ignoring them',
    override: (ref) => ({
      normalize: (input: Rec, ctx) =>
        ref.normalize!(
          withSchema(input, (schema) => {
            let refused = false;
            const out = everyObject(schema, (o) => {
              if ('id' in o || '$async' in o || ('nullable' in o && !('type' in o))) refused = true;
              if (o.nullable !== true || typeof o.type !== 'string') return o;
              const { nullable: _, ...rest } = o;
              return { ...rest, type: [o.type, 'null'] };
            });
            return refused ? { type: 5 } : out;
          }),
          ctx,
        ),
    }),
  },
  {
    name: 'schema-ref-names-dynamic-anchor',
    breaks: 'TR-NORM-32',
    description: 'lets a $ref fragment name a $dynamicAnchor as well as an $anchor',
    override: (ref) => ({
      normalize: (input: Rec, ctx) =>
        ref.normalize!(
          withSchema(input, (schema) => everyObject(schema, (o) => ('$anchor' in o ? o : renamed(o, '$dynamicAnchor', '$anchor')))),
          ctx,
        ),
    }),
  },
  {
    name: 'schema-unknown-keyword-ids-registered',
    breaks: 'TR-NORM-32',
    description:
      "registers an $id or $anchor inside a keyword the dialect does not define (draft-07's $defs and contentSchema included), as Ajv's walk of every key does",
    override: (ref) => ({
      normalize: (input: Rec, ctx) =>
        ref.normalize!(
          withSchema(input, (schema) => {
            const draft07 = typeof schema.$schema === 'string' && schema.$schema.startsWith('http://json-schema.org/draft-07/');
            const known = draft07 ? DRAFT07_KEYWORDS : KEYWORDS_2020;
            const defsKey = draft07 ? 'definitions' : '$defs';
            const defs: Rec = isRec(schema[defsKey]) ? { ...schema[defsKey] } : {};
            const out: Rec = {};
            for (const [k, v] of Object.entries(schema)) {
              if (known.includes(k) || !isRec(v)) out[k] = v;
              else if (draft07 && k === '$defs') Object.assign(defs, v);
              else defs[k] = v;
            }
            return Object.keys(defs).length === 0 ? out : { ...out, [defsKey]: defs };
          }),
          ctx,
        ),
    }),
  },
  {
    name: 'schema-draft07-anchor-registered',
    breaks: 'TR-NORM-32',
    description: 'lets a draft-07 $anchor name its subschema, as draft-07 names one by an $id of the form #name',
    override: (ref) => ({
      normalize: (input: Rec, ctx) =>
        ref.normalize!(
          withSchema(input, (schema) =>
            typeof schema.$schema === 'string' && schema.$schema.startsWith('http://json-schema.org/draft-07/')
              ? everyObject(schema, (o) => (typeof o.$anchor === 'string' && !('$id' in o) ? { ...o, $id: `#${o.$anchor}` } : o))
              : schema,
          ),
          ctx,
        ),
    }),
  },
  {
    name: 'schema-unknown-anchor-name-checked',
    breaks: 'TR-NORM-32',
    description:
      'refuses an $anchor or $dynamicAnchor that is not an anchor name wherever it sits, inside a keyword the dialect does not define or in draft-07 too',
    override: (ref) => ({
      normalize: (input: Rec, ctx) =>
        ref.normalize!(
          withSchema(input, (schema) => {
            let bad = false;
            everyObject(schema, (o) => {
              for (const k of ['$anchor', '$dynamicAnchor']) if (typeof o[k] === 'string' && !/^[A-Za-z_][-A-Za-z0-9._]*$/.test(o[k])) bad = true;
              return o;
            });
            return bad ? { type: 5 } : schema;
          }),
          ctx,
        ),
    }),
  },
  {
    name: 'schema-skipped-subschema-ids-unregistered',
    breaks: 'TR-NORM-32',
    description:
      'lets an $id or $anchor of a prefixItems or dependentSchemas subschema name nothing, as Ajv, whose walk for $id skips that list and members of that map named like const, did',
    override: (ref) => ({
      normalize: (input: Rec, ctx) =>
        ref.normalize!(
          withSchema(input, (schema) =>
            everyObject(schema, (o) => {
              const strip = (x: unknown) => (isRec(x) ? withoutKeys(x, ['$id', '$anchor']) : x);
              const out = Array.isArray(o.prefixItems) ? { ...o, prefixItems: o.prefixItems.map(strip) } : o;
              return isRec(o.dependentSchemas)
                ? { ...out, dependentSchemas: Object.fromEntries(Object.entries(o.dependentSchemas).map(([k, x]) => [k, strip(x)])) }
                : out;
            }),
          ),
          ctx,
        ),
    }),
  },
  // A schema a JSON-pointer $ref reaches inside an undefined keyword (vector normalize-mcp/schema-reached-by-pointer).
  {
    name: 'schema-reached-by-pointer-unchecked',
    breaks: 'TR-NORM-32',
    description:
      'evaluates a schema a pointer $ref reaches inside an undefined keyword without checking it: a $dynamicRef or $recursiveRef there, or a keyword of the wrong form, is passed over',
    override: (ref) => ({
      normalize: (input: Rec, ctx) =>
        ref.normalize!(
          withSchema(input, (schema) => {
            const defined = new Set<string>(KEYWORDS_2020);
            // What an unchecked reader evaluates: the reached schema without what would refuse it.
            const unchecked = (v: unknown): unknown =>
              everyObject(v, (o) =>
                Object.fromEntries(
                  Object.entries(o).filter(
                    ([k, x]) => k !== '$dynamicRef' && k !== '$recursiveRef' && !(k === 'type' && typeof x !== 'string' && !Array.isArray(x)),
                  ),
                ),
              );
            return Object.fromEntries(Object.entries(schema).map(([k, x]) => [k, defined.has(k) ? x : unchecked(x)]));
          }),
          ctx,
        ),
    }),
  },
];

/** The value with `f` applied to every object in it, innermost first. */
function everyObject(v: unknown, f: (o: Rec) => Rec): unknown {
  if (Array.isArray(v)) return v.map((x) => everyObject(x, f));
  if (!isRec(v)) return v;
  return f(Object.fromEntries(Object.entries(v).map(([k, x]) => [k, everyObject(x, f)])));
}

/** The object with its member `from` (if any) renamed `to`. */
function renamed(o: Rec, from: string, to: string): Rec {
  if (!(from in o)) return o;
  const { [from]: v, ...rest } = o;
  return { ...rest, [to]: v };
}

// The keywords each dialect defines (spec/10-normalization.md §10.5, TR-NORM-32).
const DRAFT07_KEYWORDS = [
  ...['$schema', '$id', '$ref', '$comment', 'title', 'description', 'default', 'readOnly', 'examples', 'format'],
  ...['contentEncoding', 'contentMediaType', 'definitions', 'dependencies', 'additionalItems', 'items', 'type', 'enum', 'const'],
  ...['multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern'],
  ...['maxItems', 'minItems', 'uniqueItems', 'contains', 'maxProperties', 'minProperties', 'required', 'additionalProperties'],
  ...['properties', 'patternProperties', 'propertyNames', 'if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'not'],
];
const KEYWORDS_2020 = [
  ...DRAFT07_KEYWORDS.filter((k) => k !== 'additionalItems'),
  ...['$anchor', '$dynamicAnchor', '$dynamicRef', '$recursiveAnchor', '$recursiveRef', '$vocabulary', '$defs', 'deprecated'],
  ...['writeOnly', 'contentSchema', 'prefixItems', 'dependentRequired', 'dependentSchemas', 'minContains', 'maxContains'],
  ...['unevaluatedProperties', 'unevaluatedItems'],
];

const ANNOTATIONS = [
  'title',
  'description',
  '$comment',
  'examples',
  'readOnly',
  'writeOnly',
  'deprecated',
  'contentEncoding',
  'contentMediaType',
  'contentSchema',
  '$vocabulary',
];

/** The value with every member named in `keys` removed from every object in it. */
function withoutKeys(v: unknown, keys: readonly string[]): unknown {
  if (Array.isArray(v)) return v.map((x) => withoutKeys(x, keys));
  if (!isRec(v)) return v;
  return Object.fromEntries(
    Object.entries(v)
      .filter(([k]) => !keys.includes(k))
      .map(([k, x]) => [k, withoutKeys(x, keys)]),
  );
}
