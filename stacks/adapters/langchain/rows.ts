import { providerRows } from '../shared/row-builder.ts';
import { ALL_PROVIDERS } from '../shared/fake-provider.ts';

export const rows = providerRows(
  'langchain',
  'adapters/langchain/adapter.ts',
  [
    { mode: 'default', setup: 'loadMcpTools (useStandardContentBlocks: false) in createReactAgent, invoke' },
    { mode: 'standard', setup: 'loadMcpTools (useStandardContentBlocks: true) in createReactAgent, invoke' },
    { mode: 'content', setup: 'loadMcpTools (outputHandling: "content") in createReactAgent, invoke' },
    { mode: 'stream', setup: 'loadMcpTools (defaults) in createReactAgent, graph.stream in "messages" mode (the model streams)' },
    { mode: 'toolresult', setup: 'loadMcpTools of toolresult-protocol/langchain in createReactAgent, invoke' },
  ],
  ALL_PROVIDERS,
).map((row) =>
  // @langchain/anthropic builds every tool_result without is_error (_ensureMessageContents drops the
  // ToolMessage's status), so no wrapper of the tools can set Anthropic's error flag (spec §11.7).
  row.mode === 'toolresult' && row.provider === 'anthropic'
    ? {
        ...row,
        limits: {
          'TR-STACK-8': {
            reason:
              '@langchain/anthropic sends a ToolMessage of status "error" as a tool_result without is_error; the integration\'s error text ({"error": …}) reaches the model, but Anthropic\'s own flag cannot be set from outside the provider package.',
            upstream: '@langchain/anthropic: map ToolMessage status "error" to is_error: true in the tool_result it builds.',
            // Only that: the text arrives in the tool_result, the step goes on; any other failure is a failure.
            expects: { summary: /^the error result reached the model as a success: the anthropic tool_result at \S+ carries no error signal$/ },
          },
        },
      }
    : row,
);
