// A fake telemetry collector on 127.0.0.1 for the egress checks (TR-STACK-18/19): an HTTP server that
// accepts every POST (OTLP/HTTP `/v1/traces`, LangSmith's `/runs/batch` and `/runs/multipart`, the
// Agents SDK's `/traces/ingest`) and records its body as it arrived, gzip or deflate undone, so a
// stack's exporter pointed here is read exactly as a real collector would receive it. A GET (the
// LangSmith client's `/info`) answers `{}`: the client then keeps its defaults. Nothing is forwarded.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';

export interface CollectedBody {
  readonly where: string;
  /** The body's octets, each as one code point U+0000–U+00FF (latin1). */
  readonly text: string;
}

export interface Collector {
  /** The collector's root, `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Every body received since the last call, in order; the list starts empty again. */
  take(): CollectedBody[];
  close(): Promise<void>;
}

function read(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The body as sent, before its content encoding. */
function decoded(body: Buffer, encoding: string | undefined): Buffer {
  try {
    if (encoding === 'gzip') return gunzipSync(body);
    if (encoding === 'deflate') return inflateSync(body);
  } catch {
    /* not what it said it was: keep the octets that arrived */
  }
  return body;
}

export async function startCollector(): Promise<Collector> {
  let bodies: CollectedBody[] = [];
  const server: Server = createServer((req, res) => {
    read(req).then(
      (raw) => {
        if (req.method === 'POST' || req.method === 'PUT' || req.method === 'PATCH') {
          const body = decoded(raw, req.headers['content-encoding']);
          bodies.push({ where: `${req.method} ${req.url ?? '/'}`, text: body.toString('latin1') });
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      },
      () => {
        res.writeHead(400);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // An exporter's keep-alive socket must not hold the adapter process open.
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    take() {
      const out = bodies;
      bodies = [];
      return out;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
