// The package as a user gets it: `npm pack` (which builds), installed from the tarball into scratch
// projects outside the repository by the README's own install and usage lines, then
// (a) plain node runs the README's example and prints what the README says it prints;
// (b) a TypeScript consumer compiles under node16 and bundler resolution without skipLibCheck, and a
//     type error in it is reported;
// (c) the installed bin answers --version and runs the kit against the bundled reference; a
//     failure's replay line names the command that ran;
// (d) publint and arethetypeswrong find nothing for node16-ESM and bundler;
// (e) the tarball carries no test, mutant, fuzz, bench or CI file;
// (f) the kit's own package (scripts/pack-kit.ts) runs the whole kit against the Python adapter by
//     the README's one command naming one package, in an empty directory.
// (g) a project with the four agent stacks runs the README's "Use it with your stack" examples from
//     the tarball and prints what the README says, each integration subpath's types compile
//     under node16 and bundler, and the examples, saved as .mts files, compile under --strict.
// (h) the README's publish lines (`<!-- publish-test: npm -->`): `npm publish --dry-run` of both
//     tarballs this file packed, at npm's default log level: name, version, dist-tag and files as the
//     registry would get them, and no warning but the login a dry run lacks.
// npm installs with --prefer-offline: after `npm ci` the cache holds every tarball it needs.
// `npm test` runs this file as a part of its own after the main vitest run (`npm run test:package`,
// scripts/run-tests.ts): it packs, builds and installs, and would otherwise slow the main run's
// timing-sensitive adapter tests.
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { COMMANDS } from '../bin/commands.js';
import { KIT_LIBRARIES, KIT_PACKAGE, packKit } from '../scripts/pack-kit.ts';
import { API_REPORT, makeApiReport } from '../scripts/api-report.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const BIN = join(ROOT, 'node_modules', '.bin');
const tmp = mkdtempSync(join(tmpdir(), 'trp-package-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }), 600_000); // a hang guard: see PACK_GUARD_MS

// A user's shell: none of the npm_* variables of the `npm test` that runs this file.
const env: NodeJS.ProcessEnv = {
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k))),
  npm_config_prefer_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
  npm_config_loglevel: 'error',
};

interface Ran {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function sh(line: string, cwd: string): Ran {
  return spawnSync('sh', ['-c', line], { cwd, env, encoding: 'utf8', timeout: 180_000 });
}

/** The same, without blocking: installs and linters run side by side while the tests go on. */
function later(file: string, args: readonly string[], cwd: string, timeout = 180_000): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd, env, encoding: 'utf8', timeout, maxBuffer: 64 << 20 }, (e, stdout, stderr) => {
      resolve({ status: e ? (typeof e.code === 'number' ? e.code : -1) : 0, stdout, stderr });
    });
  });
}

/** Runs shell lines one after another, stopping at the first that fails. */
async function runLines(all: readonly string[], cwd: string, timeout?: number): Promise<{ line: string; r: Ran }[]> {
  const done: { line: string; r: Ran }[] = [];
  for (const line of all) {
    const r = await later('sh', ['-c', line], cwd, timeout);
    done.push({ line, r });
    if (r.status !== 0) break;
  }
  return done;
}

const show = (r: Ran) => `exit ${r.status}\n--- stdout\n${r.stdout.slice(-3000)}\n--- stderr\n${r.stderr.slice(-3000)}`;

function expectAllRan(done: { line: string; r: Ran }[], want: number): void {
  for (const { line, r } of done) expect(r.status, `${line}\n${show(r)}`).toBe(0);
  expect(done).toHaveLength(want);
}

/** The code block after `<!-- package-test: NAME -->` in the README. */
function readmeBlock(name: string): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const m = new RegExp(`<!-- package-test: ${name} -->\\n\`\`\`[a-z]*\\n([\\s\\S]*?)\`\`\``).exec(readme);
  if (!m) throw new Error(`README.md has no block marked package-test: ${name}`);
  return m[1]!;
}

