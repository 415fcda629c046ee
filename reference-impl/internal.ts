// What the project's own kit, integrations, stack adapters, inspector, benches and tools use of the
// library beyond its root, in one module: shipped as the `toolresult-protocol/internal` subpath, which
// the package does not promise (no semver, no docs: any release may change it). Outside reference-impl/
// nothing imports a deeper module than this, the root or a store's own subpath (layering.test.ts), so
// what the library's own products need of it is listed here, and a user's API stays the root.
// The store drivers stay on their subpaths (ledger/sqlite, ledger/postgres): nothing here loads one.
export { coerceOctets, coerceString } from './bound/coerce-utf8.ts';
export { DEFAULT_BUDGETS, MAX_BUDGET, MAX_DEPTH, MIN_BUDGET, bound, truncationNotice } from './bound/index.ts';
export type { BoundOptions } from './bound/index.ts';
export { markerText } from './bound/marker.ts';
export type { ArtifactFailure } from './bound/marker.ts';
export { measureJson } from './bound/measure.ts';
export { resolveOptions } from './bound/options.ts';
export { parseStrict } from './canonical-json/index.ts';
export { canonicalize } from './canonical-json/serialize.ts';
export { toWireMessage } from './egress/index.ts';
export type { WireMessage } from './egress/index.ts';
export { expose, resolveExposure } from './exposure/expose.ts';
export type { ExposurePolicy } from './exposure/expose.ts';
export { parsePointer } from './exposure/json-pointer.ts';
export { hookFromSpec, transformToolResult } from './hooks/index.ts';
export type { ToolResultHook } from './hooks/index.ts';
export type { ReplayLedger } from './ledger/claim.ts';
export { LedgerError, persist, restore } from './ledger/index.ts';
export { INTERRUPTED_ENTRY, INTERRUPTED_TEXT } from './ledger/interrupted.ts';
export { InMemoryLedger } from './ledger/memory-ledger.ts';
export { POSTGRES_LAYOUT, POSTGRES_MIGRATION_1_TO_2, POSTGRES_MIGRATION_LOCK } from './ledger/postgres-layout.ts';
export { SQLITE_LAYOUT, SQLITE_MIGRATION_1_TO_2 } from './ledger/sqlite-layout.ts';
export { LedgerStoreError } from './ledger/store-error.ts';
export { LEDGER_COLUMNS, LEDGER_COLUMNS_LAYOUT_1 } from './ledger/store.ts';
export { checkScope } from './ledger/call-key.ts';
export type { LedgerStore } from './ledger/store.ts';
export { CollectingLogger, silentLogger } from './logger.ts';
export { normalize, normalizeMcp, PendingCall } from './normalize/index.ts';
export type { NormalizeOptions, NormalizeSource, PendingTask } from './normalize/index.ts';
export { UnsupportedPattern, readPattern } from './normalize/pattern-rule.ts';
export { auditRecord, isPrivacyLevel } from './privacy/index.ts';
export type { AuditRecord, PrivacyLevel } from './privacy/index.ts';
export { DEFAULT_RULES, MASK, MAX_PASSES, PARAMETER_PREFIXES, PARAMETER_WORDS, capLeaf, defaultRedactor } from './privacy/redactor.ts';
export { viewArtifact } from './render/artifact-view.ts';
export type { ArtifactView } from './render/artifact-view.ts';
export { escapeHtml, renderArtifactHtml } from './render/html.ts';
export { executeToolCall } from './seam/execute.ts';
export type { TaskFollower } from './seam/follow-task.ts';
export type { SeamOptions } from './seam/execute.ts';
export { liveEvent, suspendState } from './sinks/index.ts';
export { ToolResult } from './tool-result.ts';
export type { BoundedToolResult, JsonValue, ToolResultRecord, WarningCode } from './tool-result.ts';
