// The inspector's HTTP server: loopback only, a fixed set of routes, nothing read from disk but its
// own three assets. Every request's Host must name the address and port it bound (a page on another
// site that rebinds its DNS name to 127.0.0.1 sends its own name as Host, and is refused), and every
// page is served under a Content Security Policy that allows no inline script and no other origin.
// The store's bytes travel only as JSON, and the page puts them into the DOM as text.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { callView } from './call-view.ts';
import { CALL_STATES, MAX_PAGE, type CallQuery, type CallState, type LedgerSource } from './source.ts';
import { WARNING_DOCS } from './warnings.ts';

export const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const ASSETS: Record<string, { file: string; type: string }> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/app.js': { file: 'app.js', type: 'text/javascript; charset=utf-8' },
  '/app.css': { file: 'app.css', type: 'text/css; charset=utf-8' },
};

export interface InspectorOptions {
  readonly source: LedgerSource;
  /** Show the ledger entries (run-only data included), not only what the audit records keep. */
  readonly full: boolean;
  /** Let the page poll for calls that finish while it is open. */
  readonly follow: boolean;
  readonly host?: '127.0.0.1' | '::1';
  readonly port?: number;
}

export interface RunningInspector {
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

const assetText = (file: string): string => readFileSync(new URL(`./assets/${file}`, import.meta.url), 'utf8');

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Security-Policy': CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
    'Cross-Origin-Resource-Policy': 'same-origin',
  });
  res.end(body);
}

const json = (res: ServerResponse, status: number, v: unknown): void => send(res, status, 'application/json; charset=utf-8', JSON.stringify(v));

function intParam(v: string | null, fallback: number, max: number): number {
  if (v === null || !/^\d{1,9}$/.test(v)) return fallback;
  return Math.min(Number(v), max);
}

function query(params: URLSearchParams): CallQuery {
  const state = params.get('state');
  const warning = params.get('warning');
  const callId = params.get('callId');
  return {
    ...(callId ? { callId: callId.slice(0, 500) } : {}),
    ...(state && (CALL_STATES as readonly string[]).includes(state) ? { state: state as CallState } : {}),
    ...(warning && WARNING_DOCS.has(warning) ? { warning } : {}),
    offset: intParam(params.get('offset'), 0, 1e9),
    limit: intParam(params.get('limit'), 50, MAX_PAGE),
  };
}

/** The Host values this server answers to: its bound address and port, and localhost on that port. */
export function allowedHosts(host: string, port: number): Set<string> {
  const literal = host.includes(':') ? `[${host}]` : host;
  return new Set([`${literal}:${port}`, `localhost:${port}`]);
}

export async function startInspector(options: InspectorOptions): Promise<RunningInspector> {
  const host = options.host ?? '127.0.0.1';
  const assets = Object.fromEntries(Object.entries(ASSETS).map(([route, a]) => [route, { ...a, body: assetText(a.file) }]));
  let hosts = new Set<string>();
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!hosts.has(String(req.headers.host ?? '').toLowerCase()))
      return send(res, 421, 'text/plain; charset=utf-8', 'This inspector answers only to the loopback address it printed.\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain; charset=utf-8', 'Read only.\n');
    const url = new URL(req.url ?? '/', 'http://inspector.invalid');
    if (url.pathname === '/favicon.ico') return send(res, 204, 'text/plain; charset=utf-8', '');
    const asset = assets[url.pathname];
    if (asset) return send(res, 200, asset.type, asset.body);
    try {
      if (url.pathname === '/api/info') {
        return json(res, 200, {
          ledger: options.source.label,
          full: options.full,
          follow: options.follow,
          states: CALL_STATES,
          warnings: [...WARNING_DOCS.keys()],
        });
      }
      if (url.pathname === '/api/calls') {
        const page = await options.source.page(query(url.searchParams));
        // A row's warnings as codes of the closed set only: a hand-edited entry's strings stay out.
        return json(res, 200, { total: page.total, calls: page.calls.map((c) => ({ ...c, warnings: c.warnings.filter((w) => WARNING_DOCS.has(w)) })) });
      }
      if (url.pathname === '/api/call') {
        const id = url.searchParams.get('id');
        // The rest of the call's key (§7.3): a call ID may have calls in several scopes.
        const at = { scope: url.searchParams.get('scope') ?? '', fingerprint: url.searchParams.get('fingerprint') ?? '' };
        const record = id === null ? undefined : await options.source.call(id, at);
        if (record === undefined) return json(res, 404, { error: 'no such call' });
        return json(res, 200, callView(record, options.full));
      }
      if (url.pathname === '/api/mark' && options.follow) return json(res, 200, await options.source.mark());
    } catch (e) {
      // The store's error (a driver message names the file or the server, never an entry's bytes).
      return json(res, 500, { error: e instanceof Error ? e.message.slice(0, 300) : 'the ledger could not be read' });
    }
    return send(res, 404, 'text/plain; charset=utf-8', 'Not found.\n');
  };
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'The inspector failed on this request.\n');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  hosts = allowedHosts(host, port);
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/`,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
