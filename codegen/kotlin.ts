// Kotlin: data classes and enum classes in one file of one package (Kotlin lays out files freely), the
// standard library only. Every property carries its JSON name in @JsonName, an annotation declared in
// the file and kept at run time, for whichever JSON mapper the program uses; an open object's unnamed
// members go to a Map marked @JsonAdditionalMembers. Enum constants carry their JSON value (json,
// fromJson, and @JsonName on each constant).
//
// Absent and null: both are null. An optional member is `T? = null`; a required member that admits
// null is `T?` without a default, so a constructor call must still give it.
import { type HeaderInput, headerLines } from './header.ts';
import { type Model, type ObjectDecl, camelWords, wrap } from './ir.ts';
import { type EnumDecl, RecordModel, type Shape, blockCommentText, constantNames, memberDoc, memberNames, upperConstant } from './record-types.ts';

export interface KotlinOptions {
  /** The package (default toolresult). */
  readonly package: string;
}

/** Kotlin's hard keywords: a property so named is written in backticks. */
const KEYWORDS = new Set(
  'as break class continue do else false for fun if in interface is null object package return super this throw true try typealias typeof val var when while'.split(
    ' ',
  ),
);
const TYPE_RESERVED = new Set(['String', 'Any', 'Long', 'Double', 'Boolean', 'List', 'Map', 'Unit', 'JsonName', 'JsonAdditionalMembers']);

export const FILE = 'ToolResultTypes.kt';

function kotlinType(s: Shape): string {
  switch (s.kind) {
    case 'string':
      return 'String';
    case 'integer':
      return 'Long';
    case 'number':
      return 'Double';
    case 'boolean':
      return 'Boolean';
    case 'any':
      return 'Any?';
    case 'list':
      return `List<${kotlinType(s.items)}>`;
    case 'map':
      return `Map<String, ${kotlinType(s.values)}>`;
    case 'enum':
    case 'record':
      return s.name;
  }
}

/** A Kotlin string literal: JSON's escapes, and `$` escaped so it starts no template. */
const str = (text: string): string => JSON.stringify(text).replace(/\$/g, '\\$');

const kdoc = (paragraphs: string[]): string => {
  const lines: string[] = [];
  for (const p of paragraphs.filter(Boolean)) {
    if (lines.length > 0) lines.push('');
    lines.push(...wrap(blockCommentText(p), 92));
  }
  return lines.length === 0 ? '' : `/**\n${lines.map((l) => ` *${l ? ` ${l}` : ''}\n`).join('')} */\n`;
};

export function validKotlinPackage(name: string): boolean {
  return name.split('.').every((part) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(part) && !KEYWORDS.has(part));
}

function dataClass(types: RecordModel, decl: ObjectDecl): string {
  const names = memberNames(
    decl.fields.map((f) => f.json),
    (j) => camelWords(j),
    new Set(['additionalMembers']),
    '_',
  ).map((n) => (KEYWORDS.has(n) ? `\`${n}\`` : n));
  const props: string[] = [];
  const params = decl.fields.map((f, i) => {
    const m = types.map(f.type);
    const text = memberDoc(f, m);
    if (text) props.push(`@property ${names[i]} ${text}`);
    const base = kotlinType(m.shape);
    const type = (m.nullable || !f.required) && !base.endsWith('?') ? `${base}?` : base;
    return `    @JsonName(${str(f.json)}) val ${names[i]}: ${type}${f.required ? '' : ' = null'},\n`;
  });
  if (decl.extra) {
    params.push('    @JsonAdditionalMembers val additionalMembers: Map<String, Any?> = emptyMap(),\n');
    props.push('@property additionalMembers Members the schema does not name; the object is open to them.');
  }
  const doc = kdoc([decl.doc ?? '', `JSON: ${decl.extra ? 'an open object' : 'a closed object'} (${decl.source}).`, ...props]);
  const name = types.typeName(decl.name);
  // A data class needs a property; a closed object with no members is a plain class.
  return params.length > 0 ? `${doc}data class ${name}(\n${params.join('')})\n` : `${doc}class ${name}\n`;
}

function enumeration(e: EnumDecl): string {
  const names = constantNames(e.values, upperConstant);
  const constants = e.values.map((v, i) => `    @JsonName(${str(v)})\n    ${names[i]}(${str(v)}),\n`).join('');
  return `${kdoc([e.doc ?? '', `JSON: one of ${e.values.map((v) => JSON.stringify(v)).join(', ')}.`, '@property json The constant as JSON writes it.'])}enum class ${e.name}(val json: String) {
${constants}    ;

    companion object {
        /** The constant JSON writes as [json], or null when there is none. */
        fun fromJson(json: String): ${e.name}? = entries.firstOrNull { it.json == json }
    }
}
`;
}

const ANNOTATIONS = `/** The member's or the constant's name in JSON, for a JSON mapper to read at run time. */
@Target(AnnotationTarget.PROPERTY, AnnotationTarget.FIELD)
@Retention(AnnotationRetention.RUNTIME)
annotation class JsonName(val value: String)

/** The map that holds an open object's members the schema does not name. */
@Target(AnnotationTarget.PROPERTY, AnnotationTarget.FIELD)
@Retention(AnnotationRetention.RUNTIME)
annotation class JsonAdditionalMembers
`;

export function emitKotlin(model: Model, options: KotlinOptions, header: HeaderInput): Map<string, string> {
  if (!validKotlinPackage(options.package))
    throw new Error(`--package ${JSON.stringify(options.package)} is not a Kotlin package name (dotted identifiers, no keywords)`);
  const types = new RecordModel(model, TYPE_RESERVED);
  const parts = [
    `${headerLines(header)
      .map((l) => `// ${l}\n`)
      .join('')}// The ToolResult Protocol's data model as data classes; the standard library only.\n\npackage ${options.package}\n`,
    ANNOTATIONS,
    ...types.objects.map((d) => dataClass(types, d)),
    ...types.enums.map(enumeration),
  ];
  return new Map([[FILE, parts.join('\n')]]);
}
