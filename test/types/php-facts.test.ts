// The PHP emitter writes each member's schema `default` and numeric bounds as class constants
// (BoundOptions::CONTENT_BUDGET_DEFAULT): read back by PHP reflection, every class holds exactly the
// facts its schema has, so an implementation can take them from the generated code, never copy them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generate } from '../../codegen/generate.ts';
import { FACT_KEYWORDS, buildModel } from '../../codegen/ir.ts';
import { PhpTypes } from '../../codegen/php.ts';
import { listSchemaFiles } from '../../codegen/schema-set.ts';

const SUFFIX: Record<string, string> = Object.fromEntries(FACT_KEYWORDS.map((k) => [k, `_${k.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase()}`]));

describe('generated php: schema facts as class constants', () => {
  const work = mkdtempSync(join(tmpdir(), 'php-facts-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('every member default, minimum, maximum and exclusive bound is a constant of its class, and nothing else is', async () => {
    const files = await generate({ lang: 'php', namespace: 'Facts\\Types' });
    for (const [name, text] of files) writeFileSync(join(work, name), text);
    const model = buildModel(listSchemaFiles());
    const php = new PhpTypes(model);
    const want: Record<string, string[]> = {};
    for (const d of model.decls) {
      if (d.kind !== 'object') continue;
      const facts = d.fields.flatMap((f) => FACT_KEYWORDS.filter((k) => f.facts?.[k] !== undefined).map((k) => `${SUFFIX[k]}=${JSON.stringify(f.facts![k])}`));
      want[php.className(d.name)] = facts.sort();
    }
    expect(Object.values(want).flat().length, 'the schemas have facts to emit').toBeGreaterThan(10);
    const script = `<?php
spl_autoload_register(static fn (string $c) => require __DIR__ . '/' . substr($c, strlen('Facts\\\\Types\\\\')) . '.php');
$out = [];
foreach (json_decode($argv[1]) as $class) {
    $facts = [];
    foreach ((new ReflectionClass('Facts\\\\Types\\\\' . $class))->getConstants() as $name => $value) {
        preg_match('/(_DEFAULT|_MINIMUM|_MAXIMUM|_EXCLUSIVE_MINIMUM|_EXCLUSIVE_MAXIMUM)\\d*$/', $name, $m);
        $facts[] = ($m[1] ?? $name) . '=' . json_encode($value, JSON_PRESERVE_ZERO_FRACTION);
    }
    sort($facts);
    $out[$class] = $facts;
}
echo json_encode($out);
`;
    writeFileSync(join(work, 'facts.php'), script);
    const r = spawnSync('php', [join(work, 'facts.php'), JSON.stringify(Object.keys(want))], { encoding: 'utf8' });
    expect(r.status, r.stderr + r.stdout).toBe(0);
    const got = JSON.parse(r.stdout) as Record<string, string[]>;
    // Suffix matches can hide a wrong prefix: check prefixes on a known class too.
    for (const [cls, facts] of Object.entries(want)) expect(got[cls] ?? [], cls).toEqual(facts);
    const bound = spawnSync(
      'php',
      [
        '-r',
        `spl_autoload_register(static fn (string $c) => require '${work}/' . substr($c, 12) . '.php'); echo json_encode([Facts\\Types\\BoundOptions::CONTENT_BUDGET_DEFAULT, Facts\\Types\\BoundOptions::STRUCTURED_BUDGET_DEFAULT, Facts\\Types\\BoundOptions::ARTIFACTS_BUDGET_MINIMUM, Facts\\Types\\BoundOptions::ARTIFACTS_BUDGET_MAXIMUM]);`,
      ],
      { encoding: 'utf8' },
    );
    expect(bound.status, bound.stderr + bound.stdout).toBe(0);
    expect(JSON.parse(bound.stdout)).toEqual([50000, 1048576, 256, 2 ** 30]);
  });
});
