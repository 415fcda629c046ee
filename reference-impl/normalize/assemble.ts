// From a Draft to a bounded result (spec/10-normalization.md §10.2–§10.5). One path for every
// source: references become artifacts, the text is joined, the result is bounded, the schema check
// runs on the bounded structured value, and an empty text falls back to its canonical JSON.
import { bound, resolveOptions } from '../bound/index.ts';
import { canonicalize } from '../canonical-json/index.ts';
import { ToolResult, type BoundedToolResult, type JsonValue, type ToolArtifact, type WarningCode } from '../tool-result.ts';
import { MEMBERS_LABEL } from './artifact-members.ts';
import type { Draft } from './draft.ts';
import { cutWithDropNotice } from './drop-notice.ts';
import type { ResolvedNormalizeOptions } from './options.ts';
import { matchesOutputSchema } from './output-schema.ts';
import { SCHEMA_MISMATCH_ERROR, STRUCTURED_OMITTED, TEXT_SEPARATOR } from './pinned-text.ts';

export const REFERENCES_LABEL = 'Content references';
export const REFERENCE_COLUMNS: readonly string[] = ['block', 'kind', 'mimeType', 'size', 'uri'];

/** The run-only artifacts of a draft: the references table first, then one text per run-only text, then the artifact members. */
function artifactsOf(draft: Draft): ToolArtifact[] {
  const out: ToolArtifact[] = [];
  if (draft.references.length > 0) {
    out.push({
      type: 'table',
      label: REFERENCES_LABEL,
      data: {
        columns: [...REFERENCE_COLUMNS],
        rows: draft.references.map((r) => [r.locator, r.kind, r.mimeType, r.size, r.uri]),
      },
    });
  }
  for (const t of draft.runOnlyTexts) {
    out.push({ type: 'text', label: `Text of ${t.locator}`, data: { text: t.text } });
  }
  // TR-NORM-66: the rest of an adapter artifact, last.
  if (draft.artifactMembers !== undefined) out.push({ type: 'text', label: MEMBERS_LABEL, data: { text: draft.artifactMembers } });
  return out;
}

interface Parts {
  readonly content: string;
  readonly isError: boolean;
  readonly hasStructured: boolean;
  readonly structured: unknown;
  readonly artifacts: readonly ToolArtifact[];
  readonly warnings: readonly WarningCode[];
}

function make(p: Parts): ToolResult {
  const structured = p.hasStructured ? { structured: p.structured } : {};
  if (p.isError) return ToolResult.error(p.content, { ...structured, warnings: p.warnings });
  const artifacts = p.artifacts.length > 0 ? { artifacts: p.artifacts } : {};
  return ToolResult.text(p.content, { ...structured, ...artifacts, warnings: p.warnings });
}

function partsOf(b: BoundedToolResult): Parts {
  return {
    content: b.content,
    isError: b.isError,
    hasStructured: b.hasStructured,
    structured: b.structured,
    artifacts: b.artifacts,
    warnings: b.warnings.map((w) => w.code),
  };
}

/** Bounds a draft into the normalized result. */
export function assemble(draft: Draft, options: ResolvedNormalizeOptions): BoundedToolResult {
  const budgets = options.budgets;
  const warnings = [...draft.warnings];
  let artifacts = artifactsOf(draft);
  if (draft.isError && artifacts.length > 0) {
    // TR-NORM-13: an error result carries no artifacts (TR-MODEL-2), so its references go.
    artifacts = [];
    warnings.push('artifacts.dropped_on_error');
  }
  const joined = draft.pieces.join(TEXT_SEPARATOR);
  // TR-NORM-67: a cut that would remove a placeholder ends in the drop notice instead.
  const cut = cutWithDropNotice(draft.pieces, draft.omitted, resolveOptions(budgets).contentBudget);
  if (cut !== undefined) warnings.push('content.truncated');
  let b = bound(
    make({ content: cut ?? joined, isError: draft.isError, hasStructured: draft.hasStructured, structured: draft.structured, artifacts, warnings }),
    budgets,
  );

  // TR-NORM-30..33: the check sees only the bounded value of a success result.
  if (!b.isError && b.hasStructured && options.hasSchema && options.schemaPolicy !== 'off') {
    if (!matchesOutputSchema(options.outputSchema, b.structured)) {
      if (options.schemaPolicy === 'enforce') {
        const w: WarningCode[] = ['structured.schema_mismatch'];
        if (b.artifacts.length > 0) w.push('artifacts.dropped_on_error');
        return bound(ToolResult.error(SCHEMA_MISMATCH_ERROR, { warnings: w }), budgets);
      }
      const p = partsOf(b);
      b = bound(make({ ...p, hasStructured: false, structured: undefined, warnings: [...p.warnings, 'structured.schema_mismatch'] }), budgets);
    }
  }

  // TR-NORM-20: no text but structured data: the model sees its canonical JSON.
  if (joined === '' && draft.hasStructured) {
    const content = b.hasStructured ? canonicalize(b.structured as JsonValue) : STRUCTURED_OMITTED;
    b = bound(make({ ...partsOf(b), content }), budgets);
  }
  return b;
}
