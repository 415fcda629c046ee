// guides/implementer-quickstart.md, held to the adapter it was written with: each Perl excerpt of the
// guide stands verbatim in conformance/examples/perl/adapter.pl, the guide's first kit command passes
// the group it names, and its second fails for the one reason the guide gives (an op not written yet),
// with the recap the guide describes.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GUIDE = readFileSync(join(ROOT, 'guides', 'implementer-quickstart.md'), 'utf8');
const ADAPTER = readFileSync(join(ROOT, 'conformance', 'examples', 'perl', 'adapter.pl'), 'utf8');

const blocks = (lang: string): string[] => [...GUIDE.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1]!);

/** A guide command (`npm run conformance -- ARGS`) run as the kit's CLI, the same program npm runs. */
function kit(command: string): { status: number | null; out: string; stdout: string } {
  const args = command.replace(/^npm run conformance -- /, '').split(' ');
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'conformance', 'runner', 'cli.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}`, stdout: r.stdout };
}

describe('the implementer quickstart', () => {
  it('shows the adapter as it is: every Perl excerpt stands in adapter.pl', () => {
    const excerpts = blocks('perl');
    expect(excerpts.length).toBeGreaterThanOrEqual(3);
    for (const e of excerpts) expect(ADAPTER, e.split('\n')[0]).toContain(e.trimEnd());
  });

  it("its first command passes the group it names; the second fails with the recap's one reason", () => {
    const commands = blocks('sh')
      .flatMap((b) => b.split('\n'))
      .filter((l) => l.startsWith('npm run conformance'));
    expect(commands).toHaveLength(2);
    const first = kit(commands[0]!);
    const last = first.stdout.trim().split('\n').at(-1);
    expect(last, first.out).toMatch(/^(\d+) passed, 0 failed$/);
    expect(GUIDE).toContain(`\`${last}\``);
    expect(first.status).toBe(0);
    const second = kit(commands[1]!);
    expect(second.status).toBe(1);
    expect(second.out).toMatch(/recap: \d+ failures, 1 distinct reason:\n\s+\d+ × the adapter does not implement op measure/);
  });
});
