// Rust: serde structs and enums in one module, for serde (derive) and serde_json.
//
// Absent and null: an optional member is Option<T> that serde skips when None and decodes through
// `present`, so a member that is there is Some even when it is null (Some(Value::Null) for a JSON
// value); Option's own decoding would read null as absent. A member that admits null but is
// required is Option<T> decoded by Option::deserialize, so leaving it out is an error. Closed
// objects deny unknown members; open ones keep them. Constants are one-variant enums (strings) or
// Const* types (numbers, booleans) that refuse any other value. Unions are untagged enums whose
// variants refuse each other's values, so the first that decodes is the right one.
import {
  type Decl,
  type Literal,
  type Model,
  type ObjectDecl,
  type TypeExpr,
  constantWord,
  isJsonValue,
  pascalWords,
  snakeWords,
  unalias,
  wrap,
} from './ir.ts';
import { type HeaderInput, headerLines } from './header.ts';

export interface RustOptions {
  /** Module name; the file is <module>.rs. */
  readonly module: string;
}

const VALUE = 'serde_json::Value';

const KEYWORDS = new Set(
  'as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait true type unsafe use where while abstract become box do final macro override priv typeof unsized virtual yield try'.split(
    ' ',
  ),
);

const rustField = (json: string): string => {
  const s = snakeWords(json);
  return KEYWORDS.has(s) ? `r#${s}` : /^[0-9]/.test(s) ? `_${s}` : s;
};

const doc = (text: string | undefined, indent = ''): string =>
  wrap(text, 96)
    .map((l) => `${indent}/// ${l}\n`)
    .join('');

const SUPPORT = `use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Decodes an optional member that is present: null included, so absent and null stay apart.
#[allow(dead_code)]
fn present<'de, T: Deserialize<'de>, D: Deserializer<'de>>(deserializer: D) -> Result<Option<T>, D::Error> {
    T::deserialize(deserializer).map(Some)
}

/// A member whose value is always the integer N.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ConstInt<const N: i64>;

impl<const N: i64> Serialize for ConstInt<N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_i64(N)
    }
}

impl<'de, const N: i64> Deserialize<'de> for ConstInt<N> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = i64::deserialize(deserializer)?;
        if value == N { Ok(ConstInt) } else { Err(serde::de::Error::custom(format!("expected {}, got {}", N, value))) }
    }
}

/// A member whose value is always the boolean B.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ConstBool<const B: bool>;

impl<const B: bool> Serialize for ConstBool<B> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bool(B)
    }
}

impl<'de, const B: bool> Deserialize<'de> for ConstBool<B> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = bool::deserialize(deserializer)?;
        if value == B { Ok(ConstBool) } else { Err(serde::de::Error::custom(format!("expected {}, got {}", B, value))) }
    }
}
`;

class RustEmitter {
  private readonly out: string[] = [];
  private readonly inline = new Map<string, string>(); // structure -> name of a named inline type
  private readonly usedNames = new Set<string>();

  constructor(private readonly model: Model) {
    for (const d of model.decls) this.usedNames.add(d.name);
  }

  run(): string {
    for (const decl of this.model.decls) this.out.push(this.decl(decl));
    return this.out.join('\n');
  }

  private fresh(hint: string): string {
    let name = pascalWords(hint);
    for (let n = 2; this.usedNames.has(name); n++) name = `${pascalWords(hint)}${n}`;
    this.usedNames.add(name);
    return name;
  }

  private nullable(type: TypeExpr): TypeExpr | null {
    const t = unalias(this.model, type);
    if (t.kind !== 'union') return null;
    const rest = t.of.filter((p) => unalias(this.model, p).kind !== 'null');
    return rest.length === 1 && rest.length < t.of.length ? rest[0]! : null;
  }

  private type(type: TypeExpr): string {
    if (isJsonValue(this.model, type)) return type.kind === 'ref' ? type.name : VALUE;
    switch (type.kind) {
      case 'any':
        return VALUE;
      case 'null':
        return '()';
      case 'boolean':
        return 'bool';
      case 'integer':
        return 'i64';
      case 'number':
        return 'f64';
      case 'string':
        return 'String';
      case 'literal':
        return this.literal(type.values, type.hint);
      case 'array':
        return `Vec<${this.type(type.items)}>`;
      case 'tuple':
        return `(${type.items.map((t) => this.type(t)).join(', ')}${type.items.length === 1 ? ',' : ''})`;
      case 'map':
        return isJsonValue(this.model, type.values) && type.values.kind !== 'ref'
          ? `serde_json::Map<String, ${VALUE}>`
          : `std::collections::BTreeMap<String, ${this.type(type.values)}>`;
      case 'ref':
        return type.name;
      case 'union': {
        const inner = this.nullable(type);
        if (inner) return `Option<${this.type(inner)}>`;
        return this.named(type, () => this.union(this.fresh(type.hint), undefined, type));
      }
    }
  }

