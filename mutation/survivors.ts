// The reviewed list of mutants of reference-impl/ that the kit does not kill (mutation/survivors.json):
// each an equivalent mutant or a change the protocol cannot observe, with the reason why, or, with a
// reason that starts "OPEN (missing case):", a case still to write, naming the input that kills it.
export interface Survivor {
  /** The file, from the repository's root. */
  readonly file: string;
  /** The line the mutated code starts on. */
  readonly line: number;
  /** Stryker's mutator name (ConditionalExpression, StringLiteral, ...). */
  readonly mutator: string;
  /** The source text the mutant replaces. */
  readonly original: string;
  readonly replacement: string;
  /** Why it survives: why it is equivalent, or why no case of the kit can observe it. */
  readonly reason: string;
}

/**
 * One mutant's identity across runs: the line too, since one line can hold the same mutant twice (two
 * `' '` literals); an edit above it moves it, and the report then names the entry to update.
 */
export const survivorKey = (s: Pick<Survivor, 'file' | 'line' | 'mutator' | 'original' | 'replacement'>): string =>
  JSON.stringify([s.file, s.line, s.mutator, s.original, s.replacement]);
