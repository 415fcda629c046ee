// What the stack integrations share: the options, the one call through the seam, the MCP normalize step.
export { seamOptions } from './options.ts';
export type { IntegrationOptions } from './options.ts';
export { callThroughSeam } from './call.ts';
export type { CallOutcome } from './call.ts';
export { mcpRun } from './mcp-result.ts';
export { textWithoutFlag } from './error-text.ts';
