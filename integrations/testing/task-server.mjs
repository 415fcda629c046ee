// An MCP server that answers tools/call with task handles of the 2026-07-28 tasks extension
// (`io.modelcontextprotocol/tasks`, SEP-2663), over stdio, written by hand: neither pinned SDK's
// server (the TypeScript SDK 1.32.2 and 2.0.0, the Python mcp 1.30) makes 2026-07-28 task handles,
// so the integrations' tests talk to this one. It speaks the messages a 1.x or 2.x client sends to
// call a tool (initialize, notifications/initialized, ping, tools/list, tools/call) and the
// extension's tasks/get and tasks/cancel; anything else is "Method not found" (a 2.x client then
// falls back from server/discover to initialize).
//
// Its tasks outlive the process: each is a file in the state folder (argv[2]), so a client process
// that is killed and started again, with a new server process, polls the same task. The folder
// also holds `events`, one line per event the tests count:
//   run:<taskId>        the tool `slow` started (the server's execution counter)
//   get:<taskId>        a tasks/get of that task
//   cancel:<taskId>     a tasks/cancel of that task
//   ask                 the tool `ask` answered with an input-required result
// A task of `slow` finishes when the file `release` exists in the folder (the test decides when,
// never a clock); then tasks/get answers `completed` with the CallToolResult. A task whose file
// holds `"lost": true` is unknown to tasks/get, as an expired task is.
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';

const folder = process.argv[2];
if (!folder) throw new Error('usage: task-server.mjs STATE_FOLDER');
const note = (line) => appendFileSync(join(folder, 'events'), `${line}\n`);
const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
const VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];
const POLL_MS = Number(process.env.TOOLRESULT_TASK_POLL_MS ?? '50');
// Task IDs are files: only the form this server makes is looked up, so a client's ID never names a path.
const TASK_ID = /^task-[0-9a-f-]{36}$/;
const SERVER_INFO = { name: 'task-fixture', version: '1.0.0' };

const taskFile = (taskId) => join(folder, `${taskId}.json`);
const readTask = (taskId) => (TASK_ID.test(taskId) && existsSync(taskFile(taskId)) ? JSON.parse(readFileSync(taskFile(taskId), 'utf8')) : undefined);
const writeTask = (task) => writeFileSync(taskFile(task.taskId), JSON.stringify(task));

/** The task's status now: cancelled stays so, else completed once released. */
function statusOf(task) {
  if (task.status === 'cancelled') return 'cancelled';
  return existsSync(join(folder, 'release')) ? 'completed' : 'working';
}

/** The Task members every task answer carries (2026-07-28: `ttlMs`, `pollIntervalMs`). */
function taskMembers(task, status) {
  return { taskId: task.taskId, status, createdAt: task.createdAt, lastUpdatedAt: new Date().toISOString(), ttlMs: null, pollIntervalMs: POLL_MS };
}

/** The CallToolResult of a finished `slow` task: text for the model and a structured value. */
function finalResult(task) {
  return {
    resultType: 'complete',
    content: [{ type: 'text', text: `slow result for ${task.city}` }],
    structuredContent: { city: task.city, answer: 42 },
    _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO },
  };
}

function onToolCall(id, params) {
  if (params?.name === 'ask') {
    note('ask');
    return send({
      id,
      result: {
        resultType: 'input_required',
        inputRequests: { confirm: { method: 'elicitation/create', params: { message: 'Proceed?', requestedSchema: { type: 'object', properties: {} } } } },
        requestState: 'state-1',
      },
    });
  }
  if (params?.name !== 'slow') return send({ id, result: { resultType: 'complete', content: [{ type: 'text', text: 'unknown tool' }], isError: true } });
  const now = new Date().toISOString();
  const task = { taskId: `task-${randomUUID()}`, status: 'working', createdAt: now, city: String(params.arguments?.city ?? '') };
  // The task is durable before the handle is sent (the extension's MUST).
  writeTask(task);
  note(`run:${task.taskId}`);
  send({ id, result: { resultType: 'task', ...taskMembers(task, 'working') } });
}

function onRequest({ id, method, params }) {
  if (method === 'initialize') {
    const asked = params?.protocolVersion;
    return send({
      id,
      result: {
        protocolVersion: VERSIONS.includes(asked) ? asked : '2025-11-25',
        capabilities: { tools: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } },
        serverInfo: SERVER_INFO,
      },
    });
  }
  // 2026-07-28 (stateless): a client of that era asks server/discover instead of initialize.
  if (method === 'server/discover') {
    const capabilities = { tools: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } };
    return send({
      id,
      result: { resultType: 'complete', ttlMs: 0, cacheScope: 'private', supportedVersions: ['2026-07-28'], capabilities, serverInfo: SERVER_INFO },
    });
  }
  if (method === 'ping') return send({ id, result: {} });
  if (method === 'tools/list') {
    const input = { type: 'object', properties: { city: { type: 'string' } } };
    return send({
      id,
      result: {
        resultType: 'complete',
        ttlMs: 0,
        cacheScope: 'private',
        tools: [
          { name: 'slow', description: 'A long lookup that runs as a task.', inputSchema: input },
          { name: 'ask', description: 'A tool that asks the user first.', inputSchema: input },
        ],
      },
    });
  }
  if (method === 'tools/call') return onToolCall(id, params);
  if (method === 'tasks/get' || method === 'tasks/cancel') {
    const task = readTask(params?.taskId);
    if (!task || task.lost) return send({ id, error: { code: -32602, message: 'Task not found' } });
    note(`${method === 'tasks/get' ? 'get' : 'cancel'}:${task.taskId}`);
    if (method === 'tasks/cancel') {
      if (statusOf(task) === 'working') writeTask({ ...task, status: 'cancelled' });
      return send({ id, result: { resultType: 'complete' } });
    }
    const status = statusOf(task);
    return send({ id, result: { resultType: 'complete', ...taskMembers(task, status), ...(status === 'completed' ? { result: finalResult(task) } : {}) } });
  }
  return send({ id, error: { code: -32601, message: 'Method not found' } });
}

let buffered = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffered += chunk;
  let newline;
  while ((newline = buffered.indexOf('\n')) >= 0) {
    const line = buffered.slice(0, newline).trim();
    buffered = buffered.slice(newline + 1);
    if (!line) continue;
    const message = JSON.parse(line);
    if (message.id !== undefined && message.method) onRequest(message);
  }
});
process.stdin.on('end', () => process.exit(0));
