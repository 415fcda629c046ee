// `import 'toolresult-protocol'` loads no stack package: a child Node resolves the package root with a
// module hook that refuses every stack package (and the MCP SDK). The same child then imports one
// integration, which must be refused, so the hook is known to see what it is meant to see (the AI SDK
// integration imports only types of `ai`, so it loads without it).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'trp-root-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HOOK = `
const STACK = /^(ai|ai\\/.*|@ai-sdk\\/.*|@langchain\\/.*|@openai\\/.*|openai|@mastra\\/.*|@modelcontextprotocol\\/.*|zod|zod\\/.*)$/;
export async function resolve(specifier, context, next) {
  if (STACK.test(specifier)) throw new Error('refused stack package ' + specifier);
  return next(specifier, context);
}`;

it('the package root imports no stack package; the LangChain, Agents and Mastra subpaths do', () => {
  const child = join(dir, 'child.mjs');
  writeFileSync(
    child,
    [
      "import { register } from 'node:module';",
      `register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOK)}));`,
      `const root = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'reference-impl', 'index.ts')).href)});`,
      "console.log('root', typeof root.executeToolCall, typeof root.toWireMessage);",
      'for (const name of ["ai-sdk", "langchain", "openai-agents", "mastra"]) {',
      `  try { await import(${JSON.stringify(pathToFileURL(join(ROOT, 'integrations')).href)} + '/' + name + '/index.ts'); console.log(name, 'loaded'); }`,
      "  catch (e) { console.log(name, /refused stack package/.test(String(e && e.message)) ? 'refused' : 'failed: ' + e); }",
      '}',
    ].join('\n'),
  );
  const r = spawnSync(process.execPath, ['--import', 'tsx', child], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  expect(r.stdout.trim().split('\n'), r.stderr).toEqual([
    'root function function',
    'ai-sdk loaded',
    'langchain refused',
    'openai-agents refused',
    'mastra refused',
  ]);
  expect(r.status).toBe(0);
}, 150_000);
