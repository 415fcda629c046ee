// The control rows: they must pass every check at every provider (TR-STACK-13).
import { providerRows } from '../shared/row-builder.ts';
import { ALL_PROVIDERS } from '../shared/fake-provider.ts';

export const rows = providerRows(
  'control',
  'adapters/control/adapter.ts',
  [{ mode: 'wire', setup: "MCP SDK Client.callTool, then normalizeMcp and toWireMessage of this repository, in the provider's tool-result form" }],
  ALL_PROVIDERS,
  { control: true },
);
