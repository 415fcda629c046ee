// The ToolMessage a LangChain tool returns for a call through the seam (responseFormat "content":
// core passes a returned ToolMessage through unchanged, the one way to set both status and artifact).
// content: the wire content, an error inside {"error": ...} because most LangChain provider packages
// drop the status (spec/11-stacks.md §11.7; @langchain/google-genai sends it as Gemini's error key,
// and bedrock-status.ts adds Bedrock's for @langchain/aws); status: "error" for an error result;
// artifact: the audit record at the seam's privacy level. LangChain never sends the artifact to the
// model, but LangGraph checkpoints it and every callback and tracer gets it, so it holds nothing
// run-only (by default only sizes and flags); the program reads the whole result with `seam.result(tool_call_id)`.
import { ToolMessage } from '@langchain/core/messages';
import { textWithoutFlag, type CallOutcome } from '../core/index.ts';

export function toolMessage(outcome: CallOutcome, toolCallId: string | undefined, name: string): ToolMessage {
  return new ToolMessage({
    content: textWithoutFlag(outcome.wire),
    artifact: outcome.record,
    status: outcome.wire.isError ? 'error' : 'success',
    tool_call_id: toolCallId ?? '',
    name,
  });
}

/**
 * The caller's signal and the tool's LangChain timeout, as the tool's config carries them: LangChain
 * turns a `timeout` (defaultConfig's, from defaultToolTimeout, or the invoke's) into a signal and
 * keeps the number in metadata.timeoutMs, which is what @langchain/mcp-adapters reads too.
 */
export function limitsOf(config: unknown): { signal?: AbortSignal; stackTimeoutMs?: number } {
  if (typeof config !== 'object' || config === null) return {};
  const c = config as { signal?: unknown; metadata?: { timeoutMs?: unknown } };
  const signal = c.signal instanceof AbortSignal ? c.signal : undefined;
  const timeout = typeof c.metadata?.timeoutMs === 'number' ? c.metadata.timeoutMs : undefined;
  return { ...(signal ? { signal } : {}), ...(timeout !== undefined ? { stackTimeoutMs: timeout } : {}) };
}

/** The LangGraph thread the call runs in (the checkpointer's key), or undefined outside a thread. */
export function scopeOf(config: unknown): string | undefined {
  if (typeof config !== 'object' || config === null) return undefined;
  const thread = (config as { configurable?: { thread_id?: unknown } }).configurable?.thread_id;
  if (typeof thread === 'string') return thread;
  // LangGraph takes a number as a thread ID too, and keys its checkpoints by its text.
  return typeof thread === 'number' && Number.isFinite(thread) ? String(thread) : undefined;
}

/** The provider's tool-call ID as LangChain hands it to a tool (ToolNode sets both). */
export function toolCallIdOf(config: unknown): string | undefined {
  if (typeof config !== 'object' || config === null) return undefined;
  const c = config as { toolCall?: { id?: unknown }; toolCallId?: unknown };
  const id = c.toolCall?.id ?? c.toolCallId;
  return typeof id === 'string' && id !== '' ? id : undefined;
}
