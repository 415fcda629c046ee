// The reference adapter with one mutant swapped in: `adapter.ts --mutant NAME` serves the broken
// handler set through the reference adapter's own loop (reference-adapter/main.ts), so the kit
// can show it catches each mistake (TR-CONF-13). The self-test imports the adapter, never the reverse.
import { pathToFileURL } from 'node:url';
import { serveHandlers } from '../../reference-adapter/main.ts';
import { handlers as referenceHandlers } from '../../reference-adapter/ops/index.ts';
import { applyMutant, mutants } from './index.ts';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const m = argv.indexOf('--mutant');
  const mutantName = m >= 0 ? (argv[m + 1] ?? '') : '';
  const mutant = mutants.find((x) => x.name === mutantName);
  if (!mutant) {
    // One line the runner can show as the reason the adapter did not start.
    const given = m >= 0 ? `unknown mutant ${JSON.stringify(mutantName)}` : 'no --mutant NAME given';
    process.stderr.write(`toolresult mutant adapter: ${given}; the mutants are ${mutants.map((x) => x.name).join(', ')}\n`);
    process.exit(2);
  }
  await serveHandlers(applyMutant(mutant.name, referenceHandlers), `toolresult-reference+mutant:${mutant.name}`, mutant.parseLine);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
