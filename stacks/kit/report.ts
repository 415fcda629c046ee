// The matrix as data (stacks/compliance/report.json, compliance-report.schema.json) and as a page a person
// reads in ten seconds (stacks/compliance/README.md): rows by checks, one line of why per failing cell,
// each linking to its evidence in the row's own file (stacks/compliance/rows/<row>.md), where the
// canary is marked ⟦so⟧ in the excerpt of the request that carried it.
import type { Check } from './checks.ts';
import type { ComplianceReport } from '../../generated/conformance.ts';
import type { Cell, StackRun } from './run.ts';
import { adapterCommandLine } from './stacks.ts';
import { ALL_PROVIDERS, PROVIDER_PACKAGE_FORMATS } from '../adapters/shared/fake-provider.ts';

/** The adapter's packages without the provider packages of other formats: what built this row's body. */
function rowVersion(version: string, provider: string): string {
  return version
    .split(' ')
    .filter((nv) => {
      const formats = PROVIDER_PACKAGE_FORMATS[nv.slice(0, nv.lastIndexOf('@'))];
      return formats === undefined || (formats as readonly string[]).includes(provider);
    })
    .join(' ');
}
import packageJson from '../../package.json' with { type: 'json' };

// The report's types are the schema's (generated/conformance.ts, from compliance-report.schema.json).
export type { ComplianceReport };
export type StackEntry = ComplianceReport['stacks'][number];
export type ReportFinding = ComplianceReport['findings'][number];

/** A declared limit whose cell passes explains nothing any more: the row must drop it (TR-STACK-12). */
function staleLimits(runs: readonly StackRun[]): ReportFinding[] {
  return runs.flatMap((r) =>
    r.cells
      .filter((c) => c.verdict === 'pass' && r.row.limits?.[c.check] !== undefined)
      .map((c) => ({
        kind: 'stale-limit' as const,
        stack: c.stack,
        check: c.check,
        summary: `passes, so the limit the row declares is stale: remove it from the row's limits (it expected a finding matching /${r.row.limits![c.check]!.expects.summary.source}/)`,
      })),
  );
}

export function buildReport(
  runs: readonly StackRun[],
  checks: readonly Check[],
  opts: { seed: number; runs: number; vectors: readonly string[] },
): ComplianceReport {
  return {
    $schema: '../../schemas/conformance/compliance-report.schema.json',
    kit: { version: packageJson.version, seed: opts.seed, runs: opts.runs, vectors: [...opts.vectors] },
    checks: checks.map((c) => ({ id: c.id, kind: c.kind, level: c.level, title: c.title, short: c.short, ...(c.reads ? { reads: c.reads } : {}) })),
    stacks: runs.map((r) => ({
      id: r.row.id,
      stack: r.row.stack,
      mode: r.row.mode,
      provider: r.row.provider,
      name: r.hello?.name ?? r.row.id,
      version: r.hello ? rowVersion(r.hello.version, r.row.provider) : 'unknown',
      runtime: r.hello?.language ?? 'unknown',
      setup: r.row.setup,
      ...(r.row.runs !== undefined ? { runs: r.row.runs } : {}),
      control: r.row.control === true,
      adapter: adapterCommandLine(r.row),
      ...(r.error ? { error: r.error } : {}),
    })),
    cells: runs.flatMap((r) => r.cells),
    figures: runs.flatMap((r) => r.figures),
    findings: staleLimits(runs),
  };
}

/** The anchor of a check's evidence in its row's file. */
export const anchor = (check: string): string => check.toLowerCase();

/** A row's evidence file, relative to stacks/compliance/. */
export const rowFile = (stack: string): string => `rows/${stack}.md`;

const KIND_WORD: Readonly<Record<string, string>> = { leak: 'leak', loss: 'data loss', delivery: 'delivery', duplication: 'duplication' };

