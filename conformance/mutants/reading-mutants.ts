// Mutants of the readings issue 56 decided: each implements the reading the spec turned down, so a
// case must tell the two apart.
import { isUndefinedTag } from '../../reference-adapter/options-input.ts';
import type { Mutant } from './mutant.ts';
import { isRec, withRewrittenSchema } from './schema-rewrite.ts';

type Rec = Record<string, unknown>;

// An assertion (^, $, \b, \B, or a lookaround group without nested groups) and the quantifier after it.
const QUANTIFIED_ASSERTION = /(\^|\$|\\[bB]|\(\?<?[=!][^()]*\))(?:[*+?]|\{\d+(?:,\d*)?\})\??/g;

/** Every pattern of a schema with the quantifier after an assertion dropped: the assertion then runs once. */
function assertionsUnquantified(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(assertionsUnquantified);
  if (!isRec(v)) return v;
  return Object.fromEntries(
    Object.entries(v).map(([k, x]) => [k, k === 'pattern' && typeof x === 'string' ? x.replace(QUANTIFIED_ASSERTION, '$1') : assertionsUnquantified(x)]),
  );
}

/** A value with every undefined inside it dropped, from an object's members and from a list alike. */
function undefinedDropped(v: unknown): unknown {
  if (Array.isArray(v)) return v.filter((x) => !isUndefinedTag(x)).map(undefinedDropped);
  if (!isRec(v) || typeof v.$tr === 'string') return v;
  return Object.fromEntries(Object.entries(v).flatMap(([k, x]) => (isUndefinedTag(x) ? [] : [[k, undefinedDropped(x)]])));
}

/** A schema with the $id of every 2020-12 contentSchema removed: what reading it as naming nothing does. */
function contentSchemaIdsRemoved(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(contentSchemaIdsRemoved);
  if (!isRec(v)) return v;
  return Object.fromEntries(
    Object.entries(v).map(([k, x]) => {
      if (k !== 'contentSchema' || !isRec(x)) return [k, contentSchemaIdsRemoved(x)];
      const { $id: _unnamed, ...rest } = x;
      return [k, contentSchemaIdsRemoved(rest)];
    }),
  );
}

/** Every $id string of a schema, at any depth. */
function idsOf(v: unknown, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(v)) for (const x of v) idsOf(x, out);
  else if (isRec(v)) for (const [k, x] of Object.entries(v)) k === '$id' && typeof x === 'string' ? out.add(x) : idsOf(x, out);
  return out;
}

/** Whether a $ref resolves, for the two forms the cases use: a root pointer and an absolute URI some $id gives. */
function resolvesIn(root: unknown, ref: string, ids: Set<string>): boolean {
  if (ref.startsWith('#/')) {
    let node: unknown = root;
    for (const token of ref.slice(2).split('/')) {
      if (!isRec(node) || !Object.hasOwn(node, token)) return false;
      node = node[token];
    }
    return true;
  }
  return !ref.includes(':') || ids.has(ref);
}

/** A schema with each subschema whose $ref resolves nowhere replaced by false: it fails only if evaluation reaches it. */
function unresolvedRefsLazy(schema: unknown): unknown {
  const ids = idsOf(schema);
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!isRec(v)) return v;
    if (typeof v.$ref === 'string' && !resolvesIn(schema, v.$ref, ids)) return false;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
  };
  return walk(schema);
}

/** Whether octets given in hex are well-formed UTF-8. */
function wellFormedUtf8(hex: string): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(hex, 'hex'));
    return true;
  } catch {
    return false;
  }
}

/** A schema whose subschemas under unknown x- keywords resolve their $ref against their own $id: the base the spec turned down. */
function reachedIdsAsBases(schema: unknown): unknown {
  if (!isRec(schema) || typeof schema.$id !== 'string') return schema;
  const root = schema.$id;
  const walk = (v: unknown, unknown: boolean): unknown => {
    if (Array.isArray(v)) return v.map((x) => walk(x, unknown));
    if (!isRec(v)) return v;
    const out = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, unknown || k.startsWith('x-'))]));
    if (unknown && typeof v.$id === 'string' && typeof v.$ref === 'string') out.$ref = new URL(v.$ref, new URL(v.$id, root)).href;
    return out;
  };
  return walk(schema, false);
}

