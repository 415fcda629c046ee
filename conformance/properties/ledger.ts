// Replay-ledger properties (spec/07-replay.md): restore(persist(r)) is the bounded r exactly, and
// an entry is byte-identical to the reference's, so one implementation can replay another's.
import { boundInput } from './arbitraries.ts';
import { Mismatch, defineProperty } from './define.ts';
import { reference, referenceOutput } from './reference.ts';
import { restoreOrExplain } from './restore-explained.ts';
import { firstDifference } from '../core/compare.ts';

function same(what: string, want: unknown, got: unknown): void {
  const d = firstDifference(want, got);
  if (d !== undefined) throw new Mismatch(`${what} differs at ${d}`, want, got);
}

export const roundTrip = defineProperty({
  name: 'restore-persist-identical',
  description: 'restoring a persisted entry gives the bounded result exactly, structured data and warnings included',
  requirements: ['TR-REPLAY-3'],
  groups: ['ledger', 'bound'],
  arbitrary: (caps) => boundInput(caps),
  async check(input, ask) {
    const bounded = (await ask.ok('bound', input)).output.result;
    const entry = (await ask.ok('persist', input)).output.entry as string;
    const back = await restoreOrExplain(ask, entry);
    same('restore(persist(r))', bounded, back);
  },
});

export const entryIdentical = defineProperty({
  name: 'entry-byte-identical',
  description: 'a ledger entry is byte-identical to the reference’s, and each side restores the other’s',
  requirements: ['TR-REPLAY-2'],
  groups: ['ledger'],
  arbitrary: (caps) => boundInput(caps),
  async check(input, ask) {
    const mine = (await ask.ok('persist', input)).output.entry as string;
    const theirs = referenceOutput('persist', input).entry as string;
    if (mine !== theirs) throw new Mismatch('ledger entry is not byte-identical to the reference', theirs, mine);
    const bounded = referenceOutput('bound', input).result;
    same('restoring the reference’s entry', bounded, await restoreOrExplain(ask, theirs));
    const r = reference('restore', { entry: mine });
    if (!r.ok) throw new Mismatch(`the reference cannot restore this entry (${r.code})`, 'restorable', mine);
    same('the reference restoring this entry', bounded, r.output.result);
  },
});

export const ledgerProperties = [roundTrip, entryIdentical];
