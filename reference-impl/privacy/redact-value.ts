// Applies a redactor to every string of a bounded result (spec/06-privacy.md §6.3): content, each
// string leaf and member name of structured, each artifact's type, label and data strings. Member
// names the protocol fixes (the artifact's type/label/data, a table's columns/rows, text's text)
// are not data and are kept. Warning codes are a closed set and are kept.
import type { JsonValue, ToolArtifact } from '../tool-result.ts';
import { compareCodeUnits, hasLoneSurrogate } from '../canonical-json/index.ts';
import { MASK, type Redactor } from './redactor.ts';

/** An artifact after redaction: its type may no longer be a known one. */
export interface RedactedArtifact {
  readonly type: string;
  readonly label: string;
  readonly data: { [k: string]: JsonValue };
}

/**
 * Calls the redactor on one string and fails closed: a redactor that throws, returns a non-string
 * or returns an ill-formed string gives the mask. Nothing of the error is kept or logged.
 */
export function safeRedact(redactor: Redactor, s: string): string {
  try {
    const out: unknown = redactor(s);
    if (typeof out !== 'string' || hasLoneSurrogate(out)) return MASK;
    return out;
  } catch {
    return MASK;
  }
}

/**
 * Redacts a JSON value. Members are taken in the order of their original names (UTF-16 code
 * units); when a redacted name is already taken in the output object, the member gets the name
 * followed by `#n`, with the smallest n ≥ 2 still free (TR-PRIV-9). Bounded values are at most 64
 * deep, so recursion is safe.
 */
export function redactJson(value: JsonValue, redactor: Redactor): JsonValue {
  if (typeof value === 'string') return safeRedact(redactor, value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactJson(v, redactor));
  const out: { [k: string]: JsonValue } = {};
  // The next suffix to try per redacted name (TR-PRIV-13): names are only ever added, so every n
  // below it is still taken, and each taken name `b#n` is stepped over once, by its own base b:
  // naming all members is linear in their number, not quadratic in those that redact alike.
  const nextSuffix = new Map<string, number>();
  for (const key of Object.keys(value).sort(compareCodeUnits)) {
    const base = safeRedact(redactor, key);
    let name = base;
    if (Object.hasOwn(out, name)) {
      let n = nextSuffix.get(base) ?? 2;
      while (Object.hasOwn(out, (name = `${base}#${n}`))) n++;
      nextSuffix.set(base, n + 1);
    }
    Object.defineProperty(out, name, {
      value: redactJson(value[key]!, redactor),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

export function redactArtifact(a: ToolArtifact, redactor: Redactor): RedactedArtifact {
  const data: { [k: string]: JsonValue } = {};
  for (const [k, v] of Object.entries(a.data)) data[k] = redactJson(v as JsonValue, redactor);
  return { type: safeRedact(redactor, a.type), label: safeRedact(redactor, a.label), data };
}
