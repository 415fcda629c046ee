// A misbehaving MCP server for the deadline tests, over stdio in a process of its own. It speaks the
// few JSON-RPC messages a client sends to call one tool (initialize, tools/list, tools/call, ping,
// notifications/cancelled) by hand, without the MCP SDK: plain JS with no imports to load starts in a
// fraction of the SDK server's time, which the tests would otherwise spend once per case. argv[2] is
// how its one tool, `lookup`, answers:
//   hang      never
//   die       the process exits as the call arrives (its pipes close mid-call)
//   late:MS   a success after MS milliseconds
//   stuck     its event loop blocks as the call arrives (Atomics.wait, no CPU spent): it never reads
//             stdin again, so it never sees stdin close nor a cancellation; only a signal ends it
// argv[3] is a file it appends one line to per event: `call`, `cancelled` (the client's
// notifications/cancelled for the pending call), `answered` (the late answer was sent). Its process
// ID goes to `<argv[3]>.pid`, so a test can end a stuck server it started.
import { appendFileSync, writeFileSync } from 'node:fs';

const [mode = 'hang', events] = process.argv.slice(2);
const note = (line) => {
  if (events) appendFileSync(events, `${line}\n`);
};
if (events) writeFileSync(`${events}.pid`, String(process.pid));
const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
const VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];
const pending = new Set();

function onRequest({ id, method, params }) {
  if (method === 'initialize') {
    const asked = params?.protocolVersion;
    return send({
      id,
      result: {
        protocolVersion: VERSIONS.includes(asked) ? asked : '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'deadline-fixture', version: '1.0.0' },
      },
    });
  }
  if (method === 'ping') return send({ id, result: {} });
  if (method === 'tools/list')
    return send({ id, result: { tools: [{ name: 'lookup', description: 'Looks an invoice up.', inputSchema: { type: 'object', properties: {} } }] } });
  if (method !== 'tools/call') return send({ id, error: { code: -32601, message: 'Method not found' } });
  note('call');
  pending.add(id);
  if (mode === 'die') process.exit(3);
  if (mode === 'stuck') Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  if (mode.startsWith('late:')) {
    setTimeout(
      () => {
        note('answered');
        send({ id, result: { content: [{ type: 'text', text: 'the late answer' }] } });
      },
      Number(mode.slice(5)),
    );
  }
}

let buffer = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffer += chunk;
  for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
    const line = buffer.slice(0, nl).trim();
    buffer = buffer.slice(nl + 1);
    if (line === '') continue;
    const message = JSON.parse(line);
    if (message.method === 'notifications/cancelled' && pending.has(message.params?.requestId)) note('cancelled');
    else if (message.method !== undefined && message.id !== undefined) onRequest(message);
  }
});
process.stdin.on('end', () => process.exit(0));
