// `npm run site -- [--out DIR]`: the spec as a static site. Every chapter of spec/ as a page with an
// anchor per requirement and the files that check it (from the traceability scan), a page listing
// every requirement, the sink matrix and the path of a result as figures, the artifact renderer's
// demo, the stack compliance matrix and a page of evidence per row when stacks/compliance/report.json
// exists, a page per migration guide (guides/*.md), and pages for the repository files the spec and the checks point at. Nothing is fetched; the output is plain files.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { escapeHtml } from '../reference-impl/internal.ts';
import { checkTraceability, parseSpec } from '../conformance/traceability/traceability.ts';
import { artifactDemo } from './artifact-demo.ts';
import { readUnchecked, requirementTable } from '../conformance/mutants/coverage.ts';
import { mutants } from '../conformance/mutants/index.ts';
import { compliancePage, complianceRowPage, complianceRowPages } from './compliance.ts';
import { parseSinkMatrix, pipelineSvg, readPipeline, sinkMatrixSvg } from './figures/figures.ts';
import { sitePage, type NavEntry, type SearchEntry, type SiteFrame } from './layout.ts';
import { chapterPage, directoryPage, renderChapter, sourcePage, type Check } from './markdown.ts';
import { mutantsPage, type MutantEntry } from './mutants.ts';
import { firstMention, isDirectory, listDirectory, readText, sourceListing } from './source-pages.ts';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface BuiltSite {
  readonly out: string;
  readonly pages: readonly string[];
  readonly requirements: number;
}

function chapterTitle(markdown: string, file: string): string {
  return /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim() ?? file;
}

function specVersion(root: string): string {
  return /Version:\s*\*\*([^*]+)\*\*/.exec(readFileSync(join(root, 'spec', '00-index.md'), 'utf8'))?.[1] ?? 'unknown';
}