/** The README's shell lines, installing the tarball where they name the package. */
const readmeLines = (name: string, tarball: string): string[] =>
  readmeBlock(name)
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => (/^npm install\b/.test(l) ? l.replace(/(?<=\s)toolresult-protocol(?=\s|$)/, tarball) : l));

function project(name: string): string {
  const dir = join(tmp, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `scratch-${name}`, version: '0.0.0', private: true }));
  return dir;
}

interface Packed {
  filename: string;
  size: number;
  unpackedSize: number;
  entryCount: number;
  files: { path: string }[];
}
let packed: Packed;
let tarball: string;
let libraryDir: string;
let kitDir: string;
let libraryInstalled: Promise<{ line: string; r: Ran }[]>;
let kitInstalled: Promise<{ line: string; r: Ran }[]>;
let kitTarball: string;
let stacksDir: string;
let stacksInstalled: Promise<{ line: string; r: Ran }[]>;
let publint: Promise<Ran>;
let attw: Promise<Ran>;

// npm pack runs the build (prepack): 48 s of tsc measured at load 30 on 2 cores. The limits of the
// pack and of the removal of the installed projects (hundreds of MB; the suite's 60 s hook default
// ran out on it at that load) are hang guards, not speeds.
const PACK_GUARD_MS = 600_000;

beforeAll(() => {
  const r = spawnSync('npm', ['pack', '--json', '--pack-destination', tmp], { cwd: ROOT, env, encoding: 'utf8', timeout: PACK_GUARD_MS });
  expect(r.status, show(r)).toBe(0);
  // prepack's build output comes first on stdout; the JSON report is the last thing npm writes.
  packed = (JSON.parse(r.stdout.slice(r.stdout.lastIndexOf('\n[') + 1)) as Packed[])[0]!;
  tarball = join(tmp, packed.filename);
  process.stdout.write(`package: ${packed.filename}, ${packed.size} bytes packed, ${packed.unpackedSize} unpacked, ${packed.entryCount} files\n`);
  // The kit package ships the build npm pack just made.
  kitTarball = packKit(tmp, { build: false });
  libraryDir = project('library');
  kitDir = project('kit');
  libraryInstalled = runLines(readmeLines('install', tarball), libraryDir);
  kitInstalled = runLines(readmeLines('kit', tarball).slice(0, 1), kitDir);
  stacksDir = project('stacks');
  // The stacks' install is large: it starts when the two small ones are done, so they share no npm cache lock with it.
  stacksInstalled = Promise.all([libraryInstalled, kitInstalled]).then(() => runLines(readmeLines('stack-install', tarball), stacksDir, 600_000));
  publint = later(join(BIN, 'publint'), ['run', tarball, '--strict'], tmp);
  attw = later(join(BIN, 'attw'), [tarball, '--profile', 'esm-only', '--format', 'json'], tmp);
}, PACK_GUARD_MS);

describe('the public surface of the package root', () => {
  // npm pack (beforeAll) built dist/: API Extractor reads the same declarations the tarball ships.
  it('is the committed API report (api/toolresult-protocol.api.md), every export documented', async () => {
    const report = makeApiReport();
    expect(report.undocumented, 'root exports without a doc comment').toEqual([]);
    expect(
      report.text === readFileSync(API_REPORT, 'utf8'),
      'the root exports changed: run npm run build && npm run api:report, and review api/ in the diff',
    ).toBe(true);
    // Every name the built root exports at run time is one the report lists (types have no run-time name).
    const runtime = Object.keys(await import(join(ROOT, 'dist', 'reference-impl', 'index.js')));
    expect(runtime.filter((n) => !report.names.includes(n))).toEqual([]);
    // Helpers of the project's own tools are not part of it: they are under toolresult-protocol/internal.
    for (const internal of ['escapeHtml', 'keylessPointer', 'LEAF_CAP', 'canonicalize', 'CollectingLogger', 'coerceString', 'measureJson'])
      expect(runtime, internal).not.toContain(internal);
  }, 120_000);
});

