import { providerRows } from '../shared/row-builder.ts';
import { PROVIDERS } from '../shared/fake-provider.ts';

export const rows = providerRows(
  'mastra',
  'adapters/mastra/adapter.ts',
  [
    { mode: 'no-schema', setup: 'MCPClient.listTools() (the tool advertises no outputSchema) in a Mastra Agent, generate()' },
    { mode: 'schema', setup: 'MCPClient.listTools() (the tool advertises an outputSchema) in a Mastra Agent, generate()' },
    { mode: 'stream', setup: 'MCPClient.listTools() (no outputSchema) in a Mastra Agent, stream()' },
    { mode: 'toolresult', setup: 'mcpTools(MCPClient) of toolresult-protocol/mastra in a Mastra Agent, generate()' },
  ],
  PROVIDERS,
  // A Mastra step (client, agent, two model calls) costs about a second: fewer generated cases.
  { runs: 5 },
);
