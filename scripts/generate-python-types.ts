// Generates Python types (TypedDict, Literal aliases) from schemas/ into
// implementations/python/toolresult/generated_types.py, so the Python implementation reads the same
// single source as the TypeScript one. `--check` regenerates in memory and fails when the committed
// file differs, like scripts/generate-types.ts.
//
// Every titled schema (a file's root, a $defs entry or an inline schema with a title) becomes one
// named Python type; untitled inline objects with properties are named after their parent and
// member. Two titled schemas with the same title and the same structure share one name; with a
// different structure the later one is prefixed with its file's name (AdapterProtocolTaggedValue).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ID_BASE, ROOT, fileForId, isGeneratedSchema, listSchemaFiles } from './schema-files.ts';

type Schema = Record<string, unknown> | boolean;
type SchemaObject = Record<string, unknown>;

const OUT = join(ROOT, 'implementations', 'python', 'toolresult', 'generated_types.py');

const HEADER = `# GENERATED — do not edit.
# Written by scripts/generate-python-types.ts from schemas/**/*.schema.json.
# Change the schema, then run: npx tsx scripts/generate-python-types.ts
"""Python types of the protocol's JSON schemas (TypedDicts and Literal aliases)."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypeAlias, TypedDict, Union
`;

interface Definition {
  name: string;
  code: string;
}

interface Located {
  fileId: string; // $id of the schema file, without fragment
  pointer: string; // JSON pointer inside it ('' for the root)
  schema: Schema;
}

const pascal = (text: string): string =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

const constantName = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase() + '_VALUES';

/** Structure of a schema without its prose, to decide whether two same-titled schemas are one type. */
function structureKey(schema: Schema): string {
  return JSON.stringify(schema, (key, value) => (['title', 'description', '$comment', 'default', 'examples'].includes(key) ? undefined : value));
}

function pythonLiteral(value: unknown): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string' || typeof value === 'number') return JSON.stringify(value);
  throw new Error(`unsupported const/enum value: ${JSON.stringify(value)}`);
}

function comment(text: unknown, indent = ''): string {
  if (typeof text !== 'string' || text.length === 0) return '';
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line.length > 0 && line.length + word.length + 1 > 96) {
      lines.push(line);
      line = word;
    } else line = line.length > 0 ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map((l) => `${indent}# ${l}\n`).join('');
}

class Generator {
  private readonly files = new Map<string, SchemaObject>(); // $id -> root schema
  private readonly names = new Map<string, string>(); // location key -> python name
  private readonly taken = new Map<string, string>(); // python name -> structure key
  private readonly definitions: Definition[] = [];

  constructor(private readonly roots: { rel: string; schema: SchemaObject }[]) {
    for (const { schema } of roots) this.files.set(schema.$id as string, schema);
  }

  run(): string {
    for (const { schema } of this.roots) {
      const fileId = schema.$id as string;
      this.named({ fileId, pointer: '', schema });
      const defs = (schema.$defs ?? {}) as Record<string, Schema>;
      for (const [def, sub] of Object.entries(defs)) this.named({ fileId, pointer: `/$defs/${def}`, schema: sub });
    }
    return HEADER + this.definitions.map((d) => '\n\n' + d.code).join('') + '\n';
  }

  private fileSchema(fileId: string): SchemaObject {
    const known = this.files.get(fileId);
    if (known) return known;
    const path = fileForId(fileId);
    if (!path) throw new Error(`$ref outside ${ID_BASE}: ${fileId}`);
    const schema = JSON.parse(readFileSync(path, 'utf8')) as SchemaObject;
    this.files.set(fileId, schema);
    return schema;
  }

  private resolve(ref: string, from: Located): Located {
    const url = new URL(ref, from.fileId);
    const fragment = decodeURIComponent(url.hash.slice(1));
    url.hash = '';
    const fileId = url.href;
    let schema: Schema = this.fileSchema(fileId);
    for (const part of fragment.split('/').filter(Boolean)) {
      schema = (schema as SchemaObject)[part.replace(/~1/g, '/').replace(/~0/g, '~')] as Schema;
      if (schema === undefined) throw new Error(`unresolved $ref ${ref} in ${from.fileId}`);
    }
    return { fileId, pointer: fragment, schema };
  }

  /** The Python name of a titled (or root / $defs) schema, emitting its definition once. */
  private named(at: Located, fallbackName?: string): string {
    const key = `${at.fileId}#${at.pointer}`;
    const existing = this.names.get(key);
    if (existing) return existing;
    const obj = typeof at.schema === 'object' ? at.schema : {};
    const fileStem = pascal(basename(at.fileId).replace(/\.schema\.json$/, ''));
    const base = typeof obj.title === 'string' ? pascal(obj.title) : fallbackName ?? (pascal(at.pointer.split('/').pop() ?? '') || fileStem);
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
    const slot: Definition = { name, code: '' };
    this.definitions.push(slot); // reserve the position before children so parents come first
    slot.code = this.definition(name, at);
    return name;
  }

