// The durability floor of a ledger call, in a worker process of its own: the same two writes a call
// makes (a claim row, then its entry), each committed as durably as the store commits it, with none
// of the ledger's logic (no token check, lease, entry text, notification). The ledger bench runs as
// many of these as it runs ledger workers and compares the rates.
//   tsx ledger-floor-worker.ts '{"backend":"sqlite","path":"…"}'   then "go <first> <count>" on stdin
import { createInterface } from 'node:readline';

const config = JSON.parse(process.argv[2] ?? '{}') as { backend: string; path?: string; connection?: Record<string, unknown> };
const entry = Buffer.from(JSON.stringify({ result: { artifacts: [], content: 'floor', isError: false, warnings: [] }, version: 1 }));

async function writer(): Promise<{ call(id: string): Promise<void>; close(): Promise<void> }> {
  if (config.backend === 'sqlite') {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(config.path!, { timeout: 30_000 });
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('CREATE TABLE IF NOT EXISTS floor (id TEXT PRIMARY KEY, state TEXT, entry BLOB, at INTEGER)');
    const claim = db.prepare("INSERT INTO floor (id, state, at) VALUES (?, 'claimed', ?)");
    const finish = db.prepare("UPDATE floor SET state = 'stored', entry = ? WHERE id = ?");
    return {
      call: async (id) => {
        claim.run(id, Date.now());
        finish.run(entry, id);
      },
      close: async () => void db.close(),
    };
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client(config.connection);
  client.on('error', () => {}); // the bench stops the cluster after the run
  await client.connect();
  await client.query('CREATE TABLE IF NOT EXISTS floor (id text PRIMARY KEY, state text, entry bytea, at timestamptz)').catch(() => {});
  return {
    call: async (id) => {
      await client.query("INSERT INTO floor (id, state, at) VALUES ($1, 'claimed', now())", [id]);
      await client.query("UPDATE floor SET state = 'stored', entry = $2 WHERE id = $1", [id, entry]);
    },
    close: () => client.end(),
  };
}

const w = await writer();
process.stdout.write('ready\n');
for await (const line of createInterface({ input: process.stdin })) {
  const [verb, prefix, count] = line.split(' ');
  if (verb !== 'go') break;
  for (let i = 0; i < Number(count); i++) await w.call(`${prefix}-${i}`);
  process.stdout.write('done\n');
}
await w.close();
