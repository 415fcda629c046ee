// Package root of the reference implementation: the public surface a runtime builds on (the result
// type and its builders, bound, the wire, exposure, normalize, the sinks and privacy, the ledgers and
// the seam), recorded in api/toolresult-protocol.api.md, which test/api-report.test.ts compares with
// the build: a change of this surface is a visible diff there. The rest of the library's modules
// reach the project's own tools through `toolresult-protocol/internal`, which promises nothing.
/**
 * The TypeScript reference implementation of the ToolResult Protocol: build a tool result, bound it,
 * hand the provider its wire message, and route the run-only data (structured values, artifacts) to
 * the live inspector, the suspended state, the audit record, the replay ledger and result hooks.
 *
 * @packageDocumentation
 */
export { ToolResult, BoundedToolResult } from './tool-result.ts';
export type { TextOptions, ErrorOptions, JsonValue, ToolArtifact, ToolResultRecord, Warning, WarningCode } from './tool-result.ts';
export type { Logger, LogLevel, LogFields } from './logger.ts';
export { viewArtifact } from './render/artifact-view.ts';
export type { ArtifactView } from './render/artifact-view.ts';
export { renderArtifactHtml } from './render/html.ts';
export { bound, DEFAULT_BUDGETS } from './bound/index.ts';
export type { BoundOptions } from './bound/index.ts';
export { toWireMessage } from './egress/index.ts';
export type { WireMessage } from './egress/index.ts';
export { expose } from './exposure/index.ts';
export type { ExposurePolicy } from './exposure/index.ts';
export { normalize, normalizeMcp, normalizeLangChain, normalizeLocal, PendingCall } from './normalize/index.ts';
export type { NormalizeOptions, NormalizeSource, SchemaPolicy, ToolMessageLike, PendingKind, PendingTask, TaskVersion } from './normalize/index.ts';
export { liveEvent, suspendState } from './sinks/index.ts';
export type { LiveEvent, SuspendState } from './sinks/index.ts';
export { auditRecord, defaultRedactor, PRIVACY_LEVELS, DEFAULT_PRIVACY_LEVEL } from './privacy/index.ts';
export type { AuditRecord, AuditOptions, AuditSummary, PrivacyLevel, Redactor, RedactedResult } from './privacy/index.ts';
export {
  persist,
  restore,
  LedgerError,
  LedgerStoreError,
  LEDGER_STORE_ERROR_CODES,
  InMemoryLedger,
  INTERRUPTED_ENTRY,
  INTERRUPTED_TEXT,
  UnreadableEntry,
  callFingerprint,
} from './ledger/index.ts';
export type { LedgerErrorCode, LedgerStoreErrorCode, ReplayLedger, Claim, CallAt, LedgerStore, LedgerStoreOptions, StoredEntry } from './ledger/index.ts';
export { transformToolResult, transformToolResultAsync, withContent, withoutStructured } from './hooks/index.ts';
export type { ToolResultHook, AsyncToolResultHook, HookContext, HookOutput, HookOptions } from './hooks/index.ts';
export { executeToolCall, TOOL_FAILED_TEXT, INPUT_REQUIRED_TEXT, TASK_CANCELLED_TEXT, TASK_LOST_TEXT, TASK_UNFOLLOWED_TEXT } from './seam/index.ts';
export type { ToolCall, SeamOptions, SeamOutcome, GiveUpSignal, TaskFollower } from './seam/index.ts';