describe('(e) the tarball', () => {
  it('holds the build, the bin, the schemas and the notices, and no test, mutant, fuzz, bench or CI file', () => {
    const paths = packed.files.map((f) => f.path);
    for (const p of [
      'package.json',
      'README.md',
      'LICENSE',
      'CHANGELOG.md',
      'bin/toolresult.js',
      'dist/reference-impl/index.js',
      'dist/reference-impl/index.d.ts',
      'dist/integrations/ai-sdk/index.js',
      'dist/integrations/langchain/index.d.ts',
      'dist/integrations/openai-agents/index.js',
      'dist/integrations/mastra/index.d.ts',
      'dist/schemas/model/tool-result.schema.json',
      'dist/conformance/runner/cli.js',
      'dist/reference-adapter/main.js',
      'dist/inspector/cli.js',
      'dist/inspector/assets/index.html',
      'dist/inspector/assets/app.js',
      'dist/inspector/assets/app.css',
    ]) {
      expect(paths).toContain(p);
    }
    const unwanted = paths.filter((p) =>
      /(^|\/)(test|tests|mutants|fuzz|bench|\.ci|\.github|implementations|fixtures|testing|test-adapters|examples)\/|\.test\.|\.property\.|(?<!\.d)\.ts$|\.py$|\.mjs$/.test(
        p,
      ),
    );
    expect(unwanted).toEqual([]);
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/Apache License\s+Version 2\.0, January 2004/);
  });
});

