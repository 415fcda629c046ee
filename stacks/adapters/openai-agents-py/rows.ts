import { pythonRows } from '../shared/row-builder.ts';

// What the egress checks read (TR-STACK-17 to 19), the same in every mode.
const EGRESS = '; SQLiteSession on a file and the RunState JSON, the SDK tracing to the collector';

export const rows = pythonRows(
  'openai-agents-py',
  'openai-agents-py',
  [
    { mode: 'default', setup: `Agent with MCPServerStreamableHttp (use_structured_content=False), Runner.run${EGRESS}` },
    { mode: 'structured', setup: `Agent with MCPServerStreamableHttp (use_structured_content=True), Runner.run${EGRESS}` },
    { mode: 'stream', setup: `Agent with MCPServerStreamableHttp, Runner.run_streamed (the model streams)${EGRESS}` },
    {
      mode: 'toolresult',
      setup: `Agent with tools=await mcp_tools(server, seam) of toolresult.integrations.openai_agents over MCPServerStreamableHttp, Runner.run${EGRESS}`,
    },
  ],
  // Gemini and Bedrock through the SDK's LiteLLM model (LitellmModel, the litellm extra).
  ['openai-chat', 'openai-responses', 'gemini', 'bedrock-converse'],
).map((row) =>
  // The SDK hands LiteLLM a Chat Completions tool message (no error field), and LiteLLM's Bedrock
  // converter builds every toolResult without status (it sets one only for search results), so no
  // wrapper of the tools can set Bedrock's error flag. At Gemini LiteLLM parses the {"error": …}
  // text into the response object, which is Gemini's own signal, so that row needs no limit.
  row.mode === 'toolresult' && row.provider === 'bedrock-converse'
    ? {
        ...row,
        limits: {
          'TR-STACK-8': {
            reason:
              'LiteLLM builds the Bedrock toolResult from an OpenAI tool message, which has no error field, and never sets status "error"; the integration\'s error text ({"error": …}) reaches the model in the toolResult, but Bedrock\'s own flag cannot be set from outside the SDK and LiteLLM.',
            upstream:
              'openai-agents: an error status on a function tool\'s result, passed to LitellmModel; LiteLLM (_convert_to_bedrock_tool_call_result): status "error" for a tool message marked as an error.',
            // Only that: the text arrives in the toolResult, the step goes on; any other failure is a failure.
            expects: { summary: /^the error result reached the model as a success: the bedrock-converse toolResult at \S+ carries no error signal$/ },
          },
        },
      }
    : row,
);