  private definition(name: string, at: Located): string {
    const obj = typeof at.schema === 'object' ? at.schema : {};
    const doc = comment(obj.description);
    if (obj.type === 'object' && obj.properties && typeof obj.properties === 'object') {
      const required = new Set((obj.required as string[] | undefined) ?? []);
      const members = Object.entries(obj.properties as Record<string, Schema>).map(([member, sub]) => {
        const type = this.expr({ ...at, pointer: `${at.pointer}/properties/${member}`, schema: sub }, name + pascal(member));
        return `        ${JSON.stringify(member)}: ${required.has(member) ? type : `NotRequired[${type}]`},\n`;
      });
      return `${doc}${name} = TypedDict(\n    ${JSON.stringify(name)},\n    {\n${members.join('')}    },\n)`;
    }
    const type = this.expr(at, name, true);
    let code = `${doc}${name}: TypeAlias = ${type}`;
    const literals = this.literalValues(at.schema);
    if (literals) code += `\n${constantName(name)}: tuple[${name}, ...] = (${literals.map(pythonLiteral).join(', ')}${literals.length === 1 ? ',' : ''})`;
    return code;
  }

  /** The values of a schema that is only a set of constants (enum, const, anyOf of consts), else null. */
  private literalValues(schema: Schema): unknown[] | null {
    if (typeof schema !== 'object') return null;
    if (Array.isArray(schema.enum)) return schema.enum;
    if ('const' in schema) return [schema.const];
    const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
    if (!branches) return null;
    const values: unknown[] = [];
    for (const branch of branches) {
      const inner = this.literalValues(branch);
      if (!inner) return null;
      values.push(...inner);
    }
    return values;
  }

  /** A Python type expression for a schema; named types appear as quoted forward references. */
  private expr(at: Located, contextName: string, isDefinitionBody = false): string {
    const schema = at.schema;
    if (typeof schema === 'boolean') return 'Any'; // `false` admits nothing; Python has no use for that type
    if (!isDefinitionBody && typeof schema.title === 'string') return JSON.stringify(this.named(at));
    if (typeof schema.$ref === 'string') {
      return JSON.stringify(this.named(this.resolve(schema.$ref, at)));
    }
    const literals = this.literalValues(schema);
    if (literals) return `Literal[${literals.map(pythonLiteral).join(', ')}]`;
    const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
    if (branches) {
      const key = schema.anyOf ? 'anyOf' : 'oneOf';
      const parts = branches.map((b, i) => this.expr({ ...at, pointer: `${at.pointer}/${key}/${i}`, schema: b }, `${contextName}${i}`));
      return `Union[${[...new Set(parts)].join(', ')}]`;
    }
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
    if (types.length === 0) return 'Any';
    const parts = types.map((t) => this.typeExpr(t, at, contextName));
    return parts.length === 1 ? parts[0]! : `Union[${parts.join(', ')}]`;
  }

  private typeExpr(type: string, at: Located, contextName: string): string {
    const schema = at.schema as SchemaObject;
    switch (type) {
      case 'null':
        return 'None';
      case 'boolean':
        return 'bool';
      case 'integer':
        return 'int';
      case 'number':
        return 'float';
      case 'string':
        return 'str';
      case 'array': {
        if (Array.isArray(schema.prefixItems)) {
          const items = (schema.prefixItems as Schema[]).map((s, i) => this.expr({ ...at, pointer: `${at.pointer}/prefixItems/${i}`, schema: s }, `${contextName}Item${i}`));
          return `tuple[${items.join(', ')}]`;
        }
        if (schema.items !== undefined) return `list[${this.expr({ ...at, pointer: `${at.pointer}/items`, schema: schema.items as Schema }, `${contextName}Item`)}]`;
        return 'list[Any]';
      }
      case 'object': {
        if (schema.properties && Object.keys(schema.properties).length > 0) return JSON.stringify(this.named(at, contextName));
        const extra = schema.additionalProperties;
        if (extra && typeof extra === 'object') return `dict[str, ${this.expr({ ...at, pointer: `${at.pointer}/additionalProperties`, schema: extra as Schema }, `${contextName}Value`)}]`;
        return 'dict[str, Any]';
      }
      default:
        throw new Error(`unsupported JSON Schema type: ${type}`);
    }
  }
}

export function generatePython(): string {
  // Hand-written schemas first, so they own the plain names; generated ones (the adapter protocol,
  // which repeats titles such as TaggedValue as loose placeholders) come last.
  const files = listSchemaFiles();
  const ordered = [...files.filter((f) => !isGeneratedSchema(f.schema)), ...files.filter((f) => isGeneratedSchema(f.schema))];
  return new Generator(ordered.map(({ rel, schema }) => ({ rel, schema }))).run();
}

function main(): void {
  const text = generatePython();
  if (process.argv.includes('--check')) {
    if (!existsSync(OUT) || readFileSync(OUT, 'utf8') !== text) {
      console.error(`${OUT} is out of date with schemas/.\nRun: npx tsx scripts/generate-python-types.ts`);
      process.exit(1);
    }
    console.log('implementations/python/toolresult/generated_types.py is up to date');
    return;
  }
  writeFileSync(OUT, text);
  console.log(`wrote ${OUT}`);
}

main();