describe('a project that uses the library', () => {
  let dir: string;
  beforeAll(async () => {
    dir = libraryDir;
    expectAllRan(await libraryInstalled, readmeLines('install', tarball).length);
  }, 180_000);

  it('installs only the package and what the library needs: no kit, test or build tool', () => {
    const top = readdirSync(join(dir, 'node_modules')).filter((n) => !n.startsWith('.'));
    expect(top.sort()).toEqual(['ajv', 'fast-deep-equal', 'fast-uri', 'json-schema-traverse', 're2js', 'require-from-string', 'toolresult-protocol']);
    // The README's figure for the library's install holds within a quarter (file systems differ).
    const kib = Number(sh('du -sk node_modules', dir).stdout.split('\t')[0]);
    process.stdout.write(`library install: ${kib} KiB on disk (du -sk node_modules)\n`);
    const claimed = Number(/library alone takes about ([\d,]+) KiB/.exec(readFileSync(join(ROOT, 'README.md'), 'utf8'))?.[1]?.replace(/,/g, ''));
    expect(claimed).toBeGreaterThan(0);
    expect(Math.abs(kib - claimed) / claimed, `README says ${claimed} KiB, measured ${kib}`).toBeLessThan(0.25);
  });

  it('(a) plain node runs the README example and prints exactly what the README documents', () => {
    writeFileSync(join(dir, 'example.mjs'), readmeBlock('example'));
    const r = spawnSync(process.execPath, ['example.mjs'], { cwd: dir, env, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(readmeBlock('output'));
    expect(r.status).toBe(0);
  });

  it('(a) the schemas and package.json are exported; require() loads the library too', () => {
    writeFileSync(
      join(dir, 'exports.mjs'),
      [
        "import schema from 'toolresult-protocol/schemas/model/tool-result.schema.json' with { type: 'json' };",
        "import vectorFile from 'toolresult-protocol/schemas/conformance/vector-file.schema.json' with { type: 'json' };",
        "import pkg from 'toolresult-protocol/package.json' with { type: 'json' };",
        "import { createRequire } from 'node:module';",
        "const lib = createRequire(import.meta.url)('toolresult-protocol');",
        'console.log(schema.$id, vectorFile.$id, pkg.version, typeof lib.bound);',
      ].join('\n'),
    );
    const r = spawnSync(process.execPath, ['exports.mjs'], { cwd: dir, env, encoding: 'utf8' });
    expect(r.stdout, show(r)).toBe(
      `https://toolresult.dev/schemas/v1/tool-result.schema.json https://toolresult.dev/schemas/v1/conformance/vector-file.schema.json ${packageJson.version} function\n`,
    );
  });

  it.each(['node16', 'bundler'])(
    '(b) tsc (moduleResolution %s, no skipLibCheck, no @types/node) compiles a consumer and reports its type error',
    (resolution) => {
      writeFileSync(
        join(dir, 'consumer.ts'),
        [
          "import { ToolResult, bound, toWireMessage, auditRecord, normalize, executeToolCall, InMemoryLedger } from 'toolresult-protocol';",
          "import type { BoundedToolResult, BoundOptions, WireMessage, AuditRecord, ToolArtifact, Warning, JsonValue, ToolMessageLike, PrivacyLevel } from 'toolresult-protocol';",
          'const options: BoundOptions = { contentBudget: 4096 };',
          "const artifact: ToolArtifact = { type: 'text', label: 'Note', data: { text: 'hi' } };",
          'const structured: JsonValue = { ok: true };',
          "const result: BoundedToolResult = bound(ToolResult.text('hi', { structured, artifacts: [artifact] }), options);",
          'const wire: WireMessage = toWireMessage(result);',
          "const level: PrivacyLevel = 'metadata';",
          'const record: AuditRecord = auditRecord(result, [level]);',
          'const warnings: readonly Warning[] = result.warnings;',
          "const message: ToolMessageLike = { content: 'x' };",
          "const normalized: BoundedToolResult = normalize('langchain', message);",
          'export { wire, record, warnings, normalized, executeToolCall, InMemoryLedger };',
        ].join('\n'),
      );
      writeFileSync(
        join(dir, 'broken.ts'),
        "import { toWireMessage } from 'toolresult-protocol';\nexport const n: number = toWireMessage('not a bounded result');\n",
      );
      const config = (files: string[]) =>
        JSON.stringify({
          compilerOptions: {
            module: resolution === 'node16' ? 'node16' : 'preserve',
            moduleResolution: resolution,
            target: 'es2022',
            lib: ['es2023'],
            strict: true,
            noEmit: true,
            skipLibCheck: false,
            types: [],
          },
          files,
        });
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'scratch-library', version: '0.0.0', private: true, type: 'module' }));
      writeFileSync(join(dir, `tsconfig.${resolution}.json`), config(['consumer.ts']));
      const ok = spawnSync(process.execPath, [TSC, '-p', `tsconfig.${resolution}.json`], { cwd: dir, env, encoding: 'utf8' });
      expect(ok.stdout + ok.stderr).toBe('');
      expect(ok.status).toBe(0);
      writeFileSync(join(dir, `tsconfig.${resolution}-broken.json`), config(['consumer.ts', 'broken.ts']));
      const bad = spawnSync(process.execPath, [TSC, '-p', `tsconfig.${resolution}-broken.json`], { cwd: dir, env, encoding: 'utf8' });
      expect(bad.status).not.toBe(0);
      const errors = bad.stdout.split('\n').filter((l) => /error TS\d+/.test(l));
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.every((l) => l.startsWith('broken.ts('))).toBe(true);
    },
  );
});

