// The metadata summary of a tool step (spec/06-privacy.md §6.2): numbers, booleans and values from
// closed sets only, so no string a tool or an attacker chose can ride it.
import type { ArtifactType, WarningCode } from '../../generated/model.ts';
import { measureJson } from '../bound/index.ts';
import type { BoundedToolResult } from '../tool-result.ts';
import { assertBounded } from '../sinks/bounded-only.ts';

/** The sizes, counts and flags of a result that every audit record carries, whatever its level: no byte of the result's channels. */
export interface AuditSummary {
  readonly isError: boolean;
  /** UTF-8 octets of content. */
  readonly contentOctets: number;
  readonly hasStructured: boolean;
  /** JCS length of structured; present exactly when hasStructured. */
  readonly structuredOctets?: number;
  readonly artifactCount: number;
  /** JCS length of the whole artifact list. */
  readonly artifactsOctets: number;
  /** The distinct artifact types, sorted. */
  readonly artifactTypes: readonly ArtifactType[];
  /** The warning codes, as the result carries them (sorted, distinct). */
  readonly warnings: readonly WarningCode[];
}

// The closed set the summary may name. A bounded result only holds these; the check keeps the
// summary closed even if a future bug let another string through.
const KNOWN_TYPES: ReadonlySet<string> = new Set<ArtifactType>(['table', 'text']);

/**
 * JCS length in octets, by the bounder's own measure (no copy, no text built). A bounded value is
 * JSON data, so the measure is exactly the length of its JCS text.
 */
export function jcsOctets(value: unknown): number {
  return measureJson(value, Number.MAX_SAFE_INTEGER, false).octets;
}

export function auditSummary(bounded: BoundedToolResult): AuditSummary {
  const result = assertBounded(bounded, 'auditSummary');
  const artifacts = result.artifacts;
  const types = [...new Set(artifacts.map((a) => a.type))].filter((t) => KNOWN_TYPES.has(t)).sort();
  const summary: AuditSummary = {
    isError: result.isError,
    contentOctets: Buffer.byteLength(result.content, 'utf8'),
    hasStructured: result.hasStructured,
    ...(result.hasStructured ? { structuredOctets: jcsOctets(result.structured ?? null) } : {}),
    artifactCount: artifacts.length,
    artifactsOctets: jcsOctets(artifacts),
    artifactTypes: types as ArtifactType[],
    warnings: result.warnings.map((w) => w.code),
  };
  return summary;
}
