// TR-CONF-20: the kit sends a `bytes` adapter no string its language cannot build. Every
// property's generator is sampled for such an adapter and must hold no unpaired surrogate, in a
// plain string, a key, or a utf16 tag.
import { describe, expect, it } from 'vitest';
import { allProperties } from './index.ts';
import { outsideStringModel } from '../runner/string-model.ts';
import type { HelloOutput } from '../protocol/messages.ts';
import { GROUPS } from '../protocol/messages.ts';

const bytes: HelloOutput = {
  name: 'b',
  version: '0',
  language: 'go',
  protocol: 'toolresult-adapter/1',
  groups: [...GROUPS],
  stringModel: 'bytes',
  cycles: true,
  opaqueValues: true,
};

describe('string model', () => {
  it.each(allProperties.map((p) => [p.id, p] as const))('TR-CONF-20: %s sends a bytes adapter only well-formed strings', (_id, p) => {
    expect(p.sample).toBeTypeOf('function');
    for (const seed of [1, 2, 3]) {
      const found = p.sample!(bytes, 60, seed)
        .map((v) => outsideStringModel(v, bytes))
        .filter((x) => x !== undefined);
      expect(found).toEqual([]);
    }
  });

  it('the check itself sees a surrogate a generator could send', () => {
    expect(outsideStringModel({ entry: '{"a":"\ud83d' }, bytes)).toBe('/entry');
  });
});
