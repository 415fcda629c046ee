// The injectable logger every reference function logs through (spec/05-sinks.md, TR-LOG-*).
// A log line is a message plus flat fields of scalars: there is no place for a structured value,
// so run-only data cannot ride a log line by accident, only by someone formatting it into the text.

/** A log line's level. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
/** A log line's fields: flat scalars only. */
export type LogFields = Readonly<Record<string, string | number | boolean>>;

/** Where the library writes its log lines: a message and flat scalar fields, so no structured value can ride a line (TR-LOG-1). */
export interface Logger {
  log(level: LogLevel, message: string, fields?: LogFields): void;
}

/** Drops everything: the default where no logger is given. */
export const silentLogger: Logger = { log() {} };

/** Keeps every line as text (for the conformance adapter and tests). */
export class CollectingLogger implements Logger {
  readonly lines: string[] = [];
  log(level: LogLevel, message: string, fields?: LogFields): void {
    const tail = fields
      ? ` ${Object.entries(fields)
          .map(([k, v]) => `${k}=${String(v)}`)
          .join(' ')}`
      : '';
    this.lines.push(`${level} ${message}${tail}`);
  }
}
