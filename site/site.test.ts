// The site's parts without a browser: the figures cannot drift from the spec, the report viewer reads
// only reports and escapes what they hold, and its command line says what is wrong in one line.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main as reportCli } from '../conformance/report-viewer/cli.ts';
import { embeddedJson } from '../conformance/report-viewer/inert-page.ts';
import { NotAReport, readReport, reportHtml, suiteOf } from '../conformance/report-viewer/report-html.ts';
import { parseSpec } from '../conformance/traceability/traceability.ts';
import { ROOT } from './build.ts';
import { cellKind, parseSinkMatrix, readPipeline, sinkMatrixSvg } from './figures/figures.ts';
import { slug } from './markdown.ts';
import { cellAnchor, compliancePage, complianceRowPage, complianceRowPages } from './compliance.ts';
import { mutantsPage } from './mutants.ts';
import { readUnchecked, requirementTable } from '../conformance/mutants/coverage.ts';
import { mutants } from '../conformance/mutants/index.ts';

const tmp = mkdtempSync(join(tmpdir(), 'site-unit-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const spec = parseSpec(join(ROOT, 'spec'));
const defined = new Map(spec.requirements.map((r) => [r.id, r.file] as const));

describe('figures are drawn from the repository', () => {
  it('every step of the pipeline figure names a chapter and requirements the spec defines', () => {
    const p = readPipeline(join(ROOT, 'site', 'figures', 'pipeline.json'));
    expect(p.steps.length).toBeGreaterThan(3);
    for (const s of [...p.steps, ...p.sinks]) {
      expect(s.requirements.length, s.id).toBeGreaterThan(0);
      for (const id of s.requirements) expect(defined.has(id), `${s.id}: ${id} is not defined in spec/`).toBe(true);
      expect(defined.get(s.requirements[0]!), `${s.id}: the first requirement is the link target`).toBe(s.chapter);
    }
  });

  it('the sink matrix figure holds every cell of the table in spec/05 §5.1, coloured by what it says', () => {
    const m = parseSinkMatrix(readFileSync(join(ROOT, 'spec', '05-sinks.md'), 'utf8'));
    expect(m.rows.map((r) => r.channel)).toEqual(['content', 'isError', 'structured', 'artifacts', 'warnings']);
    expect(m.sinks[0]).toBe('provider wire');
    const svg = sinkMatrixSvg(m);
    // Drawn text is wrapped into tspans; compare the words.
    const words = (s: string) => s.split(/\s+/).filter(Boolean);
    const drawn = new Set(words(svg.replace(/<[^>]+>/g, ' ')));
    for (const r of m.rows) for (const c of r.cells) for (const w of words(c)) expect(drawn.has(w.replace(/&/g, '&amp;')), w).toBe(true);
    expect(cellKind('verbatim')).toBe('whole');
    expect(cellKind('— (octets only)')).toBe('none');
    expect(cellKind('redacted, keys included')).toBe('part');
    // The wire must never show a run-only channel as carried: the figure reads what the spec says.
    const wire = m.sinks.indexOf('provider wire');
    for (const ch of ['structured', 'artifacts', 'warnings']) expect(cellKind(m.rows.find((r) => r.channel === ch)!.cells[wire]!)).toBe('none');
  });

  it('a sinks chapter without the table is reported, not drawn empty', () => {
    expect(() => parseSinkMatrix('# 5. Sinks\n\nno table')).toThrow(/§5\.1/);
    expect(() => parseSinkMatrix('## 5.1 The sink matrix\n\n| a | b |\n| --- | --- |\n| x | y | z |\n')).toThrow(/cells/);
  });

  it('heading anchors are the ones GitHub gives, so links written for the repository resolve on the site', () => {
    expect(slug('5.1 The sink matrix')).toBe('51-the-sink-matrix');
    expect(slug('9.2 Values that plain JSON cannot carry')).toBe('92-values-that-plain-json-cannot-carry');
    expect(slug('Running and results')).toBe('running-and-results');
  });
});

describe('the report viewer', () => {
  const report = {
    kit: 'toolresult-conformance',
    seed: 7,
    adapter: { name: '<b>evil</b>', version: '1', language: 'x', groups: ['bound'] },
    command: ['node', 'a.js'],
    summary: { passed: 1, failed: 1, skipped: 1, expectedFailures: 0 },
    cases: [
      { id: 'vector/bound/a/b', requirements: ['TR-BOUND-3'], status: 'pass', durationMs: 1 },
      {
        id: 'property/TR-BOUND-8/x',
        requirements: ['TR-BOUND-8', 'javascript:alert(1)'],
        status: 'fail',
        durationMs: 2,
        failure: { reason: '</script><script>alert(1)</script>', input: { '<k>': '<v>' }, want: 1, got: 2 },
        replay: 'npm run conformance -- --only "x"',
      },
      { id: 'vector/sinks/a/c', requirements: [], status: 'skip', durationMs: 0, skipReason: 'group not claimed' },
    ],
  };

  it('refuses what is not a report, saying what is missing', () => {
    expect(() => readReport([])).toThrow(NotAReport);
    expect(() => readReport({ summary: { passed: 1, failed: 0, skipped: 0 } })).toThrow(/"cases"/);
    expect(() => readReport({ summary: { passed: -1, failed: 0, skipped: 0 }, cases: [] })).toThrow(/summary/);
    expect(() => readReport({ summary: { passed: 0, failed: 0, skipped: 0 }, cases: [{ id: 1 }] })).toThrow(/case 0/);
    expect(readReport(report).cases).toHaveLength(3);
  });

  it('escapes every string of the report and links only strings shaped like a requirement ID', () => {
    const html = reportHtml(readReport(report), { specUrl: 'https://spec.example/' });
    expect(html).not.toContain('<b>evil</b>');
    expect(html).toContain('&lt;b&gt;evil&lt;/b&gt;');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&lt;k&gt;');
    expect(html).toContain('href="https://spec.example/requirements.html#TR-BOUND-8"');
    expect(html).not.toMatch(/href="[^"]*javascript:/);
    expect(html).toMatch(/data-total="failed">1</);
  });

  it('groups properties by requirement family and vectors by group', () => {
    expect(suiteOf('property/TR-BOUND-8/x')).toBe('property/TR-BOUND');
    expect(suiteOf('vector/bound/a/b')).toBe('vector/bound');
  });

  it('embeds data so that nothing in it can close the script element', () => {
    const text = embeddedJson({ s: '</script><!-- \u2028 & >' });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ s: '</script><!-- \u2028 & >' });
  });

  it('the command line writes a page and answers bad input with one line and exit 2', async () => {
    const file = join(tmp, 'r.json');
    writeFileSync(file, JSON.stringify(report));
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(`out: ${l}`), err: (l: string) => lines.push(`err: ${l}`) };
    expect(await reportCli([file, '--html', join(tmp, 'out', 'r.html')], io)).toBe(0);
    expect(readFileSync(join(tmp, 'out', 'r.html'), 'utf8')).toContain('Conformance report');
    const bad = async (argv: string[], message: RegExp) => {
      lines.length = 0;
      expect(await reportCli(argv, io)).toBe(2);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(message);
    };
    await bad([file], /--html FILE is required/);
    await bad(['--html', 'x.html'], /name the JSON report/);
    await bad([join(tmp, 'missing.json'), '--html', 'x.html'], /cannot read .*no such file/);
    writeFileSync(join(tmp, 'bad.json'), '{');
    await bad([join(tmp, 'bad.json'), '--html', 'x.html'], /is not JSON/);
    writeFileSync(join(tmp, 'other.json'), '{"name":"x"}');
    await bad([join(tmp, 'other.json'), '--html', 'x.html'], /is not a kit report/);
    await bad([file, '--html', 'x.html', '--spec-url', 'javascript:alert(1)'], /--spec-url must be/);
    await bad([file, '--html', 'x.html', '--frobnicate'], /unknown option/);
  });
});

