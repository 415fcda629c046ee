/// <reference lib="dom" />
// The inspector's page in Debian's Chromium (playwright-core, no browser download): a ledger with
// hostile strings in every channel runs no script and shows them as text; a METADATA record shows
// no run-only byte on the page, in any tab; --full shows them and says so in the header; the filters
// work; no console error. It also takes the README's screenshot (.tmp/inspector-screenshot.png;
// TOOLRESULT_UPDATE_SCREENSHOT=1 writes inspector/screenshot.png, the copy the README shows).
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE, RUN_ONLY_CANARY, writeExampleLedger } from './example-ledger.ts';
import { startInspector, type RunningInspector } from './server.ts';
import { openSqliteSource } from './sqlite-source.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const dir = mkdtempSync(join(tmpdir(), 'inspector-browser-'));
const ledger = join(dir, 'ledger.db');
let browser: Browser;
let plain: RunningInspector;
let full: RunningInspector;

// Set before any page script: what a payload would call if it ran.
const TRAP = `
  window.__ran = [];
  window.alert = (m) => window.__ran.push('alert:' + m);
  Object.defineProperty(window, '__pwned', { configurable: false, get: () => undefined, set: (v) => window.__ran.push('payload:' + v) });
`;

beforeAll(async () => {
  await writeExampleLedger(ledger, { filler: 120 });
  plain = await startInspector({ source: openSqliteSource(ledger), full: false, follow: false });
  full = await startInspector({ source: openSqliteSource(ledger), full: true, follow: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await plain?.close();
  await full?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(url: string, width = 1400): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('dialog', (d) => {
    errors.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await page.addInitScript(TRAP);
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForSelector('#call-table tbody tr', { timeout: 60_000 });
  return { page, errors };
}

async function selectCall(page: Page, callId: string): Promise<void> {
  await page.fill('#f-call', callId);
  await page.waitForFunction(
    (id) =>
      [...document.querySelectorAll('#call-table tbody tr td:first-child')].some((td) => td.textContent === id) &&
      document.querySelectorAll('#call-table tbody tr').length === 1,
    callId,
    { timeout: 60_000 },
  );
  await page.click('#call-table tbody tr');
  await page.waitForFunction((id) => document.querySelector('#detail h2')?.textContent === id, callId, { timeout: 60_000 });
}

/** The detail's text with every tab shown in turn. */
async function everyTab(page: Page): Promise<string> {
  let text = await page.innerText('body');
  for (const tab of ['structured', 'artifacts', 'warnings', 'audit']) {
    await page.click(`.tabs button[data-tab="${tab}"]`);
    text += `\n${await page.innerText('#detail')}`;
  }
  return text;
}

describe('the inspector in Chromium', () => {
  it('hostile strings in every channel run nothing and show as text (--full)', async () => {
    const { page, errors } = await open(full.url);
    await selectCall(page, 'call-hostile-full');
    const text = await everyTab(page);
    for (const h of HOSTILE) expect(text, h).toContain(h);
    expect(await page.evaluate(() => (window as unknown as { __ran: string[] }).__ran)).toEqual([]);
    expect(await page.locator('#detail img, #detail svg, #detail iframe, #detail script').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);

  it('--full is named in the header, and the run-only data shows', async () => {
    const { page, errors } = await open(full.url);
    expect(await page.innerText('#mode')).toMatch(/^FULL/);
    await selectCall(page, 'call-invoices-metadata');
    expect(await page.innerText('.side-by-side')).toContain('Found 2 invoices');
    expect(await everyTab(page)).toContain(RUN_ONLY_CANARY);
    await page.click('.tabs button[data-tab="structured"]');
    mkdirSync(join(process.cwd(), '.tmp'), { recursive: true });
    const shot = join(process.cwd(), '.tmp', 'inspector-screenshot.png');
    await page.screenshot({ path: shot, fullPage: false });
    if (process.env.TOOLRESULT_UPDATE_SCREENSHOT === '1') copyFileSync(shot, new URL('./screenshot.png', import.meta.url));
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);

  it('without --full, a METADATA record shows no run-only byte in any tab', async () => {
    const { page, errors } = await open(plain.url);
    expect(await page.innerText('#mode')).toMatch(/^Privacy/);
    await selectCall(page, 'call-invoices-metadata');
    const text = await everyTab(page);
    expect(text).not.toContain(RUN_ONLY_CANARY);
    expect(text).not.toContain('INV-123');
    expect(text).not.toContain('Found 2 invoices');
    expect(text).toContain('16 octets of content');
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);

  it('filters by state and warning code', async () => {
    const { page, errors } = await open(plain.url);
    const source = openSqliteSource(ledger);
    const truncated = (await source.page({ warning: 'content.truncated', offset: 0, limit: 50 })).calls.map((c) => c.callId);
    const pending = (await source.page({ state: 'pending', offset: 0, limit: 50 })).calls.map((c) => c.callId);
    await source.close();
    expect(truncated).toContain('call-truncated');
    const shown = async (): Promise<(string | null)[]> => page.$$eval('#call-table tbody tr td:first-child', (tds) => tds.map((t) => t.textContent));
    await page.selectOption('#f-warning', 'content.truncated');
    await page.waitForFunction((n) => (document.getElementById('count')?.textContent ?? '').includes(`of ${n} `), truncated.length, { timeout: 60_000 });
    expect(await shown()).toEqual(truncated);
    await page.selectOption('#f-warning', '');
    await page.selectOption('#f-state', 'pending');
    await page.waitForFunction((n) => (document.getElementById('count')?.textContent ?? '').includes(`of ${n} `), pending.length, { timeout: 60_000 });
    expect(await shown()).toEqual(pending);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
  it('before a call is chosen, the right pane says what to do', async () => {
    const { page, errors } = await open(plain.url);
    expect(await page.innerText('#detail')).toMatch(/^Choose a call in the list/);
    await selectCall(page, 'call-invoices-metadata');
    expect(await page.innerText('#detail')).not.toMatch(/Choose a call/);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);

  it.each([1400, 900, 420])(
    'at %i px every call ID in the list stays on one line, and the list is newest first by the time it shows',
    async (width) => {
      const { page, errors } = await open(plain.url, width);
      const ids = await page.$$eval('#call-table .call-id', (els) =>
        els.map((e) => {
          const range = document.createRange();
          range.selectNodeContents(e);
          // One line box per line the text occupies: an ID cut in two has two.
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          return { id: e.textContent, lines: lines.size };
        }),
      );
      expect(ids.length).toBeGreaterThan(10);
      expect(ids.filter((i) => i.lines !== 1)).toEqual([]);
      const times = await page.$$eval('#call-table tbody tr td:nth-child(2)', (tds) => tds.map((t) => t.textContent ?? ''));
      expect(times.every((t) => t !== '')).toBe(true);
      expect(times).toEqual([...times].sort().reverse());
      expect(errors).toEqual([]);
      await page.close();
    },
    180_000,
  );
});
