// The tool-execution seam (spec/07-replay.md §7.3).
export { executeToolCall, TOOL_FAILED_TEXT } from './execute.ts';
export type { ToolCall, SeamOptions, SeamOutcome, GiveUpSignal } from './execute.ts';
export { INPUT_REQUIRED_TEXT, TASK_CANCELLED_TEXT, TASK_LOST_TEXT, TASK_UNFOLLOWED_TEXT } from './follow-task.ts';
export type { TaskFollower } from './follow-task.ts';
