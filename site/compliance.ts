// The stack compliance matrix (stacks/compliance/report.json, written by `npm run compliance`;
// schemas/conformance/compliance-report.schema.json) as a page: stacks × checks, each failing cell
// linking to its evidence below, where the canary is marked in the excerpt of the captured request.
// Everything in the report was captured from third-party stacks: all of it is escaped.
import { escapeHtml } from '../reference-impl/render/html.ts';

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v) ?? '');
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

export function compliancePage(report: unknown): string {
  const r = isRecord(report) ? report : {};
  const checks = list(r.checks);
  const stacks = list(r.stacks);
  const cells = new Map(list(r.cells).map((c) => [`${str(c.stack)}\u0000${str(c.check)}`, c] as const));
  const kit = isRecord(r.kit) ? r.kit : {};
  const head = `<tr><th>stack</th><th>mode</th><th>provider</th>${checks
    .map((c) => `<th title="${escapeHtml(`${str(c.id)} (${str(c.kind)}, ${str(c.level)}): ${str(c.title)}`)}">${escapeHtml(str(c.id).replace('TR-STACK-', 'S'))}<br><small>${escapeHtml(str(c.short))}</small></th>`)
    .join('')}</tr>`;
  const evidence: string[] = [];
  const rows = stacks.map((s) => {
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
      const anchor = cellAnchor(str(s.id), str(c.id));
      const label = verdict === 'error' ? 'error' : verdict === 'limit' ? 'stack limit' : str(c.level) === 'MUST' ? 'FAIL' : 'media';
      evidence.push(
        `<section id="${anchor}" class="evidence"><h3>${escapeHtml(str(s.id))} — ${escapeHtml(str(c.id))}: ${escapeHtml(str(c.title))}</h3>${verdict === 'error' ? `<p>Could not be judged: ${escapeHtml(str(cell.reason))}</p>` : ''}${verdict === 'limit' ? `<p>A stack limit: ${escapeHtml(str(cell.reason))} Upstream: ${escapeHtml(str(cell.upstream))}</p>` : ''}<p>At the model interface: ${escapeHtml(modelVerdict || 'not recorded')}${model.summary ? ` (${escapeHtml(str(model.summary))})` : ''}.</p>${list(cell.evidence)
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
      return `<td class="verdict-fail"><a href="#${anchor}">${label}</a>${atModel}</td>`;
    });
    return `<tr><td><b>${escapeHtml(str(s.stack) || str(s.id))}</b></td><td>${escapeHtml(str(s.mode))}</td><td title="${escapeHtml(str(s.version))}">${escapeHtml(str(s.provider))}</td>${tds.join('')}</tr>`;
  });
  const versions = stacks.map((s) => `<li><b>${escapeHtml(str(s.id))}</b>: ${escapeHtml(str(s.setup))}. <code>${escapeHtml(str(s.version))}</code>, ${escapeHtml(str(s.runtime))}</li>`).join('');
  const legend = checks.map((c) => `<li><b>${escapeHtml(str(c.id))}</b> (${escapeHtml(str(c.kind))}, ${escapeHtml(str(c.level))}): ${escapeHtml(str(c.title))}</li>`).join('');
  return [
    '<h1>Stack compliance matrix</h1>',
    `<p>Each row is an agent stack in one mode, sending MCP tool results through one provider package, run by the kit's stack profile (<a href="11-stacks.html">chapter 11</a>): one agent step against a real MCP server, the provider package's fetch answered by a fake provider that records the exact HTTP body. A cell is judged at that body: it fails when a canary planted in run-only data reaches it, when an error reaches the model as a success, when a block is sent twice, or when data is lost. Where the same check at the model interface (what the stack handed its provider package) says otherwise, the cell shows it under the verdict. Kit ${escapeHtml(str(kit.version))}, seed ${escapeHtml(str(kit.seed))}, ${escapeHtml(str(kit.runs))} generated cases per cell.</p>`,
    `<table class="compliance"><thead>${head}</thead><tbody>${rows.join('')}</tbody></table>`,
    `<ul>${legend}</ul>`,
    '<h2 id="rows">Rows and versions</h2>',
    `<ul>${versions}</ul>`,
    '<h2 id="evidence">Evidence</h2>',
    ...evidence,
  ].join('\n');
}
