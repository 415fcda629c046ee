// Java: records (Java 16+) and enums, one public type per file under the package's folder, as javac
// wants a public type laid out, so a program imports `toolresult.ToolResult` like any other class. No
// library: every record component carries its JSON name in @JsonName, an annotation declared beside
// the types and kept at run time, for whichever JSON mapper the program uses (Jackson, Gson or its
// own reflection); an open object's unnamed members go to a Map marked @JsonAdditionalMembers. Enum
// constants carry their JSON value (json(), fromJson, and @JsonName on each constant).
//
// Absent and null: both are null. A required member that admits no null is a primitive where there
// is one (long, double, boolean); everything else is a reference type, null when absent or null.
import { type HeaderInput, headerLines } from './header.ts';
import { type Model, type ObjectDecl, camelWords, wrap } from './ir.ts';
import { type EnumDecl, RecordModel, type Shape, blockCommentText, constantNames, memberDoc, memberNames, upperConstant } from './record-types.ts';

export interface JavaOptions {
  /** The package (default toolresult); the files go to its folder, com/acme/tr for com.acme.tr. */
  readonly package: string;
}

const KEYWORDS = new Set(
  'abstract assert boolean break byte case catch char class const continue default do double else enum extends final finally float for goto if implements import instanceof int interface long native new package private protected public return short static strictfp super switch synchronized this throw throws transient try void volatile while true false null var yield record sealed permits non-sealed _'.split(
    ' ',
  ),
);
/** Names a record component cannot take: keywords, java.lang.Object's methods, the extra members' map. */
const MEMBER_RESERVED = new Set([
  ...KEYWORDS,
  'hashCode',
  'toString',
  'equals',
  'getClass',
  'notify',
  'notifyAll',
  'wait',
  'clone',
  'finalize',
  'additionalMembers',
]);
/** Type names the generated code uses unqualified: a schema titled so is emitted as <Name>Type. */
const TYPE_RESERVED = new Set(['String', 'Object', 'Long', 'Double', 'Boolean', 'JsonName', 'JsonAdditionalMembers']);

function javaType(s: Shape, boxed: boolean): string {
  switch (s.kind) {
    case 'string':
      return 'String';
    case 'integer':
      return boxed ? 'Long' : 'long';
    case 'number':
      return boxed ? 'Double' : 'double';
    case 'boolean':
      return boxed ? 'Boolean' : 'boolean';
    case 'any':
      return 'Object';
    case 'list':
      return `java.util.List<${javaType(s.items, true)}>`;
    case 'map':
      return `java.util.Map<String, ${javaType(s.values, true)}>`;
    case 'enum':
    case 'record':
      return s.name;
  }
}

const javadoc = (paragraphs: string[], indent = ''): string => {
  const lines: string[] = [];
  for (const p of paragraphs.filter(Boolean)) {
    if (lines.length > 0) lines.push('');
    lines.push(...wrap(blockCommentText(p), 92));
  }
  if (lines.length === 0) return '';
  return `${indent}/**\n${lines.map((l) => `${indent} *${l ? ` ${l}` : ''}\n`).join('')}${indent} */\n`;
};

const str = (text: string): string => JSON.stringify(text);

export function validJavaPackage(name: string): boolean {
  return name.split('.').every((part) => /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(part) && !KEYWORDS.has(part));
}

function record(types: RecordModel, decl: ObjectDecl): string {
  const names = memberNames(
    decl.fields.map((f) => f.json),
    (j) => camelWords(j),
    MEMBER_RESERVED,
    '_',
  );
  const params: string[] = [];
  const components = decl.fields.map((f, i) => {
    const m = types.map(f.type);
    const text = memberDoc(f, m);
    if (text) params.push(`@param ${names[i]} ${text}`);
    return `    @JsonName(${str(f.json)}) ${javaType(m.shape, m.nullable || !f.required)} ${names[i]}`;
  });
  if (decl.extra) {
    components.push('    @JsonAdditionalMembers java.util.Map<String, Object> additionalMembers');
    params.push('@param additionalMembers Members the schema does not name; the object is open to them.');
  }
  const doc = javadoc([decl.doc ?? '', `JSON: ${decl.extra ? 'an open object' : 'a closed object'} (${decl.source}).`, ...params]);
  const body = components.length > 0 ? `(\n${components.join(',\n')}\n)` : '()';
  return `${doc}public record ${types.typeName(decl.name)}${body} {}\n`;
}

function enumeration(e: EnumDecl): string {
  const names = constantNames(e.values, upperConstant);
  const constants = e.values.map((v, i) => `    @JsonName(${str(v)})\n    ${names[i]}(${str(v)})`).join(',\n');
  return `${javadoc([e.doc ?? '', `JSON: one of ${e.values.map(str).join(', ')}.`])}public enum ${e.name} {
${constants};

    private final String json;

    ${e.name}(String json) {
        this.json = json;
    }

    /** The constant as JSON writes it. */
    public String json() {
        return json;
    }

    /** The constant JSON writes as {@code json}, or null when there is none. */
    public static ${e.name} fromJson(String json) {
        for (${e.name} constant : values()) {
            if (constant.json.equals(json)) return constant;
        }
        return null;
    }
}
`;
}

const ANNOTATIONS: Record<string, string> = {
  JsonName: `/** The member's or the constant's name in JSON, for a JSON mapper to read at run time. */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
public @interface JsonName {
    String value();
}
`,
  JsonAdditionalMembers: `/** The map that holds an open object's members the schema does not name. */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
public @interface JsonAdditionalMembers {}
`,
};

export function emitJava(model: Model, options: JavaOptions, header: HeaderInput): Map<string, string> {
  if (!validJavaPackage(options.package))
    throw new Error(`--package ${JSON.stringify(options.package)} is not a Java package name (dotted identifiers, no keywords)`);
  const dir = options.package.replace(/\./g, '/');
  const head = `${headerLines(header)
    .map((l) => `// ${l}\n`)
    .join('')}package ${options.package};\n\n`;
  const types = new RecordModel(model, TYPE_RESERVED);
  const files = new Map<string, string>();
  for (const [name, code] of Object.entries(ANNOTATIONS))
    files.set(
      `${dir}/${name}.java`,
      `${head}import java.lang.annotation.ElementType;\nimport java.lang.annotation.Retention;\nimport java.lang.annotation.RetentionPolicy;\nimport java.lang.annotation.Target;\n\n${code}`,
    );
  for (const decl of types.objects) files.set(`${dir}/${types.typeName(decl.name)}.java`, head + record(types, decl));
  for (const e of types.enums) files.set(`${dir}/${e.name}.java`, head + enumeration(e));
  return files;
}
