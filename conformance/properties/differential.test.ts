// The restore differential's damaged entries: a byte-string adapter is never sent an unpaired
// surrogate (spec §9.2), and UTF-16 adapters keep getting every damage, pairs split included.
import { describe, expect, it } from 'vitest';
import { damaged } from './differential.ts';

const wellFormed = (s: string): boolean => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
const entry = '{"result":{"content":"a😀b𝄞1","isError":false},"version":1}';

describe('damaged ledger entries', () => {
  it('never split a surrogate pair for a byte-string adapter', () => {
    for (let at = 0; at < entry.length; at++) {
      for (const how of [1, 2]) {
        const d = damaged(entry, how, at, false);
        expect(wellFormed(d), `how ${how} at ${at}: ${JSON.stringify(d)}`).toBe(true);
        expect(d).not.toBe(entry);
      }
    }
  });

  it('still split pairs for a UTF-16 adapter', () => {
    const at = entry.indexOf('😀') + 1;
    expect(wellFormed(damaged(entry, 1, at, true))).toBe(false);
    expect(wellFormed(damaged(entry, 2, at, true))).toBe(false);
  });
});
