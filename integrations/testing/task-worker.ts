// One process of the task tests (langchain/tasks.test.ts): a LangChain MCP tool of the integration,
// on a SQLite ledger and the task server (task-server.mjs) in the given folder, called once under
// the tool-call ID `call-1` in the thread `t1`. It prints one JSON line: the ToolMessage's content
// and status, the ledger entry of the call (its exact text), and how long the call took in ms.
// A test kills it (SIGKILL) while the task runs and starts another on the same files.
//   node --import tsx task-worker.ts DIR [DEADLINE_MS]
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSqliteLedger } from '../../reference-impl/ledger/sqlite.ts';
import { persist } from '../../reference-impl/internal.ts';
import { createSeam, loadMcpTools } from '../langchain/index.ts';

const [folder, deadline] = process.argv.slice(2);
if (!folder) throw new Error('usage: task-worker.ts DIR [DEADLINE_MS]');
const server = fileURLToPath(new URL('./task-server.mjs', import.meta.url));
// A short lease: the process after a killed one takes the call over soon after its lease runs out.
const ledger = openSqliteLedger(join(folder, 'ledger.db'), { leaseMs: 500 });
const seam = createSeam({ ledger, ...(deadline ? { deadlineMs: Number(deadline) } : {}) });
const client = new Client({ name: 'task-worker', version: '1.0.0' });
await client.connect(new StdioClientTransport({ command: process.execPath, args: [server, folder], stderr: 'inherit' }));
const tools = await loadMcpTools('t', client, seam);
const slow = tools.find((t) => t.name.endsWith('slow'))!;
const config = { configurable: { thread_id: 't1' } };
const started = performance.now();
const message = await slow.invoke({ id: 'call-1', name: slow.name, args: { city: 'Oslo' }, type: 'tool_call' }, config);
const ms = Math.round(performance.now() - started);
const result = await seam.result('call-1');
process.stdout.write(`${JSON.stringify({ content: message.content, status: message.status, entry: result ? persist(result) : null, ms })}\n`);
await client.close();
await ledger.close();
