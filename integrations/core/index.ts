// What the stack integrations share: the seam object and its options, the one call through the seam, the MCP normalize step.
export { seamOptions } from './options.ts';
export type { IntegrationOptions, WrapOptions } from './options.ts';
export { callThroughSeam } from './call.ts';
export type { CallOutcome, CallLimits, CallWhere } from './call.ts';
export { createSeam, seamOf, ToolResultSeam } from './seam.ts';
export type { CallAt, SeamConfig } from './seam.ts';
export { DEFAULT_DEADLINE_MS } from './deadline.ts';
export { mcpRead, mcpRun } from './mcp-result.ts';
export { mcpTaskFollower } from './task-follower.ts';
export type { McpRequester } from './task-follower.ts';
export { textWithoutFlag } from './error-text.ts';
export { listAllTools } from './mcp-tools.ts';
export type { ListedTool, McpToolLister } from './mcp-tools.ts';
export { ModelOutputs } from './model-output.ts';
export { structuredAs, StructuredTypeError } from './structured.ts';
export type { StandardSchema, StructuredGuard, TypedResult } from './structured.ts';
