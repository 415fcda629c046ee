// Stack adapter: the Google GenAI JS SDK (@google/genai) with automatic function calling over
// `mcpToTool(client)`, its own bridge from an MCP client (@modelcontextprotocol/sdk's Client, served
// the probe in memory) to a Gemini tool. The SDK is its own provider package: it calls the global
// fetch, so it is given the fake provider on 127.0.0.1 as its base URL (shared/fake-provider-server.ts)
// and speaks real HTTP to it. Modes: `generate` (models.generateContent, which runs the tool and asks
// again), `stream` (models.generateContentStream, the same over SSE). The bridge hands Gemini the MCP
// result as the function response itself (`{error: result}` when isError), and no code of the
// program's runs between the tool and the request, so no integration of this project can go in.
// Persisted: the SDK keeps no state; a program continuing the conversation saves the contents the
// call returned (the automatic-function-calling history and the answer, or every streamed content),
// so those are what this row persists. Telemetry: the SDK exports none.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { GoogleGenAI, mcpToTool, type Content } from '@google/genai';
import { inMemoryProbe } from '../shared/probe-server.ts';
import { fakeProvider, MODEL_ID, stepProvider } from '../shared/fake-provider.ts';
import { serveFakeProvider } from '../shared/fake-provider-server.ts';
import { describeThrow, installedVersions, modeArg, serve, toJson, type StepInput, type StepOutput } from '../shared/adapter-loop.ts';

const mode = modeArg(process.argv, ['generate', 'stream']);

/** The function responses among contents: what the SDK made of the tool's result and keeps. */
const functionResponses = (contents: readonly Content[]) =>
  contents.flatMap((c) => (c.parts ?? []).filter((p) => p.functionResponse !== undefined).map((p) => p.functionResponse));

async function step(input: StepInput): Promise<StepOutput> {
  stepProvider(input, ['gemini'] as const);
  const probe = await inMemoryProbe(input);
  const client = new Client({ name: 'google-genai-stack', version: '1.0.0' });
  const fake = fakeProvider('gemini');
  const server = await serveFakeProvider(fake);
  let history: Content[] = [];
  try {
    await client.connect(probe.transport);
    const ai = new GoogleGenAI({ apiKey: 'fake-key', httpOptions: { baseUrl: server.url } });
    const request = { model: MODEL_ID.gemini, contents: 'Look it up.', config: { tools: [mcpToTool(client)] } };
    let kept: unknown = null;
    let threw: string | null = null;
    try {
      if (mode === 'stream') {
        for await (const chunk of await ai.models.generateContentStream(request)) {
          const content = chunk.candidates?.[0]?.content;
          if (content) history.push(content);
        }
      } else {
        const response = await ai.models.generateContent(request);
        history = [...(response.automaticFunctionCallingHistory ?? []), ...(response.candidates?.[0]?.content ? [response.candidates[0].content] : [])];
      }
      kept = toJson(functionResponses(history));
    } catch (e) {
      threw = describeThrow(e);
    }
    return {
      requests: fake.bodies,
      kept,
      threw,
      persisted: [{ where: 'the returned contents (the history a program saves)', text: Buffer.from(JSON.stringify(history), 'utf8').toString('latin1') }],
      exportedNotApplicable: '@google/genai has no tracing or telemetry export of its own',
    };
  } finally {
    await client.close();
    await probe.close();
    await server.close();
  }
}

serve({
  name: `google-genai ${mode}`,
  version: await installedVersions(['@google/genai', '@modelcontextprotocol/sdk']),
  step,
});
