// The Python stacks' pins: each folder under stacks/adapters/ with an adapter.py has a requirements.in
// of exact pins and a requirements.txt compiled from it in which every distribution is pinned exactly
// and carries its hashes (pip --require-hashes refuses anything else); its rows run the adapter in
// the venv of that file, at the project's venv convention (HELPERS: <name>-<12 hex of its sha256>).
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ADAPTERS_DIR, STACK_ROWS, STACKS_DIR } from '../kit/stacks.ts';

const folders = readdirSync(ADAPTERS_DIR).filter((d) => existsSync(join(ADAPTERS_DIR, d, 'adapter.py')));
const norm = (n: string) => n.toLowerCase().replace(/[._]/g, '-');

/** The requirement lines of a requirements file (continuations joined), comments dropped. */
function requirementLines(file: string): string[] {
  return readFileSync(file, 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.replace(/(^|\s)#.*$/, '').trim())
    .filter((l) => l !== '');
}

describe('Python stack pins', () => {
  it('there are Python stacks, and each is a folder with its adapter, its pins and its rows', () => {
    expect(folders.sort()).toEqual(['control-py', 'google-adk', 'google-genai-py', 'langchain-py', 'openai-agents-py', 'pydantic-ai', 'strands']);
    for (const f of folders) {
      for (const file of ['requirements.in', 'requirements.txt', 'rows.ts']) expect(existsSync(join(ADAPTERS_DIR, f, file)), `${f}/${file}`).toBe(true);
      const rows = STACK_ROWS.filter((r) => r.adapter === `adapters/${f}/adapter.py`);
      expect(rows.length, f).toBeGreaterThan(0);
      for (const r of rows) {
        expect(r.command, r.id).toEqual(['python3', join(STACKS_DIR, 'python', 'venv.py'), 'run', f, join(STACKS_DIR, r.adapter)]);
        expect(r.prepare, r.id).toEqual(['python3', join(STACKS_DIR, 'python', 'venv.py'), 'ensure', f]);
      }
    }
  });

  it('every distribution of a requirements.txt is pinned exactly with its hashes, and every pin of the .in is kept', () => {
    for (const f of folders) {
      const compiled = new Map<string, string>();
      for (const line of requirementLines(join(ADAPTERS_DIR, f, 'requirements.txt'))) {
        const m = /^([A-Za-z0-9_.-]+)(\[[^\]]*\])?==(\S+)\s+(.*)$/.exec(line);
        expect(m, `${f}: ${line.slice(0, 80)} is not name==version --hash=…`).not.toBeNull();
        expect(m![4], `${f}: ${m![1]} has no sha256 hash`).toMatch(/^(--hash=sha256:[0-9a-f]{64}\s*)+$/);
        compiled.set(norm(m![1]!), m![3]!);
      }
      for (const line of requirementLines(join(ADAPTERS_DIR, f, 'requirements.in'))) {
        const m = /^([A-Za-z0-9_.-]+)(\[[^\]]*\])?(==(\S+))?$/.exec(line);
        expect(m, `${f}/requirements.in: ${line}`).not.toBeNull();
        if (m![4] !== undefined) expect(compiled.get(norm(m![1]!)), `${f}: ${m![1]} pinned in the .in`).toBe(m![4]);
        else expect(compiled.has(norm(m![1]!)), `${f}: ${m![1]}`).toBe(true);
      }
      // Every row names the MCP SDK it runs: each folder's compiled file pins mcp.
      expect(compiled.get('mcp'), `${f} pins mcp`).toMatch(/^\d+\.\d+\.\d+$/);
    }
  });

  it('venv.py puts a venv where the convention says: <cache>/toolresult-protocol/venvs/<folder>-<12 hex of the sha256 of requirements.txt>', () => {
    const cache = join(homedir(), 'no-such-cache-for-this-test');
    for (const f of folders) {
      const r = spawnSync('python3', [join(STACKS_DIR, 'python', 'venv.py'), 'path', f], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: cache } });
      expect(r.status, r.stderr).toBe(0);
      const digest = createHash('sha256')
        .update(readFileSync(join(ADAPTERS_DIR, f, 'requirements.txt')))
        .digest('hex')
        .slice(0, 12);
      expect(r.stdout.trim()).toBe(join(cache, 'toolresult-protocol', 'venvs', `${f}-${digest}`, 'bin', 'python'));
    }
    const bad = spawnSync('python3', [join(STACKS_DIR, 'python', 'venv.py'), 'ensure', '../etc'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr.split('\n')[0]).toBe("venv: not a stack folder name: '../etc'");
  });
});
