// The two pictures of the home page, drawn as SVG from data the repository already holds, so they
// cannot drift: the sink matrix is read from the table in spec/05-sinks.md §5.1 itself, the path of
// a result from pipeline.json (whose chapters and requirement IDs a test checks against the spec).
import { readFileSync } from 'node:fs';
import { escapeHtml } from '../../reference-impl/internal.ts';
import { chapterPage } from '../markdown.ts';

export interface SinkMatrix {
  readonly sinks: readonly string[];
  readonly rows: readonly { readonly channel: string; readonly cells: readonly string[] }[];
}

const cells = (line: string): string[] =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim().replace(/`/g, ''));

/** The first table after the heading `## 5.1` of the sinks chapter. */
export function parseSinkMatrix(markdown: string): SinkMatrix {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => /^##\s+5\.1\b/.test(l));
  if (start < 0) throw new Error('spec/05-sinks.md has no §5.1 heading: the sink matrix figure cannot be drawn');
  const first = lines.findIndex((l, i) => i > start && l.trim().startsWith('|'));
  const table: string[] = [];
  for (let i = first; i < lines.length && lines[i]!.trim().startsWith('|'); i++) table.push(lines[i]!);
  if (table.length < 3) throw new Error('spec/05-sinks.md §5.1 has no table: the sink matrix figure cannot be drawn');
  const [head, , ...body] = table;
  const sinks = cells(head!).slice(1);
  const rows = body.map((l) => {
    const c = cells(l);
    return { channel: c[0]!, cells: c.slice(1) };
  });
  for (const r of rows) {
    if (r.cells.length !== sinks.length) throw new Error(`the sink matrix row ${r.channel} has ${r.cells.length} cells for ${sinks.length} sinks`);
  }
  return { sinks, rows };
}

/** Words wrapped into lines of at most `width` characters. */
function wrap(s: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const w of s.split(/\s+/)) {
    if (line !== '' && line.length + 1 + w.length > width) {
      out.push(line);
      line = w;
    } else line = line === '' ? w : `${line} ${w}`;
  }
  if (line !== '') out.push(line);
  return out;
}

function textLines(x: number, y: number, lines: readonly string[], attrs = ''): string {
  const spans = lines.map((l, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : 14}">${escapeHtml(l)}</tspan>`).join('');
  return `<text x="${x}" y="${y}" ${attrs}>${spans}</text>`;
}

/** The kind of a cell, for its colour: the whole channel, nothing of it, or a part. */
export function cellKind(cell: string): 'whole' | 'none' | 'part' {
  if (cell === 'verbatim') return 'whole';
  if (cell.startsWith('—')) return 'none';
  return 'part';
}

const FILL = { whole: '#d8efdf', none: '#eceef2', part: '#fff0c7' } as const;

export function sinkMatrixSvg(m: SinkMatrix): string {
  const colW = 104;
  const firstW = 96;
  const headH = 64;
  const rowH = 58;
  const width = firstW + colW * m.sinks.length + 2;
  const height = headH + rowH * m.rows.length + 2;
  const parts: string[] = [];
  m.sinks.forEach((s, j) => {
    const x = firstW + j * colW;
    parts.push(`<rect x="${x}" y="0" width="${colW}" height="${headH}" fill="#2d3a52"/>`);
    parts.push(textLines(x + 6, 18, wrap(s, 13), 'fill="#fff" font-weight="600"'));
  });
  m.rows.forEach((r, i) => {
    const y = headH + i * rowH;
    parts.push(`<rect x="0" y="${y}" width="${firstW}" height="${rowH}" fill="#f5f6f9" stroke="#fff"/>`);
    parts.push(textLines(8, y + 22, [r.channel], 'font-family="ui-monospace,monospace" font-weight="600"'));
    r.cells.forEach((c, j) => {
      const x = firstW + j * colW;
      const kind = cellKind(c);
      parts.push(`<rect x="${x}" y="${y}" width="${colW}" height="${rowH}" fill="${FILL[kind]}" stroke="#fff" data-kind="${kind}"/>`);
      parts.push(textLines(x + 6, y + 18, wrap(c, 16)));
    });
  });
  return `<svg class="figure sink-matrix" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="The sink matrix: what each channel may become in each sink" viewBox="0 0 ${width} ${height}" font-family="system-ui,sans-serif" font-size="12">${parts.join('')}</svg>`;
}

export interface PipelineStep {
  readonly id: string;
  readonly label: string;
  readonly detail: string;
  readonly chapter: string;
  readonly requirements: readonly string[];
}

export interface Pipeline {
  readonly steps: readonly PipelineStep[];
  readonly sinks: readonly PipelineStep[];
}

export function readPipeline(file: string): Pipeline {
  return JSON.parse(readFileSync(file, 'utf8')) as Pipeline;
}

function box(x: number, y: number, w: number, h: number, s: PipelineStep, fill: string): string {
  const req = s.requirements.join(' ');
  return [
    `<a href="${escapeHtml(chapterPage(s.chapter))}#${escapeHtml(s.requirements[0] ?? '')}" class="step" data-step="${escapeHtml(s.id)}">`,
    `<title>${escapeHtml(`${s.label}: ${s.detail} (${req})`)}</title>`,
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="${fill}" stroke="#2d3a52"/>`,
    textLines(x + w / 2, y + 22, [s.label], 'text-anchor="middle" font-weight="600" font-size="14"'),
    textLines(x + w / 2, y + 40, wrap(s.detail, 22), 'text-anchor="middle" fill="#3b4456"'),
    '</a>',
  ].join('');
}

/** The main chain left to right, then the ledger's fan-out to every sink below it. */
export function pipelineSvg(p: Pipeline): string {
  const w = 150;
  const h = 82;
  const gap = 34;
  const sinkW = 140;
  const sinkGap = 14;
  const chainW = p.steps.length * w + (p.steps.length - 1) * gap;
  const sinksW = p.sinks.length * sinkW + (p.sinks.length - 1) * sinkGap;
  const width = Math.max(chainW, sinksW) + 20;
  const height = 10 + h + 70 + h + 10;
  const parts: string[] = [
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#2d3a52"/></marker></defs>',
  ];
  const x0 = 10 + (width - 20 - chainW) / 2;
  p.steps.forEach((s, i) => {
    const x = x0 + i * (w + gap);
    parts.push(box(x, 10, w, h, s, '#e6eefc'));
    if (i > 0)
      parts.push(`<line x1="${x - gap}" y1="${10 + h / 2}" x2="${x - 2}" y2="${10 + h / 2}" stroke="#2d3a52" stroke-width="1.5" marker-end="url(#arrow)"/>`);
  });
  const last = x0 + (p.steps.length - 1) * (w + gap) + w / 2;
  const s0 = 10 + (width - 20 - sinksW) / 2;
  const sinkY = 10 + h + 70;
  p.sinks.forEach((s, i) => {
    const x = s0 + i * (sinkW + sinkGap);
    parts.push(`<line x1="${last}" y1="${10 + h}" x2="${x + sinkW / 2}" y2="${sinkY - 2}" stroke="#2d3a52" stroke-width="1.2" marker-end="url(#arrow)"/>`);
    parts.push(box(x, sinkY, sinkW, h, s, s.id === 'wire' ? '#fde8e4' : '#f1f3f6'));
  });
  return `<svg class="figure pipeline" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="The path of a tool result" viewBox="0 0 ${width} ${height}" font-family="system-ui,sans-serif" font-size="11">${parts.join('')}</svg>`;
}
