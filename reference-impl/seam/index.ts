// The tool-execution seam (spec/07-replay.md §7.3).
export { executeToolCall, TOOL_FAILED_TEXT } from './execute.ts';
export type { ToolCall, SeamOptions, SeamOutcome, GiveUpSignal } from './execute.ts';
