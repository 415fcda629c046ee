// toolresult-protocol/openai-agents in a run that suspends for a human approval: the serialized
// RunState (result.state.toString(), the suspend payload a program stores to resume later) holds the
// run items of the integration's calls, a success and an error result with canaries in every run-only
// channel, and no canary; the program still reads both results through the seam, and the state
// resumes (issue 50, spec/11-stacks.md §11.7).
import { describe, expect, it } from 'vitest';
import {
  Agent,
  MCPServerStdio,
  RunState,
  Runner,
  Usage,
  run,
  setTraceProcessors,
  setTracingDisabled,
  tool,
  type Model,
  type ModelRequest,
  type ModelResponse,
} from '@openai/agents';
import { Client } from '@modelcontextprotocol/client';
import { auditRecord } from '../../reference-impl/internal.ts';
import { fixture, inMemory, type Fixture } from '../../test/support/mcp-server.ts';
import { canariesIn, EGRESS, EGRESS_ERROR, EGRESS_SUCCESS, ERROR_TEXT, holds, MODEL_TEXT, textStore } from '../testing/egress.ts';
import { createSeam, mcpTools, type ToolResultSeam } from './index.ts';

setTracingDisabled(true);

/** Turn 1: both MCP tools; turn 2: the tool that needs approval; then an answer. */
class ScriptedModel implements Model {
  #turn = 0;
  async getResponse(_request: ModelRequest): Promise<ModelResponse> {
    this.#turn += 1;
    const call = (callId: string, name: string) => ({
      type: 'function_call' as const,
      callId,
      name,
      arguments: '{"invoice":"INV-1"}',
      status: 'completed' as const,
    });
    const output =
      this.#turn === 1
        ? [call('call_ok', 'lookup'), call('call_err', 'lookup_error')]
        : this.#turn === 2
          ? [call('call_pay', 'pay')]
          : [{ type: 'message' as const, role: 'assistant' as const, status: 'completed' as const, content: [{ type: 'output_text' as const, text: 'done' }] }];
    return { usage: new Usage(), output };
  }
  // biome-ignore lint/correctness/useYield: a model that refuses to stream throws before its first item
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error('the scripted model does not stream');
  }
}

/** The SDK's own stdio server with its connect swapped for an in-memory link (its client and callToolResult run unchanged). */
async function server(name: string, f: Fixture) {
  const probe = await inMemory(f);
  const s = new MCPServerStdio({ name, command: 'unused', cacheToolsList: false });
  const underlying = (s as unknown as { underlying: { connect(): Promise<void>; session: unknown; transport: unknown } }).underlying;
  underlying.connect = async () => {
    const client = new Client({ name, version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } } as never);
    await client.connect(probe.transport as never);
    underlying.session = client;
    underlying.transport = probe.transport;
  };
  await s.connect();
  return { s, close: async () => (await s.close(), await probe.close()) };
}

async function suspendedRun(seam: ToolResultSeam, groupId?: string) {
  const ok = await server('billing', fixture({ result: EGRESS_SUCCESS }));
  const err = await server('errors', fixture({ result: EGRESS_ERROR }, undefined, { name: 'lookup_error', description: 'Fails to look an invoice up.' }));
  try {
    const pay = tool({
      name: 'pay',
      description: 'Pays an invoice.',
      parameters: { type: 'object', properties: {}, required: [], additionalProperties: true },
      strict: false,
      needsApproval: true,
      execute: async () => 'paid',
    });
    const agent = new Agent({
      name: 'billing',
      instructions: 'Use the tools.',
      model: new ScriptedModel(),
      tools: [...(await mcpTools(ok.s, seam)), ...(await mcpTools(err.s, seam)), pay],
    });
    // The group is the Runner's (RunConfig.groupId), the SDK's name for a conversation.
    const result = await new Runner(groupId ? { groupId } : {}).run(agent, 'Look INV-1 up and pay it.', { maxTurns: 5 });
    return { agent, result };
  } finally {
    await ok.close();
    await err.close();
  }
}

/** Every customData member anywhere in a parsed state. */
function customDataIn(v: unknown, out: unknown[] = []): unknown[] {
  if (Array.isArray(v)) for (const x of v) customDataIn(x, out);
  else if (typeof v === 'object' && v !== null) {
    for (const [k, x] of Object.entries(v)) {
      if (k === 'customData') out.push(x);
      else customDataIn(x, out);
    }
  }
  return out;
}

describe('openai-agents integration: no run-only byte in the serialized RunState of a suspended run', () => {
  it('the suspend payload holds both calls, no canary; the seam gives the whole results; the state resumes', async () => {
    const seam = createSeam({ scope: 'conversation-7' });
    const { agent, result } = await suspendedRun(seam);
    expect(result.interruptions.map((i) => i.rawItem.type === 'function_call' && i.rawItem.callId)).toEqual(['call_pay']);
    const state = result.state.toString();
    const stores = [textStore('RunState.toString()', state)];
    expect(holds(stores, MODEL_TEXT) && holds(stores, ERROR_TEXT)).toBe(true);
    expect(canariesIn(stores)).toEqual([]);

    const at = { tool: 'lookup_error', arguments: { invoice: 'INV-1' } };
    const okResult = (await seam.result('call_ok'))!;
    const errResult = (await seam.result('call_err', at))!;
    expect(JSON.stringify(okResult.structured)).toContain(EGRESS.structured);
    expect(JSON.stringify(errResult.structured)).toContain(EGRESS.errorBody);
    // The seam's scope option is the call's scope here (tracing off: no run group is visible).
    expect(await seam.result('call_err', { ...at, scope: '' })).toBeUndefined();
    expect(await seam.result('call_err', { ...at, scope: 'conversation-7' })).toBeDefined();

    // The items the state keeps carry exactly the audit records; the state restores and resumes.
    expect(customDataIn(JSON.parse(state))).toEqual(expect.arrayContaining([auditRecord(okResult, ['metadata']), auditRecord(errResult, ['metadata'])]));
    const restored = await RunState.fromString(agent, state);
    for (const i of restored.getInterruptions()) restored.approve(i);
    const resumed = await run(agent, restored);
    expect(resumed.finalOutput).toBe('done');
  });

  it('the search finds what the state holds: at privacy "full" the suspend payload holds the structured value', async () => {
    const { result } = await suspendedRun(createSeam({ privacy: 'full' }));
    expect(canariesIn([textStore('RunState.toString()', result.state.toString())])).toEqual(expect.arrayContaining([expect.stringMatching(/^structured in /)]));
  });

  it("with tracing on, the run's groupId is the calls' scope (the seam's option is not)", async () => {
    // No processor: the traces go nowhere (this test is about what the tool sees, not the export).
    setTraceProcessors([]);
    setTracingDisabled(false);
    try {
      const seam = createSeam({ scope: 'the-option' });
      await suspendedRun(seam, 'thread-9');
      const at = { tool: 'lookup', arguments: { invoice: 'INV-1' } };
      expect(await seam.result('call_ok', { ...at, scope: 'thread-9' })).toBeDefined();
      expect(await seam.result('call_ok', { ...at, scope: 'the-option' })).toBeUndefined();
    } finally {
      setTracingDisabled(true);
    }
  });
});
