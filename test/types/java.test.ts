// The Java types `toolresult generate --lang java` writes: the whole set (package toolresult) and the
// data model alone (--only model, package toolresult.model), compiled together by one javac run
// (JDK 17, .ci/setup.d/16-kotlin.sh) with every lint warning an error, then read back: each object of
// the schemas is a record whose components carry the schema's JSON names, each closed set of strings
// an enum whose constants carry their values, and a program reads the names by reflection. No round
// trip: the types carry no JSON library.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../codegen/cli.ts';
import { buildModel } from '../../codegen/ir.ts';
import { listSchemaFiles } from '../../codegen/schema-set.ts';
import { declarationProblems, type Parsed, quoted } from './records.ts';

const work = mkdtempSync(join(tmpdir(), 'types-java-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const src = join(work, 'src');
const classes = join(work, 'classes');

const sources = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.java'))
    .map((f) => join(dir, f));

/** The records and enums of one package's folder, read from the text. */
function parse(dir: string): Parsed {
  const parsed: Parsed = { records: new Map(), enums: new Map() };
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.java'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    const record = /^public record (\w+)\(([\s\S]*?)\) \{\}$/m.exec(text);
    if (record)
      parsed.records.set(record[1]!, { json: quoted(record[2]!, /@JsonName\("((?:[^"\\]|\\.)*)"\)/g), open: /@JsonAdditionalMembers /.test(record[2]!) });
    const enumeration = /^public enum (\w+) \{\n([\s\S]*?);\n\n/m.exec(text);
    if (enumeration) {
      const annotated = quoted(enumeration[2]!, /@JsonName\("((?:[^"\\]|\\.)*)"\)\n/g);
      const carried = quoted(enumeration[2]!, /^ {4}[A-Z0-9_]+\("((?:[^"\\]|\\.)*)"\)/gm);
      expect(carried, `${file}: each constant carries the value it is annotated with`).toEqual(annotated);
      parsed.enums.set(enumeration[1]!, carried);
    }
  }
  return parsed;
}

describe('generated java types', () => {
  beforeAll(async () => {
    expect(await main(['--lang', 'java', '--out', src])).toBe(0);
    expect(await main(['--lang', 'java', '--out', src, '--package', 'toolresult.model', '--only', 'model'])).toBe(0);
  });

  it('compile with javac -Xlint:all -Werror, the whole set and --only model in one run', { timeout: 300_000 }, () => {
    const files = sources(src);
    const r = spawnSync('javac', ['-Xlint:all', '-Werror', '-d', classes, ...files], { cwd: work, encoding: 'utf8' });
    if (r.error) throw new Error(`cannot run javac (${(r.error as NodeJS.ErrnoException).code}): install openjdk-17-jdk-headless (.ci/setup.d/16-kotlin.sh)`);
    expect(r.status, (r.stderr + r.stdout).slice(0, 4000)).toBe(0);
    // One class per source file (enums have no nested classes), in the package's folder.
    const compiled = readdirSync(classes, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.class'));
    expect(compiled.sort()).toEqual(files.map((f) => relative(src, f).replace(/\.java$/, '.class')).sort());
  });

  // What a JSON mapper would see: the names read by reflection from the compiled classes (the
  // annotation is kept at run time), and an enum constant found by its JSON value.
  it('a program reads the JSON names at run time, and finds a constant by its JSON value', { timeout: 300_000 }, () => {
    const program = join(work, 'ReadNames.java');
    writeFileSync(
      program,
      `import java.lang.annotation.Annotation;
import java.lang.reflect.RecordComponent;

public class ReadNames {
    /** The component's @JsonName of whichever package its record is in; * for the extra members' map. */
    static String jsonName(RecordComponent c) {
        for (Annotation a : c.getAnnotations()) {
            String kind = a.annotationType().getSimpleName();
            if (kind.equals("JsonAdditionalMembers")) return "*";
            if (!kind.equals("JsonName")) continue;
            try {
                return (String) a.annotationType().getMethod("value").invoke(a);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
        return "?";
    }

    public static void main(String[] args) {
        for (Class<?> type : new Class<?>[] {toolresult.BytesTag.class, toolresult.model.ToolResult.class, toolresult.Handshake.class}) {
            StringBuilder line = new StringBuilder(type.getName());
            for (RecordComponent c : type.getRecordComponents()) line.append(' ').append(c.getName()).append('=').append(jsonName(c));
            System.out.println(line);
        }
        System.out.println(toolresult.model.WarningCode.fromJson("content.truncated") + " " + toolresult.model.WarningCode.CONTENT_NOT_TEXT.json());
    }
}
`,
    );
    const r = spawnSync('java', ['-cp', classes, program], { cwd: work, encoding: 'utf8' });
    expect(r.status, (r.stderr + r.stdout).slice(0, 4000)).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('toolresult.BytesTag tr=$tr hex=hex');
    expect(lines[1]).toBe('toolresult.model.ToolResult content=content isError=isError structured=structured artifacts=artifacts warnings=warnings');
    expect(lines[2]).toMatch(/^toolresult\.Handshake name=name .* additionalMembers=\*$/);
    expect(lines[3]).toBe('CONTENT_TRUNCATED content.not_text');
  });

  it('every object is a record naming each member as JSON does; every closed set of strings an enum carrying its values', () => {
    const model = buildModel(listSchemaFiles());
    expect(declarationProblems(model, parse(join(src, 'toolresult')))).toEqual([]);
    // `$schema`, `$tr`: names no Java identifier can be, carried by the annotation.
    expect(readFileSync(join(src, 'toolresult', 'BytesTag.java'), 'utf8')).toContain('@JsonName("$tr") BytesTagTr tr,');
    // Required and not null: a primitive; optional, or admitting null: boxed, null for both.
    const summary = readFileSync(join(src, 'toolresult', 'AuditSummary.java'), 'utf8');
    expect(summary).toContain('@JsonName("contentOctets") long contentOctets,');
    expect(summary).toContain('@JsonName("structuredOctets") Long structuredOctets,');
    expect(summary).toContain('@JsonName("warnings") java.util.List<WarningCode> warnings');
    expect(readFileSync(join(src, 'toolresult', 'ErrorResponse.java'), 'utf8')).toContain('@JsonName("id") Long id,');
    // A union of tuples is a list of objects whose doc comment names the branches and their items.
    expect(readFileSync(join(src, 'toolresult', 'BatchAnswer.java'), 'utf8')).toMatch(
      /@param results JSON: items: BatchRow: one of BatchRowAnswered \[CallId, Digest, boolean\] \|\s+\* BatchRowFailed \[CallId, null, false, ErrorCode, string\]/,
    );
  });

  it('--only model: the data model alone, none of the kit types', () => {
    const model = buildModel(listSchemaFiles().filter((f) => f.rel.startsWith('model/')));
    const dir = join(src, 'toolresult', 'model');
    expect(declarationProblems(model, parse(dir))).toEqual([]);
    const names = readdirSync(dir);
    expect(names).toContain('ToolResult.java');
    expect(names.filter((n) => /VectorFile|AdapterProtocol|ComplianceReport/.test(n))).toEqual([]);
    expect(readFileSync(join(dir, 'ToolResult.java'), 'utf8')).toMatch(/^package toolresult\.model;$/m);
  });
});
