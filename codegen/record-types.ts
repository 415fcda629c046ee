// What Java, Kotlin and C# share: the schemas' types mapped onto nominal records, lists, maps and
// enums, with no unions and no type aliases. Each of the three emitters spells the result in its own
// syntax; the choices are made here once so the three agree:
// - a ref to an alias is resolved to what the alias stands for (these languages have no aliases,
//   except Kotlin's, which would add nothing a reader needs);
// - a closed set of strings is an enum (an alias of one is an enum of the alias's name; an inline
//   set is named after its parent and member, and shares the enum of an alias or an earlier inline
//   set of the same values);
//   other literal sets are their scalar type, a mixed set a JSON value;
// - a union that only adds null is its other branch, nullable; any other union, and a tuple, is a
//   JSON value whose doc comment names the branches or the items;
// - `T | null` and an optional member both read as null: the languages have one null for both.
import { type Decl, type Field, type Literal, type Model, type ObjectDecl, type TypeExpr, isJsonValue, pascalWords, snakeWords, unalias, words } from './ir.ts';

export type Shape =
  | { kind: 'string' | 'integer' | 'number' | 'boolean' | 'any' }
  | { kind: 'list'; items: Shape }
  | { kind: 'map'; values: Shape }
  | { kind: 'enum'; name: string }
  | { kind: 'record'; name: string };

/** A member's type as the record languages carry it, and what its doc comment must add. */
export interface Mapped {
  readonly shape: Shape;
  /** The value may be JSON null (not counting an optional member's absence). */
  readonly nullable: boolean;
  /** What the type cannot show (the branches of a union, a tuple's items, a constant), or undefined. */
  readonly note?: string;
}

export interface EnumDecl {
  readonly name: string;
  readonly doc?: string;
  readonly values: string[];
}

/** The record languages' view of a model: the objects, the enums, and each member's mapping. */
export class RecordModel {
  readonly objects: ObjectDecl[];
  readonly enums: EnumDecl[] = [];
  private readonly enumByValues = new Map<string, string>();
  private readonly aliasEnums = new Map<string, string>();
  private readonly used: Set<string>;

  /** `reserved`: type names of the language itself that a declaration must not shadow. */
  constructor(
    readonly model: Model,
    private readonly reserved: ReadonlySet<string>,
  ) {
    this.used = new Set([...reserved, ...model.decls.map((d) => d.name)]);
    this.objects = model.decls.filter((d): d is ObjectDecl => d.kind === 'object');
    // Aliases of a set of strings first, so an inline set of the same values takes the alias's name.
    for (const d of model.decls) {
      if (d.kind !== 'alias') continue;
      const values = stringSet(d.type);
      if (!values) continue;
      // Each alias is an enum of its own name (Group and AdapterProtocolGroup both), the first one
      // of a set of values is the one an inline set of the same values reuses.
      const name = this.typeName(d.name);
      this.aliasEnums.set(d.name, name);
      if (!this.enumByValues.has(key(values))) this.enumByValues.set(key(values), name);
      this.enums.push({ name, ...(d.doc ? { doc: d.doc } : {}), values });
    }
    // Then the inline sets, in the order the members are declared, so the names are stable.
    for (const o of this.objects) for (const f of o.fields) this.map(f.type);
    for (const o of this.objects) if (o.extra) this.map(o.extra);
  }

  /** The name a declaration is emitted under (a schema title that is a name of the language gets `Type`). */
  typeName(name: string): string {
    return this.reserved.has(name) ? `${name}Type` : name;
  }

  /** The mapping of a type expression; names inline enums as a side effect, the first time. */
  map(type: TypeExpr): Mapped {
    if (isJsonValue(this.model, type)) {
      const named = type.kind === 'ref' ? type.name : undefined;
      return { shape: { kind: 'any' }, nullable: true, ...(named ? { note: `${named}: any JSON value` } : {}) };
    }
    const t = unalias(this.model, type);
    const alias = type.kind === 'ref' && t !== type ? type.name : undefined;
    const named = (m: Mapped): Mapped => (alias && m.note ? { ...m, note: `${alias}: ${m.note}` } : m);
    switch (t.kind) {
      case 'any':
        return { shape: { kind: 'any' }, nullable: true };
      case 'null':
        return { shape: { kind: 'any' }, nullable: true, note: 'always null' };
      case 'string':
      case 'integer':
      case 'number':
      case 'boolean':
        return { shape: { kind: t.kind }, nullable: false };
      case 'array': {
        const items = this.map(t.items);
        return named({ shape: { kind: 'list', items: items.shape }, nullable: false, ...(items.note ? { note: `items: ${items.note}` } : {}) });
      }
      case 'map': {
        const values = this.map(t.values);
        return named({ shape: { kind: 'map', values: values.shape }, nullable: false, ...(values.note ? { note: `values: ${values.note}` } : {}) });
      }
      case 'tuple':
        return named({
          shape: { kind: 'list', items: { kind: 'any' } },
          nullable: false,
          note: `a tuple: [${t.items.map((i) => describe(this.model, i)).join(', ')}]`,
        });
      case 'ref': {
        // unalias leaves refs to objects as refs.
        return { shape: { kind: 'record', name: this.typeName(t.name) }, nullable: false };
      }
      case 'literal': {
        const own = alias === undefined ? undefined : this.aliasEnums.get(alias);
        return own ? { shape: { kind: 'enum', name: own }, nullable: false } : named(this.literal(t.values, t.hint, alias));
      }
      case 'union': {
        const rest = t.of.filter((p) => unalias(this.model, p).kind !== 'null');
        if (rest.length === 1 && rest.length < t.of.length) {
          const inner = this.map(rest[0]!);
          return named({ ...inner, nullable: true });
        }
        return named({ shape: { kind: 'any' }, nullable: true, note: `one of ${t.of.map((p) => describe(this.model, p)).join(' | ')}` });
      }
    }
  }

