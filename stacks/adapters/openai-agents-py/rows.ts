import { pythonRows } from '../shared/row-builder.ts';

export const rows = pythonRows(
  'openai-agents-py',
  'openai-agents-py',
  [
    { mode: 'default', setup: 'Agent with MCPServerStreamableHttp (use_structured_content=False), Runner.run' },
    { mode: 'structured', setup: 'Agent with MCPServerStreamableHttp (use_structured_content=True), Runner.run' },
    { mode: 'stream', setup: 'Agent with MCPServerStreamableHttp, Runner.run_streamed (the model streams)' },
  ],
  ['openai-chat', 'openai-responses'],
);
