// The language-neutral hook descriptions of the conformance kit (spec/08-hooks.md §8.4): a small set
// every implementation can build, so the `hooks` op means the same in every language.
import { ToolResult } from '../tool-result.ts';
import type { ToolResultHook } from './pipeline.ts';
import { withContent, withoutStructured } from './rebuild.ts';

export type HookSpec =
  | { readonly name: 'unchanged' }
  | { readonly name: 'replace-text'; readonly text: string }
  | { readonly name: 'append-text'; readonly text: string }
  | { readonly name: 'truncate-text'; readonly octets: number }
  | { readonly name: 'drop-structured' }
  | { readonly name: 'set-error'; readonly text: string }
  | { readonly name: 'throw' }
  | { readonly name: 'return-non-result' };

export const HOOK_NAMES = ['unchanged', 'replace-text', 'append-text', 'truncate-text', 'drop-structured', 'set-error', 'throw', 'return-non-result'] as const;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** The longest prefix of a well-formed string that ends on a code-point boundary and is at most n octets. */
export function prefixOctets(s: string, n: number): string {
  const bytes = encoder.encode(s);
  if (bytes.length <= n) return s;
  let end = n;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return decoder.decode(bytes.subarray(0, end));
}

/** Builds the hook a description names. Throws a TypeError naming the problem for a bad description. */
export function hookFromSpec(spec: unknown): ToolResultHook {
  if (spec === null || typeof spec !== 'object') throw new TypeError('a hook description is an object');
  const s = spec as Record<string, unknown>;
  const text = (): string => {
    if (typeof s.text !== 'string') throw new TypeError(`hook ${String(s.name)} needs a string text`);
    return s.text;
  };
  switch (s.name) {
    case 'unchanged':
      return () => undefined;
    case 'replace-text': {
      const t = text();
      return (r) => withContent(r, t);
    }
    case 'append-text': {
      const t = text();
      return (r) => withContent(r, r.content + t);
    }
    case 'truncate-text': {
      const n = s.octets;
      if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw new TypeError('hook truncate-text needs an integer octets ≥ 0');
      return (r) => withContent(r, prefixOctets(r.content, n));
    }
    case 'drop-structured':
      return (r) => withoutStructured(r);
    case 'set-error': {
      const t = text();
      return (r) => ToolResult.error(t, r.hasStructured ? { structured: r.structured ?? null } : {});
    }
    case 'throw':
      // The message carries the result's data on purpose: the pipeline must not log or rethrow it.
      return (r) => {
        throw new Error(`hook failed on ${r.content} ${JSON.stringify(r.structured ?? null)} ${JSON.stringify(r.artifacts)}`);
      };
    case 'return-non-result':
      return (r) => r.content as never;
    default:
      throw new TypeError('unknown hook name');
  }
}
