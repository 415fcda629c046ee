// Go: structs with json tags, one file of one package, standard library only.
//
// Absent and null: an optional member is a pointer with omitempty (nil = absent), except a member
// that holds any JSON value, which is a json.RawMessage with omitempty: nil = absent, the four bytes
// `null` = null, and numbers stay the digits they were. A required member that admits null is a
// pointer without omitempty (nil = null). Every struct decodes strictly: a required member missing or
// null, an unknown member of a closed object, a value outside a closed set or a wrong constant is an
// error, so what decodes has the schema's shape. Unions are structs with one pointer per variant.
import {
  type Decl,
  type Literal,
  type Model,
  type ObjectDecl,
  type TypeExpr,
  constantOf,
  constantWord,
  deref,
  discriminated,
  isJsonValue,
  pascalWords,
  unalias,
  wrap,
} from './ir.ts';
import { type HeaderInput, headerLines } from './header.ts';

export interface GoOptions {
  readonly package: string;
}

const RAW = 'json.RawMessage';

const goName = (json: string): string => {
  const p = pascalWords(json);
  return p.replace(/Id$/, 'ID').replace(/^Id(?=[A-Z]|$)/, 'ID');
};

const comment = (text: string | undefined, indent = ''): string =>
  wrap(text, 96)
    .map((l) => `${indent}// ${l}\n`)
    .join('');

function goLiteral(v: Literal): string {
  return typeof v === 'string' ? JSON.stringify(v) : String(v);
}

/** The Go type that carries every value of a set of literals, or null for a mixed set. */
function literalBase(values: Literal[]): string | null {
  if (values.every((v) => typeof v === 'string')) return 'string';
  if (values.every((v) => typeof v === 'boolean')) return 'bool';
  if (values.every((v) => Number.isInteger(v))) return 'int64';
  if (values.every((v) => typeof v === 'number')) return 'float64';
  return null;
}

/** Struct fields in gofmt's columns: each run of fields between comments padded to its widest. */
function aligned(rows: { doc?: string; cells: string[] }[]): string {
  const sections: (typeof rows)[] = [];
  for (const r of rows) {
    if (r.doc || sections.length === 0) sections.push([]);
    sections[sections.length - 1]!.push(r);
  }
  return sections
    .map((section) => {
      const width = (i: number): number => Math.max(0, ...section.filter((r) => r.cells.length > i + 1).map((r) => r.cells[i]!.length));
      const widths = [width(0), width(1)];
      return section.map((r) => `${comment(r.doc, '\t')}\t${r.cells.map((c, i) => (i < r.cells.length - 1 ? c.padEnd(widths[i]!) : c)).join(' ')}\n`).join('');
    })
    .join('');
}

class GoEmitter {
  private readonly out: string[] = [];
  private readonly unions = new Map<string, string>(); // structure -> name, for inline unions
  private readonly usedNames = new Set<string>();

  constructor(private readonly model: Model) {
    for (const d of model.decls) this.usedNames.add(d.name);
  }

  run(): string {
    for (const decl of this.model.decls) this.out.push(this.decl(decl));
    return this.out.join('\n');
  }

  /** A union with exactly one non-null branch: the branch, else null. */
  private nullable(type: TypeExpr): TypeExpr | null {
    const t = unalias(this.model, type);
    if (t.kind !== 'union') return null;
    const rest = t.of.filter((p) => unalias(this.model, p).kind !== 'null');
    return rest.length === 1 && rest.length < t.of.length ? rest[0]! : null;
  }

  private admitsNull(type: TypeExpr): boolean {
    const t = unalias(this.model, type);
    return (
      isJsonValue(this.model, t) ||
      t.kind === 'null' ||
      (t.kind === 'literal' && t.values.includes(null)) ||
      (t.kind === 'union' && t.of.some((p) => this.admitsNull(p)))
    );
  }

  /** The Go type of an expression. */
  private type(type: TypeExpr): string {
    if (isJsonValue(this.model, type)) return type.kind === 'ref' ? type.name : RAW;
    switch (type.kind) {
      case 'any':
      case 'null':
        return RAW;
      case 'boolean':
        return 'bool';
      case 'integer':
        return 'int64';
      case 'number':
        return 'float64';
      case 'string':
        return 'string';
      case 'literal':
        return literalBase(type.values) ?? RAW;
      case 'array':
        return `[]${this.type(type.items)}`;
      case 'tuple':
        return `[]${RAW}`; // Go has no tuples; the items keep their JSON
      case 'map':
        return `map[string]${this.type(type.values)}`;
      case 'ref':
        return type.name;
      case 'union': {
        const inner = this.nullable(type);
        if (inner) return `*${this.type(inner)}`;
        return this.inlineUnion(type);
      }
    }
  }

