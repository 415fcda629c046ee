// A corpus of benign tool output for the default redactor's false-positive rate (issue 41 item 2):
// nothing in it is a credential, so every string a credential rule changes is a false positive.
// Part of it is this repository's own files, chosen so that none holds a secret-shaped example on
// purpose (no tests, vectors or redactor sources, not the privacy chapter); part is generated from a
// fixed seed, so the same corpus comes back on every machine:
//   prose   the spec's chapters but §6, the READMEs
//   code    the TypeScript, Python, PHP and Go sources of the four implementations
//   json    the JSON Schemas
//   tables  2,000 rows of invented records as CSV and as a Markdown table: ids, UUIDs, hashes, dates,
//           amounts, paths and URLs whose query parameters are the ordinary kind (page, sort, q, …)
//   logs    1,000 HTTP access-log lines over the same URLs, and 500 git-log lines (hashes, messages)
//   base64  200 PNG-headed images of random bytes, 1 to 48 KiB, base64 in data: URIs and bare
// Each line of a file is one string, as a tool that returns a listing or a log returns it; an image
// is one string. E-mail addresses are personal data the default masks on purpose (rule 8): they are
// counted apart, never as false positives.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface CorpusPart {
  readonly kind: 'prose' | 'code' | 'json' | 'tables' | 'logs' | 'base64';
  /** Where the strings come from: a repository path, or `generated:<what>`. */
  readonly source: string;
  readonly strings: readonly string[];
}

/** Mulberry32: a small seeded generator, the same numbers in every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function files(dir: string, keep: (path: string) => boolean): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      if (name === 'node_modules' || name === 'generated' || name.startsWith('.')) continue;
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (keep(relative(ROOT, p))) out.push(p);
    }
  };
  walk(join(ROOT, dir));
  return out;
}

/** Files that hold secret-shaped examples on purpose: tests, vectors, the redactors, §6. */
const ON_PURPOSE =
  /(^|\/)(tests?|testdata|fixtures)\/|\.test\.ts$|_test\.go$|(^|\/)test_[^/]*\.py$|redact|Redactor|EmailMask|06-privacy\.md$|mutants|properties\//;

function repoPart(kind: CorpusPart['kind'], dir: string, ext: RegExp): CorpusPart[] {
  return files(dir, (p) => ext.test(p) && !ON_PURPOSE.test(p)).map((p) => ({ kind, source: relative(ROOT, p), strings: readFileSync(p, 'utf8').split('\n') }));
}

const WORDS = [
  'alpha',
  'delta',
  'report',
  'invoice',
  'customer',
  'order',
  'shipment',
  'region',
  'north',
  'Berlin',
  'Leipzig',
  'open',
  'closed',
  'pending',
  'total',
  'net',
  'gross',
  'monkey',
  'turkey',
  'basic',
  'Basic',
  'token',
  'key',
  'skill',
  'task',
  'desk',
  'asia',
  'ASIA',
];
const PARAMS = [
  'page',
  'per_page',
  'sort',
  'order',
  'q',
  'lang',
  'utm_source',
  'utm_campaign',
  'ref',
  'view',
  'limit',
  'offset',
  'pageToken',
  'next_token',
  'sort_key',
  'cursor',
  'filter',
  'fields',
  'format',
  'tab',
];

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]!;
}
const hex = (r: () => number, n: number) => Array.from({ length: n }, () => '0123456789abcdef'[Math.floor(r() * 16)]).join('');
const uuid = (r: () => number) => `${hex(r, 8)}-${hex(r, 4)}-4${hex(r, 3)}-a${hex(r, 3)}-${hex(r, 12)}`;
function url(r: () => number): string {
  const path = Array.from({ length: 1 + Math.floor(r() * 3) }, () => pick(r, WORDS).toLowerCase()).join('/');
  const query = Array.from(
    { length: Math.floor(r() * 4) },
    () => `${pick(r, PARAMS)}=${pick(r, [pick(r, WORDS), String(Math.floor(r() * 500)), hex(r, 12), uuid(r)])}`,
  ).join('&');
  return `https://${pick(r, ['api', 'www', 'files', 'shop'])}.example.${pick(r, ['com', 'org', 'net'])}/${path}${query ? `?${query}` : ''}`;
}