describe('a project that runs the kit', () => {
  let dir: string;
  let lines: string[];
  beforeAll(async () => {
    dir = kitDir;
    lines = readmeLines('kit', tarball);
    expectAllRan(await kitInstalled, 1);
  }, 180_000);

  it('(c) the README lines: the installed bin answers --version and passes the bundled reference on vector/bound', () => {
    expect(lines.slice(1).map((l) => l.replace(/ .*/, ''))).toEqual(['npx', 'npx']);
    const version = sh(lines[1]!, dir);
    expect(version.stdout, show(version)).toBe(`${packageJson.version}\n`);
    expect(version.status).toBe(0);
    const run = sh(lines[2]!, dir);
    expect(run.stdout.trim().split('\n').at(-1), show(run)).toMatch(/^[1-9]\d* passed, 0 failed$/);
    expect(run.status).toBe(0);
  }, 180_000); // a kit run of every bound vector, with the stacks' install (g) beside it on the same CPU

  it('(c) --help of the program and of every command; a failure replays as the command that ran', () => {
    const help = sh('npx --no-install toolresult --help', dir);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^ {2}conformance +/m);
    // Every command's module is in the build: each answers its own --help from the installed package.
    for (const name of Object.keys(COMMANDS)) {
      const r = spawnSync(join(dir, 'node_modules', '.bin', 'toolresult'), [name, '--help'], { cwd: dir, env, encoding: 'utf8' });
      expect(r.status, `${name} --help\n${show(r)}`).toBe(0);
      expect(r.stdout.length).toBeGreaterThan(0);
    }
    // generate reads the schemas and the version from the installed package; --lang ts names its peer.
    const go = spawnSync(join(dir, 'node_modules', '.bin', 'toolresult'), ['generate', '--lang', 'go', '--out', 'gen-go'], { cwd: dir, env, encoding: 'utf8' });
    expect(go.status, show(go)).toBe(0);
    const goFiles = readdirSync(join(dir, 'gen-go'));
    expect(goFiles.length).toBeGreaterThan(0);
    expect(readFileSync(join(dir, 'gen-go', goFiles[0]!), 'utf8')).toContain(packageJson.version);
    const ts = spawnSync(join(dir, 'node_modules', '.bin', 'toolresult'), ['generate', '--lang', 'ts', '--out', 'gen-ts'], { cwd: dir, env, encoding: 'utf8' });
    expect(ts.status).toBe(2);
    expect(ts.stderr).toContain('npm install --save-dev json-schema-to-typescript@');
    const adapter = join(ROOT, 'conformance', 'runner', 'test-adapters', 'exception.mjs');
    const failing = sh(`npx --no-install toolresult conformance --only vector/bound/measure/null -- node ${adapter}`, dir);
    expect(failing.status, show(failing)).toBe(1);
    const replay = /^ {2}replay: (.*)$/m.exec(failing.stdout)?.[1];
    expect(replay, show(failing)).toBe(`npx --no-install toolresult conformance --only vector/bound/measure/null -- node ${adapter}`);
    const direct = spawnSync(join(dir, 'node_modules', '.bin', 'toolresult'), ['conformance', '--only', 'vector/bound/measure/null', '--', 'node', adapter], {
      cwd: dir,
      env,
      encoding: 'utf8',
    });
    expect(/^ {2}replay: (\S+ \S+)/m.exec(direct.stdout)?.[1]).toBe('./node_modules/.bin/toolresult conformance');
  }, 180_000);
});