  private inlineUnion(type: Extract<TypeExpr, { kind: 'union' }>): string {
    const key = JSON.stringify(type.of);
    const known = this.unions.get(key);
    if (known) return known;
    let name = pascalWords(type.hint);
    for (let n = 2; this.usedNames.has(name); n++) name = `${pascalWords(type.hint)}${n}`;
    this.usedNames.add(name);
    this.unions.set(key, name);
    this.out.push(this.union(name, undefined, type));
    return name;
  }

  private decl(decl: Decl): string {
    if (decl.kind === 'object') return this.struct(decl);
    const doc = decl.doc;
    const t = decl.type;
    if (isJsonValue(this.model, t))
      return `${comment(doc)}// Any JSON value, kept as its JSON text (json.RawMessage): null and numbers stay exactly as read.\ntype ${decl.name} = ${RAW}\n`;
    if (t.kind === 'literal') return this.enumeration(decl.name, doc, t.values);
    if (t.kind === 'union' && !this.nullable(t)) return this.union(decl.name, doc, t);
    return `${comment(doc)}type ${decl.name} = ${this.type(t)}\n`;
  }

  private enumeration(name: string, doc: string | undefined, values: Literal[]): string {
    const base = literalBase(values);
    if (!base) return `${comment(doc)}// One of: ${values.map((v) => JSON.stringify(v)).join(', ')}.\ntype ${name} = ${RAW}\n`;
    const constName = (v: Literal): string => name + constantWord(v);
    const consts = aligned(values.map((v) => ({ cells: [constName(v), `${name} = ${goLiteral(v)}`] })));
    return `${comment(doc)}type ${name} ${base}

const (
${consts})

// UnmarshalJSON accepts only the values of the set.
func (v *${name}) UnmarshalJSON(data []byte) error {
\tvar x ${base}
\tif err := json.Unmarshal(data, &x); err != nil || string(data) == "null" {
\t\treturn fmt.Errorf("${name}: want a ${base} of the set, got %s", data)
\t}
\tswitch ${name}(x) {
\tcase ${values.map(constName).join(', ')}:
\t\t*v = ${name}(x)
\t\treturn nil
\t}
\treturn fmt.Errorf("${name}: %s is not in the set", data)
}
`;
  }

  private union(name: string, doc: string | undefined, type: Extract<TypeExpr, { kind: 'union' }>): string {
    const disc = discriminated(this.model, type);
    const used = new Set<string>();
    const variants = type.of.map((part) => {
      const t = unalias(this.model, part);
      let field =
        part.kind === 'ref'
          ? part.name
          : t.kind === 'array'
            ? 'Array'
            : t.kind === 'map'
              ? 'Object'
              : t.kind === 'literal'
                ? pascalWords(literalBase(t.values) ?? 'Value')
                : pascalWords(t.kind);
      for (let n = 2; used.has(field); n++) field = `${field}${n}`;
      used.add(field);
      return { field, part, goType: t.kind === 'null' ? 'bool' : this.type(part), isNull: t.kind === 'null' };
    });
    const fields = aligned(variants.map((v) => ({ cells: v.isNull ? [v.field, 'bool', '// true: the JSON null'] : [v.field, `*${v.goType}`] })));
    const marshal = variants
      .map((v) =>
        v.isNull ? `\tif v.${v.field} {\n\t\treturn []byte("null"), nil\n\t}\n` : `\tif v.${v.field} != nil {\n\t\treturn json.Marshal(v.${v.field})\n\t}\n`,
      )
      .join('');
    let unmarshal: string;
    if (disc) {
      const cases = disc.variants
        .map(({ decl, value }) => {
          const v =
            variants.find((x) => x.goType === decl.name) ?? variants.find((x) => deref(this.model, { kind: 'ref', name: x.goType })?.name === decl.name)!;
          return `\tcase ${typeof value === 'number' ? `float64(${value})` : goLiteral(value)}:\n\t\tv.${v.field} = new(${v.goType})\n\t\treturn json.Unmarshal(data, v.${v.field})\n`;
        })
        .join('');
      unmarshal = `\tvar members map[string]json.RawMessage
\tif err := json.Unmarshal(data, &members); err != nil || members == nil {
\t\treturn fmt.Errorf("${name}: want an object, got %s", data)
\t}
\tvar tag any
\tif raw, ok := members[${JSON.stringify(disc.member)}]; !ok || json.Unmarshal(raw, &tag) != nil {
\t\treturn fmt.Errorf("${name}: missing member %q", ${JSON.stringify(disc.member)})
\t}
\t*v = ${name}{}
\tswitch tag {
${cases}\t}
\treturn fmt.Errorf("${name}: unknown %s %s", ${JSON.stringify(disc.member)}, members[${JSON.stringify(disc.member)}])
`;
    } else {
      const tries = variants
        .map((v) =>
          v.isNull
            ? `\tif string(data) == "null" {\n\t\tv.${v.field} = true\n\t\treturn nil\n\t}\n`
            : `\tif x := new(${v.goType}); json.Unmarshal(data, x) == nil${this.admitsNull(v.part) ? '' : ' && string(data) != "null"'} {\n\t\tv.${v.field} = x\n\t\treturn nil\n\t}\n`,
        )
        .join('');
      unmarshal = `\t*v = ${name}{}\n${tries}\treturn fmt.Errorf("${name}: %s matches none of the variants", data)\n`;
    }
    const described = disc ? `one of its variants, told apart by the member "${disc.member}"` : 'one of its variants, the first that decodes';
    return `${comment(doc)}// ${name} holds ${described}: set exactly one field.
type ${name} struct {
${fields}}

// MarshalJSON writes the variant that is set.
func (v ${name}) MarshalJSON() ([]byte, error) {
${marshal}\treturn nil, fmt.Errorf("${name}: no variant set")
}

// UnmarshalJSON decodes ${described}.
func (v *${name}) UnmarshalJSON(data []byte) error {
${unmarshal}}
`;
  }

