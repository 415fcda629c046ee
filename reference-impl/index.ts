// Package root of the reference implementation. Deep imports are not part of the API.
export { ToolResult, BoundedToolResult } from './tool-result.ts';
export type { TextOptions, ErrorOptions, JsonValue, ToolArtifact, ToolResultRecord, Warning, WarningCode } from './tool-result.ts';
export { silentLogger, CollectingLogger } from './logger.ts';
export type { Logger, LogLevel, LogFields } from './logger.ts';
export { viewArtifact, isKnownArtifact } from './render/artifact-view.ts';
export type { ArtifactView } from './render/artifact-view.ts';
export { renderArtifactHtml, escapeHtml } from './render/html.ts';
export { bound, coerceOctets, coerceString, measureJson, truncationNotice, markerText, DEFAULT_BUDGETS } from './bound/index.ts';
export type { BoundOptions, Measurement, Verdict, ArtifactFailure } from './bound/index.ts';
export { toWireMessage } from './egress/index.ts';
export type { WireMessage } from './egress/index.ts';
export { normalize, normalizeMcp, normalizeLangChain, normalizeLocal } from './normalize/index.ts';
export type { NormalizeOptions, NormalizeSource, SchemaPolicy, ToolMessageLike } from './normalize/index.ts';
