// How a consumer reads an artifact (TR-MODEL-6): a known type with a valid shape becomes its view;
// anything else — a type from a newer protocol version, a redacted record whose type was masked,
// a malformed entry — becomes the fallback view, never an exception.
import type { ToolArtifact } from '../../generated/model.ts';

/** How an inspector shows one artifact (see `viewArtifact`). */
export type ArtifactView =
  | { readonly kind: 'table'; readonly label: string; readonly columns: readonly string[]; readonly rows: readonly (readonly string[])[] }
  | { readonly kind: 'text'; readonly label: string; readonly text: string }
  | { readonly kind: 'fallback'; readonly label: string; readonly type: string; readonly json: string };

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

function plain(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** JSON text of the data for the fallback; never throws (a cycle or BigInt gives a fixed notice). */
function inertJson(data: unknown): string {
  try {
    return JSON.stringify(data, null, 2) ?? 'null';
  } catch {
    return '(data cannot be shown)';
  }
}

/** How an inspector shows an artifact: a table, a text, or the fallback view for anything else (an unknown type or a malformed entry), never an exception. */
export function viewArtifact(artifact: unknown): ArtifactView {
  const a = plain(artifact) ? artifact : {};
  const label = typeof a.label === 'string' ? a.label : '';
  const type = typeof a.type === 'string' ? a.type : '';
  const data = a.data;
  if (type === 'table' && plain(data) && isStringArray(data.columns) && Array.isArray(data.rows)) {
    const columns = data.columns;
    const rows = data.rows;
    if (rows.every((r) => isStringArray(r) && r.length === columns.length)) {
      return { kind: 'table', label, columns, rows: rows as string[][] };
    }
  }
  if (type === 'text' && plain(data) && typeof data.text === 'string') {
    return { kind: 'text', label, text: data.text };
  }
  return { kind: 'fallback', label, type, json: inertJson(data) };
}

/** Narrowing helper for producers: true for an artifact of a known type and valid shape. */
export function isKnownArtifact(artifact: unknown): artifact is ToolArtifact {
  return viewArtifact(artifact).kind !== 'fallback';
}
