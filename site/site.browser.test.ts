/// <reference lib="dom" />
// The site and the report viewer opened in a real browser: Debian's Chromium, driven by
// playwright-core (no browser download). Every page is loaded; every internal link and anchor must
// resolve, every requirement must have its anchor, no page may log an error, the report page must
// show the totals of its JSON, and hostile strings in a report and in artifacts must run nothing
// and show as text.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSpec } from '../conformance/traceability/traceability.ts';
import { DEMO_HOSTILE_STRINGS } from './artifact-demo.ts';
import { buildSite, ROOT, type BuiltSite } from './build.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Every time limit here only guards against a hang (a page whose load never ends, a kit run that never
// exits): how long a page takes to load is not a verdict. The 18,289-line matrix page took over 30 s,
// Playwright's default, to load beside a busy suite on 2 cores; these limits are minutes, far past any
// load seen, and the waits in between are for events (a load, two animation frames), never a pause.
const PAGE_GUARD_MS = 300_000;
const TEST_GUARD_MS = 900_000;

/** A page whose every wait is bounded by the hang guard instead of Playwright's 30 s. */
function guarded(page: Page): Page {
  page.setDefaultTimeout(PAGE_GUARD_MS);
  page.setDefaultNavigationTimeout(PAGE_GUARD_MS);
  return page;
}

/** Resolves once the page has rendered twice and run the tasks queued before: toggles and handlers that a change queued have run. */
const settled = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));
const tmp = mkdtempSync(join(tmpdir(), 'site-browser-'));
const siteDir = join(tmp, 'site');
let browser: Browser;
let site: BuiltSite;

// What a page ran that it should not have: set by hostile payloads, recorded before any page script.
const TRAP = `
  window.__ran = [];
  window.alert = (m) => window.__ran.push('alert:' + m);
  Object.defineProperty(window, '__ranScript', { configurable: false, get: () => undefined, set: (v) => window.__ran.push('payload:' + v) });
`;

const HOSTILE = [
  '<script>window.__ranScript = 1</script>',
  '<img src=x onerror="window.__ranScript = 2">',
  'javascript:window.__ranScript=3',
  '<a href="javascript:window.__ranScript=4">x</a>',
  '"><svg onload="window.__ranScript=5">',
  '</script><script>window.__ranScript=6</script>',
];

function runKit(args: string[]): void {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'toolresult.js'), ...args], { cwd: ROOT, encoding: 'utf8', timeout: PAGE_GUARD_MS });
  if (r.status !== 0 && r.status !== 1) throw new Error(`kit run failed (${r.status}): ${r.stderr.slice(-2000)}`);
}

/** A real failing run (a mutant of the reference), then the same report with hostile strings everywhere. */
function makeReports(): { real: string; hostile: string; realJson: { summary: Record<string, number>; cases: unknown[] } } {
  const real = join(tmp, 'real.json');
  runKit([
    'conformance',
    '--only',
    'vector/bound/**',
    '--report-json',
    real,
    '--',
    process.execPath,
    '--import',
    'tsx',
    join(ROOT, 'conformance', 'mutants', 'adapter.ts'),
    '--mutant',
    'nan-as-null',
  ]);
  const realJson = JSON.parse(readFileSync(real, 'utf8'));
  const h = structuredClone(realJson);
  h.adapter.name = HOSTILE[0];
  h.adapter.version = HOSTILE[1];
  h.adapter.language = HOSTILE[5];
  h.command = [HOSTILE[3]];
  const failing = h.cases.find((c: { status: string }) => c.status === 'fail');
  failing.failure.reason = HOSTILE.join(' ');
  failing.failure.got = { [HOSTILE[1]!]: HOSTILE[4], [HOSTILE[0]!]: [HOSTILE[2]] };
  failing.requirements = [...failing.requirements, HOSTILE[2], 'TR-' + 'X-1"><script>window.__ranScript=7</script>'];
  failing.replay = HOSTILE[3];
  h.cases[0].id = `vector/${HOSTILE[4]}/x`;
  const hostile = join(tmp, 'hostile.json');
  writeFileSync(hostile, JSON.stringify(h));
  return { real, hostile, realJson };
}

interface Visit {
  readonly ids: Set<string>;
  readonly hrefs: string[];
  readonly errors: string[];
}

async function visit(page: Page, file: string): Promise<Visit> {
  const errors: string[] = [];
  const onConsole = (m: { type(): string; text(): string }) => {
    if (m.type() === 'error') errors.push(m.text());
  };
  const onError = (e: Error) => errors.push(String(e));
  page.on('console', onConsole);
  page.on('pageerror', onError);
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  const { ids, hrefs } = await page.evaluate(() => ({
    ids: [...document.querySelectorAll('[id]')].map((e) => e.id),
    hrefs: [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? ''),
  }));
  page.off('console', onConsole);
  page.off('pageerror', onError);
  return { ids: new Set(ids), hrefs, errors };
}