describe('(f) the kit for any language: one command naming one package', () => {
  it('the kit package depends on the kit libraries that the library leaves optional, at the same ranges', () => {
    const listing = spawnSync('tar', ['-xzOf', kitTarball, 'package/package.json'], { encoding: 'utf8' });
    const manifest = JSON.parse(listing.stdout) as { name: string; version: string; bin: Record<string, string>; dependencies: Record<string, string> };
    expect(manifest.name).toBe(KIT_PACKAGE);
    expect(manifest.version).toBe(packageJson.version);
    expect(manifest.bin).toEqual({ [KIT_PACKAGE]: 'bin/toolresult.js' });
    for (const n of KIT_LIBRARIES) expect(manifest.dependencies[n]).toBe(packageJson.peerDependencies[n]);
    for (const n of Object.keys(packageJson.dependencies))
      expect(manifest.dependencies[n]).toBe(packageJson.dependencies[n as keyof typeof packageJson.dependencies]);
  });

  it("the README's command runs the whole kit against the Python adapter in an empty directory, and passes", async () => {
    const [line, ...more] = readmeBlock('kit-any-language')
      .split('\n')
      .filter((l) => l.trim() !== '');
    expect(more).toEqual([]);
    expect(line).toMatch(new RegExp(`^npx ${KIT_PACKAGE} -- python3 \\S+$`));
    // npx fetches a package by name; a tarball it takes with -p and the program's name. The longer
    // request timeout is test/implementations.test.ts's: the schema step limit on a loaded machine.
    const command = line!
      .replace(`npx ${KIT_PACKAGE} `, `npx --yes -p ${kitTarball} ${KIT_PACKAGE} --timeout 30000 `)
      .replace(/\S+$/, join(ROOT, 'implementations', 'python', 'adapter.py'));
    const empty = mkdtempSync(join(tmp, 'empty-'));
    const r = await later('sh', ['-c', command], empty, 840_000);
    expect(r.stdout.trim().split('\n').at(-1), show(r)).toMatch(/^[1-9]\d* passed, 0 failed$/);
    // The released version, then the unreleased changes the kit already checks, when there are any (TR-CONF-24).
    expect(r.stderr.split('\n')[0], show(r)).toMatch(
      new RegExp(
        `^toolresult conformance kit ${packageJson.version.replace(/\./g, '\\.')}: checks spec ${packageJson.version.replace(/\./g, '\\.')}( and the \\d+ unreleased changes of \\S+)?$`,
      ),
    );
    expect(r.status).toBe(0);
    expect(readdirSync(empty)).toEqual([]);
  }, 900_000);
});

