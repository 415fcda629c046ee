// Every property of the kit, in the order the runner runs them.
import type { KitCase } from '../runner/case.ts';
import { boundProperties } from './bound.ts';
import { differentialProperties } from './differential.ts';
import { exposureProperties } from './exposure.ts';
import { hookProperties } from './hooks.ts';
import { leakProperties } from './leaks.ts';
import { ledgerProperties } from './ledger.ts';
import { normalizeProperties } from './normalize.ts';

export const allProperties: readonly KitCase[] = [...boundProperties, ...leakProperties, ...ledgerProperties, ...hookProperties, ...normalizeProperties, ...exposureProperties, ...differentialProperties];
