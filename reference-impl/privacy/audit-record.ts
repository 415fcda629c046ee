// The persisted audit record of a tool step, filtered by a privacy level (spec/06-privacy.md).
// Each level keeps everything a stricter one keeps: none ⊂ metadata ⊂ redacted ⊂ full.
import type { PrivacyLevel, ToolResult as ToolResultRecord, Warning } from '../../generated/model.ts';
import { sealedRecord, type BoundedToolResult, type JsonValue } from '../tool-result.ts';
import { assertBounded } from '../sinks/bounded-only.ts';
import { effectivePrivacyLevel } from './levels.ts';
import { defaultRedactor, type Redactor } from './redactor.ts';
import { redactArtifact, redactJson, safeRedact, type RedactedArtifact } from './redact-value.ts';
import { auditSummary, type AuditSummary } from './summary.ts';

export const AUDIT_RECORD_VERSION = 1;

/** The result a `redacted` audit record keeps: the channels after the redactor ran over every string. */
export interface RedactedResult {
  readonly content: string;
  readonly isError: boolean;
  readonly structured?: JsonValue;
  readonly artifacts: readonly RedactedArtifact[];
  readonly warnings: readonly Warning[];
}

/** The persisted record of a result at one privacy level (spec §6): `none`, `metadata` (the summary only), `redacted` or `full`. */
export type AuditRecord =
  | { readonly version: 1; readonly level: 'none' }
  | { readonly version: 1; readonly level: 'metadata'; readonly summary: AuditSummary }
  | { readonly version: 1; readonly level: 'redacted'; readonly summary: AuditSummary; readonly result: RedactedResult }
  | { readonly version: 1; readonly level: 'full'; readonly summary: AuditSummary; readonly result: ToolResultRecord };

/** Options of `auditRecord`: the redactor used at the `redacted` level. */
export interface AuditOptions {
  /** The redactor of the `redacted` level; the default masks secret shapes and caps each leaf. */
  readonly redactor?: Redactor;
}

export function redactResult(bounded: BoundedToolResult, redactor: Redactor): RedactedResult {
  const result = assertBounded(bounded, 'redactResult');
  return {
    content: safeRedact(redactor, result.content),
    isError: result.isError,
    ...(result.hasStructured ? { structured: redactJson(result.structured ?? null, redactor) } : {}),
    artifacts: result.artifacts.map((a) => redactArtifact(a, redactor)),
    warnings: result.warnings.map((w) => ({ code: w.code })),
  };
}

/**
 * The audit record of a bounded result at the strictest of the given level settings (an empty
 * list gives the default, metadata). Only a BoundedToolResult is accepted.
 */
export function auditRecord(result: BoundedToolResult, levels: readonly unknown[], options: AuditOptions = {}): AuditRecord {
  const sealed = assertBounded(result, 'auditRecord');
  const level: PrivacyLevel = effectivePrivacyLevel(levels);
  switch (level) {
    case 'none':
      return { version: 1, level };
    case 'metadata':
      return { version: 1, level, summary: auditSummary(result) };
    case 'redacted':
      return { version: 1, level, summary: auditSummary(result), result: redactResult(result, options.redactor ?? defaultRedactor) };
    case 'full':
      return { version: 1, level, summary: auditSummary(result), result: sealedRecord(sealed) };
  }
}