function tables(r: () => number): CorpusPart[] {
  const header = ['id', 'uuid', 'name', 'status', 'amount', 'date', 'sha1', 'link', 'note'];
  const rows = Array.from({ length: 2000 }, (_, i) => [
    String(1000 + i),
    uuid(r),
    `${pick(r, WORDS)} ${pick(r, WORDS)}`,
    pick(r, ['open', 'closed', 'pending']),
    (r() * 10000).toFixed(2),
    `2026-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`,
    hex(r, 40),
    url(r),
    `${pick(r, WORDS)} ${pick(r, WORDS)} ${pick(r, WORDS)}: ${pick(r, WORDS)}`,
  ]);
  return [
    { kind: 'tables', source: 'generated:csv', strings: [header.join(','), ...rows.map((x) => x.join(','))] },
    {
      kind: 'tables',
      source: 'generated:markdown',
      strings: [`| ${header.join(' | ')} |`, `|${header.map(() => ' --- |').join('')}`, ...rows.map((x) => `| ${x.join(' | ')} |`)],
    },
  ];
}

function logs(r: () => number): CorpusPart[] {
  const access = Array.from({ length: 1000 }, () => {
    const u = new URL(url(r));
    return `10.0.${Math.floor(r() * 255)}.${Math.floor(r() * 255)} - - [02/Dec/2026:0${Math.floor(r() * 10)}:${String(Math.floor(r() * 60)).padStart(2, '0')}:00 +0000] "${pick(r, ['GET', 'POST', 'PUT'])} ${u.pathname}${u.search} HTTP/1.1" ${pick(r, ['200', '201', '304', '404'])} ${Math.floor(r() * 90000)} "-" "curl/8.5.0"`;
  });
  const git = Array.from(
    { length: 500 },
    () => `${hex(r, 40)} ${pick(r, ['Fix', 'Add', 'Keep', 'Drop'])} the ${pick(r, WORDS)} ${pick(r, WORDS)} (${pick(r, ['#12', '#341', 'issue 7'])})`,
  );
  return [
    { kind: 'logs', source: 'generated:access-log', strings: access },
    { kind: 'logs', source: 'generated:git-log', strings: git },
  ];
}

function images(r: () => number): CorpusPart[] {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const strings: string[] = [];
  for (let i = 0; i < 200; i++) {
    const bytes = new Uint8Array(1024 + Math.floor(r() * 47 * 1024));
    bytes.set(png);
    for (let j = png.length; j < bytes.length; j++) bytes[j] = Math.floor(r() * 256);
    const b64 = Buffer.from(bytes).toString('base64');
    strings.push(i % 2 === 0 ? `data:image/png;base64,${b64}` : b64);
  }
  return [{ kind: 'base64', source: 'generated:png-base64', strings }];
}

/** The whole corpus: the repository's files as they are, then the generated parts (seed 41). */
export function benignCorpus(): CorpusPart[] {
  const r = prng(41);
  return [
    ...repoPart('prose', 'spec', /\.md$/),
    ...[join('README.md'), 'implementations/python/README.md', 'implementations/php/README.md', 'implementations/go/README.md', 'conformance/README.md'].map(
      (p) => ({ kind: 'prose' as const, source: p, strings: readFileSync(join(ROOT, p), 'utf8').split('\n') }),
    ),
    ...repoPart('code', 'reference-impl', /\.ts$/),
    ...repoPart('code', 'implementations/python/toolresult', /\.py$/),
    ...repoPart('code', 'implementations/php/src', /\.php$/),
    ...repoPart('code', 'implementations/go', /\.go$/),
    ...repoPart('json', 'schemas', /\.json$/),
    ...tables(r),
    ...logs(r),
    ...images(r),
  ];
}
