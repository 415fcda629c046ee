// Bedrock Converse's error flag for @langchain/aws. Converse marks a failed tool call on the tool
// result itself (`toolResult.status: "error"`), but ChatBedrockConverse builds every toolResult
// without it: it drops the ToolMessage's status (spec/11-stacks.md §11.7). It does take the AWS SDK
// client it sends with (`client`, also its public `.client`), and that client's middleware stack is
// the SDK's documented extension point. This middleware runs at the `initialize` step, on the
// Converse or ConverseStream input before it is serialized and signed, and sets `status: "error"` on
// each toolResult whose call the seam answered with an error result (read back by the toolUseId,
// which is the ToolMessage's tool_call_id). Nothing else of the request changes; a toolResult that
// already has a status, or whose call the seam does not know, is left as it is.
import type { ToolResultSeam } from '../core/index.ts';

/** The part of an AWS SDK v3 client this takes (BedrockRuntimeClient has it). */
export interface MiddlewareClient {
  readonly middlewareStack: { use(pluggable: { applyToStack(stack: MiddlewareStack): void }): void };
}

/** The one call this makes on the client's stack (typed loosely: the SDK's `add` is overloaded per step). */
interface MiddlewareStack {
  add(middleware: unknown, options: unknown): void;
}

type Next = (args: { input: unknown }) => Promise<unknown>;

/** The middleware's name in the client's stack (adding it twice replaces it). */
export const BEDROCK_ERROR_STATUS = 'toolresultProtocolBedrockErrorStatus';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether the seam answered the call with an error result (false when it cannot tell). */
async function answeredWithError(seam: ToolResultSeam, callId: unknown): Promise<boolean> {
  if (typeof callId !== 'string' || callId === '') return false;
  try {
    return (await seam.result(callId))?.isError === true;
  } catch {
    // An unreadable entry or a ledger that cannot be read back: the request goes as LangChain built it.
    return false;
  }
}

/** The Converse input with `status: "error"` on each toolResult of an error call (a copy; the input is not changed). */
export async function withErrorStatus(input: unknown, seam: ToolResultSeam): Promise<unknown> {
  if (!isObject(input) || !Array.isArray(input['messages'])) return input;
  const messages = await Promise.all(
    input['messages'].map(async (m: unknown) => {
      if (!isObject(m) || !Array.isArray(m['content'])) return m;
      const content = await Promise.all(
        m['content'].map(async (block: unknown) => {
          if (!isObject(block)) return block;
          const result = block['toolResult'];
          if (!isObject(result) || result['status'] !== undefined) return block;
          if (!(await answeredWithError(seam, result['toolUseId']))) return block;
          return { ...block, toolResult: { ...result, status: 'error' } };
        }),
      );
      return { ...m, content };
    }),
  );
  return { ...input, messages };
}

/**
 * Adds the middleware to a Bedrock runtime client, e.g. `useBedrockErrorStatus(chatModel.client,
 * seam)` for a ChatBedrockConverse whose tools are this integration's (the same seam).
 */
export function useBedrockErrorStatus(client: MiddlewareClient, seam: ToolResultSeam): void {
  client.middlewareStack.use({
    applyToStack: (stack) =>
      stack.add((next: Next) => async (args: { input: unknown }) => next({ ...args, input: await withErrorStatus(args.input, seam) }), {
        step: 'initialize',
        name: BEDROCK_ERROR_STATUS,
        override: true,
      }),
  });
}
