// vitest's global setup (vitest.config.ts): the agent stacks' packages in place before any test file
// loads (scripts/stack-packages.ts; a no-op when they are).
import { ensureStackPackages } from './stack-packages.ts';

export default function setup(): void {
  ensureStackPackages();
}
