// Result hooks (spec/08-hooks.md).
export { transformToolResult, transformToolResultAsync } from './pipeline.ts';
export type { ToolResultHook, AsyncToolResultHook, HookContext, HookOutput, HookOptions } from './pipeline.ts';
export { withContent, withoutStructured } from './rebuild.ts';
export { hookFromSpec, HOOK_NAMES } from './hook-specs.ts';
export type { HookSpec } from './hook-specs.ts';
