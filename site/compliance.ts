// The stack compliance matrix (stacks/compliance/report.json, written by `npm run compliance`;
// schemas/conformance/compliance-report.schema.json) as pages: the matrix (rows × checks, one line of
// why per failing cell) and a page per row with its evidence, where the canary is marked in the
// excerpt of the captured request; each failing cell links to it.
// Everything in the report was captured from third-party stacks: all of it is escaped.
import { escapeHtml } from '../reference-impl/internal.ts';

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined ? '' : (JSON.stringify(v) ?? ''));
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isRecord) : []);

/** The anchor of a cell's evidence: letters, digits and hyphens only. */
export function cellAnchor(stack: string, check: string): string {
  return `${stack}-${check}`.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
}

function excerpt(text: string, canary: string): string {
  if (canary === '' || !text.includes(canary)) return escapeHtml(text);
  return text
    .split(canary)
    .map(escapeHtml)
    .join(`<mark>${escapeHtml(canary)}</mark>`);
}

/** The page of a row's evidence, relative to the site's root: a name of letters, digits, hyphens and @ only. */
export function rowPage(stack: string): string {
  return `compliance/${stack.toLowerCase().replace(/[^a-z0-9@-]+/g, '-')}.html`;
}

const label = (verdict: string, level: string): string =>
  verdict === 'error' ? 'error' : verdict === 'limit' ? 'stack limit' : level === 'MUST' ? 'FAIL' : 'media';
const failing = (verdict: string): boolean => verdict === 'fail' || verdict === 'limit' || verdict === 'error';

/** The first piece of evidence of a cell that does not pass, in one line. */
function whyOf(cell: Json): string {
  if (str(cell.verdict) === 'error') return `could not be judged: ${str(cell.reason)}`;
  const first = list(cell.evidence)[0];
  const said = first ? `${str(first.summary)} (${str(first.source) === 'vector' ? `vector ${str(first.case)}` : 'generated case'})` : str(cell.reason);
  const line = str(cell.verdict) === 'limit' ? `stack limit: ${said}` : said;
  return line.length > 220 ? `${line.slice(0, 219)}…` : line;
}

interface Parsed {
  readonly checks: Json[];
  readonly stacks: Json[];
  readonly cells: Map<string, Json>;
  readonly kit: Json;
}

function parse(report: unknown): Parsed {
  const r = isRecord(report) ? report : {};
  return {
    checks: list(r.checks),
    stacks: list(r.stacks),
    cells: new Map(list(r.cells).map((c) => [`${str(c.stack)}\u0000${str(c.check)}`, c] as const)),
    kit: isRecord(r.kit) ? r.kit : {},
  };
}

/** The matrix: rows × checks, each failing cell linking to its evidence on its row's page, and one line of why per failing cell. */
export function compliancePage(report: unknown): string {
  const { checks, stacks, cells, kit } = parse(report);
  const head = `<tr><th>stack</th><th>mode</th><th>provider</th>${checks
    .map(
      (c) =>
        `<th title="${escapeHtml(`${str(c.id)} (${str(c.kind)}, ${str(c.level)}): ${str(c.title)}`)}">${escapeHtml(str(c.id).replace('TR-STACK-', 'S'))}<br><small>${escapeHtml(str(c.short))}</small></th>`,
    )
    .join('')}</tr>`;
  const whys: string[] = [];
  const rows = stacks.map((s) => {
    const page = rowPage(str(s.id));
    const rowWhys: string[] = [];
    const tds = checks.map((c) => {
      const cell = cells.get(`${str(s.id)}\u0000${str(c.id)}`);
      const verdict = str(cell?.verdict);
      if (cell === undefined) return '<td>—</td>';
      const model = isRecord(cell.model) ? cell.model : {};
      const modelVerdict = str(model.verdict);
      // The model-interface verdict shows only where it differs: there the provider package changed the outcome.
      const atModel = modelVerdict !== '' && modelVerdict !== verdict && modelVerdict !== 'n/a' ? `<br><small>model: ${escapeHtml(modelVerdict)}</small>` : '';
      if (verdict === 'pass') return `<td class="verdict-pass">pass${atModel}</td>`;
      if (verdict === 'n/a') return `<td class="verdict-na" title="${escapeHtml(str(cell.reason))}">n/a</td>`;
      const href = `${page}#${cellAnchor(str(s.id), str(c.id))}`;
      const why = whyOf(cell);
      rowWhys.push(
        `<li><a href="${escapeHtml(href)}">${escapeHtml(str(c.id).replace('TR-STACK-', 'S'))} ${escapeHtml(str(c.short))}</a>: ${escapeHtml(why)}</li>`,
      );
      return `<td class="verdict-fail" title="${escapeHtml(why)}"><a href="${escapeHtml(href)}">${label(verdict, str(c.level))}</a>${atModel}</td>`;
    });
    if (rowWhys.length > 0) whys.push(`<h3><a href="${escapeHtml(page)}">${escapeHtml(str(s.id))}</a></h3><ul>${rowWhys.join('')}</ul>`);
    return `<tr><td><a href="${escapeHtml(page)}"><b>${escapeHtml(str(s.stack) || str(s.id))}</b></a></td><td>${escapeHtml(str(s.mode))}</td><td title="${escapeHtml(str(s.version))}">${escapeHtml(str(s.provider))}</td>${tds.join('')}</tr>`;
  });
  const legend = checks
    .map((c) => `<li><b>${escapeHtml(str(c.id))}</b> (${escapeHtml(str(c.kind))}, ${escapeHtml(str(c.level))}): ${escapeHtml(str(c.title))}</li>`)
    .join('');
  return [
    '<h1>Stack compliance matrix</h1>',
    `<p>Each row is an agent stack in one mode, sending MCP tool results through one provider package, run by the kit's stack profile (<a href="11-stacks.html">chapter 11</a>): one agent step against a real MCP server, the provider package's fetch answered by a fake provider that records the exact HTTP body. A cell is judged at that body: it fails when a canary planted in run-only data reaches it, when an error reaches the model as a success, when a block is sent twice, or when data is lost. Where the same check at the model interface (what the stack handed its provider package, over every case of the cell) says otherwise, the cell shows it under the verdict. Each failing cell links to its evidence on its row's page. Kit ${escapeHtml(str(kit.version))}, seed ${escapeHtml(str(kit.seed))}, ${escapeHtml(str(kit.runs))} generated cases per cell.</p>`,
    `<table class="compliance"><thead>${head}</thead><tbody>${rows.join('')}</tbody></table>`,
    `<ul>${legend}</ul>`,
    '<h2 id="why">Why each cell fails</h2>',
    ...whys,
  ].join('\n');
}

