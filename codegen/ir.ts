// The intermediate form every language emitter reads: named declarations (objects and aliases) and
// type expressions, derived from the JSON Schemas with no per-schema code. It keeps what a type
// system can use (members, required or optional, closed or open objects, closed sets of literals,
// unions, arrays, maps, tuples) and drops what only a validator can check (patterns, ranges,
// uniqueItems, if/then/else, not): the README's "Types for your runtime" lists them per language.
//
// Naming: every titled schema (a file's root, a $defs entry or an inline schema with a title) is one
// declaration; an untitled inline object with properties is named after its parent and member. Two
// titled schemas with the same title and structure share a name; with a different structure the
// later one is prefixed with its file's name (AdapterProtocolTaggedValue). Inline literal sets and
// unions carry a hint (parent and member) for languages that must name them.
import { basename } from 'node:path';
import { isGeneratedSchema, type SchemaFile } from './schema-set.ts';

export type Literal = string | number | boolean | null;

export type TypeExpr =
  | { kind: 'any' } // no constraint at all
  | { kind: 'null' | 'boolean' | 'integer' | 'number' | 'string' }
  | { kind: 'literal'; values: Literal[]; hint: string } // a closed set of constants
  | { kind: 'array'; items: TypeExpr }
  | { kind: 'tuple'; items: TypeExpr[] }
  | { kind: 'map'; values: TypeExpr } // an object with no named members
  | { kind: 'union'; of: TypeExpr[]; hint: string }
  | { kind: 'ref'; name: string };

export interface Field {
  /** The member's name in JSON. */
  readonly json: string;
  readonly type: TypeExpr;
  readonly required: boolean;
  readonly doc?: string;
  /**
   * Facts of the member's own schema that no type holds but a program may want as named values:
   * its `default` (when a JSON scalar) and its numeric bounds. Emitters that cannot use them ignore them.
   */
  readonly facts?: Partial<Record<FactKeyword, Literal>>;
}