describe('(g) a project that uses the stack integrations', () => {
  beforeAll(async () => {
    expectAllRan(await stacksInstalled, readmeLines('stack-install', tarball).length);
    writeFileSync(join(stacksDir, 'package.json'), JSON.stringify({ name: 'scratch-stacks', version: '0.0.0', private: true, type: 'module' }));
    writeFileSync(join(stacksDir, 'billing-server.mjs'), readmeBlock('stack-server'));
  }, 900_000);

  it.each(['ai-sdk', 'langchain', 'openai-agents', 'mastra'])(
    'the README example of %s runs from the tarball and prints what the README documents',
    (stack) => {
      writeFileSync(join(stacksDir, `${stack}.mjs`), readmeBlock(`stack-${stack}`));
      const r = spawnSync(process.execPath, [`${stack}.mjs`], { cwd: stacksDir, env, encoding: 'utf8', timeout: 120_000 });
      expect(r.stdout, show(r)).toBe(readmeBlock(`stack-${stack}-output`));
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    },
    150_000,
  );

  it.each(['node16', 'bundler'])(
    'tsc (moduleResolution %s) compiles a consumer of every integration subpath and reports its type error',
    (resolution) => {
      writeFileSync(
        join(stacksDir, 'consumer.ts'),
        [
          "import { ToolResult, InMemoryLedger } from 'toolresult-protocol';",
          "import { wrapMcpTools, wrapTools, type IntegrationOptions } from 'toolresult-protocol/ai-sdk';",
          "import { createSeam, loadMcpTools, resultTool } from 'toolresult-protocol/langchain';",
          "import { mcpTools as agentsTools, resultTool as agentsTool } from 'toolresult-protocol/openai-agents';",
          "import { mcpTools as mastraTools, resultTool as mastraTool } from 'toolresult-protocol/mastra';",
          "const options: IntegrationOptions = { ledger: new InMemoryLedger(), exposure: { policy: 'none' }, bound: { contentBudget: 4096 } };",
          "const lc = resultTool(() => ToolResult.text('hi'), { name: 'hi', description: 'Says hi', schema: { type: 'object', properties: {} } }, options);",
          "const ag = agentsTool(() => ToolResult.text('hi'), { name: 'hi', description: 'Says hi', parameters: { type: 'object', properties: {} } }, options);",
          "const ms = mastraTool(() => ToolResult.text('hi'), { id: 'hi', description: 'Says hi' }, options);",
          // One seam, made by one subpath, given to another: the program reads results back from it.
          "const seam = createSeam({ ...options, privacy: 'none', scope: 'thread-1' });",
          "const ag2 = agentsTool(() => ToolResult.text('hi'), { name: 'hi', description: 'Says hi', parameters: { type: 'object', properties: {} } }, seam);",
          "const read: Promise<{ structured?: unknown } | undefined> = seam.result('call_1', { tool: 'hi', arguments: {} });",
          'export { wrapMcpTools, wrapTools, loadMcpTools, agentsTools, mastraTools, lc, ag, ms, ag2, read };',
        ].join('\n'),
      );
      writeFileSync(
        join(stacksDir, 'broken.ts'),
        "import { resultTool } from 'toolresult-protocol/langchain';\nexport const t: number = resultTool(() => 'not a result', { name: 'x' });\n",
      );
      // skipLibCheck: the stacks' own declarations do not check (@mastra/core bundles types of other packages; ai needs DOM types).
      const config = (files: string[]) =>
        JSON.stringify({
          compilerOptions: {
            module: resolution === 'node16' ? 'node16' : 'preserve',
            moduleResolution: resolution,
            target: 'es2022',
            lib: ['es2023'],
            strict: true,
            noEmit: true,
            skipLibCheck: true,
            types: [],
          },
          files,
        });
      writeFileSync(join(stacksDir, `tsconfig.${resolution}.json`), config(['consumer.ts']));
      const ok = spawnSync(process.execPath, [TSC, '-p', `tsconfig.${resolution}.json`], { cwd: stacksDir, env, encoding: 'utf8', timeout: 300_000 });
      expect(ok.stdout + ok.stderr).toBe('');
      expect(ok.status).toBe(0);
      writeFileSync(join(stacksDir, `tsconfig.${resolution}-broken.json`), config(['consumer.ts', 'broken.ts']));
      const bad = spawnSync(process.execPath, [TSC, '-p', `tsconfig.${resolution}-broken.json`], { cwd: stacksDir, env, encoding: 'utf8', timeout: 300_000 });
      expect(bad.status).not.toBe(0);
      const errors = bad.stdout.split('\n').filter((l) => /error TS\d+/.test(l));
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.every((l) => l.startsWith('broken.ts('))).toBe(true);
    },
    600_000,
  );

  it("the README examples, each saved as a .mts file, compile under tsc --strict against the tarball's declarations", () => {
    const files = ['billing-server.mts', ...['ai-sdk', 'langchain', 'openai-agents', 'mastra'].map((s) => `example-${s}.mts`)];
    writeFileSync(join(stacksDir, 'billing-server.mts'), readmeBlock('stack-server'));
    for (const s of ['ai-sdk', 'langchain', 'openai-agents', 'mastra']) writeFileSync(join(stacksDir, `example-${s}.mts`), readmeBlock(`stack-${s}`));
    const config = {
      compilerOptions: {
        module: 'node16',
        moduleResolution: 'node16',
        target: 'es2022',
        lib: ['es2023'],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        // A Node.js program's own types (console, process): the repository's @types/node, as a user's project has its own.
        typeRoots: [join(ROOT, 'node_modules', '@types')],
        types: ['node'],
      },
      files,
    };
    writeFileSync(join(stacksDir, 'tsconfig.examples.json'), JSON.stringify(config));
    const r = spawnSync(process.execPath, [TSC, '-p', 'tsconfig.examples.json'], { cwd: stacksDir, env, encoding: 'utf8', timeout: 300_000 });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  }, 330_000);
});

describe('(d) package linters', () => {
  it('publint --strict finds nothing', async () => {
    const r = await publint;
    expect(r.stdout, show(r)).toMatch(/All good!/);
    expect(r.status).toBe(0);
  });

  it('arethetypeswrong finds no problem for node16 (ESM) and bundler', async () => {
    const r = await attw;
    expect(r.status, show(r)).toBe(0);
    const report = JSON.parse(r.stdout) as { analysis: { problems: { kind: string; resolutionKind?: string }[] } };
    const counted = report.analysis.problems.filter((p) => p.resolutionKind !== 'node10' && p.resolutionKind !== 'node16-cjs');
    expect(counted).toEqual([]);
  }, 120_000);
});

