import { pythonRows } from '../shared/row-builder.ts';

// What the egress checks read (TR-STACK-17 to 19), the same in every mode.
const EGRESS = '; SqliteSessionService on a file, ADK OpenTelemetry over OTLP/HTTP to the collector';
// ADK's own model classes: Gemini (its own provider, google-genai with base_url), AnthropicLlm, and
// LiteLlm for Bedrock Converse (ADK has no Bedrock model of its own).
const MODELS = 'Gemini / AnthropicLlm / LiteLlm (bedrock/converse)';

export const rows = pythonRows(
  'google-adk',
  'google-adk',
  [
    { mode: 'default', setup: `LlmAgent with McpToolset (Streamable HTTP) on ${MODELS}, Runner.run_async${EGRESS}` },
    { mode: 'stream', setup: `LlmAgent with McpToolset on ${MODELS}, run_async with streaming_mode SSE (the model streams)${EGRESS}` },
    {
      mode: 'toolresult',
      setup: `LlmAgent with ToolResultMcpToolset(seam, ...) of toolresult.integrations.google_adk on ${MODELS}, Runner.run_async${EGRESS}`,
    },
  ],
  ['anthropic', 'gemini', 'bedrock-converse'],
).map((row) =>
  // ADK's AnthropicLlm builds every tool_result with is_error: false (anthropic_llm.py
  // part_to_message_block), whatever the function response holds, so no tool can set the flag.
  row.mode === 'toolresult' && row.provider === 'anthropic'
    ? {
        ...row,
        limits: {
          'TR-STACK-8': {
            reason:
              'google-adk\'s AnthropicLlm sends every function response as a tool_result with is_error: false; the integration\'s error response ({"error": …}) reaches the model as its JSON text, but Anthropic\'s own flag cannot be set from outside the model class.',
            upstream: 'google-adk AnthropicLlm: set is_error: true on the tool_result of a function response whose only member is "error".',
            expects: { summary: /^the error result reached the model as a success: the anthropic tool_result at \S+ carries no error signal$/ },
          },
        },
      }
    : row,
);
