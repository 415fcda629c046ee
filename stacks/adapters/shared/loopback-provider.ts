// The fake provider on a real HTTP/1.1 socket on 127.0.0.1, inside the adapter's own process, for
// provider packages that take no `fetch`: @google/generative-ai (under @langchain/google-genai) and
// @google/genai call the global fetch, and the AWS SDK under @langchain/aws speaks through its own
// request handler. Each is given this server's URL as its base URL or endpoint, so the request goes
// out exactly as the package builds it (headers, signature, streaming) and is answered by the step's
// fake provider (`use`), the same code every other row meets. Nothing leaves the machine.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeProvider } from './fake-provider.ts';

export interface LoopbackProvider {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** The fake provider that answers from now on (one per step). */
  use(fake: FakeProvider): void;
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

export async function startLoopbackProvider(): Promise<LoopbackProvider> {
  let current: FakeProvider | undefined;
  const server = createServer((req, res) => {
    void (async () => {
      try {
        const body = await read(req);
        if (!current) throw new Error('no step is running');
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
        const method = req.method ?? 'GET';
        const answer = await current.fetch(
          new Request(new URL(req.url ?? '/', 'http://127.0.0.1'), {
            method,
            headers,
            ...(body.length > 0 && method !== 'GET' && method !== 'HEAD' ? { body: new Uint8Array(body) } : {}),
          }),
        );
        const out = Buffer.from(await answer.arrayBuffer());
        const outHeaders: Record<string, string> = {};
        answer.headers.forEach((v, k) => {
          if (k !== 'content-length') outHeaders[k] = v;
        });
        res.writeHead(answer.status, { ...outHeaders, 'content-length': String(out.length) });
        res.end(out);
      } catch (e) {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: e instanceof Error ? e.message : String(e) } }));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The adapter process ends with its input; the server must not keep it alive.
  server.unref();
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    use: (fake) => {
      current = fake;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