  private literal(values: Literal[], hint: string, alias: string | undefined): Mapped {
    const nullable = values.includes(null);
    const rest = values.filter((v) => v !== null);
    const shown = values.map((v) => JSON.stringify(v)).join(', ');
    if (rest.length > 0 && rest.every((v) => typeof v === 'string')) {
      // A single constant ("level": "none") is its member's own: sharing it would name one record's
      // tag after another's (NoneExposurePolicy's policy typed NoneAuditRecordLevel).
      const k = rest.length === 1 ? `${hint} ${key(rest as string[])}` : key(rest as string[]);
      let name = this.enumByValues.get(k);
      if (name === undefined) {
        name = this.fresh(alias ?? hint);
        this.enumByValues.set(k, name);
        this.enums.push({ name, values: rest as string[] });
      }
      return { shape: { kind: 'enum', name }, nullable };
    }
    const scalar: Shape['kind'] | null = rest.every((v) => typeof v === 'boolean')
      ? 'boolean'
      : rest.every((v) => Number.isInteger(v))
        ? 'integer'
        : rest.every((v) => typeof v === 'number')
          ? 'number'
          : null;
    const note = rest.length === 1 ? `always ${shown}` : `one of ${shown}`;
    if (scalar === null || rest.length === 0) return { shape: { kind: 'any' }, nullable: true, note };
    return { shape: { kind: scalar } as Shape, nullable, note };
  }

  private fresh(hint: string): string {
    let name = pascalWords(hint);
    for (let n = 2; this.used.has(name); n++) name = `${pascalWords(hint)}${n}`;
    this.used.add(name);
    return name;
  }
}

const key = (values: string[]): string => JSON.stringify(values);

function stringSet(type: TypeExpr): string[] | null {
  return type.kind === 'literal' && type.values.length > 0 && type.values.every((v) => typeof v === 'string') ? (type.values as string[]) : null;
}

/** A type expression as a reader of a doc comment sees it: `CallId`, `string`, `"a" | "b"`, `[CallId, null]`. */
export function describe(model: Model, type: TypeExpr): string {
  switch (type.kind) {
    case 'ref': {
      const d: Decl | undefined = model.byName.get(type.name);
      return d?.kind === 'alias' && (d.type.kind === 'tuple' || d.type.kind === 'union') && !isJsonValue(model, type)
        ? `${type.name} ${describe(model, d.type)}`
        : type.name;
    }
    case 'literal':
      return type.values.map((v) => JSON.stringify(v)).join(' | ');
    case 'array':
      return `${describe(model, type.items)}[]`;
    case 'map':
      return `{string: ${describe(model, type.values)}}`;
    case 'tuple':
      return `[${type.items.map((i) => describe(model, i)).join(', ')}]`;
    case 'union':
      return `(${type.of.map((p) => describe(model, p)).join(' | ')})`;
    case 'any':
      return 'any JSON value';
    default:
      return type.kind;
  }
}

/** An enum constant's name in UPPER_SNAKE (Java, Kotlin): "content.truncated" -> CONTENT_TRUNCATED, "-0" -> MINUS_0. */
export function upperConstant(value: string): string {
  // One word whose capitals are not word starts ("NaN") is one word: NAN, not NA_N.
  const oneWord = /^[A-Za-z]+$/.test(value) && words(value).some((w) => w.length === 1);
  const s = oneWord ? value.toUpperCase() : snakeWords(value.replace(/^-/, 'minus ')).toUpperCase();
  return /^[0-9]/.test(s) ? `V_${s}` : s;
}

/** Names for each constant of a set, distinct: `word(value)` with a counter where two collide. */
export function constantNames(values: string[], word: (v: string) => string): string[] {
  const used = new Set<string>();
  return values.map((v) => {
    let name = word(v);
    for (let n = 2; used.has(name); n++) name = `${word(v)}${n}`;
    used.add(name);
    return name;
  });
}

/** Member names, distinct and none a reserved word: `name(json)`, then `_`/a counter. */
export function memberNames(jsons: string[], name: (json: string) => string, reserved: ReadonlySet<string>, suffix: string): string[] {
  const used = new Set<string>();
  return jsons.map((j) => {
    let n0 = name(j);
    if (reserved.has(n0) || /^[0-9]/.test(n0)) n0 = /^[0-9]/.test(n0) ? `v${n0}` : `${n0}${suffix}`;
    let out = n0;
    for (let n = 2; used.has(out); n++) out = `${n0}${n}`;
    used.add(out);
    return out;
  });
}

/** A member's doc comment: the schema's prose, what the type cannot show, and whether it may be absent. */
export function memberDoc(field: Field, mapped: Mapped): string {
  return [field.doc, mapped.note ? `JSON: ${mapped.note}.` : undefined, field.required ? undefined : 'Optional: null when absent.'].filter(Boolean).join(' ');
}

/** Prose made safe inside a block comment (Kotlin nests them; Java reads a backslash-u escape even there). */
export function blockCommentText(text: string): string {
  return text.replace(/\*\//g, '*&#47;').replace(/\/\*/g, '&#47;*').replace(/\\/g, '&#92;');
}
