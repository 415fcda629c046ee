import { providerRows } from '../shared/row-builder.ts';
import { ALL_PROVIDERS } from '../shared/fake-provider.ts';
import { aiSdkErrorLimits } from '../shared/ai-sdk-error-limits.ts';

export const rows = providerRows(
  'ai-sdk',
  'adapters/ai-sdk/adapter.ts',
  [
    { mode: 'generate', setup: 'createMCPClient().tools() in generateText, two steps' },
    { mode: 'schemas', setup: 'createMCPClient().tools({ schemas }) with an outputSchema, in generateText' },
    { mode: 'stream', setup: 'createMCPClient().tools() in streamText, two steps' },
    { mode: 'toolresult', setup: 'wrapMcpTools(createMCPClient().tools()) of toolresult-protocol/ai-sdk in generateText, two steps' },
  ],
  ALL_PROVIDERS,
).map((row) => (row.mode === 'toolresult' ? { ...row, ...aiSdkErrorLimits(row.provider) } : row));
