// npm test's runner (scripts/run-tests.ts): every part of the suite is in it once; parts of a phase
// run side by side, each one's output in one block under its name; a failing part does not stop the
// others, and the run fails naming it with its exit status.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { PHASES, failureLines, runPhases, summary, type Part } from './run-tests.ts';

const tmp = mkdtempSync(join(tmpdir(), 'run-tests-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A part that runs a line of JavaScript. */
const node = (name: string, source: string): Part => ({ name, command: [process.execPath, '-e', source] });

describe('npm test', () => {
  it("is the prerequisite check, then the stacks' packages (stacks/npm, installed when missing), then this runner", () => {
    expect(packageJson.scripts.test).toBe('npm run prerequisites && npm run stacks:install && tsx scripts/run-tests.ts');
  });

  it('runs every test:* script, the check and the compliance drift check, each once; the main vitest run alone, first', () => {
    const names = PHASES.flatMap((p) => p.parts.map((x) => x.name));
    const scripts = Object.keys(packageJson.scripts).filter((s) => /^test:/.test(s));
    expect([...names].sort()).toEqual([...scripts, 'check', 'compliance:verify'].sort());
    expect(PHASES[0]!.parts.map((p) => p.name)).toEqual(['test:main']);
    for (const phase of PHASES) for (const part of phase.parts) expect(part.command).toEqual(['npm', 'run', part.name]);
    // The main run is the one without the package tests; each package test is a part of its own.
    expect(packageJson.scripts['test:main']).toBe(
      'vitest run --exclude test/package.test.ts --exclude test/python-package.test.ts --exclude test/php-package.test.ts --exclude test/publish.test.ts',
    );
  });

  it('runs the parts of a phase side by side, prints each one in a block, runs every part when one fails, and names the failure', async () => {
    // a and b each wait for the other's file: both pass only if they run at the same time.
    const waiter = (me: string, other: string) =>
      `const fs=require('fs');fs.writeFileSync(${JSON.stringify(join(tmp, me))},'');console.log('${me} 1');` +
      `const t=setInterval(()=>{if(fs.existsSync(${JSON.stringify(join(tmp, other))})){clearInterval(t);console.log('${me} 2');console.log('${me} 3');}},20);` +
      `setTimeout(()=>{console.log('${me} alone');process.exit(9)},20000).unref()`;
    let out = '';
    const results = await runPhases(
      [
        { parts: [node('first', "console.log('first ran')")], parallel: 1 },
        {
          parts: [
            node('a', waiter('a', 'b')),
            node('b', waiter('b', 'a')),
            node('fails', "console.error('broken');process.exit(3)"),
            node('after', "console.log('after ran')"),
          ],
          parallel: 2,
        },
      ],
      (t) => (out += t),
    );
    expect(results.map((r) => [r.name, r.code])).toEqual([
      ['first', 0],
      ['a', 0],
      ['b', 0],
      ['fails', 3],
      ['after', 0],
    ]);
    // Each part's output is one block under its name, whatever the other part printed meanwhile.
    for (const p of ['a', 'b']) expect(out).toContain(`━━ ${p} ━━\n${p} 1\n${p} 2\n${p} 3\n━━ ${p}: passed in `);
    expect(out).toContain('━━ after ━━\nafter ran\n');
    expect(out).toMatch(/━━ fails ━━\nbroken\n━━ fails: FAILED \(exit 3\) in \d+ s ━━/);
    const s = summary(results, 125);
    expect(s.code).toBe(3);
    expect(s.text).toContain('npm test: FAILED in 2 min 5 s: fails (exit 3)');
    for (const r of results) expect(s.text).toMatch(new RegExp(`^  ${r.name} +\\d+ s  (passed|FAILED)`, 'm'));
    expect(
      summary(
        results.filter((r) => r.code === 0),
        60,
      ),
    ).toMatchObject({ code: 0 });
    // The failing part's own lines come again after the table, where a CI log's tail shows them.
    expect(s.text.slice(s.text.indexOf('npm test: FAILED'))).toMatch(/── why fails failed[^\n]*\n[\s\S]*broken/);
    expect(s.text).not.toContain('── why after failed');
  });

  it('repeats a vitest failure: the failing test, its assertion and place, never the passing lines', () => {
    const output = [
      ' ✓ a/one.test.ts (3 tests) 20ms',
      ' \u001b[31m×\u001b[39m site/site.browser.test.ts > every page loads 30012ms',
      '   → Timeout 30000ms exceeded.',
      ' ❯ site/site.browser.test.ts:88:20',
      ...Array.from({ length: 40 }, (_, i) => ` ✓ filler ${i}`),
      ' Test Files  1 failed | 89 passed (90)',
    ].join('\n');
    const digest = failureLines(output);
    expect(digest).toContain('× site/site.browser.test.ts > every page loads');
    expect(digest).toContain('Timeout 30000ms exceeded.');
    expect(digest).toContain('Test Files  1 failed | 89 passed (90)');
    expect(digest).not.toContain('a/one.test.ts');
    expect(digest).not.toContain('\u001b[');
  });
});