let reports: ReturnType<typeof makeReports>;

beforeAll(async () => {
  site = buildSite(siteDir);
  reports = makeReports();
  for (const [json, html] of [
    [reports.real, 'real-report.html'],
    [reports.hostile, 'hostile-report.html'],
  ] as const) {
    runKit(['report', json, '--html', join(siteDir, html), '--spec-url', '.']);
  }
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}, TEST_GUARD_MS);

afterAll(async () => {
  await browser?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('the site in Chromium', { timeout: TEST_GUARD_MS }, () => {
  it('every page loads without a console error, and every internal link and anchor resolves', async () => {
    const page = guarded(await browser.newPage());
    const pages = [...site.pages, 'real-report.html', 'hostile-report.html'];
    const visits = new Map<string, Visit>();
    for (const p of pages) visits.set(p, await visit(page, join(siteDir, p)));
    await page.close();
    const errors = [...visits].flatMap(([p, v]) => v.errors.map((e) => `${p}: ${e}`));
    expect(errors).toEqual([]);
    const broken: string[] = [];
    let checked = 0;
    for (const [p, v] of visits) {
      for (const href of v.hrefs) {
        if (/^https?:/.test(href)) continue;
        expect(href, `${p} links to ${href}`).not.toMatch(/^[a-z][a-z0-9+.-]*:/i);
        const [path, fragment] = href.split('#', 2) as [string, string | undefined];
        const target = path === '' ? p : posix.normalize(posix.join(posix.dirname(p), path));
        const tv = visits.get(target);
        checked++;
        if (tv === undefined) {
          broken.push(`${p} -> ${href} (no such page${existsSync(join(siteDir, target)) ? ', but the file exists' : ''})`);
          continue;
        }
        if (fragment !== undefined && fragment !== '' && !tv.ids.has(decodeURIComponent(fragment))) broken.push(`${p} -> ${href} (no anchor)`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
    // 190 pages take Chromium about 50 s of CPU (one, the listing of stacks/compliance/README.md, 10 s);
    // beside another test file on 2 cores, or on a machine busy with other work, several times that.
  }, 300_000);

  it('every requirement ID of the spec has an anchor on its chapter page and on the list of requirements', async () => {
    const page = guarded(await browser.newPage());
    const all = new Set((await visit(page, join(siteDir, 'requirements.html'))).ids);
    const byChapter = new Map<string, Set<string>>();
    for (const r of parseSpec(join(ROOT, 'spec')).requirements) {
      const chapter = r.file.replace(/\.md$/, '.html');
      if (!byChapter.has(chapter)) byChapter.set(chapter, (await visit(page, join(siteDir, chapter))).ids);
      expect(byChapter.get(chapter)!.has(r.id), `${chapter}#${r.id}`).toBe(true);
      expect(all.has(r.id), `requirements.html#${r.id}`).toBe(true);
    }
    // A requirement's anchor lists what checks it, and the list leads to the line that names it.
    await page.goto(`${pathToFileURL(join(siteDir, '03-bounding.html')).href}#TR-BOUND-3`);
    const first = await page.locator('#TR-BOUND-3 details.checks a').first().getAttribute('href');
    expect(first).toMatch(/^src\/.+\.html#L\d+$/);
    await page.goto(new URL(first!, pathToFileURL(join(siteDir, '03-bounding.html'))).href);
    const line = await page.locator(`[id="${first!.split('#')[1]}"]`).textContent();
    expect(line).toContain('TR-BOUND-3');
    await page.close();
  });

  it('the search finds a requirement by its ID and leads to its anchor', async () => {
    const page = guarded(await browser.newPage());
    await page
      .goto(pathToFileURL(join(siteDir, 'src', 'schemas', 'model', 'tool-result.schema.json.html')).href)
      .catch(() => page.goto(pathToFileURL(join(siteDir, 'index.html')).href));
    await page.fill('#req-search', 'tr-bound-3');
    const hit = page.locator('#req-results a').first();
    await expect.poll(() => hit.textContent(), { timeout: PAGE_GUARD_MS }).toContain('TR-BOUND-3');
    await page.press('#req-search', 'Enter');
    await page.waitForURL(/03-bounding\.html#TR-BOUND-3$/);
    expect(await page.locator('#TR-BOUND-3').isVisible()).toBe(true);
    await page.close();
  });

  it("the report page shows the JSON report's totals and filters by status and suite", async () => {
    const page = guarded(await browser.newPage());
    await page.goto(pathToFileURL(join(siteDir, 'real-report.html')).href);
    const s = reports.realJson.summary;
    for (const k of ['passed', 'failed', 'skipped', 'expectedFailures'] as const) {
      expect(Number(await page.locator(`[data-total="${k}"]`).textContent()), k).toBe(s[k] ?? 0);
    }
    expect(Number(await page.locator('[data-total="cases"]').textContent())).toBe(reports.realJson.cases.length);
    expect(s.failed).toBeGreaterThan(0);
    await page.selectOption('#filter-status', 'failed');
    expect(await page.locator('details.case:not(.hidden)').count()).toBe(s.failed);
    expect(await page.locator('#shown').textContent()).toBe(String(s.failed));
    await page.selectOption('#filter-status', 'all');
    await page.selectOption('#filter-suite', 'vector/bound');
    const bound = (reports.realJson.cases as { id: string }[]).filter((c) => c.id.startsWith('vector/bound/')).length;
    expect(await page.locator('details.case:not(.hidden)').count()).toBe(bound);
    // A failure shows its reason, input, want, got, requirements (linked to the site) and replay command.
    const failure = page.locator('details.case[data-status="fail"]').first();
    expect(await failure.locator('.io h4').allTextContents()).toEqual(['input', 'want', 'got']);
    expect(await failure.locator('a.req').first().getAttribute('href')).toMatch(/^\.\/requirements\.html#TR-[A-Z]+-\d+$/);
    expect(await failure.locator('.replay code').textContent()).toContain('--only');
    await page.close();
  });

  for (const [name, file, strings] of [
    ['a report', 'hostile-report.html', HOSTILE],
    ['artifacts', 'artifacts.html', DEMO_HOSTILE_STRINGS],
  ] as const) {
    it(`hostile strings in ${name} run no script and show as text`, async () => {
      const context = await browser.newContext();
      await context.addInitScript(TRAP);
      const page = guarded(await context.newPage());
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(pathToFileURL(join(siteDir, file)).href, { waitUntil: 'load' });
      // Open every collapsed block so that nothing hidden escapes the check.
      await page.evaluate(() => {
        for (const d of document.querySelectorAll('details')) (d as HTMLDetailsElement).open = true;
      });
      await settled(page);
      expect(await page.evaluate(() => (window as unknown as { __ran: string[] }).__ran)).toEqual([]);
      const dom = await page.evaluate(() => ({
        scripts: document.querySelectorAll('script').length,
        handlers: [...document.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => a.name.startsWith('on'))).length,
        jsLinks: [...document.querySelectorAll('[href],[src]')].filter((e) => /^\s*javascript:/i.test(e.getAttribute('href') ?? e.getAttribute('src') ?? ''))
          .length,
        imgs: document.querySelectorAll('main img, body > img, .io img, figure img').length,
        text: document.body.innerText,
      }));
      expect(dom.handlers).toBe(0);
      expect(dom.jsLinks).toBe(0);
      expect(dom.imgs).toBe(0);
      expect(dom.scripts).toBeLessThanOrEqual(2); // the page's own script and its data, nothing injected
      for (const s of strings) {
        // Shown literally (JSON views show the same string with its quotes escaped).
        const shown = dom.text.includes(s) || dom.text.includes(JSON.stringify(s).slice(1, -1));
        expect(shown, s).toBe(true);
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
  // A reader on a phone (420 px) and on a laptop (1,280 px): the page never scrolls sideways, the
  // text column keeps its width at 420 px (not one word per line beside the navigation), and a wide
  // table (the compliance matrix) scrolls inside its own box. Screenshots go to .tmp/ to be looked at.
  for (const width of [420, 1280]) {
    it(`at ${width} px no page scrolls sideways and every table stays in its box`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = guarded(await context.newPage());
      mkdirSync(join(process.cwd(), '.tmp'), { recursive: true });
      for (const file of ['index.html', '10-normalization.html', 'requirements.html', 'compliance.html', 'mutants.html', 'artifacts.html']) {
        if (!site.pages.includes(file)) throw new Error(`the site has no ${file}: pages are ${site.pages.join(', ')}`);
        await page.goto(pathToFileURL(join(siteDir, file)).href, { waitUntil: 'load' });
        const m = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          view: window.innerWidth,
          text: document.querySelector('main')!.getBoundingClientRect().width,
          tables: [...document.querySelectorAll('main table')].map((t) => Math.round(t.getBoundingClientRect().right)),
        }));
        expect(m.page, `${file}: the page is ${m.page} px wide in a ${m.view} px window`).toBeLessThanOrEqual(m.view);
        expect(m.text, `${file}: the text column`).toBeGreaterThanOrEqual(Math.min(m.view - 60, 700));
        expect(
          m.tables.filter((r) => r > m.view),
          `${file}: tables past the window's edge`,
        ).toEqual([]);
        await page.screenshot({ path: join(process.cwd(), '.tmp', `site-${width}-${file.replace(/\.html$/, '')}.png`) });
      }
      await context.close();
    });
  }
});
