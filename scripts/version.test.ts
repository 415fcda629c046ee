// One version, package.json's, carried by the spec, the kit, the reference and the Python and PHP
// implementations. The built packages are checked where they are built: the wheel's metadata (its
// PEP 440 form) in test/python-package.test.ts, Composer's record of the package and the README's
// install lines in test/php-package.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { answer } from '../reference-adapter/main.ts';
import { handlers as referenceHandlers } from '../reference-adapter/ops/index.ts';
import { ROOT } from './schema-files.ts';

const version = packageJson.version;
const read = (...path: string[]) => readFileSync(join(ROOT, ...path), 'utf8');

it('is a form npm, PEP 440 and Composer all read: MAJOR.MINOR.PATCH with an optional -alpha.N, -beta.N or -rc.N', () => {
  expect(version).toMatch(/^\d+\.\d+\.\d+(-(alpha|beta|rc)\.\d+)?$/);
});

it('the spec, the reference adapter and the Python, PHP and Go implementations state the version of package.json', () => {
  expect(/^Version: \*\*([^*]+)\*\*/m.exec(read('spec', '00-index.md'))?.[1]).toBe(version);
  expect(/^__version__ = "([^"]+)"/m.exec(read('implementations', 'python', 'toolresult', '__init__.py'))?.[1]).toBe(version);
  expect(/VERSION = '([^']+)'/.exec(read('implementations', 'php', 'src', 'Version.php'))?.[1]).toBe(version);
  expect(/^const Version = "([^"]+)"$/m.exec(read('implementations', 'go', 'version.go'))?.[1]).toBe(version);
  const hello = answer(JSON.stringify({ id: 0, op: 'hello', input: { protocol: 'toolresult-adapter/1' } }), referenceHandlers, 'reference');
  const r = hello.response;
  expect(r.ok ? r.output.version : r.error.code).toBe(version);
});

it('the wheel takes its version from toolresult.__version__; composer.json states none (the tag or the path repository does)', () => {
  const pyproject = read('implementations', 'python', 'pyproject.toml');
  expect(pyproject).toMatch(/^dynamic = \["version"\]$/m);
  expect(pyproject).toMatch(/^version = \{ attr = "toolresult\.__version__" \}$/m);
  expect(pyproject).not.toMatch(/^version = "/m);
  expect(JSON.parse(read('implementations', 'php', 'composer.json'))).not.toHaveProperty('version');
});
