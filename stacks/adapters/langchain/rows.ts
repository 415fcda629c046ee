import { providerRows } from '../shared/row-builder.ts';
import { PROVIDERS } from '../shared/fake-provider.ts';

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
  PROVIDERS,
);
