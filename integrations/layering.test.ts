// Dependencies point down: an integration imports its own folder, integrations/core, the reference
// implementation, Node's built-ins and its own stack, nothing else (no other stack, no kit, no tool
// of the repository). Each stack package it imports is an optional peer dependency of the package.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { specifiers } from '../test/support/imports.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const ROOT = resolve(HERE, '..');

/** The package names each folder may import (core: none). */
const STACK_PACKAGES: Record<string, readonly string[]> = {
  core: [],
  'ai-sdk': ['ai'],
  langchain: ['@langchain/core', '@langchain/mcp-adapters'],
  'openai-agents': ['@openai/agents'],
  mastra: ['@mastra/core', '@mastra/mcp'],
};

const modules = readdirSync(HERE, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
  .map((e) => join(e.parentPath, e.name))
  .filter((f) => !relative(HERE, f).startsWith(`testing${sep}`));

const packageOf = (s: string) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!);

describe('integrations/ layering', () => {
  it('finds the modules of every folder', () => {
    expect(new Set(modules.map((f) => relative(HERE, f).split(sep)[0]))).toEqual(new Set(Object.keys(STACK_PACKAGES)));
  });

  it.each(modules.map((f) => [relative(ROOT, f), f]))('%s imports only what its folder may', (_rel, file) => {
    const folder = relative(HERE, file).split(sep)[0]!;
    const allowed = STACK_PACKAGES[folder]!;
    for (const s of specifiers(readFileSync(file, 'utf8'))) {
      if (s.startsWith('node:')) continue;
      if (s.startsWith('.')) {
        const target = relative(ROOT, resolve(file, '..', s)).split(sep);
        const ok = target[0] === 'reference-impl' || (target[0] === 'integrations' && (target[1] === folder || target[1] === 'core'));
        expect(ok, `${s} from ${relative(ROOT, file)}`).toBe(true);
        continue;
      }
      expect(allowed, `${s} from ${relative(ROOT, file)}`).toContain(packageOf(s));
    }
  });

  it('every stack package an integration imports is an optional peer dependency', () => {
    const peers = packageJson.peerDependencies as Record<string, string>;
    const meta = packageJson.peerDependenciesMeta as Record<string, { optional?: boolean }>;
    for (const name of Object.values(STACK_PACKAGES).flat()) {
      expect(peers[name], name).toBeDefined();
      expect(meta[name]?.optional, name).toBe(true);
    }
  });
});