export function buildSite(out: string, root: string = ROOT): BuiltSite {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const pages: string[] = [];
  const write = (page: string, html: string): void => {
    const file = join(out, page);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
    pages.push(page);
  };

  const chapters = readdirSync(join(root, 'spec'))
    .filter((n) => n.endsWith('.md'))
    .sort();
  const sources = new Map(chapters.map((c) => [c, readFileSync(join(root, 'spec', c), 'utf8')] as const));
  const { requirements } = parseSpec(join(root, 'spec'));
  const trace = checkTraceability(root);
  const definedIn = new Map(requirements.map((r) => [r.id, r.file] as const));

  // Repository files that get a page: every file that checks a requirement, and what the spec links to.
  const fileText = new Map<string, string>();
  const text = (path: string): string => {
    let t = fileText.get(path);
    if (t === undefined) fileText.set(path, (t = readText(root, path)));
    return t;
  };
  const checks = new Map<string, Check[]>();
  for (const [id, files] of trace.coverage)
    checks.set(
      id,
      files.map((file) => ({ file, line: firstMention(text(file), id) })),
    );
  const linkedFiles = new Set<string>([...trace.coverage.values()].flat());
  const linkedDirs = new Set<string>();
  const linkedPath = (path: string, dir: boolean): string => {
    if (dir) {
      linkedDirs.add(path);
      return directoryPage(path);
    }
    linkedFiles.add(path);
    return sourcePage(path);
  };

  const version = specVersion(root);
  const titles = new Map(chapters.map((c) => [c, chapterTitle(sources.get(c)!, c)] as const));
  // The migration guides (guides/*.md, issue 41): one page each, rendered as a chapter is, so each
  // requirement they name links to its rule.
  const guideDir = join(root, 'guides');
  const guides = existsSync(guideDir)
    ? readdirSync(guideDir)
        .filter((n) => n.endsWith('.md'))
        .sort()
    : [];
  const guideText = new Map(guides.map((g) => [g, readFileSync(join(guideDir, g), 'utf8')] as const));
  const guidePage = (g: string): string => g.replace(/\.md$/, '.html');
  const compliance = existsSync(join(root, 'stacks', 'compliance', 'report.json'));
  const nav: NavEntry[] = [
    { href: 'index.html', label: 'Overview' },
    ...chapters.map((c) => ({ href: chapterPage(c), label: titles.get(c)! })),
    { href: 'requirements.html', label: 'All requirements' },
    ...guides.map((g) => ({ href: guidePage(g), label: chapterTitle(guideText.get(g)!, g) })),
    { href: 'artifacts.html', label: 'Artifact renderer demo' },
    { href: 'mutants.html', label: 'The kit against its mutants' },
    ...(compliance ? [{ href: 'compliance.html', label: 'Stack compliance matrix' }] : []),
  ];
  const firstSentence = (r: (typeof requirements)[number]): string => {
    const line = sources
      .get(r.file)!
      .split('\n')
      .slice(r.line - 1, r.line + 3)
      .join(' ');
    return line
      .replace(/^\s*- \*\*TR-[A-Z]+-\d+\*\*\s*/, '')
      .replace(/\s+/g, ' ')
      .slice(0, 110);
  };
  const search: SearchEntry[] = requirements.map((r) => ({ id: r.id, href: `${chapterPage(r.file)}#${r.id}`, text: firstSentence(r) }));
  const frame: SiteFrame = { nav, search, version };

  // Chapters.
  chapters.forEach((c, i) => {
    const html = renderChapter(sources.get(c)!, {
      chapter: c,
      definedIn,
      checks,
      linkedPath,
      isDirectory: (p) => isDirectory(root, p),
    });
    const prev = chapters[i - 1];
    const next = chapters[i + 1];
    const pager = `<div class="pager">${prev ? `<a href="${chapterPage(prev)}">← ${escapeHtml(titles.get(prev)!)}</a>` : '<span></span>'}${
      next ? `<a href="${chapterPage(next)}">${escapeHtml(titles.get(next)!)} →</a>` : '<span></span>'
    }</div>`;
    write(chapterPage(c), sitePage(frame, chapterPage(c), titles.get(c)!, html + pager));
  });

  for (const g of guides) {
    const html = renderChapter(guideText.get(g)!, { chapter: g, definedIn, checks, linkedPath, isDirectory: (p) => isDirectory(root, p) });
    write(guidePage(g), sitePage(frame, guidePage(g), chapterTitle(guideText.get(g)!, g), html));
  }

  // Every requirement on one page.
  const rows = requirements.map((r) => {
    const n = checks.get(r.id)?.length ?? 0;
    return `<tr id="${r.id}"><td><a href="${chapterPage(r.file)}#${r.id}"><code>${r.id}</code></a></td><td>${r.mandatory ? 'MUST' : 'SHOULD / MAY'}</td><td>${n}</td><td><a href="${chapterPage(r.file)}">${escapeHtml(titles.get(r.file)!)}</a></td><td>${escapeHtml(firstSentence(r))}…</td></tr>`;
  });
  write(
    'requirements.html',
    sitePage(
      frame,
      'requirements.html',
      'All requirements',
      `<h1>All requirements</h1><p>${requirements.length} requirements, ${requirements.filter((r) => r.mandatory).length} with MUST. "Checked by" counts the tests, properties and vectors that name each one.</p><table class="requirements"><thead><tr><th>ID</th><th>level</th><th>checked by</th><th>chapter</th><th>begins</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
    ),
  );

  // Home: what it is, the two figures, the chapters.
  const matrix = sinkMatrixSvg(parseSinkMatrix(sources.get('05-sinks.md') ?? ''));
  const pipeline = pipelineSvg(readPipeline(join(root, 'site', 'figures', 'pipeline.json')));
  const home = [
    '<h1>ToolResult Protocol</h1>',
    `<p>Specification ${escapeHtml(version)}. A tool call in an LLM agent returns <b>provider-facing text</b> (<code>content</code>, <code>isError</code>) and, beside it, <b>run-only data</b> (<code>structured</code>, <code>artifacts</code>, <code>warnings</code>). The protocol keeps them apart by construction: run-only data has no path to the model provider's wire, the logs or a suspended run's state, and reaches a persisted audit record only as far as its privacy level allows.</p>`,
    '<h2 id="the-path-of-a-result">The path of a result</h2>',
    '<p>Every box links to the rule that governs the step.</p>',
    pipeline,
    '<h2 id="the-sink-matrix">The sink matrix</h2>',
    `<p>What each channel may become in each sink, drawn from the table in <a href="05-sinks.html#51-the-sink-matrix">§5.1</a>. Green: the channel as it is; grey: nothing of it; yellow: a part or a summary.</p>`,
    matrix,
    '<h2 id="chapters">Chapters</h2>',
    `<ol>${chapters.map((c) => `<li><a href="${chapterPage(c)}">${escapeHtml(titles.get(c)!)}</a></li>`).join('')}</ol>`,
    ...(guides.length > 0
      ? [
          '<h2 id="migrating">Migrating from the seed systems</h2>',
          `<ul>${guides.map((g) => `<li><a href="${guidePage(g)}">${escapeHtml(chapterTitle(guideText.get(g)!, g))}</a></li>`).join('')}</ul>`,
        ]
      : []),
    '<h2 id="reports">Reading a kit report</h2>',
    '<p><code>toolresult report report.json --html report.html --spec-url URL-of-this-site</code> turns the JSON report of a kit run (<code>--report-json</code>) into one page whose requirement IDs link here.</p>',
  ].join('\n');
  write('index.html', sitePage(frame, 'index.html', 'Overview', home));

  write('artifacts.html', sitePage(frame, 'artifacts.html', 'Artifact renderer demo', artifactDemo()));

  // The kit's self-test: requirement → mutants, each linked to where its file defines it.
  const mutantDir = join(root, 'conformance', 'mutants');
  const mutantFiles = readdirSync(mutantDir)
    .filter((n) => n.endsWith('-mutants.ts'))
    .sort()
    .map((n) => `conformance/mutants/${n}`);
  const entries = new Map<string, MutantEntry>();
  for (const m of mutants) {
    const file = mutantFiles.find((f) => text(f).includes(`name: '${m.name}'`));
    const href =
      file === undefined
        ? linkedPath('conformance/mutants', true)
        : `${linkedPath(file, false)}#L${
            text(file)
              .split('\n')
              .findIndex((l) => l.includes(`name: '${m.name}'`)) + 1
          }`;
    entries.set(m.name, { name: m.name, description: m.description, href });
  }
  const unchecked = readUnchecked(join(mutantDir, 'unchecked-musts.json'));
  for (const f of ['conformance/mutants/mutants.test.ts', 'conformance/mutants/coverage.test.ts']) linkedPath(f, false);
  const mutantsHtml = mutantsPage({
    rows: requirementTable(requirements, mutants, unchecked),
    mutants: entries,
    requirementHref: (id) => `${chapterPage(definedIn.get(id) ?? '')}#${id}`,
    fileHref: (path) => linkedPath(path, false),
    musts: requirements.filter((r) => r.mandatory).length,
  });
  write('mutants.html', sitePage(frame, 'mutants.html', 'The kit against its mutants', mutantsHtml));
  if (compliance) {
    const report: unknown = JSON.parse(readFileSync(join(root, 'stacks', 'compliance', 'report.json'), 'utf8'));
    write('compliance.html', sitePage(frame, 'compliance.html', 'Stack compliance matrix', compliancePage(report)));
    for (const { page, stack } of complianceRowPages(report))
      write(page, sitePage(frame, page, `Stack compliance: ${stack}`, complianceRowPage(report, stack)));
  }

  // Repository files and folders the pages link to.
  const requirementHref = (fromPage: string) => (id: string) => {
    const c = definedIn.get(id);
    return c === undefined ? undefined : `${'../'.repeat(fromPage.split('/').length - 1)}${chapterPage(c)}#${id}`;
  };
  for (const dir of linkedDirs) {
    const { files, dirs } = listDirectory(root, dir);
    for (const f of files) linkedFiles.add(dir === '' ? f : `${dir}/${f}`);
    const page = directoryPage(dir);
    const items = [...dirs.map((d) => `<li>${escapeHtml(d)}/</li>`), ...files.map((f) => `<li><a href="${escapeHtml(`${f}.html`)}">${escapeHtml(f)}</a></li>`)];
    write(page, sitePage(frame, page, `${dir}/`, `<h1><code>${escapeHtml(dir)}/</code></h1><ul>${items.join('')}</ul>`));
  }
  for (const file of [...linkedFiles].sort()) {
    const page = sourcePage(file);
    write(page, sitePage(frame, page, file, `<h1><code>${escapeHtml(file)}</code></h1>${sourceListing(text(file), requirementHref(page))}`));
  }
  return { out, pages, requirements: requirements.length };
}

function parseOut(argv: readonly string[]): string {
  const i = argv.indexOf('--out');
  if (i >= 0) {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('-')) throw new Error('--out needs a folder');
    return resolve(v);
  }
  if (argv.length > 0) throw new Error(`unknown argument ${JSON.stringify(argv[0])}; usage: npm run site -- [--out DIR]`);
  return join(ROOT, 'site-build');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const out = parseOut(process.argv.slice(2));
    const started = Date.now();
    const site = buildSite(out);
    process.stdout.on('error', () => {}); // `| head` closes the pipe: nothing left to say then
    process.stdout.write(
      `wrote ${site.pages.length} pages (${site.requirements} requirements) to ${site.out} in ${Date.now() - started} ms\nopen ${pathToFileURL(join(site.out, 'index.html')).href}\n`,
    );
  } catch (e) {
    console.error(`site: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 1;
  }
}
