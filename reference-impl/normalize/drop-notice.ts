// The drop notice (spec/10-normalization.md TR-NORM-67): when the content cap would cut off a
// placeholder of an omitted block, the normalizer cuts the text itself and ends it with a notice
// that counts the omitted blocks, so the model learns of them whatever text comes first.
import { capContent, prefixWithin, truncationNotice } from '../bound/cap-content.ts';
import { coerceString } from '../bound/coerce-utf8.ts';
import { TEXT_SEPARATOR } from './pinned-text.ts';

const octets = (s: string): number => Buffer.byteLength(s, 'utf8');

/** A placeholder of TR-NORM-12 among the pieces: its piece's index and its kind. */
export interface OmittedPiece {
  readonly piece: number;
  readonly kind: string;
}

/** `\n[omitted from this result: 1 image block, 2 file blocks]`: every placeholder, by kind in order of first appearance. */
export function dropNotice(omitted: readonly OmittedPiece[]): string {
  const counts = new Map<string, number>();
  for (const o of omitted) counts.set(o.kind, (counts.get(o.kind) ?? 0) + 1);
  const items = [...counts].map(([kind, n]) => `${n} ${kind} ${n === 1 ? 'block' : 'blocks'}`);
  return `\n[omitted from this result: ${items.join(', ')}]`;
}

/** Whether the last placeholder ends beyond `keep` octets of the joined text (pieces measured coerced, none scanned past `keep`). */
function lastPlaceholderCut(pieces: readonly string[], last: number, keep: number): boolean {
  let offset = 0;
  for (let i = 0; i <= last; i++) {
    if (i > 0) offset += 1; // the line feed between two pieces
    const piece = pieces[i]!;
    // Every UTF-16 unit is at least one octet: a piece longer than what is left is past the edge unscanned.
    if (offset > keep || piece.length > keep - offset) return true;
    offset += octets(coerceString(piece));
  }
  return offset > keep;
}

/**
 * The content of TR-NORM-67 when it applies: the text cut so that the truncation notice and the
 * drop notice follow it within the budget. `undefined` when the text fits, or when the cut of
 * TR-BOUND-3 keeps every placeholder whole: the bounder then gives the bytes it always gave.
 */
export function cutWithDropNotice(pieces: readonly string[], omitted: readonly OmittedPiece[], budget: number): string | undefined {
  if (omitted.length === 0) return undefined;
  const joined = pieces.join(TEXT_SEPARATOR);
  if (!capContent(joined, budget).truncated) return undefined;
  const notice = truncationNotice(budget);
  const keep = budget - octets(notice);
  if (!lastPlaceholderCut(pieces, omitted[omitted.length - 1]!.piece, keep)) return undefined;
  const drop = dropNotice(omitted);
  const room = keep - octets(drop);
  // room + 1 units, as the content cap takes keep + 1: a surrogate pair at the edge stays a pair.
  return prefixWithin(coerceString(joined.slice(0, room + 1)), room) + notice + drop;
}
