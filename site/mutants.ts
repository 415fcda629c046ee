// The page of the kit's self-test (issue 42): per requirement, the hand-written mutants that break
// it, and the MUSTs the protocol kit cannot check with what checks them instead. The table is drawn
// from the mutant list and unchecked-musts.json; that each mutant dies is not read from a run: it is
// what conformance/mutants/mutants.test.ts asserts in every npm test, which fails otherwise.
import { escapeHtml } from '../reference-impl/internal.ts';
import type { TableRow } from '../conformance/mutants/coverage.ts';

export interface MutantEntry {
  readonly name: string;
  readonly description: string;
  /** The mutant's place in its source file, as a link from this page. */
  readonly href: string;
}

export interface MutantsPageInput {
  readonly rows: readonly TableRow[];
  readonly mutants: ReadonlyMap<string, MutantEntry>;
  /** The link to a requirement's anchor in its chapter. */
  readonly requirementHref: (id: string) => string;
  /** The link to a repository file's page. */
  readonly fileHref: (path: string) => string;
  readonly musts: number;
}

export function mutantsPage(p: MutantsPageInput): string {
  const named = p.rows.filter((r) => r.mutants.length > 0);
  const unchecked = p.rows.filter((r) => r.unchecked !== undefined);
  const count = named.reduce((n, r) => n + r.mutants.length, 0);
  const req = (id: string) => `<a href="${escapeHtml(p.requirementHref(id))}"><code>${escapeHtml(id)}</code></a>`;
  const namedRows = named.map((r) => {
    const items = r.mutants.map((name) => {
      const m = p.mutants.get(name);
      return `<li><a href="${escapeHtml(m?.href ?? '#')}"><code>${escapeHtml(name)}</code></a>: ${escapeHtml(m?.description ?? '')}</li>`;
    });
    return `<tr id="${escapeHtml(r.id)}"><td>${req(r.id)}</td><td>${r.mandatory ? 'MUST' : 'SHOULD / MAY'}</td><td>${r.mutants.length}</td><td><ul>${items.join('')}</ul></td><td>killed in npm test</td></tr>`;
  });
  const uncheckedRows = unchecked.map((r) => {
    const u = r.unchecked!;
    const where = u.where === '' ? '—' : `<a href="${escapeHtml(p.fileHref(u.where))}"><code>${escapeHtml(u.where)}</code></a>`;
    return `<tr id="${escapeHtml(r.id)}"><td>${req(r.id)}</td><td>${escapeHtml(u.checkedBy)}</td><td>${where}</td><td>${escapeHtml(u.why)}</td></tr>`;
  });
  return [
    '<h1>The kit against its own mutants</h1>',
    `<p>A hand-written mutant is the reference adapter with one realistic mistake (<code>conformance/mutants/</code>). Each names the requirement it breaks, and the kit must fail it with a case that names that requirement. ${count} mutants name ${named.length} requirements; ${unchecked.length} of the spec's ${p.musts} MUSTs are about something outside the adapter protocol and are listed below with what checks them instead.</p>`,
    `<p>"Killed" is not read from a run here: <a href="${escapeHtml(p.fileHref('conformance/mutants/mutants.test.ts'))}"><code>conformance/mutants/mutants.test.ts</code></a> runs every mutant in every <code>npm test</code> and fails unless a case naming its requirement fails it; it writes the table with each mutant's result to <code>reports/mutants.json</code>. <a href="${escapeHtml(p.fileHref('conformance/mutants/coverage.test.ts'))}"><code>coverage.test.ts</code></a> fails if a MUST is neither named by a mutant nor listed as unchecked.</p>`,
    '<h2 id="named">Requirements and their mutants</h2>',
    `<table class="requirements mutants"><thead><tr><th>requirement</th><th>level</th><th>mutants</th><th>mistake</th><th>killed</th></tr></thead><tbody>${namedRows.join('')}</tbody></table>`,
    '<h2 id="unchecked">MUSTs the protocol kit cannot check</h2>',
    `<table class="requirements unchecked"><thead><tr><th>requirement</th><th>checked by</th><th>where</th><th>why not by the kit</th></tr></thead><tbody>${uncheckedRows.join('')}</tbody></table>`,
  ].join('\n');
}
