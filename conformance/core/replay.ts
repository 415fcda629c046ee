// Replay commands: the words that run one case again, as one line a POSIX shell reads back into
// the same words.

/** `s` as one shell word: as it is when it holds only safe characters, else in single quotes. */
export function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The words as one command line. */
export function commandLine(words: readonly string[]): string {
  return words.map(shellQuote).join(' ');
}
