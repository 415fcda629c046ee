import { pythonRows } from '../shared/row-builder.ts';

export const rows = pythonRows(
  'openai-agents-py',
  'openai-agents-py',
  [
    { mode: 'default', setup: 'Agent with MCPServerStreamableHttp (use_structured_content=False), Runner.run' },
    { mode: 'structured', setup: 'Agent with MCPServerStreamableHttp (use_structured_content=True), Runner.run' },
    { mode: 'stream', setup: 'Agent with MCPServerStreamableHttp, Runner.run_streamed (the model streams)' },
    {
      mode: 'toolresult',
      setup: 'Agent with tools=await mcp_tools(server, seam) of toolresult.integrations.openai_agents over MCPServerStreamableHttp, Runner.run',
    },
  ],
  ['openai-chat', 'openai-responses'],
);
