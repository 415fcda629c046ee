import { pythonRows } from '../shared/row-builder.ts';
import type { StackLimit } from '../shared/stack-row.ts';

// TR-STACK-8 out of the toolresult mode's reach at two formats: the model class, not the tool, builds
// the tool-result part, and neither carries an error flag from a function response.
const LIMITS: Partial<Record<string, StackLimit>> = {
  // ADK's AnthropicLlm builds every tool_result with is_error: false (anthropic_llm.py part_to_message_block).
  anthropic: {
    reason:
      "google-adk's AnthropicLlm sends every function response as a tool_result with is_error: false; the integration's error response ({\"error\": …}) reaches the model as its JSON text, but Anthropic's own flag cannot be set from outside the model class.",
    upstream: 'google-adk AnthropicLlm: set is_error: true on the tool_result of a function response whose only member is "error".',
    expects: { summary: /^the error result reached the model as a success: the anthropic tool_result at \S+ carries no error signal$/ },
  },
  // LiteLlm hands litellm an OpenAI tool message, whose Bedrock transformation never sets status "error"
  // (litellm_core_utils/prompt_templates/factory.py _convert_to_bedrock_tool_call_result).
  'bedrock-converse': {
    reason:
      "google-adk's LiteLlm gives litellm an OpenAI tool message (the function response as JSON text), and litellm's Converse transformation builds the toolResult without status; the integration's error ({\"error\": …}) reaches the model as text, but Bedrock's status cannot be set from outside the model class.",
    upstream: 'litellm: a way to mark a tool message as an error, sent as toolResult status "error" (and google-adk LiteLlm using it for an error response).',
    expects: { summary: /^the error result reached the model as a success: the bedrock-converse toolResult at \S+ carries no error signal$/ },
  },
};

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
).map((row) => (row.mode === 'toolresult' && LIMITS[row.provider] ? { ...row, limits: { 'TR-STACK-8': LIMITS[row.provider]! } } : row));
