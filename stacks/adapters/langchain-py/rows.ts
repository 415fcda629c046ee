import { pythonRows } from '../shared/row-builder.ts';
import { PROVIDERS } from '../shared/fake-provider.ts';

export const rows = pythonRows(
  'langchain-py',
  'langchain-py',
  [
    { mode: 'default', setup: 'MultiServerMCPClient (Streamable HTTP) tools in langchain create_agent, ainvoke' },
    { mode: 'raise', setup: 'MultiServerMCPClient (handle_tool_errors=False) tools in langchain create_agent, ainvoke' },
    { mode: 'stream', setup: 'MultiServerMCPClient tools in langchain create_agent, astream in "messages" mode (the model streams)' },
    {
      mode: 'toolresult',
      setup: 'MultiServerMCPClient with tool_interceptors=[tool_interceptor(seam)] of toolresult.integrations.langchain in langchain create_agent, ainvoke',
    },
  ],
  PROVIDERS,
);
