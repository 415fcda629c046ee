// What a source-specific reader produces before assembly: model-facing pieces, run-only
// references and texts, structured data. Every source ends in the same assembly (assemble.ts), so
// the rules for references, fallbacks and the schema check are written once.
import type { WarningCode } from '../tool-result.ts';
import { omittedBlock } from './pinned-text.ts';

/** One row of the references table (TR-NORM-11): a block whose bytes stay out of content. */
export interface ReferenceRow {
  /** Where the block was: `content[3]`, `artifact[1]`. */
  readonly locator: string;
  /** `text`, `image`, `audio`, `resource`, `resource_link`, or a LangChain block type. */
  readonly kind: string;
  readonly mimeType: string;
  /** Decimal octets (decoded size for binary data), or "" when not known. */
  readonly size: string;
  readonly uri: string;
}

/** A text that is run-only (not for the assistant, or kept out of content by its source). */
export interface RunOnlyText {
  readonly locator: string;
  readonly text: string;
}

export interface Draft {
  isError: boolean;
  /** Model-facing text pieces, in order; joined with TEXT_SEPARATOR. */
  readonly pieces: string[];
  /** The placeholders of TR-NORM-12 among the pieces: the index of each one's piece and its kind (TR-NORM-67). */
  readonly omitted: { readonly piece: number; readonly kind: string }[];
  readonly references: ReferenceRow[];
  readonly runOnlyTexts: RunOnlyText[];
  hasStructured: boolean;
  structured: unknown;
  /** The text of the artifact members artifact (TR-NORM-66), when the source had other members. */
  artifactMembers: string | undefined;
  readonly warnings: WarningCode[];
}

export function emptyDraft(isError = false): Draft {
  return {
    isError,
    pieces: [],
    omitted: [],
    references: [],
    runOnlyTexts: [],
    hasStructured: false,
    structured: undefined,
    artifactMembers: undefined,
    warnings: [],
  };
}

/** Adds the placeholder of a model-facing block whose bytes stay run-only (TR-NORM-12), and notes where it stands (TR-NORM-67). */
export function pushOmitted(draft: Draft, kind: string): void {
  draft.omitted.push({ piece: draft.pieces.length, kind });
  draft.pieces.push(omittedBlock(kind));
}

/** The size column: a non-negative safe integer in decimal, else "". */
export function sizeCell(n: unknown): string {
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? String(n) : '';
}

/** A string cell, or "" for anything else. */
export function stringCell(v: unknown): string {
  return typeof v === 'string' ? v : '';
}
