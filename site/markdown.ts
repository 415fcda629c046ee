// The spec's Markdown as HTML pages: markdown-it renders (raw HTML in the source is escaped, not
// passed through), and three token rules make it a site: headings get the anchors GitHub gives them
// (so links written for the repository resolve here too), links to other chapters and to files of
// the repository point at their pages, and every requirement becomes an anchor with the list of
// tests, properties and vectors that name it.
import MarkdownIt, { type StateCore, type Token } from 'markdown-it';
import { posix } from 'node:path';
import { escapeHtml } from '../reference-impl/internal.ts';

type TokenFactory = Pick<StateCore, 'Token'>;

export const REQUIREMENT = /\bTR-[A-Z]+-\d+\b/g;
const DEFINITION = /^TR-[A-Z]+-\d+$/;

/** A file of the repository that names a requirement, and the line where it first does. */
export interface Check {
  readonly file: string;
  readonly line: number;
}

export interface ChapterContext {
  /** The chapter's file name, e.g. `03-bounding.md`. */
  readonly chapter: string;
  /** Requirement ID -> the chapter (file name) that defines it. */
  readonly definedIn: ReadonlyMap<string, string>;
  /** Requirement ID -> the files that check it. */
  readonly checks: ReadonlyMap<string, readonly Check[]>;
  /** Called for every repository path a link of the spec points at (relative to the root). */
  readonly linkedPath: (path: string, isDirectory: boolean) => string;
  /** Whether a repository path is a directory. */
  readonly isDirectory: (path: string) => boolean;
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

export const chapterPage = (chapter: string): string => chapter.replace(/\.md$/, '.html');
export const sourcePage = (path: string): string => `src/${path}.html`;
export const directoryPage = (path: string): string => `src/${path === '' ? '' : `${path}/`}index.html`;

function inlineText(t: Token): string {
  return (t.children ?? []).map((c: Token) => (c.type === 'text' || c.type === 'code_inline' ? c.content : '')).join('');
}

function requirementLink(id: string, ctx: ChapterContext, inner: string): string {
  const where = ctx.definedIn.get(id);
  if (where === undefined) return inner;
  const page = where === ctx.chapter ? '' : chapterPage(where);
  return `<a class="req-ref" href="${page}#${id}">${inner}</a>`;
}

function checksList(id: string, ctx: ChapterContext): string {
  const checks = ctx.checks.get(id) ?? [];
  if (checks.length === 0) return `<div class="checks checks-none">no test, property or vector names ${id}</div>`;
  const items = checks.map((c) => `<li><a href="${escapeHtml(sourcePage(c.file))}#L${c.line}">${escapeHtml(c.file)}</a></li>`).join('');
  return `<details class="checks"><summary>checked by ${checks.length} file${checks.length === 1 ? '' : 's'}</summary><ul>${items}</ul></details>`;
}

/** Where a link of the spec goes on the site; external links stay as they are. */
function rewriteHref(href: string, ctx: ChapterContext): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return href;
  if (href.startsWith('#')) return href;
  const [path, fragment] = href.split('#', 2) as [string, string | undefined];
  const hash = fragment === undefined ? '' : `#${fragment}`;
  const target = posix.normalize(posix.join('spec', path));
  if (target.startsWith('spec/') && target.endsWith('.md') && !target.slice(5).includes('/')) return chapterPage(target.slice(5)) + hash;
  const clean = target.replace(/\/$/, '');
  const dir = ctx.isDirectory(clean);
  return ctx.linkedPath(clean, dir) + hash;
}

function addHeadingAnchors(tokens: Token[]): void {
  const used = new Map<string, number>();
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.type !== 'heading_open') continue;
    const base = slug(inlineText(tokens[i + 1]!));
    const n = used.get(base) ?? 0;
    used.set(base, n + 1);
    tokens[i]!.attrSet('id', n === 0 ? base : `${base}-${n}`);
  }
}

function addRequirementAnchors(tokens: Token[], ctx: ChapterContext, state: TokenFactory): void {
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.type !== 'list_item_open') continue;
    const inline = tokens[i + 2];
    const kids = inline?.type === 'inline' ? (inline.children ?? []) : [];
    // markdown-it starts the inline run with an empty text token before the `**`.
    const at = kids[0]?.type === 'text' && kids[0].content === '' ? 1 : 0;
    if (kids[at]?.type !== 'strong_open' || kids[at + 1]?.type !== 'text' || !DEFINITION.test(kids[at + 1]!.content) || kids[at + 2]?.type !== 'strong_close')
      continue;
    const id = kids[at + 1]!.content;
    tokens[i]!.attrSet('id', id);
    tokens[i]!.attrJoin('class', 'requirement');
    const anchor = new state.Token('html_inline', '', 0);
    anchor.content = `<a class="req-id" href="#${id}"><strong>${id}</strong></a>`;
    kids.splice(at, 3, anchor);
    // After the item's first paragraph: what checks it.
    const close = tokens.findIndex((t, j) => j > i + 2 && t.type === 'paragraph_close');
    const list = new state.Token('html_block', '', 0);
    list.content = `${checksList(id, ctx)}\n`;
    tokens.splice(close + 1, 0, list);
  }
}

function linkMentions(tokens: Token[], ctx: ChapterContext, state: TokenFactory): void {
  for (const t of tokens) {
    if (t.type !== 'inline' || !t.children) continue;
    const out: Token[] = [];
    let inLink = 0;
    for (const c of t.children) {
      if (c.type === 'link_open') {
        inLink++;
        const href = c.attrGet('href');
        if (href !== null) c.attrSet('href', rewriteHref(String(href), ctx));
      }
      if (c.type === 'link_close') inLink--;
      const mentions = (c.type === 'text' || c.type === 'code_inline') && inLink === 0 && REQUIREMENT.test(c.content);
      REQUIREMENT.lastIndex = 0;
      if (!mentions) {
        out.push(c);
        continue;
      }
      const html = new state.Token('html_inline', '', 0);
      if (c.type === 'code_inline') {
        html.content = `<code>${escapeHtml(c.content).replace(REQUIREMENT, (id) => requirementLink(id, ctx, id))}</code>`;
      } else {
        html.content = escapeHtml(c.content).replace(REQUIREMENT, (id) => requirementLink(id, ctx, id));
      }
      out.push(html);
    }
    t.children = out;
  }
}

export function renderChapter(markdown: string, ctx: ChapterContext): string {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  md.core.ruler.push('toolresult-site', (state) => {
    addHeadingAnchors(state.tokens);
    addRequirementAnchors(state.tokens, ctx, state);
    linkMentions(state.tokens, ctx, state);
  });
  return md.render(markdown);
}
