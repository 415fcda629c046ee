// The spec, the kit, the reference and the Python and PHP implementations carry one version (spec/00-index.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { answer } from '../conformance/adapter/main.ts';
import { handlers as referenceHandlers } from '../conformance/adapter/ops/index.ts';
import { ROOT } from './schema-files.ts';

it('spec, package, reference adapter and the Python and PHP implementations state the same version', () => {
  const spec = /^Version: \*\*([^*]+)\*\*/m.exec(readFileSync(join(ROOT, 'spec', '00-index.md'), 'utf8'))?.[1];
  const python = /^__version__ = "([^"]+)"/m.exec(readFileSync(join(ROOT, 'implementations', 'python', 'toolresult', '__init__.py'), 'utf8'))?.[1];
  expect(spec).toBeDefined();
  expect(packageJson.version).toBe(spec);
  expect(python).toBe(spec);
  const php = /VERSION = '([^']+)'/.exec(readFileSync(join(ROOT, 'implementations', 'php', 'src', 'Version.php'), 'utf8'))?.[1];
  const composer = JSON.parse(readFileSync(join(ROOT, 'implementations', 'php', 'composer.json'), 'utf8')) as { version: string };
  expect(php).toBe(spec);
  expect(composer.version).toBe(spec);
  const hello = answer(JSON.stringify({ id: 0, op: 'hello', input: { protocol: 'toolresult-adapter/1' } }), referenceHandlers, 'reference');
  const r = hello.response;
  expect(r.ok ? r.output.version : r.error.code).toBe(spec);
});
