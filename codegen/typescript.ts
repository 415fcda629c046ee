// TypeScript: json-schema-to-typescript, a maintained generator that covers what TypeScript's types
// can say (unions, literal types, optional members: absent is a missing key, null is null). One file
// per schemas/ folder, compiled from a synthetic root that references every schema of the folder, so
// each type is declared once even when several schemas share it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ID_BASE, isGeneratedSchema, type SchemaFile } from './schema-set.ts';
import { type HeaderInput, headerLines } from './header.ts';

export async function emitTypeScript(files: SchemaFile[], schemaDir: string, header: HeaderInput): Promise<Map<string, string>> {
  // An optional peer dependency of the package: only --lang ts loads it.
  const { compile } = await import('json-schema-to-typescript').catch((e: unknown) => {
    if ((e as { code?: unknown } | null)?.code !== 'ERR_MODULE_NOT_FOUND') throw e;
    throw new Error('--lang ts needs json-schema-to-typescript, an optional peer dependency: npm install --save-dev json-schema-to-typescript@^16.0.0');
  });
  const byId = new Map(files.map((f) => [f.schema.$id, f]));
  // Our https $ids resolve to the files beside them, so generation never touches the network.
  const localResolver = {
    order: 1,
    canRead: (file: { url: string }) => file.url.startsWith(ID_BASE),
    read: (file: { url: string }) => {
      const f = byId.get(file.url.split('#')[0]!);
      if (!f) throw new Error(`no schema has the $id ${file.url}`);
      return readFileSync(f.path, 'utf8');
    },
  };
  const byDir = new Map<string, string[]>();
  for (const f of files) {
    if (isGeneratedSchema(f.schema)) continue; // produced from TypeScript (TypeBox) already
    const dir = f.rel.split('/').slice(0, -1).join('/');
    byDir.set(dir, [...(byDir.get(dir) ?? []), f.schema.$id]);
  }
  const banner = `/* eslint-disable */\n/**\n${headerLines(header)
    .map((l) => ` * ${l}\n`)
    .join('')} */\n`;
  const out = new Map<string, string>();
  for (const [dir, ids] of [...byDir].sort(([a], [b]) => a.localeCompare(b))) {
    const root = {
      title: 'SchemaIndex',
      description: `Index of every schema in schemas/${dir}/ (a codegen root, not a protocol type).`,
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(ids.map((id) => [id.slice(ID_BASE.length), { $ref: `./${id.split('/').pop()}` }])),
    };
    const ts = await compile(root as never, 'SchemaIndex', {
      bannerComment: '',
      cwd: join(schemaDir, dir),
      declareExternallyReferenced: true,
      additionalProperties: false,
      unknownAny: true,
      strictIndexSignatures: false,
      format: true,
      $refOptions: { resolve: { external: true, http: false, local: localResolver } } as never,
    });
    out.set(`${dir.replace(/\//g, '-') || 'schemas'}.ts`, banner + ts);
  }
  return out;
}