  private struct(decl: ObjectDecl): string {
    const name = decl.name;
    const open = decl.extra !== null;
    const taken = new Set<string>();
    const fields = decl.fields.map((f) => {
      let goField = goName(f.json);
      for (let n = 2; taken.has(goField) || (open && goField === 'AdditionalMembers'); n++) goField = `${goName(f.json)}${n}`;
      taken.add(goField);
      const base = this.type(f.type);
      const json = isJsonValue(this.model, f.type);
      // optional: a pointer (nil = absent), or a RawMessage (nil = absent, "null" = null)
      const goType = f.required || json || base.startsWith('*') ? base : `*${base}`;
      const tag = f.required ? f.json : `${f.json},omitempty`;
      return { f, goField, goType, tag };
    });
    const rows = fields.map(({ f, goField, goType, tag }) => ({ doc: f.doc, cells: [goField, goType, `\`json:${JSON.stringify(tag)}\``] }));
    if (open)
      rows.push({ doc: 'Members the schema does not name; the object is open to them.', cells: ['AdditionalMembers', `map[string]${RAW}`, '`json:"-"`'] });
    const lines = aligned(rows);
    const extra = '';
    const known = fields.map(({ f }) => JSON.stringify(f.json)).join(', ');
    const checks: string[] = [];
    for (const { f } of fields.filter((x) => x.f.required)) {
      checks.push(`\tif ${this.admitsNull(f.type) ? '_, ok' : 'raw, ok'} := members[${JSON.stringify(f.json)}]; !ok${this.admitsNull(f.type) ? '' : ' || string(raw) == "null"'} {
\t\treturn fmt.Errorf("${name}: missing member %q", ${JSON.stringify(f.json)})
\t}
`);
    }
    // encoding/json reads a null item of []string as "" and of [][]string as nil: refuse it instead.
    for (const { f } of fields) {
      const depth = this.nonNullDepth(f.type);
      if (depth === 0) continue;
      checks.push(`\tif raw, ok := members[${JSON.stringify(f.json)}]; ok {
\t\tif err := noNullItems(raw, ${depth}); err != nil {
\t\t\treturn fmt.Errorf("${name}: member %q: %w", ${JSON.stringify(f.json)}, err)
\t\t}
\t}
`);
    }
    const constChecks: string[] = [];
    for (const { f, goField, goType } of fields) {
      const c = constantOf(this.model, f.type);
      const t = unalias(this.model, f.type);
      if (t.kind !== 'literal' || !literalBase(t.values) || this.isEnumRef(f.type)) continue;
      const ptr = goType.startsWith('*');
      const x = ptr ? `*p.${goField}` : `p.${goField}`;
      const cond = t.values.map((v) => `${x} != ${goLiteral(v)}`).join(' && ');
      constChecks.push(`\tif ${ptr ? `p.${goField} != nil && ` : ''}${cond} {
\t\treturn fmt.Errorf("${name}: member %q must be ${
        c !== undefined
          ? JSON.stringify(c).replace(/"/g, '\\"')
          : `one of ${t.values
              .map((v) => JSON.stringify(v))
              .join(', ')
              .replace(/"/g, '\\"')}`
      }", ${JSON.stringify(f.json)})
\t}
`);
    }
    const unknown = open
      ? `\tfor member, raw := range members {
\t\tswitch member {
\t\tcase ${known || '""'}:
\t\tdefault:
\t\t\tif p.AdditionalMembers == nil {
\t\t\t\tp.AdditionalMembers = map[string]${RAW}{}
\t\t\t}
\t\t\tp.AdditionalMembers[member] = raw
\t\t}
\t}
`
      : `\tfor member := range members {
\t\tswitch member {
\t\tcase ${known || '""'}:
\t\tdefault:
\t\t\treturn fmt.Errorf("${name}: unknown member %q", member)
\t\t}
\t}
`;
    const marshal = open
      ? `
// MarshalJSON writes the named members, then the additional ones.
func (v ${name}) MarshalJSON() ([]byte, error) {
\ttype plain ${name}
\tdata, err := json.Marshal(plain(v))
\tif err != nil || len(v.AdditionalMembers) == 0 {
\t\treturn data, err
\t}
\tvar members map[string]${RAW}
\tif err := json.Unmarshal(data, &members); err != nil {
\t\treturn nil, err
\t}
\tfor member, raw := range v.AdditionalMembers {
\t\tif _, named := members[member]; !named {
\t\t\tmembers[member] = raw
\t\t}
\t}
\treturn json.Marshal(members)
}
`
      : '';
    return `${comment(decl.doc)}type ${name} struct {
${lines}${extra}}

// UnmarshalJSON decodes strictly: required members present, ${open ? 'unknown ones kept in AdditionalMembers' : 'no unknown member'}, constants checked.
func (v *${name}) UnmarshalJSON(data []byte) error {
\tvar members map[string]${RAW}
\tif err := json.Unmarshal(data, &members); err != nil || members == nil {
\t\treturn fmt.Errorf("${name}: want an object, got %.40s", data)
\t}
${checks.join('')}\ttype plain ${name}
\tvar p plain
\tif err := json.Unmarshal(data, &p); err != nil {
\t\treturn fmt.Errorf("${name}: %w", err)
\t}
${unknown}${constChecks.join('')}\t*v = ${name}(p)
\treturn nil
}
${marshal}`;
  }

  /** How many levels of nested array items or map values must not be null. */
  private nonNullDepth(type: TypeExpr): number {
    let depth = 0;
    let t = unalias(this.model, type);
    while (t.kind === 'array' || t.kind === 'map') {
      const inner = t.kind === 'array' ? t.items : t.values;
      if (this.admitsNull(inner)) break;
      depth++;
      t = unalias(this.model, inner);
    }
    return depth;
  }

  /** A ref to a literal declaration: its own type checks the set. */
  private isEnumRef(type: TypeExpr): boolean {
    const d = type.kind === 'ref' ? deref(this.model, type) : undefined;
    return d?.kind === 'alias' && d.type.kind === 'literal' && literalBase(d.type.values) !== null;
  }
}

const NO_NULL_ITEMS = `
// noNullItems fails when an item of an array or a value of an object, down to depth levels, is null.
func noNullItems(raw json.RawMessage, depth int) error {
\tif depth == 0 {
\t\treturn nil
\t}
\tvar items []json.RawMessage
\tif json.Unmarshal(raw, &items) != nil {
\t\tvar members map[string]json.RawMessage
\t\tif json.Unmarshal(raw, &members) != nil {
\t\t\treturn nil // not a container: the typed decoding reports it
\t\t}
\t\tfor _, member := range members {
\t\t\titems = append(items, member)
\t\t}
\t}
\tfor _, item := range items {
\t\tif string(item) == "null" {
\t\t\treturn fmt.Errorf("null item")
\t\t}
\t\tif err := noNullItems(item, depth-1); err != nil {
\t\t\treturn err
\t\t}
\t}
\treturn nil
}
`;

export function emitGo(model: Model, options: GoOptions, header: HeaderInput): Map<string, string> {
  if (!/^[a-z][a-z0-9_]*$/.test(options.package))
    throw new Error(`--package ${JSON.stringify(options.package)} is not a Go package name (lower-case letters, digits, _)`);
  const body = new GoEmitter(model).run();
  const head = `${headerLines(header)
    .map((l) => `// ${l}\n`)
    .join('')}
// Package ${options.package} holds the ToolResult Protocol's data model as Go types.
//
// Decode with encoding/json; every type decodes strictly. Absent is nil, null is the JSON null.
package ${options.package}

import (
\t"encoding/json"
\t"fmt"
)

`;
  return new Map([['types.go', head + body + NO_NULL_ITEMS]]);
}