describe('(h) npm publish --dry-run, by the README lines', () => {
  /** The shell lines of the README block after `<!-- publish-test: npm -->`. */
  const lines = (): string[] => {
    const m = /<!-- publish-test: npm -->\n```sh\n([\s\S]*?)```/.exec(readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8'));
    if (!m) throw new Error('CONTRIBUTING.md has no block marked publish-test: npm');
    return m[1]!.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
  };
  // npm's default log level: every warning shows.
  const loud = Object.fromEntries(Object.entries(env).filter(([k]) => k !== 'npm_config_loglevel')) as NodeJS.ProcessEnv;
  const NOT_LOGGED_IN = /^npm warn publish This command requires you to be logged in to \S+ \(dry-run\)$/;

  it('the README packs both packages into .tmp/npm-publish and publishes those two files, with a dist-tag for a prerelease', () => {
    const all = lines();
    expect(all.slice(0, 2)).toEqual(['npm pack --pack-destination .tmp/npm-publish', 'npm run pack:kit -- --out .tmp/npm-publish --no-build']);
    const tag = packageJson.version.includes('-') ? ' --tag next' : '';
    expect(all.slice(2)).toEqual([
      `npm publish .tmp/npm-publish/${packed.filename}${tag}`,
      `npm publish .tmp/npm-publish/${kitTarball.replace(/.*\//, '')}${tag}`,
    ]);
  });

  it.each([
    ['toolresult-protocol', 2],
    [KIT_PACKAGE, 3],
  ] as const)(
    '%s: the dry run publishes the tarball at the version of package.json, no warning but the login',
    (name, index) => {
      const line = lines()
        [index]!.replace(/^npm publish /, 'npm publish --dry-run --json ')
        .replace(/\.tmp\/npm-publish\/(\S+)/, (_m, f: string) => join(tmp, f));
      const r = spawnSync('sh', ['-c', line], { cwd: tmp, env: loud, encoding: 'utf8', timeout: 180_000 });
      expect(r.status, show(r)).toBe(0);
      const warnings = `${r.stdout}\n${r.stderr}`.split('\n').filter((l) => /^npm (warn|WARN|error|ERR)/.test(l));
      expect(
        warnings.filter((l) => !NOT_LOGGED_IN.test(l)),
        show(r),
      ).toEqual([]);
      const tag = packageJson.version.includes('-') ? 'next' : 'latest';
      expect(r.stderr, show(r)).toMatch(new RegExp(`Publishing to https://registry\\.npmjs\\.org/ with tag ${tag} and default access \\(dry-run\\)`));
      type Published = { name: string; version: string; size: number; unpackedSize: number; entryCount: number; files: { path: string }[] };
      const json = JSON.parse(r.stdout) as Published | Record<string, Published>;
      const p = (typeof json.name === 'string' ? json : Object.values(json)[0]) as Published;
      expect([p.name, p.version]).toEqual([name, packageJson.version]);
      const paths = p.files.map((f) => f.path);
      for (const f of [
        'package.json',
        'README.md',
        'LICENSE',
        'CHANGELOG.md',
        'bin/toolresult.js',
        'dist/conformance/runner/cli.js',
        'dist/schemas/model/tool-result.schema.json',
      ])
        expect(paths).toContain(f);
      if (name === 'toolresult-protocol') expect(paths).toContain('dist/integrations/ai-sdk/index.js');
      process.stdout.write(`npm publish --dry-run: ${p.name} ${p.version}, ${p.size} bytes packed, ${p.unpackedSize} unpacked, ${p.entryCount} files\n`);
    },
    180_000,
  );
});
