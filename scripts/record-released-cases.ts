// Writes conformance/released/<VERSION>.json: the fingerprint of every case of this kit, kept as the
// cases of a released version (scripts/case-changes.test.ts compares the kit with the last one).
// Run it once, when a version is released (conformance/released/README.md says the whole step):
//   tsx scripts/record-released-cases.ts VERSION
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { caseDigests, METHOD, type ReleasedCases } from '../conformance/released/digests.ts';
import { RELEASED_DIR } from '../conformance/released/case-changes.ts';
import { allCases } from '../conformance/runner/library.ts';

export async function releasedCases(version: string): Promise<ReleasedCases> {
  return { version, method: METHOD, cases: await caseDigests(allCases()) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const version = process.argv[2];
  if (version === undefined || !/^\d+\.\d+\.\d+(-[a-z]+\.\d+)?$/.test(version)) {
    process.stderr.write('usage: tsx scripts/record-released-cases.ts VERSION\n');
    process.exit(2);
  }
  const snapshot = await releasedCases(version);
  writeFileSync(join(RELEASED_DIR, `${version}.json`), `${JSON.stringify(snapshot, null, 1)}\n`);
  process.stdout.write(`conformance/released/${version}.json: ${Object.keys(snapshot.cases).length} cases\n`);
}
