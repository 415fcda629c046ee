// The migration guides (issue 41 item 4): every example runs, against this checkout's PHP or Python
// implementation, and prints exactly the block under it; every requirement a guide names is one the
// spec defines; every row of a guide's table names at least one. An example is the code block after
// `<!-- docs-test: example NAME -->`, its output the block after `<!-- docs-test: output NAME -->`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSpec } from '../conformance/traceability/traceability.ts';
import { buildSite } from '../site/build.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const GUIDES = readdirSync(join(ROOT, 'guides'))
  .filter((f) => f.endsWith('.md'))
  .sort();
const tmp = mkdtempSync(join(tmpdir(), 'guides-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Example {
  readonly name: string;
  readonly lang: string;
  readonly code: string;
  readonly output: string;
}

/** The examples of a guide, each with the output it shows. */
function examples(markdown: string): Example[] {
  const block = (kind: string, name: string): { lang: string; text: string } | undefined => {
    const m = new RegExp(`<!-- docs-test: ${kind} ${name} -->\\n\`\`\`([a-z]*)\\n([\\s\\S]*?)\`\`\``).exec(markdown);
    return m ? { lang: m[1]!, text: m[2]! } : undefined;
  };
  return [...markdown.matchAll(/<!-- docs-test: example (\S+) -->/g)].map(([, name]) => {
    const code = block('example', name!)!;
    const output = block('output', name!);
    if (output === undefined) throw new Error(`example ${name} has no output block`);
    return { name: name!, lang: code.lang, code: code.text, output: output.text };
  });
}

/** Runs an example as a user would, with the checkout's package on the path instead of an install. */
function run(example: Example): string {
  const file = join(tmp, `${example.name}.${example.lang === 'php' ? 'php' : 'py'}`);
  if (example.lang === 'php') {
    const boot = `require ${JSON.stringify(join(ROOT, 'implementations/php/src/autoload.php'))}; require_once ${JSON.stringify(join(ROOT, 'implementations/php/src/functions.php'))};`;
    writeFileSync(file, example.code.replace(/^<\?php\n/, `<?php\n${boot}\n`));
    return execFileSync('php', [file], { encoding: 'utf8', timeout: 60_000 });
  }
  if (example.lang === 'python') {
    writeFileSync(file, example.code);
    return execFileSync('python3', [file], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, PYTHONPATH: join(ROOT, 'implementations', 'python') } });
  }
  throw new Error(`example ${example.name}: no runner for ${example.lang}`);
}

const spec = parseSpec(join(ROOT, 'spec')).requirements;
const defined = new Set(spec.map((r) => r.id));
const chapterOf = new Map(spec.map((r) => [r.id, r.file.replace(/\.md$/, '.html')] as const));

// The migration guides' examples and tables; the implementer's quickstart is held by conformance/examples/quickstart.test.ts.
describe.each(GUIDES.filter((g) => g.startsWith('migrate-')))('guide %s', (guide) => {
  const markdown = readFileSync(join(ROOT, 'guides', guide), 'utf8');

  it('has examples, and each prints exactly what the guide shows under it', () => {
    const all = examples(markdown);
    expect(all.length).toBeGreaterThanOrEqual(3);
    for (const e of all) expect(run(e), `${guide}: example ${e.name}`).toBe(e.output);
  });

  it('names only requirements the spec defines, and every row of its table names one', () => {
    const named = [...markdown.matchAll(/\bTR-[A-Z]+-\d+\b/g)].map((m) => m[0]);
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((id) => !defined.has(id))).toEqual([]);
    const rows = markdown.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| ---') && !/^\| (nr_llm|Extra) test \|/.test(l));
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((r) => !/TR-[A-Z]+-\d+/.test(r))).toEqual([]);
  });
});

describe('the site', () => {
  it('has a page per guide, linked from every page and from the home page, each requirement it names linked to its rule', () => {
    const out = join(tmp, 'site');
    const site = buildSite(out);
    const home = readFileSync(join(out, 'index.html'), 'utf8');
    for (const guide of GUIDES) {
      const page = guide.replace(/\.md$/, '.html');
      expect(site.pages).toContain(page);
      const html = readFileSync(join(out, page), 'utf8');
      const named = new Set([...readFileSync(join(ROOT, 'guides', guide), 'utf8').matchAll(/\bTR-[A-Z]+-\d+\b/g)].map((m) => m[0]));
      for (const id of named) expect(html, `${page} links ${id}`).toContain(`href="${chapterOf.get(id)}#${id}"`);
      expect(home).toContain(`href="${page}"`);
      expect(readFileSync(join(out, '01-terminology.html'), 'utf8')).toContain(`href="${page}"`);
    }
  });
});
