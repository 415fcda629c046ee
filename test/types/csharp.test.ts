// The C# types `toolresult generate --lang csharp` writes, checked against the schemas but not
// compiled: no C# compiler with records (C# 9) installs on this machine (Debian packages no .NET SDK,
// and its mono-mcs stops at C# 7), and the README says so. What is checked is what System.Text.Json
// reads: each object of the schemas is a sealed record whose every member has a JsonPropertyName with
// the schema's name (JsonRequired exactly on the required ones), a closed object refuses unknown
// members and an open one has a JsonExtensionData map; each closed set of strings is an enum whose
// every constant has a JsonStringEnumMemberName with its value.
import { describe, expect, it } from 'vitest';
import { FILE } from '../../codegen/csharp.ts';
import { generate } from '../../codegen/generate.ts';
import { buildModel, type Model } from '../../codegen/ir.ts';
import { listSchemaFiles } from '../../codegen/schema-set.ts';
import { declarationProblems, type Parsed, quoted } from './records.ts';

const NAME = /JsonPropertyName\("((?:[^"\\]|\\.)*)"\)/g;

function parse(text: string, model: Model, problems: string[]): Parsed {
  const parsed: Parsed = { records: new Map(), enums: new Map() };
  for (const m of text.matchAll(
    /^(\[JsonUnmappedMemberHandling\(JsonUnmappedMemberHandling\.Disallow\)\]\n)?public sealed record (\w+)\(([\s\S]*?)\)(;|\n\{[\s\S]*?\n\})$/gm,
  )) {
    const [, closed, name, params, body] = m as unknown as [string, string | undefined, string, string, string];
    const members = params
      .replace(/^\n/, '')
      .split(',\n')
      .filter((p) => p.trim());
    const open = /\[JsonExtensionData\]\n\s+public Dictionary<string, JsonElement>\? AdditionalMembers \{ get; init; \}/.test(body);
    if (!open === !closed) problems.push(`${name}: ${closed ? 'closed' : 'not closed'} yet ${open ? 'keeps' : 'has no map of'} extra members`);
    const decl = model.byName.get(name);
    for (const p of members) {
      if (!/^ {4}\[property: JsonPropertyName\("(?:[^"\\]|\\.)*"\)(, JsonRequired)?\] .+ [A-Z]\w*( = null)?$/.test(p))
        problems.push(`${name}: member without a JsonPropertyName: ${p.trim()}`);
      const json = quoted(p, NAME)[0];
      const field = decl?.kind === 'object' ? decl.fields.find((f) => f.json === json) : undefined;
      if (field && field.required !== p.includes(', JsonRequired]'))
        problems.push(`${name}.${json}: JsonRequired on ${field.required ? 'an optional' : 'a required'} member`);
    }
    parsed.records.set(name, { json: quoted(params, NAME), open });
  }
  for (const m of text.matchAll(/^\[JsonConverter\(typeof\(JsonStringEnumConverter<(\w+)>\)\)\]\npublic enum (\w+)\n\{\n([\s\S]*?)^\}$/gm)) {
    if (m[1] !== m[2]) problems.push(`${m[2]}: converter for ${m[1]}`);
    const constants = m[3]!.split('\n').filter((l) => /^ {4}\w+,$/.test(l)).length;
    const values = quoted(m[3]!, /^ {4}\[JsonStringEnumMemberName\("((?:[^"\\]|\\.)*)"\)\]$/gm);
    if (values.length !== constants) problems.push(`${m[2]}: ${constants} constants, ${values.length} JSON values`);
    parsed.enums.set(m[2]!, values);
  }
  return parsed;
}

describe('generated csharp types (schema-checked; not compiled: no C# 9 compiler installs here)', () => {
  it.each([
    ['all', listSchemaFiles()],
    ['model', listSchemaFiles().filter((f) => f.rel.startsWith('model/'))],
  ] as const)(
    '--only %s: every object a sealed record with a JsonPropertyName per member, every closed set of strings an enum with its JSON values',
    async (only, files) => {
      const out = await generate({ lang: 'csharp', only });
      expect([...out.keys()]).toEqual([FILE]);
      const text = out.get(FILE)!;
      const model = buildModel(files);
      const problems: string[] = [];
      problems.push(...declarationProblems(model, parse(text, model, problems)));
      expect(problems).toEqual([]);
      expect(text).toMatch(/^namespace ToolResult\.Types;$/m);
      expect(text).toContain('[property: JsonPropertyName("structuredOctets")] long? StructuredOctets = null');
      expect(text).toContain('[property: JsonPropertyName("contentOctets"), JsonRequired] long ContentOctets,');
      if (only === 'all') {
        expect(text).toContain('[property: JsonPropertyName("$tr"), JsonRequired] BytesTagTr Tr');
        expect(text).toContain('[property: JsonPropertyName("id"), JsonRequired] long? Id,');
      } else expect(text).not.toMatch(/VectorFile|AdapterProtocol|ComplianceReport/);
    },
  );
});
