// TR-NORM-67 on inputs too large or too many for a vector: a text of 32 MiB before an image, a
// hundred thousand placeholders, and the notice's own grammar. The vectors
// (normalize-mcp/drop-notice.json, normalize-langchain/drop-notice.json) cover the budget edge.
import { describe, expect, it } from 'vitest';
import { dropNotice } from './drop-notice.ts';
import { normalizeMcp } from './mcp.ts';

const octets = (s: string): number => Buffer.byteLength(s, 'utf8');
const IMAGE = { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' };
const N256 = '\n…[tool result truncated at 256 bytes]';

describe('TR-NORM-67: the drop notice', () => {
  it('counts by kind in the order of the first placeholder, one block or several blocks', () => {
    const kinds = ['image', 'file', 'image', 'audio', 'image'].map((kind, piece) => ({ piece, kind }));
    expect(dropNotice(kinds)).toBe('\n[omitted from this result: 3 image blocks, 1 file block, 1 audio block]');
  });

  it("is the spec's example: 300 × a and an image at 256 octets keep 174 × a", () => {
    const r = normalizeMcp({ content: [{ type: 'text', text: 'a'.repeat(300) }, IMAGE] }, { contentBudget: 256 });
    expect(r.content).toBe(`${'a'.repeat(174)}${N256}\n[omitted from this result: 1 image block]`);
    expect(octets(r.content)).toBe(256);
    expect(r.warnings.map((w) => w.code)).toEqual(['content.truncated']);
  });

  it('a text of 32 MiB before an image at the default budget: within 50,000 octets, ending in the notice', () => {
    const r = normalizeMcp({ content: [{ type: 'text', text: 'x'.repeat(32 << 20) }, IMAGE] });
    expect(octets(r.content)).toBeLessThanOrEqual(50_000);
    expect(r.content.endsWith('\n…[tool result truncated at 50000 bytes]\n[omitted from this result: 1 image block]')).toBe(true);
  });

  it('a hundred thousand images after a long text are one count, and the notice stays within the budget', () => {
    const content = [{ type: 'text', text: 'a'.repeat(300) }, ...Array.from({ length: 100_000 }, () => IMAGE)];
    const r = normalizeMcp({ content }, { contentBudget: 256 });
    expect(r.content.endsWith(`${N256}\n[omitted from this result: 100000 image blocks]`)).toBe(true);
    expect(octets(r.content)).toBeLessThanOrEqual(256);
  });

  it('the largest notice of each path fits the smallest budget beside the truncation notice', () => {
    const big = (kinds: string[]) => dropNotice(kinds.map((kind, piece) => ({ piece, kind })).flatMap((o) => Array.from({ length: 3 }, () => o)));
    // Counts of 16 digits cannot be built here; each digit beyond 1 adds one octet per kind, so the
    // bound of the spec (185 octets) is the one-digit notice plus 15 octets per kind.
    const langchain = big(['image_url', 'image', 'audio', 'video', 'file']);
    const mcp = big(['image', 'audio', 'resource', 'resource_link']);
    expect(octets(langchain) + 5 * 15).toBe(185);
    expect(octets(mcp) + 4 * 15).toBeLessThanOrEqual(185);
    expect(octets(N256) + 185).toBeLessThanOrEqual(256);
  });
});
