import type { HelloOutput } from '../protocol/messages.ts';
import { canary } from './arbitraries.ts';
import { Mismatch, defineProperty } from './define.ts';

type Rec = Record<string, unknown>;

function refuse(where: string, c: string, text: string): void {
  const at = text.indexOf(c);
  if (at >= 0) throw new Mismatch(`canary ${c} reached ${where}`, `no ${c}`, `…${text.slice(Math.max(0, at - 120), at + c.length + 40)}…`);
}

/** Ledger entries restore must refuse, each holding the canary in content and structured. */
function badEntries(c: string): string[] {
  const result = `{"artifacts":[],"content":"${c}","isError":false,"structured":{"${c}":"${c}"},"warnings":[]}`;
  return [
    `{"result":${result},"version":1,"${c}":1}`, // an extra member: malformed
    `{"result":${result},"result":${result},"version":1}`, // a duplicate member: malformed
    `{"result":${result},"version":1`, // cut short: not JSON
    `${c} said the tool`, // raw text: not JSON
    `{"result":${result},"version":2}`, // unknown version
    `{"result":{"artifacts":[],"content":"${c}","isError":false,"structured":["${c}",1e400],"warnings":[]},"version":1}`, // not bounded
    `{"result":{"artifacts":[{"type":"text","label":"${c}","data":{"text":"${c}"}}],"content":"${c}","isError":true,"warnings":[]},"version":1}`, // artifacts on an error
    `{"result":{"artifacts":[],"content":"${c}","isError":false,"warnings":[{"code":"${c}"}]},"version":1}`, // unknown warning code
  ];
}

/** Requests with a valid result full of the canary and something the implementation must refuse. */
function badRequests(c: string, hello: HelloOutput): [string, Rec][] {
  const g = new Set<string>(hello.groups);
  const result = { content: `${c} said the tool`, isError: false, structured: { [c]: [c] }, artifacts: [{ type: 'text', label: c, data: { text: c } }] };
  const badOptions: unknown[] = [{ contentBudget: c }, { artifactsBudget: 255 }, { structuredBudget: `${c}` }, { contentBudget: null }, c, [c]];
  const out: [string, Rec][] = badOptions.map((options) => ['bound', { result, options }]);
  if (g.has('egress')) out.push(['wire', { result, options: { contentBudget: c } }]);
  if (g.has('sinks')) out.push(['audit', { result, levels: c }], ['audit', { result, options: { contentBudget: c }, levels: ['redacted'] }]);
  if (g.has('ledger'))
    out.push(['persist', { result, options: { artifactsBudget: c } }], ...badEntries(c).map((entry): [string, Rec] => ['restore', { entry }]));
  if (g.has('hooks'))
    out.push(
      ['hooks', { result, hooks: [{ name: 'replace-text' }] }],
      ['hooks', { result, hooks: [{ name: c, text: c }] }],
      ['hooks', { result, hooks: c }],
      ['hooks', { result, options: { contentBudget: c }, hooks: [] }],
    );
  const sources: [string, unknown][] = [];
  if (g.has('normalize-mcp'))
    sources.push(
      ['mcp', { content: c, structuredContent: { [c]: c } }],
      ['mcp', { content: [{ type: c, text: c }], isError: c }],
      ['mcp', { content: [{ type: 'image', data: `${c}!`, mimeType: c }] }],
    );
  if (g.has('normalize-langchain'))
    sources.push(['langchain', { content: { [c]: c }, artifact: { [c]: c } }], ['langchain', { content: c, status: c, artifact: [c] }]);
  if (g.has('normalize-local')) sources.push(['local', { $tr: 'opaque', kind: 'class-instance' }]);
  for (const [source, value] of sources) {
    out.push(
      ['normalize', { source, value }],
      ['normalize', { source, value, options: { schemaPolicy: c } }],
      ['normalize', { source, value, options: { [c]: 1 } }],
      ['normalize', { source, value, options: { outputSchema: { type: c }, schemaPolicy: 'enforce' } }],
    );
  }
  return out;
}

export const noCanaryOnFailurePaths = defineProperty({
  name: 'no-canary-on-failure-paths',
  description:
    'no log line and no error message of a refused entry, option, hook list, level list or malformed source value quotes the content or run-only data it carried',
  requirements: ['TR-LOG-2', 'TR-LOG-1', 'TR-EGRESS-5', 'TR-MODEL-10', 'TR-NORM-4'],
  groups: ['bound'],
  numRuns: 12,
  arbitrary: () => canary(),
  async check(c, ask, hello) {
    for (const [op, input] of badRequests(c, hello)) {
      // Option names are the runtime's, not the tool's: an error may name one (TR-MODEL-10), so the
      // canary as an option name is only checked in the logs.
      const nameOnly = op === 'normalize' && Object.hasOwn((input.options as Rec | undefined) ?? {}, c);
      const r = await ask.any(op, input);
      refuse(`the logs of ${op}`, c, r.logs.join('\n'));
      if (!r.ok && !nameOnly) refuse(`the error message of ${op} (${r.code})`, c, r.message);
      if (r.ok)
        refuse(
          `the output of ${op} for an input it should refuse or call malformed`,
          c,
          op === 'normalize' && input.options === undefined ? '' : JSON.stringify(op === 'restore' ? r.output : ''),
        );
    }
  },
});
