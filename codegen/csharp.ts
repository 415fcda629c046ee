// C#: sealed positional records and enums in one file, for System.Text.Json (the standard library of
// .NET; the enums' JSON values need .NET 9's JsonStringEnumMemberName). Every member carries its JSON
// name in [property: JsonPropertyName]; a required member is [JsonRequired], so leaving it out fails
// to decode; a closed object refuses unknown members (JsonUnmappedMemberHandling.Disallow) and an
// open one keeps them in a [JsonExtensionData] dictionary. Required members come first in the
// constructor, optional ones after with `= null` (C# wants defaults last); JSON reads them by name.
//
// Absent and null: both are null (`T?`).
import { type HeaderInput, headerLines } from './header.ts';
import { type Model, type ObjectDecl, constantWord, pascalWords, wrap } from './ir.ts';
import { type EnumDecl, RecordModel, type Shape, constantNames, memberDoc, memberNames } from './record-types.ts';

export interface CSharpOptions {
  /** The namespace (default ToolResult.Types). */
  readonly namespace: string;
}

const KEYWORDS = new Set(
  'abstract as base bool break byte case catch char checked class const continue decimal default delegate do double else enum event explicit extern false finally fixed float for foreach goto if implicit in int interface internal is lock long namespace new null object operator out override params private protected public readonly ref return sbyte sealed short sizeof stackalloc static string struct switch this throw true try typeof uint ulong unchecked unsafe ushort using virtual void volatile while'.split(
    ' ',
  ),
);
/** Names a record's property cannot take: the members every record has, and the extra members' map. */
const MEMBER_RESERVED = new Set([
  'Equals',
  'GetHashCode',
  'ToString',
  'GetType',
  'Deconstruct',
  'EqualityContract',
  'PrintMembers',
  'MemberwiseClone',
  'AdditionalMembers',
]);
const TYPE_RESERVED = new Set(['JsonElement', 'List', 'Dictionary', 'String', 'Object', 'JsonSerializer']);

export const FILE = 'ToolResultTypes.cs';

function csType(s: Shape): string {
  switch (s.kind) {
    case 'string':
      return 'string';
    case 'integer':
      return 'long';
    case 'number':
      return 'double';
    case 'boolean':
      return 'bool';
    case 'any':
      return 'JsonElement';
    case 'list':
      return `List<${csType(s.items)}>`;
    case 'map':
      return `Dictionary<string, ${csType(s.values)}>`;
    case 'enum':
    case 'record':
      return s.name;
  }
}

const xml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const tagged = (tag: string, text: string, attr = ''): string[] => {
  const lines = wrap(xml(text), 92);
  if (lines.length === 0) return [];
  return lines.length === 1 ? [`<${tag}${attr}>${lines[0]}</${tag}>`] : [`<${tag}${attr}>`, ...lines, `</${tag}>`];
};

const docLines = (lines: string[], indent = ''): string => lines.map((l) => `${indent}/// ${l}\n`).join('');

export function validCSharpNamespace(name: string): boolean {
  return name.split('.').every((part) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(part) && !KEYWORDS.has(part));
}

function record(types: RecordModel, decl: ObjectDecl): string {
  const name = types.typeName(decl.name);
  // A member named like its record would be a constructor; it gets `Value` like the reserved ones.
  const names = memberNames(
    decl.fields.map((f) => f.json),
    (j) => pascalWords(j),
    new Set([...MEMBER_RESERVED, name]),
    'Value',
  );
  const doc = [
    ...tagged('summary', [decl.doc ?? '', `JSON: ${decl.extra ? 'an open object' : 'a closed object'} (${decl.source}).`].filter(Boolean).join(' ')),
  ];
  const params = decl.fields.map((f, i) => {
    const m = types.map(f.type);
    const text = memberDoc(f, m);
    doc.push(...tagged('param', text || f.json, ` name="${names[i]}"`));
    const attrs = [`JsonPropertyName(${JSON.stringify(f.json)})`, ...(f.required ? ['JsonRequired'] : [])];
    const type = `${csType(m.shape)}${m.nullable || !f.required ? '?' : ''}`;
    return { required: f.required, text: `    [property: ${attrs.join(', ')}] ${type} ${names[i]}${f.required ? '' : ' = null'}` };
  });
  const ordered = [...params.filter((p) => p.required), ...params.filter((p) => !p.required)].map((p) => p.text);
  const attrs = decl.extra ? '' : '[JsonUnmappedMemberHandling(JsonUnmappedMemberHandling.Disallow)]\n';
  const body = decl.extra
    ? `\n{\n    /// <summary>Members the schema does not name; the object is open to them.</summary>\n    [JsonExtensionData]\n    public Dictionary<string, JsonElement>? AdditionalMembers { get; init; }\n}\n`
    : ';\n';
  return `${docLines(doc)}${attrs}public sealed record ${name}(${ordered.length > 0 ? `\n${ordered.join(',\n')}` : ''})${body}`;
}

function enumeration(e: EnumDecl): string {
  const names = constantNames(e.values, (v) => constantWord(v));
  const constants = e.values.map((v, i) => `    [JsonStringEnumMemberName(${JSON.stringify(v)})]\n    ${names[i]},\n`).join('');
  const doc = tagged('summary', [e.doc ?? '', `JSON: one of ${e.values.map((v) => JSON.stringify(v)).join(', ')}.`].filter(Boolean).join(' '));
  return `${docLines(doc)}[JsonConverter(typeof(JsonStringEnumConverter<${e.name}>))]\npublic enum ${e.name}\n{\n${constants}}\n`;
}

export function emitCSharp(model: Model, options: CSharpOptions, header: HeaderInput): Map<string, string> {
  if (!validCSharpNamespace(options.namespace))
    throw new Error(`--namespace ${JSON.stringify(options.namespace)} is not a C# namespace (dotted identifiers, no keywords)`);
  const types = new RecordModel(model, TYPE_RESERVED);
  const parts = [
    `${headerLines(header)
      .map((l) => `// ${l}\n`)
      .join('')}// The ToolResult Protocol's data model as records for System.Text.Json (.NET 9 or later).
#nullable enable

using System.Collections.Generic;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace ${options.namespace};
`,
    ...types.objects.map((d) => record(types, d)),
    ...types.enums.map(enumeration),
  ];
  return new Map([[FILE, parts.join('\n')]]);
}
