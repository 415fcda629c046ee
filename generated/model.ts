/* eslint-disable */
/**
 * GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
 * Change the schemas, then regenerate: npm run generate
 */
/**
 * The closed set of artifact rendering shapes a producer may emit in this version of the protocol. A shape, not a meaning: a table of invoices and a table of files are both 'table'.
 */
export type ArtifactType = "table" | "text";
/**
 * The persisted audit record of one tool step, filtered by its privacy level (spec/06-privacy.md). Each level keeps everything a stricter level keeps: none keeps only that the step was recorded; metadata adds a summary of numbers and closed-set values; redacted adds the result with every string passed through the redactor; full adds the result verbatim.
 */
export type AuditRecord = NoneAuditRecord | MetadataAuditRecord | RedactedAuditRecord | FullAuditRecord;
/**
 * Closed set of warning codes. The part before the dot names the channel the warning is about (content, artifacts, structured), hook for a failed hook, exposure for what the model was shown of structured (spec/12-exposure.md), or mcp for an MCP answer that was not a tool result (spec/10-normalization.md §10.3). The table in spec/02-data-model.md §2.3 says who sets each code and what it means.
 */
export type WarningCode =
  | "content.truncated"
  | "content.not_text"
  | "artifacts.over_budget"
  | "artifacts.unencodable"
  | "artifacts.too_deep"
  | "artifacts.invalid_shape"
  | "artifacts.dropped_on_error"
  | "structured.over_budget"
  | "structured.unencodable"
  | "structured.too_deep"
  | "structured.schema_mismatch"
  | "structured.invalid"
  | "mcp.result_type_unknown"
  | "mcp.input_required"
  | "mcp.task_unfollowed"
  | "mcp.task_lost"
  | "mcp.task_cancelled"
  | "hook.failed"
  | "exposure.json"
  | "exposure.allowlist"
  | "exposure.empty"
  | "exposure.unmatched"
  | "exposure.over_budget";
/**
 * Any JSON value (RFC 8259). Strings are well-formed Unicode and numbers finite with a magnitude of at most 2^53-1 once bounded (TR-BOUND rules); JSON Schema cannot say that, the bounder enforces it.
 */
export type JsonValue =
  | null
  | boolean
  | number
  | string
  | JsonValue[]
  | {
      [k: string]: JsonValue;
    };
/**
 * A run-only display artifact as a producer emits it and the bounder lets it through: a known type with data of that type's shape.
 */
export type ToolArtifact = TableArtifact | TextArtifact;
/**
 * Which part of a bounded result's structured value the model sees, declared per tool (spec/12-exposure.md). none: content only (the default, today's bytes); json: the RFC 8785 serialization of the whole structured value, appended to content; allowlist: the values the listed JSON Pointers (RFC 6901) select, as one canonical JSON object keyed by pointer. Whatever is exposed shares the content budget and is dropped whole when it does not fit.
 */
export type ExposurePolicy = NoneExposurePolicy | JsonExposurePolicy | AllowlistExposurePolicy;
/**
 * A JSON Pointer in its string form (RFC 6901): empty (the whole value), or '/'-prefixed reference tokens in which '~' appears only as '~0' or '~1'.
 */
export type JsonPointer = string;
/**
 * How much of a tool step a persisted audit record keeps, strictest first: none < metadata < redacted < full. Default metadata (TR-PRIV-1); where two settings meet, the strictest wins, and a value outside this set counts as none (TR-PRIV-2).
 */
export type PrivacyLevel = "none" | "metadata" | "redacted" | "full";

/**
 * Index of every schema in schemas/model/ (a codegen root, not a protocol type).
 */
export interface SchemaIndex {
  "artifact-envelope.schema.json"?: ArtifactEnvelope;
  "artifact-type.schema.json"?: ArtifactType;
  "audit-record.schema.json"?: AuditRecord;
  "bound-options.schema.json"?: BoundOptions;
  "exposure-policy.schema.json"?: ExposurePolicy;
  "json-value.schema.json"?: JsonValue;
  "ledger-entry.schema.json"?: LedgerEntry;
  "live-event.schema.json"?: LiveEvent;
  "privacy-level.schema.json"?: PrivacyLevel;
  "suspend-state.schema.json"?: SuspendState;
  "tool-artifact.schema.json"?: ToolArtifact;
  "tool-result.schema.json"?: ToolResult;
  "warning.schema.json"?: Warning;
  "wire-message.schema.json"?: WireMessage;
}
/**
 * The tolerant view a consumer (renderer, audit reader) uses: any type name, so that a record written by a newer protocol version still reads. A consumer renders a type it does not know with its fallback (TR-MODEL-6).
 */
export interface ArtifactEnvelope {
  type: string;
  label: string;
  data: {
    [k: string]: unknown;
  };
}
/**
 * Level none: the step is on record, nothing of its result is.
 */
export interface NoneAuditRecord {
  version: 1;
  level: "none";
}
/**
 * Level metadata (the default): the summary only, no content bytes.
 */
export interface MetadataAuditRecord {
  version: 1;
  level: "metadata";
  summary: AuditSummary;
}
/**
 * What the metadata level keeps. Every value is a number, a boolean or from a closed set, so no string chosen by a tool or its input can ride it (TR-PRIV-4, TR-PRIV-5).
 */
