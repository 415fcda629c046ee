import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileString } from '../../fuzz/adversarial.ts';
import { propertyConfig } from '../../test/support/fc-config.ts';
import { capContent, retainedScratchOctets, SCRATCH_KEEP, truncationNotice } from './cap-content.ts';
import { coerceString, isWellFormed } from './coerce-utf8.ts';

const octets = (s: string) => Buffer.byteLength(s, 'utf8');

describe('capContent', () => {
  it('TR-BOUND-3: the notice is pinned: LF, U+2026, the budget in decimal; 42 octets at 50000', () => {
    expect(truncationNotice(50_000)).toBe('\n\u2026[tool result truncated at 50000 bytes]');
    expect(octets(truncationNotice(50_000))).toBe(42);
  });

  it('TR-BOUND-3: under the budget unchanged; over it the longest code-point prefix plus the notice', () => {
    const content = fc
      .array(fc.oneof(hostileString, fc.constantFrom('a'.repeat(90), '€'.repeat(30), '😀'.repeat(25))), { maxLength: 12 })
      .map((p) => p.join(''));
    fc.assert(
      fc.property(content, fc.integer({ min: 256, max: 700 }), (s, budget) => {
        const coerced = coerceString(s);
        const { text, truncated } = capContent(s, budget);
        expect(isWellFormed(text)).toBe(true);
        expect(octets(text)).toBeLessThanOrEqual(budget);
        if (octets(coerced) <= budget) {
          expect(truncated).toBe(false);
          expect(text).toBe(coerced);
          return;
        }
        expect(truncated).toBe(true);
        const notice = truncationNotice(budget);
        expect(text.endsWith(notice)).toBe(true);
        const prefix = text.slice(0, text.length - notice.length);
        expect(coerced.startsWith(prefix)).toBe(true);
        // Longest: the next code point would not have fitted.
        const next = String.fromCodePoint(coerced.codePointAt(prefix.length)!);
        expect(octets(prefix) + octets(next)).toBeGreaterThan(budget - octets(notice));
      }),
      propertyConfig(300),
    );
  });

  it('TR-BOUND-3: a surrogate pair straddling the edge of the scanned prefix stays one character', () => {
    const budget = 256;
    const keep = budget - octets(truncationNotice(budget));
    for (let lead = keep - 5; lead <= keep + 2; lead++) {
      const s = `${'a'.repeat(lead)}\uD83D\uDE00${'b'.repeat(1000)}`;
      const { text } = capContent(s, budget);
      const prefix = text.slice(0, text.indexOf('\n\u2026'));
      expect(prefix).not.toContain('\uFFFD');
      expect(prefix).toBe(lead + 4 <= keep ? `${'a'.repeat(lead)}\uD83D\uDE00${'b'.repeat(keep - lead - 4)}` : 'a'.repeat(Math.min(lead, keep)));
    }
  });

  it('TR-BOUND-16: a 64 MiB string costs about what a 64 KiB one does', () => {
    const small = 'x'.repeat(64 * 1024);
    const large = 'x'.repeat(64 * 1024 * 1024);
    // The process's CPU time, not the wall clock: a busy machine's waiting (a preemption of tens of
    // ms that once counted against the large string only) is not the function's work. The least of
    // five interleaved samples of each is compared, so one disturbed sample decides nothing.
    const cpu = (s: string) => {
      const t = process.cpuUsage();
      for (let i = 0; i < 20; i++) capContent(s, 50_000);
      const d = process.cpuUsage(t);
      return (d.user + d.system) / 1000;
    };
    cpu(small);
    cpu(large); // warm up
    const smalls: number[] = [];
    const larges: number[] = [];
    for (let i = 0; i < 5; i++) {
      smalls.push(cpu(small));
      larges.push(cpu(large));
    }
    // Generous: a scan of the whole 64 MiB string would be about a thousand times slower.
    expect(Math.min(...larges)).toBeLessThan(Math.min(...smalls) * 20 + 20);
  });
});

describe('content cut scratch memory', () => {
  it('TR-BOUND-16: a cut at a huge budget keeps no buffer of its size', () => {
    const budget = 2 ** 26;
    const r = capContent('é'.repeat(budget / 2 + 10), budget);
    expect(r.truncated).toBe(true);
    expect(Buffer.byteLength(r.text)).toBeLessThanOrEqual(budget);
    expect(retainedScratchOctets()).toBeLessThanOrEqual(SCRATCH_KEEP);
  });
});
