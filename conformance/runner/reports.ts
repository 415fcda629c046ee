// Machine-readable reports of a run: JSON (everything) and JUnit XML (for CI dashboards).
import { writeFileSync } from 'node:fs';
import { PROTOCOL, type HelloOutput } from '../protocol/messages.ts';
import { KIT_VERSION, specVersion } from './versions.ts';
import type { CaseResult } from '../core/case.ts';
import type { ConformanceReport, ReportSummary } from '../../generated/conformance.ts';

/** The counts of the closing line, as the report's summary holds them. */
export type RunSummary = Readonly<ReportSummary>;

export function summarize(results: readonly CaseResult[]): RunSummary {
  const n = (s: CaseResult['status']) => results.filter((r) => r.status === s).length;
  return { passed: n('pass'), failed: n('fail') + n('stale'), skipped: n('skip'), expectedFailures: n('expected-failure') };
}

/** The closing line of every run: `N passed, N failed` (then known failures and skips, when any). */
export function summaryLine(s: RunSummary): string {
  let line = `${s.passed} passed, ${s.failed} failed`;
  if (s.expectedFailures > 0) line += `, ${s.expectedFailures} failed as expected`;
  if (s.skipped > 0) line += `, ${s.skipped} skipped`;
  return line;
}

export const REPORT_SCHEMA_ID = 'https://toolresult.dev/schemas/v1/conformance/report.schema.json';

/** The JSON report (schemas/conformance/report.schema.json, typed by its generated ConformanceReport): versions, adapter, summary, every case. */
export function jsonReport(
  meta: { seed: number; adapter: HelloOutput | undefined; command: readonly string[] },
  results: readonly CaseResult[],
): ConformanceReport {
  return {
    $schema: REPORT_SCHEMA_ID,
    kit: 'toolresult-conformance',
    reportVersion: 1,
    kitVersion: KIT_VERSION,
    specVersion: specVersion(),
    protocol: PROTOCOL,
    seed: meta.seed,
    command: [...meta.command],
    ...(meta.adapter ? { adapter: meta.adapter } : {}),
    summary: summarize(results),
    cases: [...results],
  };
}

export function writeJsonReport(
  file: string,
  meta: { seed: number; adapter: HelloOutput | undefined; command: readonly string[] },
  results: readonly CaseResult[],
): void {
  // Big integers (a shrunk counterexample can hold one) as decimal strings: JSON has no BigInt.
  writeFileSync(file, `${JSON.stringify(jsonReport(meta, results), (_k, v) => (typeof v === 'bigint' ? v.toString() : v), 2)}\n`);
}

function xml(s: string): string {
  // XML 1.0 cannot carry most control characters even escaped: drop them.
  return s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[\ud800-\udfff]/g, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

export function junitXml(results: readonly CaseResult[]): string {
  const suites = new Map<string, CaseResult[]>();
  for (const r of results) {
    const suite = r.id.split('/').slice(0, 2).join('/');
    suites.set(suite, [...(suites.get(suite) ?? []), r]);
  }
  const s = summarize(results);
  const out = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="toolresult-conformance" tests="${results.length}" failures="${s.failed}" skipped="${s.skipped}">`,
  ];
  for (const [name, rs] of suites) {
    const f = rs.filter((r) => r.status === 'fail' || r.status === 'stale').length;
    const sk = rs.filter((r) => r.status === 'skip').length;
    const t = rs.reduce((a, r) => a + r.durationMs, 0) / 1000;
    out.push(`  <testsuite name="${xml(name)}" tests="${rs.length}" failures="${f}" skipped="${sk}" time="${t.toFixed(3)}">`);
    for (const r of rs) {
      const open = `    <testcase classname="${xml(name)}" name="${xml(r.id)}" time="${(r.durationMs / 1000).toFixed(3)}"`;
      const props = `<properties><property name="requirements" value="${xml(r.requirements.join(' '))}"/></properties>`;
      if (r.status === 'skip') out.push(`${open}>${props}<skipped message="${xml(r.skipReason ?? '')}"/></testcase>`);
      else if (r.status === 'fail' || r.status === 'stale') {
        const body = r.failure ? JSON.stringify({ ...r.failure, replay: r.replay }, null, 2) : '';
        out.push(`${open}>${props}<failure message="${xml(r.failure?.reason ?? r.status)}">${xml(body)}</failure></testcase>`);
      } else out.push(`${open}>${props}</testcase>`);
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
}

export function writeJunit(file: string, results: readonly CaseResult[]): void {
  writeFileSync(file, junitXml(results));
}
