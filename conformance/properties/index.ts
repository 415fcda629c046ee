// Every property of the kit, in the order the runner runs them.
import type { KitCase } from '../runner/case.ts';
import { boundProperties } from './bound.ts';

export const allProperties: readonly KitCase[] = [...boundProperties];
