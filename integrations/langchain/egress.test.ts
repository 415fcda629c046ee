// toolresult-protocol/langchain in a LangGraph agent with a real checkpointer (SqliteSaver on a temp
// file) and a callback handler: after a success and an error result with canaries in every run-only
// channel, no canary stands in the checkpoint database's octets or in what the callbacks were given,
// and the program still reads the whole result through the seam (issue 50, spec/11-stacks.md §11.7).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { auditRecord } from '../../reference-impl/internal.ts';
import { fixture, inMemory, TOOL } from '../../test/support/mcp-server.ts';
import { canariesIn, EGRESS, EGRESS_ERROR, EGRESS_SUCCESS, ERROR_TEXT, filesOf, holds, MODEL_TEXT, textStore } from '../testing/egress.ts';
import { createSeam, loadMcpTools, type ToolResultSeam } from './index.ts';

class ScriptedModel extends BaseChatModel {
  #turn = 0;
  constructor(private readonly callId: string) {
    super({});
  }
  _llmType(): string {
    return 'scripted';
  }
  override bindTools(): this {
    return this;
  }
  async _generate(_messages: BaseMessage[]): Promise<ChatResult> {
    this.#turn += 1;
    const message =
      this.#turn === 1
        ? new AIMessage({ content: '', tool_calls: [{ id: this.callId, name: TOOL, args: { invoice: 'INV-1' }, type: 'tool_call' }] })
        : new AIMessage({ content: 'done' });
    return { generations: [{ text: '', message }] };
  }
}

const dir = mkdtempSync(join(tmpdir(), 'trp-langgraph-egress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One agent step in `thread` over a server answering `result`, checkpointed to the test's SQLite file. */
async function step(seam: ToolResultSeam, saver: SqliteSaver, thread: string, callId: string, result: Record<string, unknown>, callbackText: string[]) {
  const f = fixture({ result });
  const probe = await inMemory(f);
  const client = new Client({ name: 'egress-test', version: '1.0.0' });
  try {
    await client.connect(probe.transport);
    const agent = createReactAgent({ llm: new ScriptedModel(callId), tools: await loadMcpTools('billing', client, seam), checkpointSaver: saver });
    const handler = { handleToolEnd: (output: unknown) => void callbackText.push(JSON.stringify(output)) };
    await agent.invoke({ messages: [{ role: 'user', content: 'Look INV-1 up.' }] }, { configurable: { thread_id: thread }, callbacks: [handler] });
  } finally {
    await client.close();
    await probe.close();
  }
}

describe('langchain integration: no run-only byte in a LangGraph checkpoint (SqliteSaver) or a callback', () => {
  it('a success and an error result: the database file and the callbacks hold no canary; the seam gives the whole results', async () => {
    const seam = createSeam();
    const db = join(dir, 'metadata');
    mkdirSync(db);
    const saver = SqliteSaver.fromConnString(join(db, 'checkpoints.db'));
    const callbacks: string[] = [];
    await step(seam, saver, 'thread-ok', 'call_ok', EGRESS_SUCCESS, callbacks);
    await step(seam, saver, 'thread-err', 'call_err', EGRESS_ERROR, callbacks);
    const stores = [...filesOf(db), ...callbacks.map((t, i) => textStore(`callback handleToolEnd ${i}`, t))];
    // The stores hold the calls (the model text of both), so finding no canary is a finding.
    expect(holds(filesOf(db), MODEL_TEXT) && holds(filesOf(db), ERROR_TEXT)).toBe(true);
    expect(canariesIn(stores), `stores: ${stores.map((s) => s.where).join(', ')}`).toEqual([]);

    // The program reads each result by call ID: in this process without more, after a restart with the call's place.
    const ok = (await seam.result('call_ok'))!;
    expect(JSON.stringify(ok.structured)).toContain(EGRESS.structured);
    const at = { scope: 'thread-err', tool: TOOL, arguments: { invoice: 'INV-1' } };
    const err = (await seam.result('call_err', at))!;
    expect(err.isError).toBe(true);
    expect(JSON.stringify(err.structured)).toContain(EGRESS.errorBody);
    // Another thread's call of the same ID is another call: nothing is found there.
    expect(await seam.result('call_err', { ...at, scope: 'thread-ok' })).toBeUndefined();

    // What the checkpoint keeps of the call is exactly the audit record at the seam's level.
    const state = await saver.getTuple({ configurable: { thread_id: 'thread-ok' } });
    expect(state).toBeDefined();
    const messages = (state!.checkpoint.channel_values as { messages: { artifact?: unknown; getType(): string }[] }).messages;
    expect(messages.filter((m) => m.getType() === 'tool').map((m) => m.artifact)).toEqual([auditRecord(ok, ['metadata'])]);
  });

  it('the search finds what a store holds: at privacy "full" the checkpoint holds the structured value (the level is the program\'s choice)', async () => {
    const full = join(dir, 'full');
    rmSync(full, { recursive: true, force: true });
    mkdirSync(full);
    const saver = SqliteSaver.fromConnString(join(full, 'checkpoints.db'));
    await step(createSeam({ privacy: 'full' }), saver, 'thread-full', 'call_full', EGRESS_SUCCESS, []);
    expect(canariesIn(filesOf(full))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^structured in checkpoints\.db/), expect.stringMatching(/^structuredName in /)]),
    );
  });
});
