// The artifact-list shape check (spec/03-bounding.md TR-BOUND-9, spec/02-data-model.md TR-MODEL-5).
// Runs on the coerced copy, after the list passed its budget, depth and encodability checks, so
// every value here is plain JSON data.

function isStringArray(v: unknown): v is string[] {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'string') return false;
  return true;
}

/** An object of a bounded copy (the measure made every container a fresh plain one, so no prototype test is needed). */
function isJsonObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function hasExactly(o: Record<string, unknown>, names: readonly string[]): boolean {
  const keys = Object.keys(o);
  if (keys.length !== names.length) return false;
  for (const n of names) if (!Object.hasOwn(o, n)) return false;
  return true;
}

function validData(type: unknown, data: unknown): boolean {
  if (!isJsonObject(data)) return false;
  if (type === 'text') return hasExactly(data, ['text']) && typeof data.text === 'string';
  if (type === 'table') {
    if (!hasExactly(data, ['columns', 'rows'])) return false;
    const { columns, rows } = data;
    if (!isStringArray(columns) || !Array.isArray(rows)) return false;
    for (const row of rows) if (!isStringArray(row) || row.length !== columns.length) return false;
    return true;
  }
  return false; // a type this version does not know
}

/** True when the list is an array of {type, label, data} of known types and exact data shapes. */
export function isValidArtifactList(list: unknown): boolean {
  if (!Array.isArray(list)) return false;
  for (const a of list) {
    if (!isJsonObject(a) || !hasExactly(a, ['type', 'label', 'data'])) return false;
    if (typeof a.label !== 'string' || !validData(a.type, a.data)) return false;
  }
  return true;
}
