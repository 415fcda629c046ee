// From spec/changes.json (one source): the CHANGELOG's section for implementers, between its
// markers, and spec/requirements.json, the fingerprint of every requirement's text per spec version
// (the current version's from spec/ today, earlier ones as they were recorded). `--check` writes
// nothing and fails when either differs from what this writes, so a requirement whose text changes
// fails check:generated until regenerated, and then scripts/spec-changes.test.ts until
// spec/changes.json says what changed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { namesCase, SPEC_VERSIONS, type RequirementChange, type SpecVersion } from '../conformance/runner/spec-changes.ts';
import { ANSWERS_DIR, readOlderAnswers } from '../conformance/released/older-answers.ts';
import { ROOT } from './schema-files.ts';
import { parseSpec } from '../conformance/traceability/traceability.ts';

export const CHANGELOG = join(ROOT, 'CHANGELOG.md');
export const FINGERPRINTS = join(ROOT, 'spec', 'requirements.json');
const BEGIN = '<!-- implementer-changes: generated from spec/changes.json by npm run generate; edit that file, not this section -->';
const END = '<!-- /implementer-changes -->';

export type Fingerprints = Record<string, Record<string, string>>;

export const fingerprint = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** The version at the top of spec/00-index.md. */
export function currentSpecVersion(root: string = ROOT): string {
  const v = /^Version: \*\*([^*]+)\*\*/m.exec(readFileSync(join(root, 'spec', '00-index.md'), 'utf8'))?.[1];
  if (v === undefined) throw new Error('spec/00-index.md has no "Version: **X**" line');
  return v;
}

/**
 * The open version's fingerprints from spec/ (the unreleased version, or the newest when every
 * version is released), earlier versions' as recorded at their release.
 */
export function fingerprints(recorded: Fingerprints, root: string = ROOT): Fingerprints {
  const current = SPEC_VERSIONS[0]!.version;
  const ids = parseSpec(join(root, 'spec')).requirements.sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
  const now = Object.fromEntries(ids.map((r) => [r.id, fingerprint(r.text)]));
  // Newest first, as spec/changes.json lists the versions.
  const order = SPEC_VERSIONS.map((v) => v.version);
  const out: Fingerprints = {};
  for (const v of order)
    if (v === current) out[v] = now;
    else if (recorded[v] !== undefined) out[v] = recorded[v];
  return out;
}

const code = (s: string): string => `\`${s}\``;

/**
 * The cases an implementation of `v.previous` fails in this kit, as recorded by running its reference
 * adapter (conformance/released/answers/); empty when no recording exists.
 */
export function failedByPrevious(v: SpecVersion): readonly string[] {
  if (v.previous === null || !existsSync(join(ANSWERS_DIR, `${v.previous}.json`))) return [];
  return readOlderAnswers(v.previous).failed;
}

function renderChange(c: RequirementChange, v: SpecVersion, failedBefore: readonly string[]): string[] {
  const lines = [`- **${c.requirements.length > 3 ? `${c.requirements[0]} … ${c.requirements.at(-1)}` : c.requirements.join(', ')}** (${c.kind}): ${c.title}.`];
  lines.push(`  ${c.what}`);
  lines.push(`  *Do:* ${c.implement}`);
  const checks = [...(c.cases ?? []).map(code), ...(c.tests ?? []).map(code)];
  // Every failure a change names is listed under it (the kit's requirements of a case do not matter here).
  const failed = failedBefore.filter((id) => namesCase(c, { id, requirements: [] }));
  if (failed.length > 0) lines.push(`  *Fails under ${v.previous}:* ${failed.map(code).join(', ')}.`);
  if (checks.length > 0) lines.push(`  *Checked by:* ${checks.join(', ')}.`);
  if (c.removedCases && c.removedCases.length > 0) lines.push(`  *Removed cases:* ${c.removedCases.map(code).join(', ')}.`);
  return lines;
}

/** The generated section: one subsection per version that changed requirements. */
export function implementerSection(versions: readonly SpecVersion[] = SPEC_VERSIONS): string {
  const out = [BEGIN];
  for (const v of versions) {
    if (v.previous === null) continue;
    const when = v.unreleased === true ? 'not released' : v.date;
    out.push('', `### For implementers: spec ${v.version} against ${v.previous} (${when})`, '', v.summary, '');
    const failedBefore = failedByPrevious(v);
    if (failedBefore.length > 0)
      out.push(
        `An implementation of ${v.previous} (its reference adapter, commit ${readOlderAnswers(v.previous).commit}) fails ${failedBefore.length} cases of this kit; each is listed under the change that explains it.`,
        '',
      );
    out.push(
      `An adapter that names \`"specVersion": "${v.previous}"\` in its handshake is told, with each failure, which of these explain it (TR-CONF-24).`,
      '',
    );
    if (v.changes.length === 0) out.push('No change yet.');
    for (const c of v.changes) out.push(...renderChange(c, v, failedBefore));
  }
  out.push('', END);
  return out.join('\n');
}

/** CHANGELOG.md with its generated section replaced. */
export function withSection(changelog: string, section: string): string {
  const a = changelog.indexOf(BEGIN);
  const b = changelog.indexOf(END);
  if (a < 0 || b < a) throw new Error(`CHANGELOG.md has no section between ${BEGIN} and ${END}`);
  return changelog.slice(0, a) + section + changelog.slice(b + END.length);
}

/** Writes both files, or with check=true reports their drift; returns the process exit code. */
export function main(check: boolean): number {
  const changelog = readFileSync(CHANGELOG, 'utf8');
  const wantLog = withSection(changelog, implementerSection());
  const recorded = JSON.parse(readFileSync(FINGERPRINTS, 'utf8')) as Fingerprints;
  const wantPrints = `${JSON.stringify(fingerprints(recorded), null, 2)}\n`;
  const stale = [
    ...(changelog !== wantLog ? ['CHANGELOG.md (section for implementers)'] : []),
    ...(readFileSync(FINGERPRINTS, 'utf8') !== wantPrints ? ['spec/requirements.json'] : []),
  ];
  if (check) {
    for (const f of stale) process.stderr.write(`${f} is out of date with spec/changes.json and spec/: run npm run generate\n`);
    if (stale.length === 0) process.stdout.write('CHANGELOG.md and spec/requirements.json: up to date\n');
    return stale.length === 0 ? 0 : 1;
  }
  writeFileSync(CHANGELOG, wantLog);
  writeFileSync(FINGERPRINTS, wantPrints);
  process.stdout.write(`CHANGELOG.md and spec/requirements.json: ${stale.length} of 2 files changed\n`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main(process.argv.includes('--check'));
