// A kit run's JSON report (`--report-json`) as one self-contained page: totals, suites, filters by
// status and suite, and each failure with its input, want, got, requirements and replay command.
// Everything in a report may have been written by the adapter under test, so every string is
// escaped into text, requirement links are built only from strings shaped like an ID, and the page
// runs no script but its own (inert-page.ts).
import { inertPage, text } from './inert-page.ts';

export interface ReportCase {
  readonly id: string;
  readonly requirements: readonly string[];
  readonly status: string;
  readonly durationMs?: number;
  readonly skipReason?: string;
  readonly failure?: {
    readonly reason?: string;
    readonly input?: unknown;
    readonly want?: unknown;
    readonly got?: unknown;
    readonly seed?: number;
    readonly path?: string;
  };
  readonly replay?: string;
}

export interface Report {
  readonly kit?: string;
  readonly seed?: number;
  readonly adapter?: Record<string, unknown>;
  readonly command?: readonly string[];
  readonly summary: { readonly passed: number; readonly failed: number; readonly skipped: number; readonly expectedFailures?: number };
  readonly cases: readonly ReportCase[];
  readonly [extra: string]: unknown;
}

export class NotAReport extends Error {}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const count = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** The parts of a report the page needs, checked; anything else in the file is ignored. */
export function readReport(value: unknown): Report {
  if (!isRecord(value)) throw new NotAReport('the file is not a JSON object');
  const { summary, cases } = value;
  if (!isRecord(summary) || !count(summary.passed) || !count(summary.failed) || !count(summary.skipped)) {
    throw new NotAReport('it has no "summary" with "passed", "failed" and "skipped" counts (is it a --report-json file?)');
  }
  if (!Array.isArray(cases)) throw new NotAReport('it has no "cases" list (is it a --report-json file?)');
  cases.forEach((c, i) => {
    if (!isRecord(c) || typeof c.id !== 'string' || typeof c.status !== 'string') {
      throw new NotAReport(`case ${i} has no string "id" and "status"`);
    }
    if (c.requirements !== undefined && !(Array.isArray(c.requirements) && c.requirements.every((r) => typeof r === 'string'))) {
      throw new NotAReport(`case ${i} has "requirements" that are not a list of strings`);
    }
  });
  const normalized = cases.map((c) => ({ ...c, requirements: (c.requirements as string[] | undefined) ?? [] })) as ReportCase[];
  return { ...value, summary: summary as Report['summary'], cases: normalized };
}

const REQUIREMENT_ID = /^TR-[A-Z]+-\d+$/;

/**
 * The suite a case is counted in: a vector by its group (`vector/bound`), a property by the family of
 * the requirement it checks (`property/TR-BOUND`), so a report has a dozen suites, not a hundred.
 */
export function suiteOf(id: string): string {
  const [kind, second] = id.split('/');
  if (kind === 'property' && second !== undefined) return `property/${second.replace(/-\d+$/, '')}`;
  return [kind, second].filter((x) => x !== undefined).join('/');
}

const FAILED = new Set(['fail', 'stale']);

function requirementLinks(ids: readonly string[], specUrl: string | undefined): string {
  return ids
    .map((id) =>
      specUrl !== undefined && REQUIREMENT_ID.test(id)
        ? `<a class="req" href="${text(`${specUrl}/requirements.html#${id}`)}">${text(id)}</a>`
        : `<span class="req">${text(id)}</span>`,
    )
    .join(' ');
}

/** Pretty JSON of a value from the report, or a notice when it has none. */
function json(value: unknown): string {
  if (value === undefined) return '(none)';
  return JSON.stringify(value, null, 2) ?? String(value);
}

