// How a log line or an error message may name a place inside structured data or artifacts
// (spec/05-sinks.md, TR-LOG-3): keys are data, so every object member step is written `*`.

/** A JSON Pointer with every object member step replaced by `*`; array steps keep their index. */
export function keylessPointer(path: readonly (string | number)[]): string {
  return path.map((step) => (typeof step === 'number' && Number.isSafeInteger(step) && step >= 0 ? `/${step}` : '/*')).join('');
}
