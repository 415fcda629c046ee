// Round trips per second between the conformance runner and the reference adapter, out of process
// (spec/09-conformance.md §9.1), and the time of a whole default run. Targets: at least 1,000
// small round trips per second, and a default run under 60 s (the kit's budget on a 2-core machine).
import { AdapterProcess } from '../conformance/core/process.ts';
import { referenceCommand, runConformance } from '../conformance/runner/run.ts';
import { parseArgs } from '../conformance/runner/args.ts';
import type { BenchOutcome } from './index.ts';

export const name = 'conformance';

const typical = {
  result: {
    content: 'Found 3 invoices for Müller GmbH',
    isError: false,
    structured: {
      count: 3,
      invoices: [
        { id: 'INV-1', amount: 12.5 },
        { id: 'INV-2', amount: 7 },
        { id: 'INV-3', amount: 1e-7 },
      ],
    },
    artifacts: [
      {
        type: 'table',
        label: 'Invoices',
        data: {
          columns: ['id', 'amount'],
          rows: [
            ['INV-1', '12,50 €'],
            ['INV-2', '7,00 €'],
            ['INV-3', '0,00 €'],
          ],
        },
      },
    ],
  },
};

async function roundTrips(p: AdapterProcess, op: string, input: Record<string, unknown>, seconds: number): Promise<number> {
  for (let i = 0; i < 200; i++) await p.request(op, input); // warm up the JIT on both sides
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) {
    const r = await p.request(op, input);
    if (r.kind !== 'ok') throw new Error(`${op} failed during the bench`);
    n++;
  }
  return n / ((performance.now() - t0) / 1000);
}

export async function run(): Promise<BenchOutcome> {
  const p = new AdapterProcess({ command: referenceCommand(), timeoutMs: 10_000 });
  const small = await roundTrips(p, 'coerce', { value: 'hello' }, 2);
  const bound = await roundTrips(p, 'bound', typical, 2);
  await p.stop();
  console.log(`  coerce (small):        ${small.toFixed(0)} round trips/s`);
  console.log(`  bound (typical result): ${bound.toFixed(0)} round trips/s`);

  const args = parseArgs([]);
  if (args.command !== 'conformance') throw new Error('parse');
  const t0 = performance.now();
  let last = '';
  const code = await runConformance(args, { out: (l) => (last = l), err: () => {} });
  const seconds = (performance.now() - t0) / 1000;
  console.log(`  default run:           ${seconds.toFixed(1)} s (${last}, exit ${code})`);
  return {
    targets: [
      { name: 'small round trips >= 1000/s', met: small >= 1000 },
      { name: 'default run passes in < 60 s', met: code === 0 && seconds < 60 },
    ],
  };
}
