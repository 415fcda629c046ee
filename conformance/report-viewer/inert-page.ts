// One self-contained HTML page that cannot run what its data says. Every string that came from
// outside (an adapter's answers, a report, an artifact) is escaped into text by the caller; on top
// of that, the page's Content-Security-Policy allows only the one script the page was built with
// (by its hash), no inline handlers, no plugins, no remote loads and no form targets, so markup that
// slipped through escaping would still be inert.
import { createHash } from 'node:crypto';
import { escapeHtml as text } from '../../reference-impl/internal.ts';

export { text };

export interface PageParts {
  readonly title: string;
  /** Markup for <body>; every untrusted string in it already escaped. */
  readonly body: string;
  /** Trusted CSS written by this project. */
  readonly style?: string;
  /** Trusted script written by this project; data it reads goes in `data`, never in the script. */
  readonly script?: string;
  /** JSON data for the script, embedded so that no sequence in it can close the element. */
  readonly data?: unknown;
}

/** JSON text that is safe inside a `<script type="application/json">` element. */
export function embeddedJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function inertPage(p: PageParts): string {
  const script = p.script ?? '';
  const hash = createHash('sha256').update(script, 'utf8').digest('base64');
  const csp = [
    "default-src 'none'",
    "img-src 'self' data:",
    "style-src 'unsafe-inline'",
    script ? `script-src 'sha256-${hash}'` : "script-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${text(csp)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${text(p.title)}</title>`,
    p.style ? `<style>${p.style}</style>` : '',
    '</head>',
    '<body>',
    p.body,
    p.data === undefined ? '' : `<script type="application/json" id="page-data">${embeddedJson(p.data)}</script>`,
    script ? `<script>${script}</script>` : '',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
