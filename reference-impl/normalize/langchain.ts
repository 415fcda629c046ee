// LangChain ToolMessage -> bounded result (spec/10-normalization.md §10.7). The only module of the
// reference implementation that knows LangChain's shapes. It reads a ToolMessage through the
// neutral form {content, status?, artifact?}: the three own data properties a ToolMessage has, and
// the JSON form the conformance vectors use. It imports nothing from @langchain/* at run time
// (TR-NORM-57), not even a type: the check that a real ToolMessage fits ToolMessageLike is in
// langchain-adapter.test.ts, so the published declarations name no LangChain package.
import type { BoundedToolResult } from '../tool-result.ts';
import { artifactMembersText } from './artifact-members.ts';
import { assemble } from './assemble.ts';
import { type Draft, emptyDraft } from './draft.ts';
import { addLangChainBlock } from './langchain-blocks.ts';
import { isModelFacing } from './audience.ts';
import { addMcpBlock } from './mcp-blocks.ts';
import { type NormalizeOptions, resolveNormalizeOptions } from './options.ts';
import { MALFORMED_LANGCHAIN } from './pinned-text.ts';
import { field, hasField, isInspectableObject, isPlainArray, isPlainObject, items, stringField } from './read-plain.ts';

/** The neutral form of a ToolMessage: what the normalizer reads of one. */
export interface ToolMessageLike {
  readonly content: unknown;
  readonly status?: unknown;
  readonly artifact?: unknown;
}

const STRUCTURED_ENTRY = 'mcp_structured_content';
const META_ENTRY = 'mcp_meta';

/** TR-NORM-53: the JS adapter's artifact, an array of objects each with a string `type`. */
function isJsAdapterArtifact(artifact: unknown): artifact is unknown[] {
  return isPlainArray(artifact) && items(artifact).every((e) => isPlainObject(e) && typeof field(e, 'type') === 'string');
}

/** Reads the entries; returns whether the adapter recorded structured data or _meta. */
function readJsAdapterArtifact(draft: Draft, entries: unknown[]): boolean {
  let structuredCount = 0;
  let metaCount = 0;
  entries.forEach((entry, i) => {
    const type = field(entry, 'type');
    const locator = `artifact[${i}]`;
    if (type === STRUCTURED_ENTRY) {
      structuredCount++;
      draft.hasStructured = true;
      draft.structured = field(entry, 'data');
    } else if (type === META_ENTRY) {
      metaCount++;
      // TR-NORM-21: MCP _meta is protocol metadata; it is kept nowhere.
    } else if (type === 'resource') {
      addMcpBlock(draft, entry, locator, false);
    } else {
      addLangChainBlock(draft, entry, locator, false);
    }
  });
  if (structuredCount > 1 || (structuredCount === 1 && draft.structured === undefined)) {
    draft.hasStructured = false;
    draft.structured = undefined;
    draft.warnings.push('structured.invalid');
  }
  return structuredCount + metaCount > 0;
}

/**
 * TR-NORM-56: with exactly one text block and structured data or _meta, the JS adapter returns the
 * block as an object that @langchain/core JSON-stringifies into content: `{type, text,
 * structuredContent, meta}` by default, plus `source_type` with useStandardContentBlocks, and who
 * knows what in a later version. Once the artifact says the adapter recorded structured data or
 * _meta, a content string that is a JSON object is never the text: its string `text` member is,
 * whatever other members it has, unless its `annotations.audience` excludes the assistant; without
 * one there is no text (the structured value is kept from the artifact, and _meta goes nowhere).
 */
function unwrapAdapterText(content: string): string | undefined {
  // Any JSON text of an object qualifies, whatever its whitespace or member order; a repeated
  // member name keeps its last value, as JSON.parse reads it.
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return undefined;
  }
  if (!isPlainObject(parsed)) return undefined;
  // The object stands for one MCP text block: an audience that excludes the assistant keeps its
  // text from the model as TR-NORM-17 does on the MCP path (adapter 1.1.4 drops the annotation, but
  // another version or a hand-built message may keep it).
  if (!isModelFacing(parsed)) return '';
  return stringField(parsed, 'text') ?? '';
}

const PYTHON_KEYS = ['structured_content', 'structuredContent'] as const;

/**
 * Reads the artifact into the draft (TR-NORM-53..55, TR-NORM-66). Returns whether it is the JS adapter form
 * with structured data or _meta, the case in which the adapter may have wrapped the text.
 */
function readArtifact(draft: Draft, artifact: unknown): boolean {
  if (artifact === undefined || artifact === null) return false;
  if (isJsAdapterArtifact(artifact)) return readJsAdapterArtifact(draft, items(artifact));
  const present = isPlainObject(artifact) ? PYTHON_KEYS.filter((k) => hasField(artifact, k)) : [];
  if (present.length === 2) {
    // TR-NORM-54: the Python adapter's form, spelled both ways at once: ambiguous.
    draft.warnings.push('structured.invalid');
  } else if (present.length === 1) {
    const s = field(artifact, present[0]!);
    if (s !== undefined && s !== null) {
      draft.hasStructured = true;
      draft.structured = s;
    }
  }
  if (present.length > 0) {
    // TR-NORM-66: the adapter's other members stay run-only, binaries reduced to stubs.
    draft.artifactMembers = artifactMembersText(artifact as Record<string, unknown>);
  } else {
    // TR-NORM-55: any other artifact is the tool's own run-only value.
    draft.hasStructured = true;
    draft.structured = artifact;
  }
  return false;
}

/** Normalizes a ToolMessage (or its neutral JSON form). Throws only for invalid options. */
export function normalizeLangChain(message: unknown, options?: NormalizeOptions): BoundedToolResult {
  const resolved = resolveNormalizeOptions(options);
  const malformed = (): BoundedToolResult => {
    const d = emptyDraft(true);
    d.pieces.push(MALFORMED_LANGCHAIN);
    return assemble(d, resolved);
  };
  // TR-NORM-52: a ToolMessage instance is not a plain object; its fields are own data properties.
  if (!isInspectableObject(message) || Array.isArray(message)) return malformed();
  const status = field(message, 'status');
  if (status !== undefined && status !== 'success' && status !== 'error') return malformed();
  const content = field(message, 'content');
  if (typeof content !== 'string' && !isPlainArray(content)) return malformed();

  const draft = emptyDraft(status === 'error');
  const adapterWrapped = readArtifact(draft, field(message, 'artifact'));

  if (typeof content === 'string') {
    const unwrapped = adapterWrapped ? unwrapAdapterText(content) : undefined;
    draft.pieces.push(unwrapped ?? content);
  } else {
    // The artifact was read first (whether it is the adapter's form decides how to read a string
    // content), but its rows come after the content's: the message's order, content then artifact.
    const artifactRows = draft.references.splice(0);
    const artifactTexts = draft.runOnlyTexts.splice(0);
    const blocks = items(content);
    for (let i = 0; i < blocks.length; i++) addLangChainBlock(draft, blocks[i], `content[${i}]`);
    draft.references.push(...artifactRows);
    draft.runOnlyTexts.push(...artifactTexts);
  }
  return assemble(draft, resolved);
}