export const FACT_KEYWORDS = ['default', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const;
export type FactKeyword = (typeof FACT_KEYWORDS)[number];

/** The scalar facts (FACT_KEYWORDS) written on a member's schema; objects and arrays as default are left out. */
function factsOf(schema: Schema): Partial<Record<FactKeyword, Literal>> | undefined {
  if (typeof schema !== 'object') return undefined;
  const out: Partial<Record<FactKeyword, Literal>> = {};
  for (const k of FACT_KEYWORDS) {
    const v = schema[k];
    if (k === 'default' ? v === null || ['string', 'number', 'boolean'].includes(typeof v) : typeof v === 'number') out[k] = v as Literal;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

interface DeclBase {
  readonly name: string;
  readonly doc?: string;
  /** Where it comes from: schema $id and JSON pointer. */
  readonly source: string;
}

export interface ObjectDecl extends DeclBase {
  readonly kind: 'object';
  readonly fields: Field[];
  /** Members beyond the named ones: null when the object is closed (additionalProperties: false). */
  readonly extra: TypeExpr | null;
}

export interface AliasDecl extends DeclBase {
  readonly kind: 'alias';
  readonly type: TypeExpr;
}

export type Decl = ObjectDecl | AliasDecl;

export interface Model {
  readonly decls: Decl[];
  readonly byName: ReadonlyMap<string, Decl>;
  /** The declaration each schema file's root became, by the file's $id. */
  readonly roots: ReadonlyMap<string, string>;
}

type Schema = Record<string, unknown> | boolean;
type SchemaObject = Record<string, unknown>;

interface Located {
  fileId: string;
  pointer: string;
  schema: Schema;
}

export const pascal = (text: string): string =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/** Structure of a schema without its prose, to decide whether two same-titled schemas are one type. */
function structureKey(schema: Schema): string {
  return JSON.stringify(schema, (key, value) => (['title', 'description', '$comment', 'default', 'examples'].includes(key) ? undefined : value));
}

function isLiteral(value: unknown): value is Literal {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

class Builder {
  private readonly files = new Map<string, SchemaObject>();
  private readonly names = new Map<string, string>(); // location key -> name
  private readonly taken = new Map<string, string>(); // name -> structure key
  private readonly decls: Decl[] = [];

  constructor(private readonly roots: SchemaFile[]) {
    for (const { schema } of roots) this.files.set(schema.$id, schema);
  }

  run(): Model {
    const roots = new Map<string, string>();
    for (const { schema } of this.roots) {
      roots.set(schema.$id, this.named({ fileId: schema.$id, pointer: '', schema }));
      const defs = (schema.$defs ?? {}) as Record<string, Schema>;
      for (const [def, sub] of Object.entries(defs)) this.named({ fileId: schema.$id, pointer: `/$defs/${def}`, schema: sub });
    }
    return { decls: this.decls, byName: new Map(this.decls.map((d) => [d.name, d])), roots };
  }

  private resolve(ref: string, from: Located): Located {
    const url = new URL(ref, from.fileId);
    const fragment = decodeURIComponent(url.hash.slice(1));
    url.hash = '';
    const fileId = url.href;
    let schema: Schema | undefined = this.files.get(fileId);
    if (schema === undefined) throw new Error(`$ref ${ref} in ${from.fileId}${from.pointer}: no schema has the $id ${fileId}`);
    for (const part of fragment.split('/').filter(Boolean)) {
      schema = (schema as SchemaObject)[part.replace(/~1/g, '/').replace(/~0/g, '~')] as Schema | undefined;
      if (schema === undefined) throw new Error(`$ref ${ref} in ${from.fileId}${from.pointer}: nothing at #${fragment}`);
    }
    return { fileId, pointer: fragment, schema };
  }

  /** The name of a titled (or root / $defs) schema, declaring it once. */
  private named(at: Located, fallbackName?: string): string {
    const key = `${at.fileId}#${at.pointer}`;
    const existing = this.names.get(key);
    if (existing) return existing;
    const obj = typeof at.schema === 'object' ? at.schema : {};
    const fileStem = pascal(basename(at.fileId).replace(/\.schema\.json$/, ''));
    const base = typeof obj.title === 'string' ? pascal(obj.title) : (fallbackName ?? (pascal(at.pointer.split('/').pop() ?? '') || fileStem));
    const structure = structureKey(at.schema);
    let name = base;
    const seen = this.taken.get(name);
    if (seen !== undefined) {
      if (seen === structure) {
        this.names.set(key, name);
        return name;
      }
      name = fileStem + base;
      let n = 2;
      while (this.taken.has(name) && this.taken.get(name) !== structure) name = `${fileStem}${base}${n++}`;
      if (this.taken.get(name) === structure) {
        this.names.set(key, name);
        return name;
      }
    }
    this.names.set(key, name);
    this.taken.set(name, structure);
    const index = this.decls.length;
    this.decls.push(undefined as never); // reserve the position before children so parents come first
    this.decls[index] = this.declaration(name, at);
    return name;
  }

  private declaration(name: string, at: Located): Decl {
    const obj = typeof at.schema === 'object' ? at.schema : {};
    const doc = typeof obj.description === 'string' ? obj.description : undefined;
    const source = `${at.fileId}#${at.pointer}`;
    if (obj.type === 'object' && obj.properties && typeof obj.properties === 'object') {
      const required = new Set((obj.required as string[] | undefined) ?? []);
      const fields = Object.entries(obj.properties as Record<string, Schema>).map(([member, sub]): Field => {
        const type = this.expr({ ...at, pointer: `${at.pointer}/properties/${member}`, schema: sub }, name + pascal(member));
        const memberDoc = typeof sub === 'object' && typeof sub.description === 'string' ? sub.description : undefined;
        const facts = factsOf(sub);
        return { json: member, type, required: required.has(member), ...(memberDoc ? { doc: memberDoc } : {}), ...(facts ? { facts } : {}) };
      });
      return { kind: 'object', name, doc, source, fields, extra: this.extra(at, name) };
    }
    return { kind: 'alias', name, doc, source, type: this.expr(at, name, true) };
  }

  /** What an object admits beyond its named members. */
  private extra(at: Located, name: string): TypeExpr | null {
    const obj = at.schema as SchemaObject;
    const extra = obj.additionalProperties;
    if (extra === false) return null;
    if (extra === undefined || extra === true) return { kind: 'any' };
    return this.expr({ ...at, pointer: `${at.pointer}/additionalProperties`, schema: extra as Schema }, `${name}Value`);
  }

  /** The values of a schema that is only a set of constants (enum, const, anyOf of consts), else null. */
  private literalValues(schema: Schema): Literal[] | null {
    if (typeof schema !== 'object') return null;
    if (Array.isArray(schema.enum)) return schema.enum.every(isLiteral) ? schema.enum : null;
    if ('const' in schema) return isLiteral(schema.const) ? [schema.const] : null;
    const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
    if (!branches) return null;
    const values: Literal[] = [];
    for (const branch of branches) {
      const inner = this.literalValues(branch);
      if (!inner) return null;
      values.push(...inner);
    }
    return values;
  }

  private expr(at: Located, contextName: string, isDefinitionBody = false): TypeExpr {
    const schema = at.schema;
    if (typeof schema === 'boolean') return { kind: 'any' }; // `false` admits nothing; no type system needs that
    if (!isDefinitionBody && typeof schema.title === 'string') return { kind: 'ref', name: this.named(at) };
    if (typeof schema.$ref === 'string') return { kind: 'ref', name: this.named(this.resolve(schema.$ref, at)) };
    const literals = this.literalValues(schema);
    if (literals) return { kind: 'literal', values: literals, hint: contextName };
    const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
    if (branches) {
      const key = schema.anyOf ? 'anyOf' : 'oneOf';
      const parts = branches.map((b, i) => this.expr({ ...at, pointer: `${at.pointer}/${key}/${i}`, schema: b }, `${contextName}${i}`));
      return { kind: 'union', of: parts, hint: contextName };
    }
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
    if (types.length === 0) return { kind: 'any' };
    const parts = types.map((t) => this.typeExpr(t, at, contextName));
    return parts.length === 1 ? parts[0]! : { kind: 'union', of: parts, hint: contextName };
  }

  private typeExpr(type: string, at: Located, contextName: string): TypeExpr {
    const schema = at.schema as SchemaObject;
    switch (type) {
      case 'null':
      case 'boolean':
      case 'integer':
      case 'number':
      case 'string':
        return { kind: type };
      case 'array': {
        if (Array.isArray(schema.prefixItems)) {
          return {
            kind: 'tuple',
            items: (schema.prefixItems as Schema[]).map((s, i) =>
              this.expr({ ...at, pointer: `${at.pointer}/prefixItems/${i}`, schema: s }, `${contextName}Item${i}`),
            ),
          };
        }
        if (schema.items !== undefined)
          return { kind: 'array', items: this.expr({ ...at, pointer: `${at.pointer}/items`, schema: schema.items as Schema }, `${contextName}Item`) };
        return { kind: 'array', items: { kind: 'any' } };
      }
      case 'object': {
        if (schema.properties && Object.keys(schema.properties).length > 0) return { kind: 'ref', name: this.named(at, contextName) };
        const extra = schema.additionalProperties;
        if (extra && typeof extra === 'object')
          return { kind: 'map', values: this.expr({ ...at, pointer: `${at.pointer}/additionalProperties`, schema: extra as Schema }, `${contextName}Value`) };
        return { kind: 'map', values: { kind: 'any' } };
      }
      default:
        throw new Error(`${at.fileId}#${at.pointer}: unsupported JSON Schema type ${JSON.stringify(type)}`);
    }
  }
}

/**
 * The intermediate form of a set of schema files. Hand-written schemas come first so they own the
 * plain names; generated ones (the adapter protocol, which repeats titles such as TaggedValue as
 * loose placeholders) come last.
 */
export function buildModel(files: SchemaFile[]): Model {
  const ordered = [...files.filter((f) => !isGeneratedSchema(f.schema)), ...files.filter((f) => isGeneratedSchema(f.schema))];
  return new Builder(ordered).run();
}

// ------------------------------------------------------------------ questions emitters ask

/** The declaration behind a chain of aliases to a ref, or undefined. */
export function deref(model: Model, type: TypeExpr): Decl | undefined {
  let seen = 0;
  while (type.kind === 'ref' && seen++ < 64) {
    const decl = model.byName.get(type.name);
    if (!decl) throw new Error(`unknown type ${type.name}`);
    if (decl.kind === 'object') return decl;
    if (decl.type.kind !== 'ref') return decl;
    type = decl.type;
  }
  return undefined;
}

/** The expression a ref to an alias stands for (refs to objects stay refs). */
export function unalias(model: Model, type: TypeExpr): TypeExpr {
  const decl = deref(model, type);
  return decl && decl.kind === 'alias' ? decl.type : type;
}

/**
 * True when a type admits every JSON value: `any`, or a union that has a null, a boolean, a number,
 * a string, an array and an object branch (json-value.schema.json, and any superset of it). Typed
 * languages carry such a value in their own JSON value type, byte for byte.
 */
export function isJsonValue(model: Model, type: TypeExpr, seen = new Set<string>()): boolean {
  if (type.kind === 'ref') {
    if (seen.has(type.name)) return false;
    seen.add(type.name);
    const decl = model.byName.get(type.name);
    return decl?.kind === 'alias' && isJsonValue(model, decl.type, seen);
  }
  if (type.kind === 'any') return true;
  if (type.kind !== 'union') return false;
  const kinds = new Set<string>();
  for (const part of type.of) {
    const p = unalias(model, part);
    if (p.kind === 'any' || (p.kind === 'union' && isJsonValue(model, p, seen))) return true;
    kinds.add(p.kind === 'integer' ? 'integer' : p.kind === 'ref' && deref(model, p)?.kind === 'object' ? 'object-decl' : p.kind);
  }
  return ['null', 'boolean', 'number', 'string', 'array', 'map'].every((k) => kinds.has(k));
}

/**
 * A union of object declarations told apart by one required member with a distinct constant in
 * each (ToolArtifact by "type", AuditRecord by "level", Response by "ok"), or null.
 */
export function discriminated(model: Model, type: TypeExpr): { member: string; variants: { decl: ObjectDecl; value: Literal }[] } | null {
  const t = unalias(model, type);
  if (t.kind !== 'union' || t.of.length < 2) return null;
  const decls: ObjectDecl[] = [];
  for (const part of t.of) {
    const d = deref(model, part);
    if (d?.kind !== 'object') return null;
    decls.push(d);
  }
  const constOf = (d: ObjectDecl, member: string): Literal | undefined => {
    const f = d.fields.find((x) => x.json === member && x.required);
    const ft = f && unalias(model, f.type);
    return ft?.kind === 'literal' && ft.values.length === 1 ? ft.values[0] : undefined;
  };
  for (const f of decls[0]!.fields) {
    const values = decls.map((d) => constOf(d, f.json));
    if (values.some((v) => v === undefined)) continue;
    if (new Set(values.map((v) => JSON.stringify(v))).size !== values.length) continue;
    return { member: f.json, variants: decls.map((decl, i) => ({ decl, value: values[i]! })) };
  }
  return null;
}

/** The single constant a member must hold, if it is one (`"version": {"const": 1}`). */
export function constantOf(model: Model, type: TypeExpr): Literal | undefined {
  const t = unalias(model, type);
  return t.kind === 'literal' && t.values.length === 1 ? t.values[0] : undefined;
}

/** Words of a name for case conversion: "isError" -> is, error; "$tr" -> tr; "content.truncated" -> content, truncated. */
export function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

export const pascalWords = (text: string): string =>
  words(text)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('') || 'Value';
export const snakeWords = (text: string): string => words(text).join('_') || 'value';
export const camelWords = (text: string): string => {
  const p = pascalWords(text);
  return p[0]!.toLowerCase() + p.slice(1);
};

/** Wraps prose to a width, for doc comments. */
export function wrap(text: string | undefined, width = 96): string[] {
  if (!text) return [];
  const lines: string[] = [];
  let line = '';
  for (const word of text.replace(/\s+/g, ' ').trim().split(' ')) {
    if (line.length > 0 && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line.length > 0 ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** An identifier part for a constant of a closed set: "content.truncated" -> ContentTruncated, "-0" -> Minus0. */
export function constantWord(value: Literal): string {
  const p = pascalWords(String(value).replace(/^-/, 'minus '));
  return /^[0-9]/.test(p) ? `V${p}` : p;
}
