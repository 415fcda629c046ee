// The AI SDK's own provider packages (@ai-sdk/openai chat and responses, @ai-sdk/anthropic,
// @ai-sdk/google, @ai-sdk/amazon-bedrock) over the fake provider, wrapped so that the prompt each
// call hands the provider (the model interface) is recorded too. Used by the AI SDK and Mastra adapters, since Mastra runs AI SDK models.
import { wrapLanguageModel } from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock';
import { fakeProvider, MODEL_ID, type FakeProvider, type ProviderId } from './fake-provider.ts';
import { toJson } from './adapter-loop.ts';

export const AI_SDK_PROVIDER_PACKAGES: Readonly<Record<ProviderId, string>> = {
  'openai-chat': '@ai-sdk/openai',
  'openai-responses': '@ai-sdk/openai',
  anthropic: '@ai-sdk/anthropic',
  gemini: '@ai-sdk/google',
  'bedrock-converse': '@ai-sdk/amazon-bedrock',
};

/** The model of a provider package; the host in each base URL is never reached (the fake's fetch answers). */
function baseModel(provider: ProviderId, fetch: typeof globalThis.fetch, modelId?: string) {
  const options = { apiKey: 'fake-key', fetch };
  if (provider === 'anthropic') return createAnthropic(options)(modelId ?? MODEL_ID.anthropic);
  if (provider === 'openai-chat') return createOpenAI(options).chat(modelId ?? MODEL_ID['openai-chat']);
  if (provider === 'openai-responses') return createOpenAI(options).responses(modelId ?? MODEL_ID['openai-responses']);
  if (provider === 'gemini')
    return createGoogleGenerativeAI({ ...options, baseURL: 'https://generativelanguage.googleapis.com/v1beta' })(modelId ?? MODEL_ID.gemini);
  // Dummy credentials: the package signs each request with them (SigV4); the fake does not check.
  return createAmazonBedrock({ region: 'us-east-1', accessKeyId: 'test', secretAccessKey: 'test', fetch })(modelId ?? MODEL_ID['bedrock-converse']);
}

/** `modelId`: another model than MODEL_ID's (a row on an older Gemini ID, GEMINI_LEGACY_MODEL_ID). */
export function aiSdkModel(provider: ProviderId, modelId?: string): { model: ReturnType<typeof wrapLanguageModel>; fake: FakeProvider; prompts: unknown[] } {
  const fake = fakeProvider(provider);
  const base = baseModel(provider, fake.fetch as typeof fetch, modelId);
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