describe('the compliance page', () => {
  const hostile = {
    kit: { version: '1', seed: 1, runs: 2 },
    checks: [
      { id: 'TR-STACK-1', kind: 'leak', level: 'MUST', title: 'user-only', short: 'user-only' },
      { id: 'TR-STACK-5', kind: 'leak', level: 'SHOULD', title: 'media', short: 'media' },
    ],
    stacks: [{ id: 'evil<b>/../x', name: 'x', version: 'v', runtime: 'node' }],
    cells: [
      {
        stack: 'evil<b>/../x',
        check: 'TR-STACK-1',
        verdict: 'fail',
        evidence: [
          {
            summary: '<img src=x onerror=alert(1)>',
            canary: 'CANARY1',
            replay: 'npm run compliance',
            found: [{ path: 'requests[0]', excerpt: 'a <script>CANARY1</script>' }],
          },
        ],
      },
      { stack: 'evil<b>/../x', check: 'TR-STACK-5', verdict: 'pass', evidence: [], model: { verdict: 'fail' } },
    ],
  };

  it("links every failing cell to its evidence on its row's page with a line of why, marks the canary there and escapes what the stacks sent", () => {
    const html = compliancePage(hostile);
    const [row] = complianceRowPages(hostile);
    // The row's page stays in compliance/, whatever the id holds.
    expect(row!.page).toMatch(/^compliance\/[a-z0-9@-]+\.html$/);
    const anchor = cellAnchor('evil<b>/../x', 'TR-STACK-1');
    expect(anchor).toMatch(/^[a-z0-9-]+$/);
    expect(html).toContain(`href="${row!.page}#${anchor}"`);
    // The line of why, escaped; the evidence itself is not on the matrix page.
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; (generated case)');
    expect(html).not.toContain('CANARY1');
    const page = complianceRowPage(hostile, row!.stack);
    expect(page).toContain(`id="${anchor}"`);
    expect(page).toContain('<mark>CANARY1</mark>');
    expect(page).toContain('href="../compliance.html"');
    for (const h of [html, page]) {
      expect(h).not.toMatch(/<img|<script|evil<b>/);
      expect(h).toContain('evil&lt;b&gt;');
    }
    expect(html).toContain('class="verdict-pass"');
    // A verdict that differs at the model interface is shown under the provider verdict.
    expect(html).toContain('pass<br><small>model: fail</small>');
  });

  it("reads the committed matrix: every stack has a cell for every check, and every failing cell links to an anchor of its row's page", () => {
    const report = JSON.parse(readFileSync(join(ROOT, 'stacks', 'compliance', 'report.json'), 'utf8'));
    const html = compliancePage(report);
    const cells = html.match(/<td class="verdict-(pass|fail|na)"/g) ?? [];
    expect(cells.length).toBe(report.stacks.length * report.checks.length);
    expect(cells.length).toBeGreaterThan(0);
    const pages = new Map(complianceRowPages(report).map(({ page, stack }) => [page, complianceRowPage(report, stack)] as const));
    expect(pages.size).toBe(report.stacks.length);
    const links = [...html.matchAll(/<td class="verdict-fail"[^>]*><a href="([^"#]+)#([^"]+)"/g)];
    expect(links.length).toBe((html.match(/<td class="verdict-fail"/g) ?? []).length);
    for (const [, page, anchor] of links) expect(pages.get(page!), `${page}#${anchor}`).toContain(`id="${anchor}"`);
  });
});

describe('the mutants page', () => {
  const page = (rows: Parameters<typeof mutantsPage>[0]['rows'], entries = new Map<string, { name: string; description: string; href: string }>()) =>
    mutantsPage({ rows, mutants: entries, requirementHref: (id) => `ch.html#${id}`, fileHref: (f) => `src/${f}.html`, musts: 3 });

  it('has a row per requirement with each of its mutants, and one per unchecked MUST with what checks it', () => {
    const unchecked = readUnchecked();
    const html = page(
      requirementTable(spec.requirements, mutants, unchecked),
      new Map(mutants.map((m) => [m.name, { name: m.name, description: m.description, href: `x.html#${m.name}` }] as const)),
    );
    for (const m of mutants) expect(html, m.name).toContain(`<code>${m.name}</code>`);
    const named = new Set(mutants.map((m) => m.breaks));
    for (const id of named) expect(html).toContain(`<tr id="${id}"><td><a href="ch.html#${id}">`);
    for (const [id, u] of Object.entries(unchecked))
      expect(html).toContain(`<tr id="${id}"><td><a href="ch.html#${id}"><code>${id}</code></a></td><td>${u.checkedBy}</td>`);
    expect(html.match(/<td>killed in npm test<\/td>/g)?.length).toBe(named.size);
  });

  it('escapes what a mutant or an entry says', () => {
    const html = page(
      [
        { id: `TR-${'X'}-1`, file: 'x.md', mandatory: true, mutants: ['<b>m</b>'] },
        { id: `TR-${'X'}-2`, file: 'x.md', mandatory: true, mutants: [], unchecked: { checkedBy: 'none', where: '', why: '<script>alert(1)</script>' } },
      ],
      new Map([['<b>m</b>', { name: '<b>m</b>', description: '<img src=x onerror=alert(1)>', href: '"onclick="x' }]]),
    );
    expect(html).not.toMatch(/<script>|<img|<b>m|href=""onclick/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
