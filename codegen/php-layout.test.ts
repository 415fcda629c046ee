// The generated PHP's line fitting (codegen/php-layout.ts): what is broken open, and what is not.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { fitPhpLines } from './php-layout.ts';

const long = (n: number) => Array.from({ length: n }, (_, i) => `'member${i}'`).join(', ');

it('leaves a line within the limit, a comment and a bracketless line as they are', () => {
  const text = `    $a = f($b, $c);\n     * ${'word '.repeat(40)}\n    $x = ${'$y . '.repeat(30)}$z;\n`;
  expect(fitPhpLines(text)).toBe(text);
});

it('breaks the widest bracket open, one item per line, and fits the items the same way', () => {
  const line = `        $m = Json::members($data, $path, [${long(5)}], [${long(14)}]);`;
  const out = fitPhpLines(line).split('\n');
  expect(out[0]).toBe('        $m = Json::members(');
  expect(out.at(-1)).toBe('        );');
  expect(out).toContain('            $data,');
  expect(out).toContain(`            [${long(5)}],`);
  expect(out.every((l) => l.length <= 120)).toBe(true);
});

it('does not split inside a quoted string that holds commas and brackets', () => {
  const quoted = `'a, b (c], d' . "e, [f) g"`;
  const out = fitPhpLines(`    return g(${quoted}, ${long(12)});`).split('\n');
  expect(out).toContain(`        ${quoted},`);
});

it('joins a broken declaration with its "{" (PSR-12) and the result is PHP that runs', () => {
  const params = Array.from({ length: 9 }, (_, i) => `int $parameterNumber${i} = ${i}`).join(', ');
  const text = `<?php\n\nfunction sum(${params}): int\n{\n    return array_sum([${Array.from({ length: 9 }, (_, i) => `$parameterNumber${i}`).join(', ')}, 0]);\n}\n\necho sum(), "\\n";\n`;
  const out = fitPhpLines(text);
  expect(out).toContain('): int {\n');
  expect(out.split('\n').every((l) => l.length <= 120)).toBe(true);
  const dir = mkdtempSync(join(tmpdir(), 'php-layout-'));
  try {
    writeFileSync(join(dir, 'f.php'), out);
    const r = spawnSync('php', [join(dir, 'f.php')], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('36\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
