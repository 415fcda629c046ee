// Every property of the kit, in the order the runner runs them.
import type { KitCase } from '../core/case.ts';
import { boundProperties } from './bound.ts';
import { budgetEdgeProperties } from './budget-edges.ts';
import { differentialProperties } from './differential.ts';
import { exposureProperties } from './exposure.ts';
import { hookProperties } from './hooks.ts';
import { leakProperties } from './leaks.ts';
import { noCanaryOnFailurePaths } from './failure-logs.ts';
import { redactorShapes } from './redactor-shapes.ts';
import { ledgerProperties } from './ledger.ts';
import { normalizeProperties } from './normalize.ts';
import { hookRuleProperties, normalizeRuleProperties } from './normalize-rules.ts';

export const allProperties: readonly KitCase[] = [
  ...boundProperties,
  ...budgetEdgeProperties,
  ...leakProperties,
  noCanaryOnFailurePaths,
  redactorShapes,
  ...ledgerProperties,
  ...hookProperties,
  ...hookRuleProperties,
  ...normalizeProperties,
  ...normalizeRuleProperties,
  ...exposureProperties,
  ...differentialProperties,
];
