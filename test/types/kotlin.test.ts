// The Kotlin types `toolresult generate --lang kotlin` writes: the whole set (package toolresult) and
// the data model alone (--only model, package toolresult.model), compiled together by one run of the
// Kotlin compiler (2.4.21 on java, fetched by .ci/setup.d/16-kotlin.sh with the JDK and Maven) with
// every warning an error, then read back: each object of the schemas is a data class whose
// properties carry the schema's JSON names, each closed set of strings an enum class whose constants
// carry their values. No round trip: the types carry no JSON library.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../codegen/cli.ts';
import { buildModel } from '../../codegen/ir.ts';
import { FILE } from '../../codegen/kotlin.ts';
import { listSchemaFiles } from '../../codegen/schema-set.ts';
import { kotlinHome, kotlinMissing, kotlincArgs } from '../../scripts/kotlin-compiler.ts';
import { declarationProblems, type Parsed, quoted } from './records.ts';

const work = mkdtempSync(join(tmpdir(), 'types-kotlin-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const whole = join(work, 'all', FILE);
const modelOnly = join(work, 'model', FILE);

/** Kotlin's `\$` (a dollar that starts no template) back to JSON's plain one. */
const plainDollar = (s: string): string => s.replace(/\\\$/g, '$');

function parse(text: string): Parsed {
  const parsed: Parsed = { records: new Map(), enums: new Map() };
  for (const m of text.matchAll(/^data class (\w+)\(\n([\s\S]*?)^\)$/gm))
    parsed.records.set(m[1]!, { json: quoted(m[2]!, /@JsonName\("((?:[^"\\]|\\.)*)"\)/g, plainDollar), open: /@JsonAdditionalMembers /.test(m[2]!) });
  // A closed object with no members is a plain class.
  for (const m of text.matchAll(/^class (\w+)$/gm)) parsed.records.set(m[1]!, { json: [], open: false });
  for (const m of text.matchAll(/^enum class (\w+)\(val json: String\) \{\n([\s\S]*?)^ {4};$/gm)) {
    const annotated = quoted(m[2]!, /@JsonName\("((?:[^"\\]|\\.)*)"\)\n/g, plainDollar);
    const carried = quoted(m[2]!, /^ {4}[A-Z0-9_]+\("((?:[^"\\]|\\.)*)"\),$/gm, plainDollar);
    expect(carried, `${m[1]}: each constant carries the value it is annotated with`).toEqual(annotated);
    parsed.enums.set(m[1]!, carried);
  }
  return parsed;
}

describe('generated kotlin types', () => {
  beforeAll(async () => {
    expect(await main(['--lang', 'kotlin', '--out', join(work, 'all')])).toBe(0);
    expect(await main(['--lang', 'kotlin', '--out', join(work, 'model'), '--package', 'toolresult.model', '--only', 'model'])).toBe(0);
  });

  // The compiler starts slowly (about 10 s of CPU); on a loaded machine that is a minute or more.
  it('compile with the Kotlin compiler -Werror, the whole set and --only model in one run', { timeout: 600_000 }, () => {
    const home = kotlinHome(process.env);
    const missing = kotlinMissing(home);
    if (missing) throw new Error(`${missing}: run .ci/setup.d/16-kotlin.sh (npm run setup)`);
    const classes = join(work, 'classes');
    const r = spawnSync('java', kotlincArgs(home, classes, [whole, modelOnly]), { cwd: work, encoding: 'utf8' });
    if (r.error) throw new Error(`cannot run java (${(r.error as NodeJS.ErrnoException).code}): install openjdk-17-jdk-headless (.ci/setup.d/16-kotlin.sh)`);
    expect(r.status, (r.stderr + r.stdout).slice(0, 4000)).toBe(0);
    for (const cls of ['toolresult/ToolResult.class', 'toolresult/WarningCode.class', 'toolresult/JsonName.class', 'toolresult/model/ToolResult.class'])
      expect(existsSync(join(classes, cls)), cls).toBe(true);
  });

  it('every object is a data class naming each member as JSON does; every closed set of strings an enum carrying its values', () => {
    const text = readFileSync(whole, 'utf8');
    expect(declarationProblems(buildModel(listSchemaFiles()), parse(text))).toEqual([]);
    // `$schema`: a name no Kotlin identifier can be, carried by the annotation (its `$` escaped).
    expect(text).toContain('@JsonName("\\$schema") val schema: String? = null,');
    // Optional: `T? = null`; required but admitting null: `T?` with no default.
    expect(text).toContain('@JsonName("structuredOctets") val structuredOctets: Long? = null,');
    expect(text).toContain('@JsonName("contentOctets") val contentOctets: Long,');
    expect(text).toMatch(/^data class ErrorResponse\(\n {4}@JsonName\("id"\) val id: Long\?,$/m);
  });

  it('--only model: the data model alone, none of the kit types', () => {
    const text = readFileSync(modelOnly, 'utf8');
    expect(declarationProblems(buildModel(listSchemaFiles().filter((f) => f.rel.startsWith('model/'))), parse(text))).toEqual([]);
    expect(text).toMatch(/^package toolresult\.model$/m);
    expect(text).toContain('data class ToolResult(');
    expect(text).not.toMatch(/VectorFile|AdapterProtocol|ComplianceReport/);
  });
});
