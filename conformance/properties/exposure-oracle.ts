// The kit's own statement of the exposure rule (spec/12-exposure.md), written apart from the
// reference so the exposure properties check the spec, not the reference against itself: RFC 6901
// resolution, an RFC 8785 writer for plain JSON, the placement, the "already carried" cases and
// the budget. It takes plain JSON as the bound op outputs it.
import { parseStrict } from '../../reference-impl/internal.ts';
import { octets } from './inspect.ts';

export const SEPARATOR = '\n\n';

export type Policy = { policy: 'none' } | { policy: 'json' } | { policy: 'allowlist'; pointers: string[] };

/** RFC 8785 for plain JSON: JSON.stringify writes numbers and strings as JCS does; keys by code units. */
export function jcs(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(jcs).join(',')}]`;
  const keys = Object.keys(v).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${keys.map((k) => `${JSON.stringify(k)}:${jcs((v as Record<string, unknown>)[k])}`).join(',')}}`;
}

/** A token escaped for a pointer (RFC 6901 §3): '~' first, then '/'. */
export const escapeToken = (t: string): string => t.replace(/~/g, '~0').replace(/\//g, '~1');

export function resolve(root: unknown, pointer: string): { found: boolean; value?: unknown } {
  if (pointer === '') return { found: true, value: root };
  let at = root;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(at)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token) || Number(token) >= at.length) return { found: false };
      at = at[Number(token)];
    } else if (at !== null && typeof at === 'object' && Object.hasOwn(at, token)) {
      at = (at as Record<string, unknown>)[token];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: at };
}

export interface Expected {
  content: string;
  codes: string[];
  /** The selected values (allowlist) or the whole value (json), when there is one. */
  exposed?: unknown;
}

function carries(content: string, j: string): boolean {
  if (content === j || content.endsWith(SEPARATOR + j)) return true;
  try {
    return jcs(parseStrict(content, { maxDepth: 65 })) === j;
  } catch {
    return false;
  }
}

/** What exposing a bounded result (as JSON) under `policy` with `contentBudget` must give. */
export function expectedExposure(bounded: Record<string, unknown>, policy: Policy, contentBudget: number): Expected {
  const content = bounded.content as string;
  const codes = new Set((bounded.warnings as { code: string }[]).map((w) => w.code));
  if (policy.policy === 'none') return { content, codes: [...codes].sort() };
  codes.add(`exposure.${policy.policy}`);
  let exposed: unknown;
  let has = false;
  if (Object.hasOwn(bounded, 'structured')) {
    if (policy.policy === 'json') {
      exposed = bounded.structured;
      has = true;
    } else {
      const picked: Record<string, unknown> = {};
      for (const p of policy.pointers) {
        const r = resolve(bounded.structured, p);
        if (r.found) {
          Object.defineProperty(picked, p, { value: r.value, enumerable: true });
          has = true;
        } else codes.add('exposure.unmatched');
      }
      exposed = picked;
    }
  }
  let out = content;
  if (!has) codes.add('exposure.empty');
  else {
    const j = jcs(exposed);
    if (!carries(content, j)) {
      const next = content === '' ? j : content + SEPARATOR + j;
      if (octets(next) <= contentBudget) out = next;
      else codes.add('exposure.over_budget');
    }
  }
  return { content: out, codes: [...codes].sort(), ...(has ? { exposed } : {}) };
}
