// schemas/bundle.json: every schema in one file, for generators and validators that want one. Each
// file's root and each of its $defs becomes one entry of the bundle's $defs, and every $ref is
// rewritten to "#/$defs/<entry>..." so that the bundle has no $id but its own and no reference
// across files: tools that do not follow $id-based resolution read it as plain local references.
// The examples test validates every example against the bundle too, with the same verdicts.
import { ID_BASE, type SchemaFile } from './schema-set.ts';
import { pascal } from './ir.ts';

type Json = unknown;

export const BUNDLE_ID = `${ID_BASE}bundle.json`;

/** The bundle's $defs entry a schema file's root becomes. */
export function bundleEntry(file: SchemaFile): string {
  return pascal(
    file.rel
      .split('/')
      .pop()!
      .replace(/\.schema\.json$/, ''),
  );
}

export function bundle(files: SchemaFile[], version: string): Record<string, unknown> {
  // Where each (file, top-level location) lands: the root as <Stem>, a $defs entry as <Stem><Def>
  // unless that name is free as <Def> (the common case, so WarningCode stays WarningCode).
  const entries = new Map<string, string>(); // `${id}#${pointer}` -> entry name
  const taken = new Set<string>();
  for (const f of files) {
    const root = bundleEntry(f);
    entries.set(`${f.schema.$id}#`, root);
    taken.add(root);
  }
  for (const f of files) {
    for (const def of Object.keys((f.schema.$defs ?? {}) as object)) {
      let name = pascal(def);
      if (taken.has(name)) name = bundleEntry(f) + pascal(def);
      for (let n = 2; taken.has(name); n++) name = `${bundleEntry(f)}${pascal(def)}${n}`;
      taken.add(name);
      entries.set(`${f.schema.$id}#/$defs/${def}`, name);
    }
  }
  const target = (ref: string, base: string, where: string): string => {
    const url = new URL(ref, base);
    const pointer = decodeURIComponent(url.hash.slice(1));
    url.hash = '';
    const parts = pointer.split('/').filter(Boolean);
    const top = parts[0] === '$defs' ? `/$defs/${parts[1]}` : '';
    const rest = parts.slice(top ? 2 : 0);
    const entry = entries.get(`${url.href}#${top}`);
    if (!entry) throw new Error(`${where}: $ref ${ref} points outside the schemas (${url.href}#${pointer})`);
    return `#/$defs/${entry}${rest.map((p) => `/${p}`).join('')}`;
  };
  const rewrite = (node: Json, base: string, where: string): Json => {
    if (Array.isArray(node)) return node.map((x) => rewrite(x, base, where));
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out[k] = target(v, base, where);
      else if (k === '$id' || k === '$schema' || k === '$defs') continue;
      else if (k === 'const' || k === 'enum' || k === 'default' || k === 'examples') out[k] = v;
      else if ((k === 'properties' || k === 'patternProperties' || k === 'dependentSchemas') && v && typeof v === 'object')
        out[k] = Object.fromEntries(Object.entries(v).map(([name, sub]) => [name, rewrite(sub, base, where)]));
      else out[k] = rewrite(v, base, where);
    }
    return out;
  };
  const defs: Record<string, Json> = {};
  for (const f of files) {
    defs[entries.get(`${f.schema.$id}#`)!] = rewrite(f.schema, f.schema.$id, f.rel);
    for (const [def, sub] of Object.entries((f.schema.$defs ?? {}) as Record<string, Json>)) {
      defs[entries.get(`${f.schema.$id}#/$defs/${def}`)!] = rewrite(sub, f.schema.$id, `${f.rel}#/$defs/${def}`);
    }
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: BUNDLE_ID,
    title: 'ToolResultProtocolSchemas',
    description: `Every ToolResult Protocol schema (toolresult-protocol ${version}) in one file, references local. GENERATED from schemas/**/*.schema.json by \`npm run generate\`: do not edit. Validate against an entry: ${BUNDLE_ID}#/$defs/ToolResult.`,
    $defs: Object.fromEntries(Object.entries(defs).sort(([a], [b]) => a.localeCompare(b))),
  };
}