function caseBlock(c: ReportCase, specUrl: string | undefined): string {
  const failed = FAILED.has(c.status);
  const head = `<summary><span class="status status-${text(c.status.replace(/[^a-z-]/g, ''))}">${text(c.status)}</span> <code class="case-id">${text(c.id)}</code> ${requirementLinks(c.requirements, specUrl)}${
    typeof c.durationMs === 'number' ? ` <span class="ms">${text(String(c.durationMs))} ms</span>` : ''
  }</summary>`;
  const parts: string[] = [];
  if (c.skipReason !== undefined) parts.push(`<p class="reason">${text(String(c.skipReason))}</p>`);
  const f = c.failure;
  if (f) {
    parts.push(`<p class="reason">${text(String(f.reason ?? c.status))}</p>`);
    parts.push('<div class="io">');
    for (const [label, v] of [
      ['input', f.input],
      ['want', f.want],
      ['got', f.got],
    ] as const) {
      parts.push(`<section><h4>${label}</h4><pre>${text(json(v))}</pre></section>`);
    }
    parts.push('</div>');
    if (f.seed !== undefined || f.path !== undefined) parts.push(`<p class="seed">seed ${text(String(f.seed ?? ''))} path ${text(String(f.path ?? ''))}</p>`);
  }
  if (c.replay !== undefined) {
    parts.push(`<div class="replay"><code>${text(String(c.replay))}</code> <button type="button" class="copy">copy</button></div>`);
  }
  return `<details class="case" data-status="${text(c.status)}" data-suite="${text(suiteOf(c.id))}"${failed ? ' open' : ''}>${head}${parts.join('')}</details>`;
}

const STYLE = `
body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem 1.5rem;color:#1d2330}
h1{font-size:1.4rem;margin:.2rem 0 .6rem}
.meta{color:#4a5366;margin:.2rem 0}
.totals{display:flex;gap:1rem;margin:1rem 0}
.totals div{border:1px solid #d5d9e2;border-radius:6px;padding:.5rem .9rem;min-width:6rem}
.totals b{display:block;font-size:1.5rem}
table.suites{border-collapse:collapse;margin:.5rem 0 1rem}
table.suites td,table.suites th{border-bottom:1px solid #e3e6ec;padding:.15rem .7rem;text-align:right}
table.suites td:first-child,table.suites th:first-child{text-align:left}
.filters{display:flex;gap:1rem;align-items:center;margin:.8rem 0;flex-wrap:wrap}
details.case{border:1px solid #e3e6ec;border-radius:6px;margin:.3rem 0;padding:.2rem .6rem}
details.case[data-status=fail],details.case[data-status=stale]{border-color:#e0a2a2;background:#fff8f8}
summary{cursor:pointer}
.status{display:inline-block;min-width:5.5rem;font-weight:600}
.status-pass{color:#1f7a3a}.status-fail,.status-stale{color:#b3261e}.status-skip{color:#7a6a1f}.status-expected-failure{color:#6b4fa0}
.req{font-size:.85rem;margin-left:.3rem}
.ms{color:#8a93a6;font-size:.8rem}
.io{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:.5rem}
.io pre{background:#f4f6f9;padding:.4rem;overflow:auto;max-height:24rem;white-space:pre-wrap;word-break:break-all;font-size:.8rem}
.io h4{margin:.3rem 0}
.replay code{background:#f4f6f9;padding:.2rem .4rem;word-break:break-all}
.hidden{display:none}
`;

// Filters and the copy button. It reads the page's own markup only; it writes text, never markup.
const SCRIPT = `
(() => {
  const status = document.getElementById('filter-status');
  const suite = document.getElementById('filter-suite');
  const find = document.getElementById('filter-text');
  const shown = document.getElementById('shown');
  const cases = Array.from(document.querySelectorAll('details.case'));
  const apply = () => {
    let n = 0;
    for (const c of cases) {
      const s = status.value === 'all' || (status.value === 'failed' ? (c.dataset.status === 'fail' || c.dataset.status === 'stale') : c.dataset.status === status.value);
      const g = suite.value === 'all' || c.dataset.suite === suite.value;
      const t = find.value === '' || c.querySelector('.case-id').textContent.includes(find.value);
      const on = s && g && t;
      c.classList.toggle('hidden', !on);
      if (on) n++;
    }
    shown.textContent = String(n);
  };
  status.addEventListener('change', apply);
  suite.addEventListener('change', apply);
  find.addEventListener('input', apply);
  for (const b of document.querySelectorAll('button.copy')) {
    b.addEventListener('click', () => {
      const code = b.parentElement.querySelector('code').textContent;
      const done = () => { b.textContent = 'copied'; setTimeout(() => { b.textContent = 'copy'; }, 1500); };
      if (navigator.clipboard) navigator.clipboard.writeText(code).then(done, () => { b.textContent = 'select and copy'; });
    });
  }
  apply();
})();
`;

