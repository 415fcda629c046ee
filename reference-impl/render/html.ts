// A minimal HTML renderer for artifacts, for inspectors that build markup as text. Every artifact
// string is untrusted (TR-MODEL-7): it is escaped, never interpreted, so a label such as
// `<img src=x onerror=…>` shows as text. A DOM renderer gets the same effect by setting textContent.
import { viewArtifact } from './artifact-view.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** An artifact as inert HTML (every string escaped, no script, no link): the reference view of tables, text and the fallback for an unknown type. */
export function renderArtifactHtml(artifact: unknown): string {
  const v = viewArtifact(artifact);
  const caption = `<figcaption>${escapeHtml(v.label)}</figcaption>`;
  switch (v.kind) {
    case 'table': {
      const head = v.columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('');
      const body = v.rows.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`).join('');
      return `<figure class="artifact artifact-table">${caption}<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></figure>`;
    }
    case 'text':
      return `<figure class="artifact artifact-text">${caption}<pre>${escapeHtml(v.text)}</pre></figure>`;
    case 'fallback':
      return `<figure class="artifact artifact-unknown" data-type="${escapeHtml(v.type)}">${caption}<pre>${escapeHtml(v.json)}</pre></figure>`;
  }
}
