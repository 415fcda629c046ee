// One fake provider on a loopback HTTP/1.1 server, in the adapter's own process: for a client that
// takes a base URL but no `fetch` (the AWS SDK's BedrockRuntimeClient under @langchain/aws, a client
// that calls the global fetch). The bodies are recorded by the same FakeProvider as in-process rows.
// HTTP/1.1 only: the AWS SDK for JavaScript streams over HTTP/2 by default, so its client is given
// `requestHandler: new NodeHttpHandler()` (@smithy/node-http-handler), as the SDK's docs say.
import { createServer } from 'node:http';
import type { FakeProvider } from './fake-provider.ts';

/** A request body larger than this is refused (the largest case is far below). */
const MAX_BODY = 64 * 1024 * 1024;

export interface FakeProviderServer {
  /** `http://127.0.0.1:<port>`: the provider's root (Bedrock's endpoint; Gemini clients add `/v1beta/...`). */
  readonly url: string;
  close(): Promise<void>;
}

export async function serveFakeProvider(fake: FakeProvider): Promise<FakeProviderServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      fake
        .fetch(`http://127.0.0.1${req.url ?? '/'}`, { method: req.method ?? 'POST', headers, ...(hasBody ? { body: Buffer.concat(chunks) } : {}) })
        .then(async (r) => {
          const body = Buffer.from(await r.arrayBuffer());
          res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/octet-stream', 'content-length': String(body.length) });
          res.end(body);
        })
        .catch((e: unknown) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: e instanceof Error ? e.message : String(e) }));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
