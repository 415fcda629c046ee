// The tool-result parts of a request, found by their shape in each format the kit records, with the
// error signal each format has (TR-STACK-8):
//
// | format | part | error signal |
// | --- | --- | --- |
// | Anthropic Messages | `{type: "tool_result"}` | `is_error: true` |
// | OpenAI Chat Completions | `{role: "tool", tool_call_id}` | none in the API: the text says so (below) |
// | OpenAI Responses | `{type: "function_call_output"}` | none in the API (`status` is the item's, "completed" for any output): the text says so |
// | Gemini | `{functionResponse}` part (`function_response` in the Python SDK's objects) | `response` whose only member is `error` |
// | Bedrock Converse (and Strands' messages, the same shape) | `{toolResult}` block | `status: "error"` |
// | AI SDK prompt (model interface) | `{type: "tool-result"}` | `output.type` `error-text` or `error-json` |
// | LangChain messages (model interface) | `{type: "tool", tool_call_id}` | `status: "error"` |
// | OpenAI Agents ModelRequest (model interface) | `{type: "function_call_result"}` | none: the text says so |
// | control (model interface) | `{role: "tool", toolCallId}` | `isError: true` |
//
// Where a format has no error field, the error is in band: the output's text, trimmed, is a JSON
// object with an `error` member, or starts with the word "Error". Anything else reads as a success.
// Gemini has no flag either, but its `response` is a JSON object, and Google documents its members:
// `output` for the result, `error` for error details. So there the signal is structural: `error` is
// the only member (a `response` that holds `output`, or puts the error text under any other name,
// says nothing the model is told to read as a failure).

export interface ToolResultPart {
  readonly path: string;
  readonly format: string;
  /** Whether the part tells the model the call failed. */
  readonly error: boolean;
  /** The part as sent, for evidence. */
  readonly part: unknown;
}

type Obj = Record<string, unknown>;

/** The text of an output: a string, or the text members of its parts, joined. */
function textOf(v: unknown): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(textOf).join('');
  if (typeof v === 'object' && v !== null) {
    const o = v as Obj;
    if (typeof o['text'] === 'string') return o['text'];
    if (typeof o['value'] === 'string') return o['value'];
  }
  return '';
}

export function saysError(output: unknown): boolean {
  const text = textOf(output).trim();
  if (/^error\b/i.test(text)) return true;
  if (!text.startsWith('{')) return false;
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && Object.hasOwn(parsed, 'error');
  } catch {
    return false;
  }
}

/** Gemini's error signal: a `response` object whose one member is `error`. */
export function geminiSaysError(functionResponse: unknown): boolean {
  const response = (functionResponse as Obj | null)?.['response'];
  if (typeof response !== 'object' || response === null || Array.isArray(response)) return false;
  const keys = Object.keys(response);
  return keys.length === 1 && keys[0] === 'error';
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function classify(o: Obj): Omit<ToolResultPart, 'path' | 'part'> | undefined {
  const fr = o['functionResponse'] ?? o['function_response'];
  if (isObj(fr)) return { format: 'gemini functionResponse', error: geminiSaysError(fr) };
  if (isObj(o['toolResult'])) return { format: 'bedrock-converse toolResult', error: o['toolResult']['status'] === 'error' };
  if (o['type'] === 'tool_result') return { format: 'anthropic tool_result', error: o['is_error'] === true };
  if (o['role'] === 'tool' && 'tool_call_id' in o) return { format: 'openai-chat tool message', error: saysError(o['content']) };
  if (o['type'] === 'function_call_output') return { format: 'openai-responses function_call_output', error: saysError(o['output']) };
  if (o['type'] === 'tool-result') {
    const out = o['output'] as Obj | undefined;
    return { format: 'ai-sdk tool-result', error: typeof out?.['type'] === 'string' && (out['type'] as string).startsWith('error-') };
  }
  if (o['type'] === 'tool' && 'tool_call_id' in o) return { format: 'langchain ToolMessage', error: o['status'] === 'error' };
  if (o['type'] === 'function_call_result') return { format: 'openai-agents function_call_result', error: saysError(o['output']) };
  if (o['role'] === 'tool' && 'toolCallId' in o) return { format: 'control tool message', error: o['isError'] === true };
  return undefined;
}

/** Every tool-result part of a request (a part is not searched for parts inside it). */
export function toolResultParts(request: unknown, root: string): ToolResultPart[] {
  const out: ToolResultPart[] = [];
  const walk = (v: unknown, path: string): void => {
    if (Array.isArray(v)) for (const [i, x] of v.entries()) walk(x, `${path}[${i}]`);
    else if (typeof v === 'object' && v !== null) {
      const c = classify(v as Obj);
      if (c) {
        out.push({ ...c, path, part: v });
        return;
      }
      for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`);
    }
  };
  walk(request, root);
  return out;
}
