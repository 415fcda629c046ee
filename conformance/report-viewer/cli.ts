// `toolresult report <report.json> --html <file> [--spec-url URL]`: a kit run's JSON report as one
// self-contained HTML page. Exit 0: written; 2: a usage error or a file that is not a report.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fileProblem } from '../runner/files.ts';
import { NotAReport, readReport, reportHtml } from './report-html.ts';

export const REPORT_USAGE = `Usage: toolresult report <report.json> --html <file> [--spec-url URL]

Turns the JSON report of a kit run (--report-json) into one self-contained HTML page: totals,
suites, filters by status and suite, and every failure with its input, want, got, requirements
and the command that replays it.

  --html FILE       where to write the page (required)
  --spec-url URL    base URL of the spec site (npm run site); requirement IDs link to it
  -h, --help        this text`;

class Usage extends Error {}

interface ReportArgs {
  readonly report: string;
  readonly html: string;
  readonly specUrl: string | undefined;
}

function parse(argv: readonly string[]): ReportArgs | 'help' {
  let report: string | undefined;
  let html: string | undefined;
  let specUrl: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined || v === '') throw new Usage(`${a} needs a value`);
      return v;
    };
    if (a === '-h' || a === '--help') return 'help';
    else if (a === '--html') html = value();
    else if (a === '--spec-url') specUrl = value();
    else if (a.startsWith('-')) throw new Usage(`unknown option ${JSON.stringify(a)}`);
    else if (report === undefined) report = a;
    else throw new Usage(`one report at a time: ${JSON.stringify(a)} is a second file`);
  }
  if (report === undefined) throw new Usage('name the JSON report to turn into a page');
  if (html === undefined) throw new Usage('--html FILE is required: where to write the page');
  // The URL goes into links of a page that others open: only web addresses and relative paths.
  if (specUrl !== undefined && /^[a-z][a-z0-9+.-]*:/i.test(specUrl) && !/^https?:\/\//i.test(specUrl)) {
    throw new Usage(`--spec-url must be an http(s) URL or a relative path, not ${JSON.stringify(specUrl.slice(0, 40))}`);
  }
  return { report, html, specUrl };
}

export async function main(argv: readonly string[], io = { out: (l: string) => console.log(l), err: (l: string) => console.error(l) }): Promise<number> {
  let args;
  try {
    args = parse(argv);
  } catch (e) {
    if (!(e instanceof Usage)) throw e;
    io.err(`toolresult report: ${e.message} (--help shows the usage)`);
    return 2;
  }
  if (args === 'help') {
    io.out(REPORT_USAGE);
    return 0;
  }
  let raw: string;
  try {
    raw = readFileSync(args.report, 'utf8');
  } catch (e) {
    io.err(`toolresult report: cannot read ${args.report} (${fileProblem(e)})`);
    return 2;
  }
  let page: string;
  try {
    page = reportHtml(readReport(JSON.parse(raw)), { specUrl: args.specUrl });
  } catch (e) {
    if (e instanceof SyntaxError) {
      io.err(`toolresult report: ${args.report} is not JSON (${e.message})`);
      return 2;
    }
    if (e instanceof NotAReport) {
      io.err(`toolresult report: ${args.report} is not a kit report: ${e.message}`);
      return 2;
    }
    throw e;
  }
  try {
    mkdirSync(dirname(args.html), { recursive: true });
    writeFileSync(args.html, page);
  } catch (e) {
    io.err(`toolresult report: cannot write ${args.html} (${fileProblem(e)})`);
    return 2;
  }
  io.out(`wrote ${args.html}`);
  return 0;
}

// `npm run report -- …` inside the repository.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main(process.argv.slice(2));
