// What the Java, Kotlin and C# types must hold, read from the model rather than from the emitters'
// shared mapping (codegen/record-types.ts), so a mapping that drops a member or a constant fails:
// every object declaration is one record whose annotated JSON names are exactly the schema's
// members (plus the map of extra members when the object is open), and every closed set of strings
// is an enum whose constants carry exactly its values. Each test parses its language's text into
// `Parsed` with its own patterns.
import type { Model, TypeExpr } from '../../codegen/ir.ts';

export interface Parsed {
  /** Record name -> the JSON names its members are annotated with, and whether it keeps extra members. */
  readonly records: Map<string, { json: string[]; open: boolean }>;
  /** Enum name -> the JSON values its constants carry. */
  readonly enums: Map<string, string[]>;
}

function stringSets(type: TypeExpr, into: string[][]): void {
  switch (type.kind) {
    case 'literal': {
      const values = type.values.filter((v) => v !== null);
      if (values.length > 0 && values.every((v) => typeof v === 'string')) into.push(values as string[]);
      return;
    }
    case 'array':
      return stringSets(type.items, into);
    case 'map':
      return stringSets(type.values, into);
    case 'union':
      for (const p of type.of) stringSets(p, into);
      return;
    default:
  }
}

/** One line per way the parsed declarations differ from the model; empty when they agree. */
export function declarationProblems(model: Model, parsed: Parsed): string[] {
  const problems: string[] = [];
  const sets: string[][] = [];
  for (const d of model.decls) {
    if (d.kind === 'alias') {
      const values = d.type.kind === 'literal' ? d.type.values : [];
      if (values.length > 0 && values.every((v) => typeof v === 'string')) {
        const got = parsed.enums.get(d.name);
        if (!got) problems.push(`${d.name}: no enum`);
        else if (JSON.stringify(got) !== JSON.stringify(values))
          problems.push(`${d.name}: constants carry ${JSON.stringify(got)}, not ${JSON.stringify(values)}`);
      }
      continue;
    }
    for (const f of d.fields) stringSets(f.type, sets);
    const got = parsed.records.get(d.name);
    if (!got) {
      problems.push(`${d.name}: no record`);
      continue;
    }
    const want = d.fields.map((f) => f.json).sort();
    if (JSON.stringify([...got.json].sort()) !== JSON.stringify(want))
      problems.push(`${d.name}: members named ${JSON.stringify(got.json)}, want ${JSON.stringify(want)}`);
    if (got.open !== (d.extra !== null))
      problems.push(`${d.name}: ${got.open ? 'keeps extra members of a closed object' : 'drops the extra members of an open object'}`);
  }
  const enumValues = new Set([...parsed.enums.values()].map((v) => JSON.stringify(v)));
  for (const set of sets) if (!enumValues.has(JSON.stringify(set))) problems.push(`no enum carries ${JSON.stringify(set)}`);
  const objects = model.decls.filter((d) => d.kind === 'object').length;
  if (parsed.records.size !== objects) problems.push(`${parsed.records.size} records for ${objects} object declarations`);
  return problems;
}

/** The string literals a pattern's first group captures, decoded (`undoEscapes` first undoes a language's own escapes). */
export function quoted(text: string, pattern: RegExp, undoEscapes: (s: string) => string = (s) => s): string[] {
  return [...text.matchAll(pattern)].map((m) => JSON.parse(`"${undoEscapes(m[1]!)}"`) as string);
}
