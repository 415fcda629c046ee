// The versions a report names: the kit's (the package that ships it) and the specification's whose
// cases it runs (spec/00-index.md, held equal to the package's by scripts/version.test.ts).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REFERENCE_VERSION } from '../../reference-adapter/version.ts';

// Not an import of package.json: the build would copy that manifest into dist/.
export const KIT_VERSION: string = REFERENCE_VERSION;

const INDEX = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'spec', '00-index.md');

/** The `Version: **X**` line of the spec's index; the kit's version when the spec is not shipped. */
export function specVersion(): string {
  try {
    return /^Version: \*\*([^*]+)\*\*/m.exec(readFileSync(INDEX, 'utf8'))?.[1] ?? KIT_VERSION;
  } catch {
    return KIT_VERSION;
  }
}