  private named(type: TypeExpr, make: () => [string, string]): string {
    const key = JSON.stringify(type);
    const known = this.inline.get(key);
    if (known) return known;
    const [name, code] = make();
    this.inline.set(key, name);
    this.out.push(code);
    return name;
  }

  /** A set of constants: Const* for one number or boolean, an enum for strings, else a JSON value. */
  private literal(values: Literal[], hint: string): string {
    if (values.length === 1 && typeof values[0] === 'boolean') return `ConstBool<${values[0]}>`;
    if (values.length === 1 && Number.isInteger(values[0])) return `ConstInt<${values[0]}>`;
    if (values.every((v) => typeof v === 'string'))
      return this.named({ kind: 'literal', values, hint: '' }, () => {
        const name = this.fresh(hint);
        return [name, this.enumeration(name, undefined, values as string[])];
      });
    return VALUE;
  }

  private enumeration(name: string, docText: string | undefined, values: string[]): string {
    const used = new Set<string>();
    const variants = values.map((v) => {
      let variant = constantWord(v);
      for (let n = 2; used.has(variant); n++) variant = `${constantWord(v)}${n}`;
      used.add(variant);
      return `    #[serde(rename = ${JSON.stringify(v)})]\n    ${variant},\n`;
    });
    return `${doc(docText)}#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]\npub enum ${name} {\n${variants.join('')}}\n`;
  }

  private union(name: string, docText: string | undefined, type: Extract<TypeExpr, { kind: 'union' }>): [string, string] {
    const used = new Set<string>();
    const variants = type.of.map((part) => {
      const t = unalias(this.model, part);
      let variant = part.kind === 'ref' ? part.name : pascalWords(t.kind === 'map' ? 'object' : t.kind);
      for (let n = 2; used.has(variant); n++) variant = `${variant}${n}`;
      used.add(variant);
      return t.kind === 'null' ? `    Null,\n` : `    ${variant}(${this.type(part)}),\n`;
    });
    // A unit variant of an untagged enum is the JSON null.
    return [
      name,
      `${doc(docText)}/// One of its variants, the first that decodes (untagged).\n#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]\n#[serde(untagged)]\npub enum ${name} {\n${variants.join('')}}\n`,
    ];
  }

  private decl(decl: Decl): string {
    if (decl.kind === 'object') return this.struct(decl);
    const t = decl.type;
    if (isJsonValue(this.model, t)) return `${doc(decl.doc)}/// Any JSON value.\npub type ${decl.name} = ${VALUE};\n`;
    if (t.kind === 'literal' && t.values.every((v) => typeof v === 'string')) {
      this.inline.set(JSON.stringify({ kind: 'literal', values: t.values, hint: '' }), decl.name);
      return this.enumeration(decl.name, decl.doc, t.values as string[]);
    }
    if (t.kind === 'union' && !this.nullable(t)) return this.union(decl.name, decl.doc, t)[1];
    return `${doc(decl.doc)}pub type ${decl.name} = ${this.type(t)};\n`;
  }

  private struct(decl: ObjectDecl): string {
    const used = new Set<string>();
    const fields = decl.fields.map((f) => {
      let name = rustField(f.json);
      for (let n = 2; used.has(name) || name === 'additional_members'; n++) name = `${rustField(f.json)}_${n}`;
      used.add(name);
      const plain = name.replace(/^r#/, '');
      const attrs: string[] = [];
      if (plain !== f.json) attrs.push(`rename = ${JSON.stringify(f.json)}`);
      let type = this.type(f.type);
      if (!f.required) {
        type = `Option<${type}>`;
        attrs.push('default', 'skip_serializing_if = "Option::is_none"', 'deserialize_with = "present"');
      } else if (type.startsWith('Option<')) attrs.push('deserialize_with = "Option::deserialize"');
      const attr = attrs.length > 0 ? `    #[serde(${attrs.join(', ')})]\n` : '';
      return `${doc(f.doc, '    ')}${attr}    pub ${name}: ${type},\n`;
    });
    const open = decl.extra !== null;
    if (open)
      fields.push(
        `    /// Members the schema does not name; the object is open to them.\n    #[serde(flatten)]\n    pub additional_members: serde_json::Map<String, ${VALUE}>,\n`,
      );
    const derive = `#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]\n${open ? '' : '#[serde(deny_unknown_fields)]\n'}`;
    return `${doc(decl.doc)}${derive}pub struct ${decl.name} {\n${fields.join('')}}\n`;
  }
}

export function emitRust(model: Model, options: RustOptions, header: HeaderInput): Map<string, string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(options.module) || KEYWORDS.has(options.module))
    throw new Error(`--module ${JSON.stringify(options.module)} is not a Rust module name (lower-case letters, digits, _)`);
  const head = `${headerLines(header)
    .map((l) => `// ${l}\n`)
    .join('')}//! The ToolResult Protocol's data model as serde types (needs serde with "derive", and serde_json).

${SUPPORT}
`;
  return new Map([[`${options.module}.rs`, head + new RustEmitter(model).run()]]);
}
