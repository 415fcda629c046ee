import { providerRows } from '../shared/row-builder.ts';
import { ALL_PROVIDERS } from '../shared/fake-provider.ts';
import { aiSdkErrorLimits } from '../shared/ai-sdk-error-limits.ts';

const ADAPTER = 'adapters/ai-sdk/adapter.ts';

export const rows = [
  ...providerRows(
    'ai-sdk',
    ADAPTER,
    [
      { mode: 'generate', setup: 'createMCPClient().tools() in generateText, two steps' },
      { mode: 'schemas', setup: 'createMCPClient().tools({ schemas }) with an outputSchema, in generateText' },
      { mode: 'stream', setup: 'createMCPClient().tools() in streamText, two steps' },
      { mode: 'toolresult', setup: 'wrapMcpTools(createMCPClient().tools()) of toolresult-protocol/ai-sdk in generateText, two steps' },
    ],
    ALL_PROVIDERS,
  ).map((row) => (row.mode === 'toolresult' ? { ...row, ...aiSdkErrorLimits(row.provider) } : row)),
  // The older Gemini path of @ai-sdk/google (a Gemini 1.x or 2.x model ID), at Gemini only.
  ...providerRows(
    'ai-sdk',
    ADAPTER,
    [{ mode: 'gemini-2', setup: "createMCPClient().tools() in generateText on gemini-2.5-flash (the package's older function-response path), two steps" }],
    ['gemini'],
  ),
];
