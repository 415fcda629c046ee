import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyConfig } from '../../test/support/fc-config.ts';
import { keylessPointer } from './index.ts';

describe('keylessPointer', () => {
  it('TR-LOG-3: writes object steps as * and array steps as their index', () => {
    expect(keylessPointer(['customer', 3, 'iban'])).toBe('/*/3/*');
    expect(keylessPointer([])).toBe('');
    expect(keylessPointer(['0', 0])).toBe('/*/0');
  });

  it('TR-LOG-3: no key ever appears in the pointer', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string({ minLength: 1 }).map((s) => `k${s}`),
            fc.nat(),
          ),
          { maxLength: 8 },
        ),
        (path) => {
          const p = keylessPointer(path);
          expect(p).toMatch(/^(\/(\*|\d+))*$/);
        },
      ),
      propertyConfig(200),
    );
  });
});
