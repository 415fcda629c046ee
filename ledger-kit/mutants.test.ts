// The suite kills a store that drops part of the call's key (spec/07-replay.md §7.3): the reference
// SQLite store wrapped to ignore the scope, and to ignore the fingerprint (mutant-stores.ts). Each
// runs the cases that must catch it, and each case must fail with a SuiteFailure naming TR-REPLAY-40.
// It kills a store that takes a task over wrongly (§7.7): one that forgets the task, one that
// records the interrupted entry instead; the task case must fail naming TR-REPLAY-43.
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteBackend, tsWorker, type SuiteBackend } from './backends.ts';
import { oneScopeOtherArguments, raceOfKeys, twoScopesOneCallId } from './call-key-cases.ts';
import { SuiteFailure, type SuiteCase } from './cases.ts';
import type { Mutant } from './mutant-stores.ts';
import { taskSurvivesAKilledWorker } from './task-cases.ts';

const backends: SuiteBackend[] = [];
afterAll(async () => {
  await Promise.all(backends.map((b) => b.dispose()));
});

type KeyMutant = 'ignore-scope' | 'ignore-fingerprint';
const killers: Record<KeyMutant, readonly SuiteCase[]> = {
  'ignore-scope': [twoScopesOneCallId, raceOfKeys],
  'ignore-fingerprint': [oneScopeOtherArguments, raceOfKeys],
};

describe('the ledger suite kills hand-written mutants of a task takeover', () => {
  const wrongly: Record<Exclude<Mutant, KeyMutant>, string> = {
    'forget-task': 'forgets the task it takes over',
    'interrupt-task': 'records the interrupted entry instead of taking the task over',
  };
  for (const [mutant, what] of Object.entries(wrongly) as [Exclude<Mutant, KeyMutant>, string][]) {
    it(`TR-REPLAY-43: a SQLite store that ${what} fails ${taskSurvivesAKilledWorker.name}`, async () => {
      const backend = sqliteBackend(`sqlite-${mutant}`, (store, log) => tsWorker({ ...store, mutant }, log));
      backends.push(backend);
      expect(taskSurvivesAKilledWorker.requirements).toContain('TR-REPLAY-43');
      const err = await taskSurvivesAKilledWorker.run(backend).then(
        (figures) => new Error(`the task case passed the mutant ${mutant}: ${JSON.stringify(figures)}`),
        (e: unknown) => e,
      );
      expect(err, String(err)).toBeInstanceOf(SuiteFailure);
      expect((err as Error).message).toContain('TR-REPLAY-43');
      process.stdout.write(`${mutant} killed by ${taskSurvivesAKilledWorker.name}: ${(err as Error).message.slice(0, 200)}\n`);
    });
  }
});

describe('the ledger suite kills hand-written mutants of the key', () => {
  for (const [mutant, cases] of Object.entries(killers) as [KeyMutant, readonly SuiteCase[]][]) {
    it(`TR-REPLAY-40: a SQLite store that ${mutant.replace('-', 's the ')} fails ${cases.map((c) => c.name).join(' and ')}`, async () => {
      const backend = sqliteBackend(`sqlite-${mutant}`, (store, log) => tsWorker({ ...store, mutant }, log));
      backends.push(backend);
      for (const c of cases) {
        expect(c.requirements).toContain('TR-REPLAY-40');
        const err = await c.run(backend).then(
          (figures) => new Error(`${c.name} passed the mutant ${mutant}: ${JSON.stringify(figures)}`),
          (e: unknown) => e,
        );
        expect(err, String(err)).toBeInstanceOf(SuiteFailure);
        expect((err as Error).message).toContain('TR-REPLAY-40');
        process.stdout.write(`${mutant} killed by ${c.name}: ${(err as Error).message.slice(0, 200)}\n`);
      }
    });
  }
});
