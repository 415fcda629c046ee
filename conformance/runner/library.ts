// The case library: every vector file as fixed cases, then every property. IDs are unique.
import type { KitCase } from '../core/case.ts';
import { vectorCases } from './vector-cases.ts';
import { allProperties } from '../properties/index.ts';

export function allCases(): KitCase[] {
  const cases = [...vectorCases(), ...allProperties];
  const seen = new Set<string>();
  for (const c of cases) {
    if (seen.has(c.id)) throw new Error(`duplicate case ID ${c.id}`);
    seen.add(c.id);
  }
  return cases;
}
