import { pythonRows } from '../shared/row-builder.ts';
import { ALL_PROVIDERS } from '../shared/fake-provider.ts';

// What the egress checks read (TR-STACK-17 to 19), the same in every mode.
const EGRESS = '; AsyncSqliteSaver checkpointer on a file, LangSmith tracing to the collector';

export const rows = pythonRows(
  'langchain-py',
  'langchain-py',
  [
    { mode: 'default', setup: `MultiServerMCPClient (Streamable HTTP) tools in langchain create_agent, ainvoke${EGRESS}` },
    { mode: 'raise', setup: `MultiServerMCPClient (handle_tool_errors=False) tools in langchain create_agent, ainvoke${EGRESS}` },
    { mode: 'stream', setup: `MultiServerMCPClient tools in langchain create_agent, astream in "messages" mode (the model streams)${EGRESS}` },
    {
      mode: 'toolresult',
      setup: `MultiServerMCPClient tools through mcp_tools(client, seam) of toolresult.integrations.langchain in langchain create_agent, ainvoke${EGRESS}`,
    },
  ],
  ALL_PROVIDERS,
);
