// The stack compliance matrix (compliance/report.json, written by `npm run compliance`) as a page.
// The report's texts come from captured provider requests of third-party stacks: all escaped.
import { escapeHtml } from '../reference-impl/render/html.ts';

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v));

export function compliancePage(report: unknown): string {
  const r = isRecord(report) ? report : {};
  const rows = Array.isArray(r.rows) ? r.rows.filter(isRecord) : [];
  const checkIds = [...new Set(rows.flatMap((row) => (Array.isArray(row.checks) ? row.checks.filter(isRecord).map((c) => str(c.check)) : [])))].sort();
  const head = `<tr><th>stack</th><th>version</th><th>runtime</th>${checkIds.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr>`;
  const body = rows.map((row) => {
    const byCheck = new Map((Array.isArray(row.checks) ? row.checks.filter(isRecord) : []).map((c) => [str(c.check), c] as const));
    const cells = checkIds.map((id) => {
      const c = byCheck.get(id);
      return `<td class="verdict-${escapeHtml(str(c?.verdict).replace(/[^a-z-]/g, ''))}">${escapeHtml(str(c?.verdict) || '—')}</td>`;
    });
    return `<tr><td>${escapeHtml(str(row.stack))}</td><td>${escapeHtml(str(row.version))}</td><td>${escapeHtml(str(row.runtime))}</td>${cells.join('')}</tr>`;
  });
  return `<h1>Stack compliance matrix</h1><p>Each row is a stack that hands MCP tool results to a model provider, checked by the kit's stack profile.</p><table class="compliance">${head}${body.join('')}</table>`;
}