export interface AuditSummary {
  isError: boolean;
  /**
   * UTF-8 octets of content.
   */
  contentOctets: number;
  hasStructured: boolean;
  /**
   * JCS length of structured; present exactly when hasStructured is true.
   */
  structuredOctets?: number;
  artifactCount: number;
  /**
   * JCS length of the whole artifact list ([] is 2).
   */
  artifactsOctets: number;
  /**
   * The distinct artifact types of the list, sorted by code point.
   */
  artifactTypes: ArtifactType[];
  /**
   * The result's warning codes, sorted.
   */
  warnings: WarningCode[];
}
/**
 * Level redacted: the summary and the result in the same shape, every string passed through the redactor.
 */
export interface RedactedAuditRecord {
  version: 1;
  level: "redacted";
  summary: AuditSummary;
  result: RedactedResult;
}
/**
 * A bounded result after redaction: the shape of tool-result.schema.json, except that an artifact's type and data strings may have been changed by the redactor.
 */
export interface RedactedResult {
  content: string;
  isError: boolean;
  structured?: JsonValue;
  artifacts: RedactedArtifact[];
  warnings: Warning[];
}
/**
 * An artifact after redaction. Its type is whatever the redactor made of it, so a reader renders an unknown one with its fallback (TR-MODEL-6).
 */
export interface RedactedArtifact {
  type: string;
  label: string;
  data: {
    [k: string]: JsonValue;
  };
}
/**
 * A machine-readable note that a channel was changed or dropped. It names what happened, never the bytes involved (TR-MODEL-8).
 */
export interface Warning {
  code: WarningCode;
}
/**
 * Level full: the summary and the bounded result verbatim.
 */
export interface FullAuditRecord {
  version: 1;
  level: "full";
  summary: AuditSummary;
  result: ToolResult;
}
/**
 * A tool result as JSON: the provider-facing channels (content, isError) and the run-only channels (structured, artifacts, warnings). This is the form the bounder returns and the ledger, the live stream and a full audit record carry; the provider wire carries only content and isError (TR-EGRESS). structured: run-only machine-readable value, any JSON value, absent when the tool gave none or the bounder dropped it.
 */
export interface ToolResult {
  /**
   * The one provider-facing string. Once bounded: well-formed Unicode, at most the content budget in UTF-8 octets.
   */
  content: string;
  /**
   * Whether the tool failed. Provider-facing.
   */
  isError: boolean;
  structured?: JsonValue;
  /**
   * Run-only display artifacts. Either what the tool gave, coerced, or exactly one omission marker.
   */
  artifacts: ToolArtifact[];
  /**
   * What the bounder, a normalizer or a hook changed or dropped, as codes: sorted by code, no code twice (TR-MODEL-9; JSON Schema cannot say it).
   */
  warnings: Warning[];
}
export interface TableArtifact {
  type: "table";
  label: string;
  data: TableData;
}
/**
 * A table: column headings and rows of cells, every cell a string. Each row has exactly as many cells as there are columns (TR-MODEL-5; checked by the bounder, JSON Schema cannot say it).
 */
export interface TableData {
  columns: string[];
  rows: string[][];
}
export interface TextArtifact {
  type: "text";
  label: string;
  data: TextData;
}
/**
 * A block of plain text. Also the shape of the omission marker.
 */
export interface TextData {
  text: string;
}
/**
 * Budgets for the bounder, in octets. A budget left out takes its default. Each budget is an integer from 256 to 2^30 (TR-MODEL-10); 256 is the floor so that every pinned marker and notice fits inside any budget.
 */
export interface BoundOptions {
  /**
   * Most UTF-8 octets of content, the truncation notice included.
   */
  contentBudget?: number;
  /**
   * Most octets of the RFC 8785 serialization of the whole artifact list.
   */
  artifactsBudget?: number;
  /**
   * Most octets of the RFC 8785 serialization of the structured value.
   */
  structuredBudget?: number;
}
/**
 * The model sees content only (TR-EXPOSE-1).
 */
export interface NoneExposurePolicy {
  policy: "none";
}
/**
 * The model also sees the canonical serialization of the whole bounded structured value.
 */
export interface JsonExposurePolicy {
  policy: "json";
}
/**
 * The model also sees the values the pointers select, and nothing else of the structured value.
 */
export interface AllowlistExposurePolicy {
  policy: "allowlist";
  /**
   * JSON Pointers (RFC 6901) into the structured value. No wildcards: '*' is a member name like any other.
   */
  pointers: JsonPointer[];
}
/**
 * A replay-ledger entry (spec/07-replay.md): the bounded, post-hook result of a tool call, stored so that a repeated call with the same call ID returns it without running the tool. Serialized as RFC 8785 canonical JSON. A legacy entry, a JSON string, restores as text only and has no schema of its own.
 */
export interface LedgerEntry {
  /**
   * The entry format. A reader refuses a version it does not know (ledger.unknown_version).
   */
  version: 1;
  result: ToolResult;
}
/**
 * The event the live inspector stream carries for a finished tool step (spec/05-sinks.md). Built from memory for administrators while the run is live and not meant to be persisted (TR-SINK-3): the whole bounded result, run-only channels included. Sent as one line of NDJSON.
 */
export interface LiveEvent {
  kind: "tool_result";
  result: ToolResult;
}
/**
 * What a suspended run keeps of a tool step so that it can resume (spec/05-sinks.md): the functional, provider-facing channels only. Never structured data, artifacts or warnings.
 */
export interface SuspendState {
  content: string;
  isError: boolean;
}
/**
 * The provider-facing part of a tool result, all the model provider ever sees of it: the bounded content and the error flag, and nothing else (TR-EGRESS-3). An integration maps it onto its provider's tool message format.
 */
export interface WireMessage {
  /**
   * The bounded content: well-formed Unicode, at most the content budget in UTF-8 octets.
   */
  content: string;
  /**
   * Whether the tool failed.
   */
  isError: boolean;
}