export interface ReportPageOptions {
  /** Base URL of the spec site; requirement IDs link to `<specUrl>/requirements.html#ID`. */
  readonly specUrl?: string;
}

export function reportHtml(report: Report, options: ReportPageOptions = {}): string {
  const specUrl = options.specUrl?.replace(/\/+$/, '');
  const a = report.adapter ?? {};
  const name = typeof a.name === 'string' ? a.name : 'unknown adapter';
  const version = typeof a.version === 'string' ? a.version : '';
  const s = report.summary;
  const suites = new Map<string, { pass: number; fail: number; skip: number; other: number }>();
  for (const c of report.cases) {
    const k = suiteOf(c.id);
    const row = suites.get(k) ?? { pass: 0, fail: 0, skip: 0, other: 0 };
    if (c.status === 'pass') row.pass++;
    else if (FAILED.has(c.status)) row.fail++;
    else if (c.status === 'skip') row.skip++;
    else row.other++;
    suites.set(k, row);
  }
  const suiteNames = [...suites.keys()].sort();
  // Failures first, so the first screen shows what to fix.
  const ordered = [...report.cases.filter((c) => FAILED.has(c.status)), ...report.cases.filter((c) => !FAILED.has(c.status))];
  const meta: string[] = [];
  if (typeof a.language === 'string') meta.push(`language ${text(a.language)}`);
  if (Array.isArray(a.groups)) meta.push(`groups ${text(a.groups.map(String).join(', '))}`);
  if (report.seed !== undefined) meta.push(`seed ${text(String(report.seed))}`);
  if (typeof report.kit === 'string') meta.push(text(report.kit));
  for (const k of ['kitVersion', 'specVersion'] as const)
    if (typeof report[k] === 'string') meta.push(`${k === 'kitVersion' ? 'kit' : 'spec'} ${text(report[k] as string)}`);
  const body = [
    `<h1>Conformance report: ${text(name)}${version ? ` ${text(version)}` : ''}</h1>`,
    `<p class="meta">${meta.join(' · ')}</p>`,
    Array.isArray(report.command) && report.command.length > 0
      ? `<p class="meta">adapter command <code>${text(report.command.map(String).join(' '))}</code></p>`
      : '',
    '<div class="totals">',
    `<div>passed<b data-total="passed">${s.passed}</b></div>`,
    `<div>failed<b data-total="failed">${s.failed}</b></div>`,
    `<div>failed as expected<b data-total="expectedFailures">${s.expectedFailures ?? 0}</b></div>`,
    `<div>skipped<b data-total="skipped">${s.skipped}</b></div>`,
    `<div>cases<b data-total="cases">${report.cases.length}</b></div>`,
    '</div>',
    `<details class="by-suite"><summary>${suiteNames.length} suites</summary>`,
    '<table class="suites"><thead><tr><th>suite</th><th>passed</th><th>failed</th><th>skipped</th><th>other</th></tr></thead><tbody>',
    ...suiteNames.map((k) => {
      const r = suites.get(k)!;
      return `<tr><td>${text(k)}</td><td>${r.pass}</td><td>${r.fail}</td><td>${r.skip}</td><td>${r.other}</td></tr>`;
    }),
    '</tbody></table></details>',
    '<div class="filters">',
    '<label>status <select id="filter-status"><option value="all">all</option><option value="failed">failed</option><option value="pass">passed</option><option value="skip">skipped</option><option value="expected-failure">failed as expected</option></select></label>',
    `<label>suite <select id="filter-suite"><option value="all">all</option>${suiteNames.map((k) => `<option value="${text(k)}">${text(k)}</option>`).join('')}</select></label>`,
    '<label>case ID contains <input id="filter-text" type="search"></label>',
    `<span><span id="shown">${report.cases.length}</span> shown</span>`,
    '</div>',
    ...ordered.map((c) => caseBlock(c, specUrl)),
  ].join('\n');
  return inertPage({ title: `Conformance report: ${name}`, body, style: STYLE, script: SCRIPT });
}
