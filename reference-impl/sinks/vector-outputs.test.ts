// Every output the sinks, ledger and hooks vectors pin validates against its schema: the vectors
// and the schemas say the same thing (TR-PRIV-11, TR-REPLAY-1, TR-SINK-2, TR-SINK-3).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assertSchema } from '../../conformance/properties/bounded-results.ts';

const VECTORS = fileURLToPath(new URL('../../conformance/vectors/', import.meta.url));

const check: Record<string, (output: Record<string, unknown>) => void> = {
  audit: (o) => assertSchema('audit-record', o.record),
  live: (o) => assertSchema('live-event', o.event),
  suspend: (o) => assertSchema('suspend-state', o.state),
  persist: (o) => assertSchema('ledger-entry', JSON.parse(o.entry as string)),
  restore: (o) => assertSchema('tool-result', o.result),
  hooks: (o) => assertSchema('tool-result', o.result),
};

const files = ['sinks', 'ledger', 'hooks'].flatMap((group) =>
  readdirSync(join(VECTORS, group))
    .filter((n) => n.endsWith('.json'))
    .map((n) => join(VECTORS, group, n)),
);

describe('vector outputs validate against their schemas', () => {
  for (const path of files) {
    const file = JSON.parse(readFileSync(path, 'utf8')) as { op: string; cases: { id: string; expect: { output?: Record<string, unknown> } }[] };
    it(`TR-PRIV-11, TR-REPLAY-1, TR-SINK-2, TR-SINK-3: ${path.slice(VECTORS.length)}`, () => {
      let checked = 0;
      for (const c of file.cases) {
        if (c.expect.output === undefined) continue;
        expect(() => check[file.op]!(c.expect.output!), c.id).not.toThrow();
        checked++;
      }
      expect(checked).toBeGreaterThan(0);
    });
  }
});