const oneLine = (s: string, max: number): string => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};
/** Text for a Markdown list line: no pipe, backtick, bracket, tag or emphasis mark breaks it. */
export const md = (s: string): string => s.replace(/[|`[\]<>_*]/g, (c) => `\\${c}`);

/** Why a cell is not a pass, in one line: its first piece of evidence, or why it could not be judged. */
export function why(c: Cell): string {
  if (c.verdict === 'error') return `could not be judged: ${oneLine(c.reason ?? 'unknown', 180)}`;
  const e = c.evidence[0];
  const said = e ? `${oneLine(e.summary, 180)} (${e.source === 'vector' ? `vector ${e.case}` : 'generated case'})` : oneLine(c.reason ?? '', 180);
  return c.verdict === 'limit' ? `stack limit: ${said}` : said;
}

function cellMark(c: Cell | undefined, level: string): string {
  if (!c) return '—';
  // The model-interface verdict, where it differs: the provider package changed the outcome.
  const m = c.model.verdict !== c.verdict && c.model.verdict !== 'n/a' ? ` (m: ${c.model.verdict})` : '';
  if (c.verdict === 'pass') return `pass${m}`;
  if (c.verdict === 'n/a') return 'n/a';
  const link = (label: string) => `[${label}](${rowFile(c.stack)}#${anchor(c.check)})`;
  if (c.verdict === 'error') return link('**error**');
  if (c.verdict === 'limit') return `${link('*stack limit*')}${m}`;
  // A SHOULD cell is a default to change, not a broken rule.
  return (level === 'SHOULD' ? link('*media*') : link('**FAIL**')) + m;
}

/** What a reader calls each provider format: the matrix has a table per format under this heading. */
const FORMAT_NAME: Readonly<Record<string, string>> = {
  'openai-chat': 'OpenAI Chat Completions',
  'openai-responses': 'OpenAI Responses',
  anthropic: 'Anthropic Messages',
  gemini: 'Google Gemini',
  'bedrock-converse': 'AWS Bedrock Converse',
};
const formatHeading = (f: string): string => `${FORMAT_NAME[f] ?? f} (\`${f}\`)`;
/** The anchor GitHub gives a heading: lower case, punctuation but hyphens dropped, spaces to hyphens. */
const headingAnchor = (h: string): string =>
  h
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');

/** The formats of the report's rows, in the kit's order (one the kit does not know, after them). */
function formatsOf(r: ComplianceReport): string[] {
  const present = new Set(r.stacks.map((s) => s.provider));
  return [...ALL_PROVIDERS.filter((p) => present.has(p)), ...[...present].filter((p) => !(ALL_PROVIDERS as readonly string[]).includes(p))];
}

const fence = (s: string): string => `\`\`\`\n${s}\n\`\`\``;
const notPassing = (c: Cell): boolean => c.verdict === 'fail' || c.verdict === 'limit' || c.verdict === 'error';
const short = (id: string): string => id.replace('TR-STACK-', 'S');

/** The matrix page (stacks/compliance/README.md): rows × checks, and one line of why per failing cell. */
export function renderReadme(r: ComplianceReport): string {
  const out: string[] = [];
  const cell = (s: string, k: string) => r.cells.find((c) => c.stack === s && c.check === k);
  out.push('# Compliance matrix: agent stacks and run-only data');
  out.push('');
  out.push('Generated by `npm run compliance` (stacks/, checks of [spec/11-stacks.md](../../spec/11-stacks.md)); do not edit.');
  out.push('A row is a stack in one mode, sending through one provider package. Each row runs one agent step against a real MCP');
  out.push("server (the SDK server) that returns the case's CallToolResult; the provider package's `fetch` is a fake");
  out.push("provider that answers in that provider's format (JSON, or its stream: SSE, Bedrock's AWS event stream) and records the exact HTTP body. Cells");
  out.push('are judged at that body. `(m: …)` after a verdict is the same check at the model interface (what the stack handed its');
  out.push('provider package, judged over every case of the cell) where it differs: there the provider package changed the outcome.');
  out.push('`n/a`: the check cannot be judged on the row. Each failing cell links to its evidence, in a file per row (`rows/`).');
  out.push(
    `Kit ${r.kit.version}, seed ${r.kit.seed}, ${r.kit.runs} generated cases per cell plus ${r.kit.vectors.length} fixed vectors. \`npm test\` checks these files are what the pinned versions produce.`,
  );
  out.push('');
  if (r.findings.length > 0) {
    out.push('**Findings about the matrix itself** (the drift check fails until they are fixed):');
    out.push('');
    for (const f of r.findings) out.push(`- ${f.stack} ${f.check}: ${md(f.summary)}`);
    out.push('');
  }
  // A table per provider format, so a reader finds their stack and provider at once; within a format
  // one table per layer, so neither grows past a screen's width: the provider body, then what the
  // stack persists and exports (checks that read no request).
  const layers = [
    { heading: 'At the provider body', checks: r.checks.filter((c) => c.reads === undefined) },
    { heading: 'In the state the stack persists and the telemetry it exports', checks: r.checks.filter((c) => c.reads !== undefined) },
  ].filter((l) => l.checks.length > 0);
  const formats = formatsOf(r);
  out.push(`Provider formats: ${formats.map((f) => `[${FORMAT_NAME[f] ?? f}](#${headingAnchor(formatHeading(f))})`).join(' · ')}. Checks: [below](#checks).`);
  out.push('');
  for (const f of formats) {
    out.push(`## ${formatHeading(f)}`, '');
    for (const layer of layers) {
      if (layers.length > 1) out.push(`*${layer.heading}:*`, '');
      out.push(`| stack | mode | ${layer.checks.map((c) => `${short(c.id)} ${c.short}`).join(' | ')} |`);
      out.push(`| --- | --- | ${layer.checks.map(() => '---').join(' | ')} |`);
      for (const s of r.stacks.filter((x) => x.provider === f)) {
        const marks = s.error ? layer.checks.map(() => 'not run') : layer.checks.map((c) => cellMark(cell(s.id, c.id), c.level));
        out.push(`| [**${s.stack}**](${rowFile(s.id)})${s.control ? ' (control)' : ''} | ${s.mode} | ${marks.join(' | ')} |`);
      }
      out.push('');
    }
  }
  out.push('## Checks');
  out.push('');
  out.push('S*n* is TR-STACK-*n*:');
  out.push('');
  for (const c of r.checks) out.push(`- **${c.id}** (${KIND_WORD[c.kind] ?? c.kind}, ${c.level}): ${c.title}`);
  out.push('');
  out.push('Images, audio and blobs sent as typed media parts are not a failure of TR-STACK-4 (a vision model may need them);');
  out.push('the same bytes as text are. TR-STACK-5 marks a stack that sends them as media without being asked (*media*: a');
  out.push('default to change, not a leak). TR-STACK-16 fails where media the stack handed its provider package is missing from');
  out.push('the body, or where the step threw. The figures below count both.');
  out.push('');
  out.push('TR-STACK-17 reads the stores the stack wrote for a resumable run (a checkpoint file, a serialized run state, a');
  out.push('session or memory database), TR-STACK-18 and 19 every body its tracing exported to a collector on 127.0.0.1, at the');
  out.push("stack's defaults and with content recording on; their `n/a` says why the stack has no such store or exporter.");
  out.push('');
  out.push('## Why each cell fails');
  out.push('');
  out.push("The first piece of evidence of each cell that does not pass; the row's file has all of it, with the input and a replay command.");
  for (const s of r.stacks) {
    const failing = r.cells.filter((c) => c.stack === s.id && notPassing(c));
    if (failing.length === 0 && !s.error) continue;
    out.push('');
    out.push(`### [${s.id}](${rowFile(s.id)})`);
    out.push('');
    if (s.error) out.push(`- not run: ${md(oneLine(s.error, 200))}`);
    for (const c of failing)
      out.push(`- [${short(c.check)} ${r.checks.find((k) => k.id === c.check)?.short ?? ''}](${rowFile(c.stack)}#${anchor(c.check)}): ${md(why(c))}`);
  }
  out.push('');
  out.push('## Budget figures (TR-STACK-10)');
  out.push('');
  out.push('UTF-8 octets of the provider body sent after the tool ran (JSON); in brackets, how many of them are base64 media.');
  out.push('');
  const fv = [...new Set(r.figures.map((f) => f.vector))];
  out.push(`| stack | ${fv.map((v) => `\`${v}\``).join(' | ')} |`);
  out.push(`| --- | ${fv.map(() => '---:').join(' | ')} |`);
  for (const s of r.stacks) {
    const row = fv.map((v) => {
      const f = r.figures.find((x) => x.stack === s.id && x.vector === v);
      return f ? `${f.requestOctets}${f.mediaOctets > 0 ? ` (${f.mediaOctets} media)` : ''}` : '—';
    });
    out.push(`| ${s.id} | ${row.join(' | ')} |`);
  }
  return out.join('\n');
}

/** One row's file (stacks/compliance/rows/<row>.md): what it runs, its verdicts, and the evidence of each cell that does not pass. */
export function renderRowEvidence(r: ComplianceReport, stackId: string): string {
  const s = r.stacks.find((x) => x.id === stackId);
  if (!s) throw new Error(`no row ${stackId} in the report`);
  const cells = r.cells.filter((c) => c.stack === s.id);
  const out: string[] = [];
  out.push(`# ${s.id}${s.control ? ' (control)' : ''}`);
  out.push('');
  out.push('Generated by `npm run compliance`; do not edit. [The matrix](../README.md).');
  out.push('');
  out.push(
    `${s.setup}${s.runs !== undefined ? ` (${s.runs} generated cases per cell: a step of this stack costs about a second)` : ''}. ${s.version
      .split(' ')
      .map((v) => `\`${v}\``)
      .join(' ')}, ${s.runtime}. Adapter: \`${s.adapter}\`.${s.error ? ` Not run: ${s.error}` : ''}`,
  );
  out.push('');
  out.push('| check | verdict | at the model interface | cases |');
  out.push('| --- | --- | --- | --- |');
  for (const k of r.checks) {
    const c = cells.find((x) => x.check === k.id);
    if (!c) continue;
    const verdict = notPassing(c) ? `[${c.verdict === 'fail' && k.level === 'SHOULD' ? 'media' : c.verdict}](#${anchor(c.check)})` : c.verdict;
    out.push(`| ${k.id} ${k.short} | ${verdict} | ${c.model.verdict} | ${c.vectors} vectors, ${c.generated} generated |`);
  }
  for (const f of r.findings.filter((x) => x.stack === s.id)) out.push('', `**Finding:** ${f.check} ${md(f.summary)}`);
  out.push('');
  out.push('## Evidence');
  out.push('');
  const failing = cells.filter(notPassing);
  if (failing.length === 0) out.push('No cell fails.');
  for (const c of failing) {
    const check = r.checks.find((k) => k.id === c.check);
    out.push(`### <a id="${anchor(c.check)}"></a>${c.check}: ${check?.title ?? ''}`);
    out.push('');
    if (c.verdict === 'error') out.push(`Could not be judged: ${c.reason ?? 'unknown'}`, '');
    if (c.verdict === 'limit')
      out.push(`A stack limit: ${c.reason ?? ''} Upstream: ${c.upstream ?? ''} It explains the failure whose summary matches \`/${c.expects ?? ''}/\`.`, '');
    if (c.verdict === 'fail' && c.expects !== undefined) out.push(`${c.reason ?? ''}`, '');
    out.push(
      `At the model interface: ${c.model.verdict}${c.model.summary ? ` (${c.model.summary}${c.model.case ? `; case ${c.model.case.slice(0, 80)}` : ''})` : ''}.`,
    );
    out.push('');
    for (const e of c.evidence) {
      out.push(`**${e.source === 'vector' ? `Vector \`${e.case}\`` : `Generated case (${e.case})`}:** ${e.summary}.`);
      out.push('');
      if (e.found && e.found.length > 0) {
        out.push(
          `Canary \`${e.canary}\` in ${check?.reads === 'persisted' ? 'the persisted state' : check?.reads === 'exported' ? 'the exported telemetry' : 'the request'}:`,
        );
        out.push('');
        out.push(fence(e.found.map((o) => `${o.path} (${o.form})\n  ${JSON.stringify(o.excerpt)}`).join('\n')));
      } else if (e.canary) out.push(`Canary \`${e.canary}\` is missing from every model request after the tool ran.`);
      if ('wanted' in e) {
        out.push('');
        out.push(`The result held \`${JSON.stringify(e.wanted)}\`; the stack keeps for the runtime:`);
        out.push('');
        out.push(fence(JSON.stringify(e.kept, null, 1).slice(0, 1200)));
      }
      if (e.part !== undefined) {
        out.push('');
        out.push('The tool-result part the model was given:');
        out.push('');
        out.push(fence(JSON.stringify(e.part)));
      }
      if (e.threw) out.push(`\nThe step threw: \`${e.threw.replace(/`/g, "'").replace(/\n/g, ' ').slice(0, 300)}\``);
      out.push('');
      out.push('<details><summary>input (CallToolResult served)</summary>');
      out.push('');
      out.push(fence(JSON.stringify(e.input, null, 1)));
      out.push('');
      out.push('</details>');
      out.push('');
      out.push(`Replay: \`${e.replay}\``);
      out.push('');
    }
  }
  return out.join('\n');
}

/** Every file of stacks/compliance/ but report.json, by path relative to it: the matrix page and one file per row. */
export function renderPages(r: ComplianceReport): Map<string, string> {
  return new Map([['README.md', `${renderReadme(r)}\n`], ...r.stacks.map((s) => [rowFile(s.id), `${renderRowEvidence(r, s.id)}\n`] as const)]);
}
