// Stack adapter: a Mastra Agent over tools from @mastra/mcp's MCPClient, through a real AI SDK
// provider package (Mastra runs AI SDK models) whose fetch is the fake provider; the model interface
// is the prompt that provider is handed. Mastra's MCP client speaks stdio or Streamable HTTP; it is
// given the probe server over HTTP through its `fetch` option, answered in process (no socket).
// Modes, which decide what tools/list advertises whatever the case says: `no-schema` (generate, no
// outputSchema), `schema` (generate, outputSchema {type: "object"} advertised for every success that
// has structuredContent; the MCP client refuses a success without it), `stream` (agent.stream, no
// outputSchema; the provider answers in SSE).
// Persisted: the agent has Memory (@mastra/memory) over a LibSQLStore (@mastra/libsql) on a temporary
// database file, as Mastra's message-history docs set it up; the step runs in thread "probe" of
// resource "probe-user", and the file is read back after the step. Telemetry: the agent runs in a
// `Mastra` whose `observability` is `new Observability({ configs: { default: { exporters:
// [new MastraStorageExporter(), new MastraPlatformExporter()] } } })`, the setup of @mastra/observability's
// README and Mastra's tracing docs; the platform exporter's `endpoint` is the fake collector (it posts
// span batches to `/ai/spans/publish`, with a made-up access token, without which it stays disabled),
// and the storage exporter writes the spans into the Mastra storage, the same LibSQLStore as the
// memory, so they are persisted state too. Spans carry inputs and outputs by default (TracingOptions
// hideInput/hideOutput are off unless set); a step asked with telemetry "content" passes both as
// false, the same. The observability instance is shut down (every exporter flushed) before the step
// returns.
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core';
import { MastraPlatformExporter, MastraStorageExporter, Observability } from '@mastra/observability';
import { startCollector } from '../shared/telemetry-collector.ts';
import { MCPClient } from '@mastra/mcp';
import { Memory } from '@mastra/memory';
import { LibSQLStore } from '@mastra/libsql';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inProcessFetch, TOOL_NAME } from '../shared/probe-server.ts';
import { aiSdkModel, AI_SDK_PROVIDER_PACKAGES } from '../shared/ai-sdk-providers.ts';
import { ALL_PROVIDERS, stepProvider } from '../shared/fake-provider.ts';
import { createSeam, mcpTools } from '../../../integrations/mastra/index.ts';
import packageJson from '../../../package.json' with { type: 'json' };
import { describeThrow, installedVersions, modeArg, serve, toJson, type StepInput, type StepOutput } from '../shared/adapter-loop.ts';

const mode = modeArg(process.argv, ['no-schema', 'schema', 'stream', 'toolresult']);

let steps = 0;
const collector = await startCollector();

/** Mastra stamps each prompt message with providerOptions.mastra.createdAt: a clock, not content. */
function withoutTimestamps(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutTimestamps);
  if (typeof v !== 'object' || v === null) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === 'providerOptions' && typeof x === 'object' && x !== null && 'mastra' in x) {
      const { createdAt: _t, ...rest } = (x as { mastra: Record<string, unknown> }).mastra;
      const others = Object.fromEntries(Object.entries(x).filter(([n]) => n !== 'mastra'));
      const kept = { ...others, ...(Object.keys(rest).length > 0 ? { mastra: rest } : {}) };
      if (Object.keys(kept).length > 0) out[k] = kept;
      continue;
    }
    out[k] = withoutTimestamps(x);
  }
  return out;
}

function served(input: StepInput): StepInput {
  const advertise = mode === 'schema' && 'structuredContent' in input.result && input.result['isError'] !== true;
  return { result: input.result, ...(advertise ? { outputSchema: { type: 'object' } } : {}) };
}

