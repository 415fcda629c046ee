// toolresult-protocol/mastra and a server that answers with 2026-07-28 tasks
// (integrations/testing/task-server.mjs over stdio). Mastra's MCP SDK 2.0.0 client negotiates
// 2026-07-28 and then refuses a task handle (SdkError UNSUPPORTED_RESULT_TYPE) without handing the
// task up, so nothing can poll it: the call ends as the task-unfollowed result, stored, and the
// tool is never called again. An input request it cannot fulfil (no elicitation handler) fails in
// the client: a tool failure.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MCPClient } from '@mastra/mcp';
import { afterEach, describe, expect, it } from 'vitest';
import { InMemoryLedger } from '../../reference-impl/internal.ts';
import { TASK_UNFOLLOWED_TEXT } from '../../reference-impl/index.ts';
import { createSeam, mcpTools } from './index.ts';

const SERVER = fileURLToPath(new URL('../testing/task-server.mjs', import.meta.url));
const folders: string[] = [];
afterEach(() => {
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

describe('mastra integration: a tool whose server answers with a task', () => {
  it('TR-REPLAY-50: ends unfollowed and stored (the 2.0.0 client hides the task); the tool runs once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tr-task-'));
    folders.push(dir);
    const mcp = new MCPClient({ id: 'tasks-1', servers: { t: { command: process.execPath, args: [SERVER, dir] } } });
    const ledger = new InMemoryLedger();
    const seam = createSeam({ ledger });
    try {
      const tools = (await mcpTools(mcp, seam)) as Record<string, { execute: (input: unknown, context: unknown) => Promise<unknown> }>;
      const context = { agent: { toolCallId: 'call-1', threadId: 'th' } };
      await tools.t_slow!.execute({ city: 'Oslo' }, context);
      await tools.t_slow!.execute({ city: 'Oslo' }, context);
      const result = (await seam.result('call-1'))!;
      expect(result.content).toBe(TASK_UNFOLLOWED_TEXT);
      expect(result.warnings.map((w) => w.code)).toEqual(['mcp.task_unfollowed']);
      const runs = readFileSync(join(dir, 'events'), 'utf8')
        .split('\n')
        .filter((e) => e.startsWith('run:'));
      expect(runs).toHaveLength(1);
    } finally {
      await mcp.disconnect();
    }
  }, 60_000);
});
