import { pythonRows } from '../shared/row-builder.ts';
import { ALL_PROVIDERS } from '../shared/fake-provider.ts';

// What the egress checks read (TR-STACK-17 to 19), the same in every mode.
const EGRESS = '; FileSessionManager on a folder, StrandsTelemetry OTLP/HTTP to the collector';
// Strands' own model providers, one per format.
const MODELS = 'BedrockModel / GeminiModel / OpenAIModel / OpenAIResponsesModel / AnthropicModel';

export const rows = pythonRows(
  'strands',
  'strands',
  [
    { mode: 'default', setup: `Agent with MCPClient (Streamable HTTP) tools on ${MODELS}, invoke_async${EGRESS}` },
    { mode: 'stream', setup: `Agent with MCPClient tools on ${MODELS}, stream_async (the caller reads the event stream)${EGRESS}` },
    {
      mode: 'toolresult',
      setup: `Agent with mcp_tools(client, seam) of toolresult.integrations.strands on ${MODELS}, invoke_async${EGRESS}`,
    },
  ],
  ALL_PROVIDERS,
).map((row) =>
  // Strands' GeminiModel builds every functionResponse as {"output": [...]} whatever the toolResult's
  // status (strands/models/gemini.py _format_request_content_part), so no tool can give Gemini's form.
  row.mode === 'toolresult' && row.provider === 'gemini'
    ? {
        ...row,
        limits: {
          'TR-STACK-8': {
            reason:
              'strands-agents\' GeminiModel sends every toolResult as a functionResponse whose response is {"output": [...]}, its status dropped; the integration\'s error text ({"error": …}) reaches the model inside output, but a response whose only member is error cannot be made from outside the model class.',
            upstream: 'strands-agents GeminiModel: send a toolResult of status "error" as a functionResponse whose response is {"error": …}.',
            expects: { summary: /^the error result reached the model as a success: the gemini \S+ at \S+ carries no error signal$/ },
          },
        },
      }
    : row,
);
