// Pages for the repository files the spec links to and the files that check a requirement: the
// file as escaped text with an anchor per line (`#L12`), so a requirement's list of checks leads to
// the line that names it. A directory the spec links to gets a listing of its files.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from '../reference-impl/internal.ts';
import { REQUIREMENT } from './markdown.ts';

export interface SourcePage {
  readonly path: string; // relative to the repository root, '/'-separated
  readonly isDirectory: boolean;
}

export function isDirectory(root: string, path: string): boolean {
  try {
    return statSync(join(root, path)).isDirectory();
  } catch {
    return false;
  }
}

/** The files directly in a directory, and its subdirectories, sorted; hidden entries left out. */
export function listDirectory(root: string, path: string): { files: string[]; dirs: string[] } {
  const files: string[] = [];
  const dirs: string[] = [];
  for (const e of readdirSync(join(root, path), { withFileTypes: true })) {
    if (e.name.startsWith('.') || e.name === 'node_modules') continue;
    (e.isDirectory() ? dirs : files).push(e.name);
  }
  return { files: files.sort(), dirs: dirs.sort() };
}

/** The file's lines as a numbered listing; an ID the spec defines links to its requirement. */
export function sourceListing(content: string, requirementHref: (id: string) => string | undefined): string {
  const lines = content.replace(/\n$/, '').split('\n');
  const body = lines
    .map((line, i) => {
      const html = escapeHtml(line).replace(REQUIREMENT, (id) => {
        const href = requirementHref(id);
        return href === undefined ? id : `<a href="${href}">${id}</a>`;
      });
      return `<span class="line" id="L${i + 1}">${html}</span>`;
    })
    .join('\n');
  return `<pre class="source">${body}</pre>`;
}

/** The first line (1-based) of a file that names `id`, or 1. */
export function firstMention(content: string, id: string): number {
  const lines = content.split('\n');
  const re = new RegExp(`\\b${id}\\b`);
  const i = lines.findIndex((l) => re.test(l));
  return i < 0 ? 1 : i + 1;
}

export function readText(root: string, path: string): string {
  return readFileSync(join(root, path), 'utf8');
}
