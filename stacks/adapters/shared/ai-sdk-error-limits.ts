// The error flag the AI SDK's Gemini and Bedrock provider packages cannot carry (spec/11-stacks.md
// §11.7), for the rows whose tools run through toolresult-protocol (the AI SDK's and Mastra's: Mastra
// sends through the same packages). The integration's error result is an `error-text` tool output;
// @ai-sdk/google turns that into `functionResponse.response = {name, error}` (the tool's name beside
// Gemini's `error` key, for every output type, so the response never has `error` alone), and
// @ai-sdk/amazon-bedrock into a toolResult of one text block with no `status` (it sets none for any
// output). Neither package has a hook between the tool output and the body: the Bedrock request is
// signed over that body before the `fetch` it is given sees it.
import type { StackLimit } from './stack-row.ts';
import type { ProviderId } from './fake-provider.ts';

const LIMITS: Partial<Record<ProviderId, StackLimit>> = {
  gemini: {
    reason:
      "@ai-sdk/google sends an error-text output as functionResponse.response {name, error}: the error text is under Gemini's error key, but the package adds the tool's name beside it in every response, so the response never has error as its only member.",
    upstream:
      '@ai-sdk/google: send an error output as response {error} alone (or leave name out of every functionResponse.response: the part already names the function).',
    expects: { summary: /^the error result reached the model as a success: the gemini functionResponse at \S+ carries no error signal$/ },
  },
  'bedrock-converse': {
    reason:
      '@ai-sdk/amazon-bedrock builds every toolResult without status, whatever the output type (error-text included); the integration\'s error text ({"error": …}) reaches the model, but Bedrock\'s own flag cannot be set from outside the provider package.',
    upstream: '@ai-sdk/amazon-bedrock: send status "error" in the toolResult of an error-text, error-json or execution-denied output.',
    expects: { summary: /^the error result reached the model as a success: the bedrock-converse toolResult at \S+ carries no error signal$/ },
  },
};

/** TR-STACK-8's limit of an AI SDK provider format, or none. */
export function aiSdkErrorLimits(provider: string): { limits?: Record<string, StackLimit> } {
  const limit = LIMITS[provider as ProviderId];
  return limit ? { limits: { 'TR-STACK-8': limit } } : {};
}
