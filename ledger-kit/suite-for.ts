// One describe block per store: every case of the suite as its own test, a case that does not apply
// said out loud (in the figures and the skip reason), never passed quietly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SuiteBackend } from './backends.ts';
import { ledgerSuite } from './cases.ts';

export function suiteFor(
  name: string,
  calls: number,
  figures: string[],
  make: () => SuiteBackend | Promise<SuiteBackend>,
  setup?: { before: () => void | Promise<void>; after: () => void },
): void {
  describe(`ledger suite: ${name}`, () => {
    let backend: SuiteBackend | undefined;
    beforeAll(async () => {
      await setup?.before();
      backend = await make();
    }, 240_000);
    afterAll(async () => {
      await backend?.dispose();
      setup?.after();
    });
    for (const c of ledgerSuite(calls)) {
      it(`${c.name} (${c.requirements.join(', ')})`, async (ctx) => {
        const why = c.notApplicable(backend!);
        if (why !== undefined) {
          figures.push(`${name} ${c.name}: not applicable (${why})`);
          ctx.skip(`not applicable to ${name}: ${why}`);
        }
        const f = await c.run(backend!);
        figures.push(`${name} ${c.name}: ${JSON.stringify(f)}`);
        expect(f).toBeDefined();
      }, 120_000);
    }
  });
}