/** One row's page: what it runs, at which versions, and the evidence of each cell that does not pass. */
export function complianceRowPage(report: unknown, stack: string): string {
  const { checks, stacks, cells } = parse(report);
  const s = stacks.find((x) => str(x.id) === stack) ?? {};
  const evidence: string[] = [];
  const verdicts = checks.map((c) => {
    const cell = cells.get(`${stack}\u0000${str(c.id)}`);
    if (cell === undefined) return '';
    const verdict = str(cell.verdict);
    const model = isRecord(cell.model) ? cell.model : {};
    const anchor = cellAnchor(stack, str(c.id));
    if (failing(verdict)) {
      evidence.push(
        `<section id="${anchor}" class="evidence"><h3>${escapeHtml(str(c.id))}: ${escapeHtml(str(c.title))}</h3>${verdict === 'error' ? `<p>Could not be judged: ${escapeHtml(str(cell.reason))}</p>` : ''}${verdict === 'limit' ? `<p>A stack limit: ${escapeHtml(str(cell.reason))} Upstream: ${escapeHtml(str(cell.upstream))} It explains the failure whose summary matches <code>/${escapeHtml(str(cell.expects))}/</code>.</p>` : ''}${verdict === 'fail' && cell.expects !== undefined ? `<p>${escapeHtml(str(cell.reason))}</p>` : ''}<p>At the model interface: ${escapeHtml(str(model.verdict) || 'not recorded')}${model.summary ? ` (${escapeHtml(str(model.summary))})` : ''}.</p>${list(
          cell.evidence,
        )
          .map((e) => {
            const canary = str(e.canary);
            const found = list(e.found)
              .map((f) => `<li><code>${escapeHtml(str(f.path))}</code>: <code>${excerpt(str(f.excerpt), canary)}</code></li>`)
              .join('');
            const part = e.part === undefined ? '' : `<p>tool-result part: <code>${escapeHtml(str(e.part))}</code></p>`;
            const threw = e.threw === undefined ? '' : `<p>threw: <code>${escapeHtml(str(e.threw))}</code></p>`;
            return `<div class="case"><p>${escapeHtml(str(e.summary))}</p>${found ? `<ul>${found}</ul>` : ''}${part}${threw}<p>replay: <code>${escapeHtml(str(e.replay))}</code></p></div>`;
          })
          .join('')}</section>`,
      );
    }
    const shown = failing(verdict) ? `<a href="#${anchor}">${label(verdict, str(c.level))}</a>` : escapeHtml(verdict);
    return `<tr><td>${escapeHtml(str(c.id))} ${escapeHtml(str(c.short))}</td><td class="verdict-${failing(verdict) ? 'fail' : verdict === 'pass' ? 'pass' : 'na'}">${shown}</td><td>${escapeHtml(str(model.verdict))}</td></tr>`;
  });
  return [
    `<h1>${escapeHtml(stack)}</h1>`,
    `<p><a href="../compliance.html">The stack compliance matrix</a>. ${escapeHtml(str(s.setup))}. <code>${escapeHtml(str(s.version))}</code>, ${escapeHtml(str(s.runtime))}. Adapter: <code>${escapeHtml(str(s.adapter))}</code>.</p>`,
    `<table class="compliance"><thead><tr><th>check</th><th>verdict</th><th>at the model interface</th></tr></thead><tbody>${verdicts.join('')}</tbody></table>`,
    '<h2 id="evidence">Evidence</h2>',
    evidence.length === 0 ? '<p>No cell fails.</p>' : '',
    ...evidence,
  ].join('\n');
}

/** The row pages of a report: page path and the row's id. */
export function complianceRowPages(report: unknown): { page: string; stack: string }[] {
  return parse(report).stacks.map((s) => ({ page: rowPage(str(s.id)), stack: str(s.id) }));
}
