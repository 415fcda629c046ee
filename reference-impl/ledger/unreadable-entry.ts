// What a durable store reads back for a stored call ID whose entry it cannot give (spec §7.7, TR-REPLAY-36).

/**
 * A stored row whose entry cannot be read back: no octets at all, or octets that are not UTF-8 (an
 * operator's edit, a damaged page). The call is not run again: restore refuses it with
 * ledger.malformed and says which (TR-REPLAY-36). A value of its own, so that no text an entry could
 * hold is mistaken for it.
 */
export class UnreadableEntry {
  constructor(readonly why: 'no entry' | 'not UTF-8') {}
}

/** What a store reads back for a stored call ID. */
export type StoredEntry = string | UnreadableEntry;
