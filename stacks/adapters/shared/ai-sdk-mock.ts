// The scripted language model of the AI SDK stacks (ai/test's MockLanguageModelV4): first a call of
// the probe tool, then text. It records each call's prompt, which is the request the stack hands to
// its provider (a provider package only re-encodes it).
import { MockLanguageModelV4 } from 'ai/test';
import { TOOL_NAME } from './probe-server.ts';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

export function scriptedModel(toolName: string = TOOL_NAME): { model: MockLanguageModelV4; prompts: () => unknown[] } {
  let calls = 0;
  const model = new MockLanguageModelV4({
    doGenerate: async () => {
      calls += 1;
      return calls === 1
        ? { content: [{ type: 'tool-call' as const, toolCallId: 'call_1', toolName, input: '{}' }], finishReason: { unified: 'tool-calls' as const, raw: 'tool_calls' }, usage, warnings: [] }
        : { content: [{ type: 'text' as const, text: 'done' }], finishReason: { unified: 'stop' as const, raw: 'stop' }, usage, warnings: [] };
    },
  });
  return { model, prompts: () => model.doGenerateCalls.map((c) => c.prompt) };
}
