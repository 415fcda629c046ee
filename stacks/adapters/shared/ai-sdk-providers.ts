// The AI SDK's own provider packages (@ai-sdk/openai chat and responses, @ai-sdk/anthropic) over the
// fake provider, wrapped so that the prompt each call hands the provider (the model interface) is
// recorded too. Used by the AI SDK and Mastra adapters, since Mastra runs AI SDK models.
import { wrapLanguageModel } from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import { createAnthropic } from '@ai-sdk/anthropic';
import { fakeProvider, MODEL_ID, type FakeProvider, type ProviderId } from './fake-provider.ts';
import { toJson } from './adapter-loop.ts';

export const AI_SDK_PROVIDER_PACKAGES: Readonly<Record<ProviderId, string>> = {
  'openai-chat': '@ai-sdk/openai',
  'openai-responses': '@ai-sdk/openai',
  anthropic: '@ai-sdk/anthropic',
};

export function aiSdkModel(provider: ProviderId): { model: ReturnType<typeof wrapLanguageModel>; fake: FakeProvider; prompts: unknown[] } {
  const fake = fakeProvider(provider);
  const options = { apiKey: 'fake-key', fetch: fake.fetch as typeof fetch };
  const base =
    provider === 'anthropic'
      ? createAnthropic(options)(MODEL_ID.anthropic)
      : provider === 'openai-chat'
        ? createOpenAI(options).chat(MODEL_ID['openai-chat'])
        : createOpenAI(options).responses(MODEL_ID['openai-responses']);
  const prompts: unknown[] = [];
  const model = wrapLanguageModel({
    model: base,
    middleware: {
      specificationVersion: 'v4',
      transformParams: async ({ params }) => {
        prompts.push(toJson(params.prompt));
        return params;
      },
    },
  });
  return { model, fake, prompts };
}
