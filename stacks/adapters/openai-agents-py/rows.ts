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
  ['openai-chat', 'openai-responses'],
);
