// The fake provider and the probe MCP server on loopback HTTP, for adapters whose stack runs in
// another process (the Python stacks): their provider packages and MCP clients speak real HTTP to
// 127.0.0.1, and the answers come from the same code the in-process adapters use
// (fake-provider.ts, probe-server.ts), so every row meets one implementation of each format.
//
// One server per adapter process, one session per agent step:
//   POST   /sessions              {result, outputSchema?, provider} -> {id, mcp, provider}
//   *      /s/<id>/mcp            the probe server over Streamable HTTP (stateless, JSON responses)
//   POST   /s/<id>/provider/...   the fake provider of the session's format (JSON, SSE, or an AWS event stream)
//   GET    /s/<id>/record         {bodies, paths}: every provider body of the session, parsed, in order
//   DELETE /s/<id>                forget the session
// It listens on 127.0.0.1 only, on a port the system picks, and prints {"port": N} as its first line
// on stdout. It ends when its standard input ends, so it never outlives the adapter that started it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { ALL_PROVIDERS, fakeProvider, type FakeProvider, type ProviderId } from './fake-provider.ts';
import { inProcessFetch, type ProbeCase } from './probe-server.ts';

interface Session {
  readonly provider: FakeProvider;
  readonly mcp: (url: string | URL | Request, init?: RequestInit) => Promise<Response>;
}

/** A request body larger than this is refused (the largest case, a 1,000,000-character text, is far below). */
const MAX_BODY = 64 * 1024 * 1024;

const sessions = new Map<string, Session>();

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('request body too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function send(res: ServerResponse, r: Response): Promise<void> {
  const headers: Record<string, string> = {};
  r.headers.forEach((v, k) => {
    headers[k] = v;
  });
  const body = Buffer.from(await r.arrayBuffer());
  delete headers['content-length'];
  res.writeHead(r.status, { ...headers, 'content-length': String(body.length) });
  res.end(body);
}

const reply = (status: number, v: unknown): Response => new Response(JSON.stringify(v), { status, headers: { 'content-type': 'application/json' } });

function isProbeCase(v: unknown): v is ProbeCase & { provider: ProviderId } {
  const o = v as Record<string, unknown> | null;
  return (
    typeof o === 'object' &&
    o !== null &&
    typeof o['result'] === 'object' &&
    o['result'] !== null &&
    !Array.isArray(o['result']) &&
    (o['outputSchema'] === undefined || (typeof o['outputSchema'] === 'object' && o['outputSchema'] !== null)) &&
    ALL_PROVIDERS.includes(o['provider'] as ProviderId)
  );
}

async function handle(req: IncomingMessage, base: string): Promise<Response> {
  const url = new URL(req.url ?? '/', base);
  const body = await readBody(req);
  if (url.pathname === '/sessions' && req.method === 'POST') {
    let c: unknown;
    try {
      c = JSON.parse(body.toString('utf8'));
    } catch {
      return reply(400, { error: 'POST /sessions takes JSON' });
    }
    if (!isProbeCase(c)) return reply(400, { error: `POST /sessions takes {result: object, outputSchema?: object, provider: ${ALL_PROVIDERS.join(' | ')}}` });
    const id = randomUUID();
    sessions.set(id, {
      provider: fakeProvider(c.provider),
      mcp: inProcessFetch({ result: c.result, ...(c.outputSchema ? { outputSchema: c.outputSchema } : {}) }),
    });
    return reply(201, { id, mcp: `${base}/s/${id}/mcp`, provider: `${base}/s/${id}/provider` });
  }
  const m = /^\/s\/([0-9a-f-]{36})(\/.*)?$/.exec(url.pathname);
  const session = m ? sessions.get(m[1]!) : undefined;
  if (!m || !session) return reply(404, { error: `no such session or route: ${req.method} ${url.pathname.slice(0, 80)}` });
  const rest = m[2] ?? '';
  if (rest === '' && req.method === 'DELETE') {
    sessions.delete(m[1]!);
    return new Response(null, { status: 204 });
  }
  if (rest === '/record' && req.method === 'GET') return reply(200, { bodies: session.provider.bodies, paths: session.provider.paths });
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
  const init: RequestInit = {
    method: req.method ?? 'GET',
    headers,
    ...(body.length > 0 && req.method !== 'GET' && req.method !== 'HEAD' ? { body: new Uint8Array(body) } : {}),
  };
  if (rest === '/mcp') return session.mcp(new Request(url, init));
  if (rest.startsWith('/provider/'))
    return session.provider.fetch(new Request(new URL(rest.slice('/provider'.length) + url.search, 'http://fake.provider'), init));
  return reply(404, { error: `no route ${req.method} ${rest.slice(0, 80)}` });
}

const server = createServer((req, res) => {
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  handle(req, base)
    .then((r) => send(res, r))
    .catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: e instanceof Error ? e.message : String(e) }));
    });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`);
});
process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
process.stdin.resume();
