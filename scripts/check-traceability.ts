// npm run check:trace — fails when a MUST requirement is named by no test, property or vector,
// when an ID is defined twice, or when a test names an ID the spec does not define.
import { ROOT } from './schema-files.ts';
import { checkTraceability } from '../conformance/traceability/traceability.ts';

const root = process.argv.find((a) => a.startsWith('--root='))?.slice(7) ?? ROOT;
const verbose = process.argv.includes('-v');
const r = checkTraceability(root);
const must = r.requirements.filter((q) => q.mandatory);
if (verbose) for (const q of r.requirements) console.log(`${q.id}\t${q.mandatory ? 'MUST' : 'other'}\t${(r.coverage.get(q.id) ?? []).length} files`);
for (const id of r.duplicates) console.error(`duplicate requirement ID in spec/: ${id}`);
for (const q of r.uncovered) console.error(`uncovered: ${q.id} (spec/${q.file}:${q.line}) is a MUST that no test, property or vector names`);
for (const d of r.dangling) console.error(`dangling: ${d.file} names ${d.id}, which spec/ does not define`);
const failed = r.duplicates.length + r.uncovered.length + r.dangling.length;
console.log(
  `traceability: ${r.requirements.length} requirements, ${must.length} MUST, ${must.length - r.uncovered.length} covered; ${failed === 0 ? 'ok' : `${failed} problem(s)`}`,
);
process.exit(failed === 0 ? 0 : 1);
