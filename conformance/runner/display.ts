// How a failure reads on a terminal. The kit's cases are about characters a terminal hides or
// draws alike (U+FFFD next to "?", a lone surrogate, a byte order mark, a combining accent), so the
// printed report writes those as \u escapes: want "A\ufffdB", got "A?B" cannot be misread.
import type { Failure, KitCase } from '../core/case.ts';

// Controls, format characters (BOM, zero-width, bidi), surrogates, private use, unassigned code
// points and noncharacters, every space but U+0020, line and paragraph separators, combining marks,
// and U+FFFD itself.
const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Z}\p{M}\ufffd]/gu;

const unit = (u: number): string => `\\u${u.toString(16).padStart(4, '0')}`;

/** `text` with every character a terminal would hide or confuse written as a \u escape. */
export function visible(text: string): string {
  return text.replace(HIDDEN, (ch) => {
    if (ch === ' ') return ch;
    const cp = ch.codePointAt(0)!;
    if (cp <= 0xffff) return unit(cp);
    return unit(0xd800 + ((cp - 0x10000) >> 10)) + unit(0xdc00 + ((cp - 0x10000) & 0x3ff));
  });
}

/** A value as one line of JSON (big integers as `123n`), cut at 1,500 characters. */
export function show(v: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? `${x}n` : x)) ?? 'undefined';
  } catch {
    text = String(v);
  }
  return text.length > 1500 ? `${text.slice(0, 1500)}… (${text.length} chars)` : text;
}

/** The header line of a case's report; the mutation test and CI logs read it: `FAIL <id> [<requirements>]`. */
export function caseHeader(head: string, c: Pick<KitCase, 'id' | 'requirements'>): string {
  return `${head} ${c.id} [${c.requirements.join(' ')}]`;
}

/** The full report of a failed case (TR-CONF-12): reason, input, want, got and the replay command. */
export function failureReport(head: string, c: Pick<KitCase, 'id' | 'requirements'>, failure: Failure, replay: string): string {
  const lines = [caseHeader(head, c), `  reason: ${visible(failure.reason)}`];
  if ('input' in failure) lines.push(`  input:  ${visible(show(failure.input))}`);
  if ('want' in failure) lines.push(`  want:   ${visible(show(failure.want))}`);
  if ('got' in failure) lines.push(`  got:    ${failure.got === undefined ? '(no answer)' : visible(show(failure.got))}`);
  lines.push(`  replay: ${replay}`);
  return lines.join('\n');
}
