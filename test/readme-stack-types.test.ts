// The README's stack examples ("Use it with your stack") are JavaScript that the package test runs
// with plain node; a TypeScript user copies them into a `.mts` file. This test compiles each of them,
// as it stands, under `tsc --strict` against the pinned stack packages (stacks/npm) and the
// integrations' own types (the sources the build makes the declarations of; test/package.test.ts (g)
// compiles the same blocks against the packed tarball's declarations), with the README's typed read of
// the structured value appended to the AI SDK example. A wrong type appended to the same program is
// reported, and only there, so the check is not vacuous; and the typed read, run with tsx, prints what
// its comment says.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const STACKS = ['ai-sdk', 'langchain', 'openai-agents', 'mastra'] as const;

/** The code block after `<!-- KIND: NAME -->` in the README. */
function block(kind: string, name: string): string {
  const m = new RegExp(`<!-- ${kind}: ${name} -->\\n\`\`\`[a-z]*\\n([\\s\\S]*?)\`\`\``).exec(README);
  if (!m) throw new Error(`README.md has no block marked ${kind}: ${name}`);
  return m[1]!;
}

/** Where each subpath of the package resolves: the source entry its declarations are built from. */
const entries: Record<string, string[]> = {
  'toolresult-protocol': [join(ROOT, 'reference-impl', 'index.ts')],
  ...Object.fromEntries(STACKS.map((s) => [`toolresult-protocol/${s}`, [join(ROOT, 'integrations', s, 'index.ts')]])),
};

/** The README's typed read, after the AI SDK example (it reads that example's seam), before the client closes. */
function aiSdkWithTypedRead(): string {
  const example = block('package-test', 'stack-ai-sdk');
  const typed = block('type-test', 'stack-structured');
  const imports = typed.split('\n').filter((l) => l.startsWith('import '));
  const body = typed.split('\n').filter((l) => !l.startsWith('import '));
  const close = 'await mcp.close();';
  expect(example).toContain(close);
  return [...imports, example.replace(close, `${body.join('\n')}\n${close}`)].join('\n');
}

describe('the README stack examples under tsc --strict', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'trp-readme-types-'));
    // The stack packages as the pinned install has them, and a module project as the user's.
    symlinkSync(join(ROOT, 'stacks', 'npm', 'node_modules'), join(dir, 'node_modules'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'scratch-types', private: true, type: 'module' }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs tsc over `files` of the scratch project; its diagnostics, one per line. */
  function compile(files: readonly string[]): { status: number | null; errors: string[]; out: string } {
    const config = {
      compilerOptions: {
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        lib: ['es2023'],
        strict: true,
        noEmit: true,
        // The stacks' own declarations do not check (@mastra/core bundles other packages' types; ai needs DOM's).
        skipLibCheck: true,
        // The integrations' sources import node: modules.
        types: ['node'],
        allowImportingTsExtensions: true,
        paths: entries,
      },
      files,
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config));
    const r = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 600_000, // a hang guard: tsc over four stacks' declarations takes a while on a loaded machine
    });
    const out = `${r.stdout}${r.stderr}`;
    return { status: r.status, errors: out.split('\n').filter((l) => /error TS\d+/.test(l)), out };
  }

  it('each example, as the README has it, compiles; a type error appended to one is reported there only', () => {
    writeFileSync(join(dir, 'billing-server.mts'), block('package-test', 'stack-server'));
    writeFileSync(join(dir, 'ai-sdk.mts'), aiSdkWithTypedRead());
    for (const s of STACKS.slice(1)) writeFileSync(join(dir, `${s}.mts`), block('package-test', `stack-${s}`));
    const files = ['billing-server.mts', ...STACKS.map((s) => `${s}.mts`)];
    const ok = compile(files);
    expect(ok.errors, ok.out).toEqual([]);
    expect(ok.status, ok.out).toBe(0);

    // The typed read is typed: its element is no number, and the audit record is no ToolResult.
    writeFileSync(
      join(dir, 'broken.mts'),
      [aiSdkWithTypedRead(), 'export const id: number | undefined = invoices?.invoices[0]?.id;', 'export const wrong: { content: string } = output;'].join(
        '\n',
      ),
    );
    const bad = compile([...files, 'broken.mts']);
    expect(bad.status).not.toBe(0);
    expect(
      bad.errors.map((l) => l.slice(0, l.indexOf('('))),
      bad.out,
    ).toEqual(['broken.mts', 'broken.mts']);
  }, 660_000);

  it('the typed read prints what its comment says, after the AI SDK example’s own output', () => {
    writeFileSync(join(dir, 'billing-server.mjs'), block('package-test', 'stack-server'));
    writeFileSync(join(dir, 'typed.mts'), aiSdkWithTypedRead());
    // tsx strips the types and resolves the package's subpaths by the tsconfig's paths, as tsc did.
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { paths: entries } }));
    const tsx = join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs');
    const r = spawnSync(process.execPath, ['--import', pathToFileURL(tsx).href, 'typed.mts'], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
    const said = /\/\/ (\[.*\])$/m.exec(block('type-test', 'stack-structured'));
    expect(said).not.toBeNull();
    expect(r.stdout, r.stderr).toBe(`${block('package-test', 'stack-ai-sdk-output')}${said![1]}\n`);
    expect(r.status).toBe(0);
  }, 150_000);
});
