import { providerRows } from '../shared/row-builder.ts';
import { ALL_PROVIDERS } from '../shared/fake-provider.ts';
import { aiSdkErrorLimits } from '../shared/ai-sdk-error-limits.ts';

// Every mode: Memory on a LibSQLStore file, and the agent in a Mastra with Observability
// (MastraStorageExporter into that store, MastraPlatformExporter at the fake collector).
const stores = '; Memory and traces (MastraStorageExporter) on a LibSQLStore file, MastraPlatformExporter at the collector';

export const rows = providerRows(
  'mastra',
  'adapters/mastra/adapter.ts',
  [
    { mode: 'no-schema', setup: `MCPClient.listTools() (the tool advertises no outputSchema) in a Mastra Agent, generate()${stores}` },
    { mode: 'schema', setup: `MCPClient.listTools() (the tool advertises an outputSchema) in a Mastra Agent, generate()${stores}` },
    { mode: 'stream', setup: `MCPClient.listTools() (no outputSchema) in a Mastra Agent, stream()${stores}` },
    { mode: 'toolresult', setup: `mcpTools(MCPClient) of toolresult-protocol/mastra in a Mastra Agent, generate()${stores}` },
  ],
  ALL_PROVIDERS,
  // A Mastra step (client, agent, two model calls) costs about a second: fewer generated cases.
  { runs: 5 },
).map((row) => (row.mode === 'toolresult' ? { ...row, ...aiSdkErrorLimits(row.provider) } : row));