export const readingMutants: readonly Mutant[] = [
  {
    name: 'null-data-member-not-given',
    breaks: 'TR-NORM-51',
    description:
      'takes a base64 or data member holding null as absent, so the other member, the url or a file block text is read instead of the block being invalid',
    override: (ref) => ({
      normalize: (input: Rec, ctx) => {
        const value = input.value;
        if (input.source !== 'langchain' || !isRec(value) || !Array.isArray(value.content)) return ref.normalize!(input, ctx);
        // Dropping the null members is this reading: the reference then finds them absent.
        const content = value.content.map((b) =>
          isRec(b) ? Object.fromEntries(Object.entries(b).filter(([k, v]) => !((k === 'base64' || k === 'data') && v === null))) : b,
        );
        return ref.normalize!({ ...input, value: { ...value, content } }, ctx);
      },
    }),
  },
  {
    name: 'quantified-assertion-accepted',
    breaks: 'TR-NORM-65',
    description:
      'accepts an assertion followed by a quantifier (^*, \\b+, a quantified lookahead) as valid pattern syntax and runs it as the bare assertion, as engines without the u flag or outside ECMAScript do',
    override: (ref) => withRewrittenSchema(ref, assertionsUnquantified),
  },
  {
    name: 'nested-undefined-dropped',
    breaks: 'TR-NORM-66',
    description:
      'drops an undefined nested inside a Python adapter artifact member, as JSON.stringify drops an object member, instead of finding the members unencodable',
    override: (ref) => ({
      normalize: (input: Rec, ctx) => {
        const value = input.value;
        if (input.source !== 'langchain' || !isRec(value) || !isRec(value.artifact)) return ref.normalize!(input, ctx);
        return ref.normalize!({ ...input, value: { ...value, artifact: undefinedDropped(value.artifact) } }, ctx);
      },
    }),
  },
  {
    name: 'mcp-byte-array-counted',
    breaks: 'TR-NORM-10',
    description:
      "counts a native byte array in an MCP image's or audio's data or a resource's blob by its length, as a LangChain block's, instead of finding the block invalid",
    override: (ref) => ({
      normalize: (input: Rec, ctx) => {
        const value = input.value;
        if (input.source !== 'mcp' || !isRec(value) || !Array.isArray(value.content)) return ref.normalize!(input, ctx);
        // The bytes-object tag holds three octets: AAAA is their base64, which the reference counts as 3.
        const bytes = (x: unknown) => isRec(x) && x.$tr === 'opaque' && x.kind === 'bytes-object';
        const content = value.content.map((b) => {
          if (!isRec(b)) return b;
          if (bytes(b.data)) return { ...b, data: 'AAAA' };
          if (isRec(b.resource) && bytes(b.resource.blob)) return { ...b, resource: { ...b.resource, blob: 'AAAA' } };
          return b;
        });
        return ref.normalize!({ ...input, value: { ...value, content } }, ctx);
      },
    }),
  },
  {
    name: 'content-schema-id-names-nothing',
    breaks: 'TR-NORM-82',
    description: 'reads an $id inside a 2020-12 contentSchema as naming nothing, since contentSchema is never applied, so a $ref to it does not resolve',
    override: (ref) => withRewrittenSchema(ref, contentSchemaIdsRemoved),
  },
  {
    name: 'unresolvable-ref-lazy',
    breaks: 'TR-NORM-82',
    description: 'refuses a $ref that resolves nowhere only when evaluation of the value reaches it, so a value that never meets it passes',
    override: (ref) => withRewrittenSchema(ref, unresolvedRefsLazy),
  },
  {
    name: 'ill-formed-octets-binary',
    breaks: 'TR-NORM-66',
    description:
      'takes an artifact member whose octets are not well-formed UTF-8 as binary, the stub with its octet count, instead of text coerced by TR-BOUND-1',
    override: (ref) => ({
      normalize: (input: Rec, ctx) => {
        const out = ref.normalize!(input, ctx) as { result: Rec };
        const value = input.value;
        if (input.source !== 'langchain' || !isRec(value) || !isRec(value.artifact)) return out;
        const arts = out.result.artifacts as { label: string; data: { text?: string } }[] | undefined;
        const members = arts?.find((a) => a.label === 'Artifact members');
        if (!members || typeof members.data.text !== 'string' || !members.data.text.startsWith('{')) return out;
        const parsed = JSON.parse(members.data.text) as Rec;
        for (const [k, v] of Object.entries(value.artifact))
          if (isRec(v) && v.$tr === 'bytes' && typeof v.hex === 'string' && !wellFormedUtf8(v.hex))
            parsed[k] = { omitted: true, size: v.hex.length / 2, type: 'binary' };
        const text = JSON.stringify(Object.fromEntries(Object.entries(parsed).sort(([a], [b]) => (a < b ? -1 : 1))));
        return { result: { ...out.result, artifacts: arts!.map((a) => (a === members ? { ...a, data: { text } } : a)) } };
      },
    }),
  },
  {
    name: 'reached-id-sets-base',
    breaks: 'TR-NORM-82',
    description: 'lets the $id of a schema a pointer reached inside an unknown keyword set the base of its own $ref, as if that $id named a resource',
    override: (ref) => withRewrittenSchema(ref, reachedIdsAsBases),
  },
];
