// The frame of every page of the site: chapter navigation, the requirement search and the styles.
// Pages sit at different depths (src/… for repository files), so every link the frame writes is
// made relative to the page with `root`.
import { escapeHtml } from '../reference-impl/internal.ts';
import { inertPage } from '../conformance/report-viewer/inert-page.ts';

export interface NavEntry {
  readonly href: string; // relative to the site root
  readonly label: string;
}

export interface SearchEntry {
  readonly id: string;
  readonly href: string; // relative to the site root
  readonly text: string;
}

export interface SiteFrame {
  readonly nav: readonly NavEntry[];
  readonly search: readonly SearchEntry[];
  readonly version: string;
}

export const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.55 system-ui,sans-serif;color:#1d2330;display:grid;grid-template-columns:17rem minmax(0,1fr);min-height:100vh}
nav.side{background:#f4f6f9;border-right:1px solid #e0e4ea;padding:1rem;position:sticky;top:0;height:100vh;overflow:auto}
nav.side a{display:block;color:#1d2330;text-decoration:none;padding:.15rem .3rem;border-radius:4px}
nav.side a:hover,nav.side a.here{background:#e1e7f2}
nav.side .brand{font-weight:700;margin-bottom:.6rem}
nav.side .version{color:#6b7385;font-size:.8rem;margin-bottom:.8rem}
main{padding:1.2rem 2.2rem 4rem;max-width:62rem;overflow-wrap:break-word}
.search{position:relative;margin-bottom:1rem}
.search input{width:100%;padding:.35rem .5rem;border:1px solid #c8ced9;border-radius:5px}
.search ol{list-style:none;margin:.2rem 0 0;padding:0;background:#fff;border:1px solid #c8ced9;border-radius:5px;max-height:20rem;overflow:auto}
.search ol:empty{display:none}
.search li a{display:block;padding:.25rem .5rem;font-size:.85rem}
.search li a b{font-family:ui-monospace,monospace}
code,pre{font-family:ui-monospace,SFMono-Regular,monospace;font-size:.88em}
pre{background:#f4f6f9;padding:.6rem;overflow:auto}
table{border-collapse:collapse;margin:.8rem 0}
td,th{border:1px solid #dde2ea;padding:.25rem .5rem;vertical-align:top}
li.requirement{margin:.6rem 0;padding:.2rem .5rem;border-left:3px solid #6d8bd6;background:#fafbfd;list-style:none}
li.requirement:target{background:#fff6d9;border-left-color:#d8a400}
a.req-id{text-decoration:none}
.checks{font-size:.82rem;color:#4a5366;margin:.2rem 0}
.checks-none{color:#9a6b00}
.checks ul{margin:.2rem 0;padding-left:1.2rem}
.figure{width:100%;height:auto;display:block;margin:.8rem 0}
.figure a.step:hover rect{stroke-width:2.5}
pre.source{counter-reset:line;padding-left:0}
pre.source .line{display:block;padding-left:4.2em;position:relative}
pre.source .line::before{counter-increment:line;content:counter(line);position:absolute;left:0;width:3.4em;text-align:right;color:#9aa2b2}
pre.source .line:target{background:#fff6d9}
.pager{display:flex;justify-content:space-between;margin-top:2.5rem;border-top:1px solid #e0e4ea;padding-top:.8rem}
figure.artifact{border:1px solid #dde2ea;border-radius:6px;padding:.5rem .8rem;margin:.6rem 0}
figure.artifact figcaption{font-weight:600}
.compliance td.verdict-pass{background:#e4f4e8}
.compliance td.verdict-fail{background:#fde4e1;font-weight:600}
.compliance td.verdict-na{background:#eee;color:#555}
.compliance th small{font-weight:400}
.evidence{border-top:1px solid #e0e4ea;margin-top:1rem}
.evidence:target{background:#fff6d9}
mark{background:#ffd84d}
.demo{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:1rem;align-items:start;border-bottom:1px solid #e0e4ea;padding:.6rem 0}
main table{display:block;max-width:100%;overflow-x:auto}
:not(pre)>code{overflow-wrap:anywhere}
@media (max-width:760px){
body{grid-template-columns:minmax(0,1fr)}
nav.side{position:static;height:auto;max-height:14rem;border-right:0;border-bottom:1px solid #e0e4ea}
main{padding:1rem 1rem 3rem}
.demo{grid-template-columns:minmax(0,1fr)}
}
`;

// Finds requirement IDs as the reader types; results are built with textContent, never markup.
const SCRIPT = `
(() => {
  const data = JSON.parse(document.getElementById('page-data').textContent);
  const input = document.getElementById('req-search');
  const list = document.getElementById('req-results');
  const show = () => {
    const q = input.value.trim().toUpperCase();
    list.replaceChildren();
    if (q === '') return;
    const hits = data.search.filter((e) => e.id.includes(q) || e.text.toUpperCase().includes(q)).slice(0, 30);
    for (const e of hits) {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = data.root + e.href;
      const b = document.createElement('b');
      b.textContent = e.id;
      a.append(b, ' ' + e.text);
      li.append(a);
      list.append(li);
    }
  };
  input.addEventListener('input', show);
  input.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter') {
      const first = list.querySelector('a');
      if (first) location.href = first.href;
    }
  });
})();
`;

export function depthPrefix(page: string): string {
  return '../'.repeat(page.split('/').length - 1);
}

export function sitePage(frame: SiteFrame, page: string, title: string, main: string): string {
  const root = depthPrefix(page);
  const nav = frame.nav
    .map((e) => `<a href="${escapeHtml(root + e.href)}"${e.href === page ? ' class="here" aria-current="page"' : ''}>${escapeHtml(e.label)}</a>`)
    .join('\n');
  const body = [
    '<nav class="side">',
    `<div class="brand"><a href="${root}index.html">ToolResult Protocol</a></div>`,
    `<div class="version">spec ${escapeHtml(frame.version)}</div>`,
    '<div class="search"><input id="req-search" type="search" placeholder="Find a requirement (TR-BOUND-3)" aria-label="Find a requirement"><ol id="req-results"></ol></div>',
    nav,
    '</nav>',
    `<main>${main}</main>`,
  ].join('\n');
  return inertPage({ title: `${title} · ToolResult Protocol`, body, style: STYLE, script: SCRIPT, data: { root, search: frame.search } });
}