async function step(input: StepInput): Promise<StepOutput> {
  const provider = stepProvider(input, ALL_PROVIDERS);
  steps += 1;
  const mcp = new MCPClient({
    id: `probe-${steps}`,
    servers: { probe: { url: new URL('http://probe.invalid/mcp'), fetch: inProcessFetch(served(input)) as never } },
  });
  const { model, fake, prompts } = aiSdkModel(provider);
  const dir = mkdtempSync(join(tmpdir(), 'mastra-memory-'));
  const file = join(dir, 'mastra.db');
  const storage = new LibSQLStore({ id: `memory-${steps}`, url: `file:${file}` });
  const memory = new Memory({ storage });
  const thread = {
    memory: { thread: 'probe', resource: 'probe-user' },
    ...(input.telemetry === 'content' ? { tracingOptions: { hideInput: false, hideOutput: false } } : {}),
  };
  // maxRetries counts attempts (fetchWithRetry of @mastra/core): 1 posts once, 0 would never post.
  const observability = new Observability({
    configs: {
      default: {
        serviceName: 'probe',
        exporters: [new MastraStorageExporter(), new MastraPlatformExporter({ endpoint: collector.url, accessToken: 'probe-token', maxRetries: 1 })],
      },
    },
  });
  collector.take();
  try {
    // `toolresult`: the tools of toolresult-protocol/mastra (integrations/mastra), generate(); the tool
    // result is the audit record, the program reads the result from the seam.
    const seam = mode === 'toolresult' ? createSeam() : undefined;
    const tools = seam ? await mcpTools(mcp, seam) : await mcp.listTools();
    const declared = new Agent({
      id: 'probe-agent',
      name: 'probe-agent',
      instructions: `Use the tool probe_${TOOL_NAME}.`,
      model: model as never,
      tools,
      memory,
    });
    const mastra = new Mastra({ agents: { probe: declared }, storage, observability });
    const agent = mastra.getAgent('probe');
    let kept: unknown = null;
    let threw: string | null = null;
    try {
      let toolResults: unknown[];
      if (mode === 'stream') {
        const s = await agent.stream('Look it up.', { maxSteps: 2, ...thread });
        await s.consumeStream();
        toolResults = (await s.toolResults) as unknown[];
        const error = (s as { error?: unknown }).error;
        if (error) throw error;
      } else toolResults = (await agent.generate('Look it up.', { maxSteps: 2, ...thread })).toolResults as unknown[];
      const resultOf = async (r: unknown) => {
        const p = r as { payload?: { result?: unknown; toolCallId?: string }; result?: unknown; toolCallId?: string };
        return seam ? ((await seam.result(p.payload?.toolCallId ?? p.toolCallId ?? ''))?.toRecord() ?? null) : (p.payload?.result ?? p.result);
      };
      kept = toJson(await Promise.all(toolResults.map(async (r) => ({ result: await resultOf(r) }))));
    } catch (e) {
      threw = describeThrow(e);
    }
    // Shutting observability down flushes both exporters: the spans reach the collector and the file.
    await observability.shutdown();
    // Closing the store releases the file; a write-ahead log, if any, is read with it.
    await (storage as unknown as { close?: () => Promise<void> }).close?.();
    const text = ['', '-wal']
      .map((suffix) => {
        try {
          return readFileSync(`${file}${suffix}`).toString('latin1');
        } catch {
          return '';
        }
      })
      .join('');
    return {
      requests: fake.bodies,
      modelRequests: withoutTimestamps(toJson(prompts)) as unknown[],
      kept,
      threw,
      persisted: [{ where: 'Memory and MastraStorageExporter spans on LibSQLStore mastra.db', text }],
      exported: collector.take(),
    };
  } finally {
    await mcp.disconnect();
    rmSync(dir, { recursive: true, force: true });
  }
}

serve({
  name: mode === 'toolresult' ? 'mastra + toolresult-protocol' : `mastra ${mode}`,
  version: `${await installedVersions(['@mastra/core', '@mastra/observability', '@mastra/mcp', '@mastra/memory', '@mastra/libsql', 'ai', ...new Set(Object.values(AI_SDK_PROVIDER_PACKAGES))])}${mode === 'toolresult' ? ` toolresult-protocol@${packageJson.version}` : ''}`,
  step,
});
