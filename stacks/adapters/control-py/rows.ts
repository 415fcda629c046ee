// The Python control rows: they must pass every check at every provider (TR-STACK-13), as the
// TypeScript ones do: the mcp SDK's client, then implementations/python's normalize_mcp and wire_message.
import { pythonRows } from '../shared/row-builder.ts';
import { ALL_PROVIDERS } from '../shared/fake-provider.ts';

export const rows = pythonRows(
  'control-py',
  'control-py',
  [
    {
      mode: 'wire',
      setup:
        "mcp SDK Client.call_tool (Streamable HTTP), then normalize_mcp and wire_message of implementations/python, in the provider's tool-result form; persisted: the suspend state; telemetry: an OTLP span with the metadata-level audit record",
    },
  ],
  ALL_PROVIDERS,
  { control: true },
);
