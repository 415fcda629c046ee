// JSON text that keeps how a number was written. `JSON.parse` turns `5.0`, `100.0` and `-0` into the
// same value as `5`, `100` and `0`, and `JSON.stringify` writes them so: a vector's `5.0` would reach
// an adapter as `5`, and a Python or PHP adapter would never build the double TR-CONF-6 asks for.
// The kit reads vector files with `parseJsonText` and writes requests with `jsonText`, so a number
// reaches the adapter exactly as the vector wrote it.

/** A JSON number whose text says more than its value (`5.0`, `-0`, `1E2`): written back verbatim. */
export class JsonNumberText {
  constructor(readonly text: string) {}
  get value(): number {
    return Number(this.text);
  }
  /** Anything that serializes it without jsonText (a report, a display) still gets the number. */
  toJSON(): number {
    return this.value;
  }
}

/** True when `JSON.stringify` would not give back this number text. */
const lossy = (text: string): boolean => JSON.stringify(Number(text)) !== text;

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const WS = /[ \t\n\r]*/y;

/** Parses JSON text; a number whose text JSON.stringify would not reproduce becomes a JsonNumberText. */
export function parseJsonText(text: string): unknown {
  let i = 0;
  const fail = (what: string): never => {
    throw new SyntaxError(`JSON: ${what} at offset ${i}`);
  };
  const ws = () => {
    WS.lastIndex = i;
    WS.exec(text);
    i = WS.lastIndex;
  };
  const value = (): unknown => {
    ws();
    const ch = text[i];
    if (ch === '{') {
      i++;
      const out: Record<string, unknown> = {};
      ws();
      if (text[i] === '}') return (i++, out);
      for (;;) {
        ws();
        if (text[i] !== '"') fail('member name expected');
        const k = string();
        ws();
        if (text[i++] !== ':') fail('":" expected');
        // defineProperty: a "__proto__" member is data, as JSON.parse makes it.
        Object.defineProperty(out, k, { value: value(), enumerable: true, writable: true, configurable: true });
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i++] === '}') return out;
        fail('"," or "}" expected');
      }
    }
    if (ch === '[') {
      i++;
      const out: unknown[] = [];
      ws();
      if (text[i] === ']') return (i++, out);
      for (;;) {
        out.push(value());
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i++] === ']') return out;
        fail('"," or "]" expected');
      }
    }
    if (ch === '"') return string();
    for (const [word, v] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, i)) return ((i += word.length), v);
    }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (!m) return fail('value expected');
    i = NUMBER.lastIndex;
    return lossy(m[0]) ? new JsonNumberText(m[0]) : Number(m[0]);
  };
  const string = (): string => {
    // Find the closing quote, then let JSON.parse decode the escapes.
    let j = i + 1;
    while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
    if (j >= text.length) fail('unterminated string');
    const s = JSON.parse(text.slice(i, j + 1)) as string;
    i = j + 1;
    return s;
  };
  const v = value();
  ws();
  if (i !== text.length) fail('unexpected text after the value');
  return v;
}

/** JSON text of `v` (as JSON.stringify writes it), with every JsonNumberText written verbatim. */
export function jsonText(v: unknown): string {
  if (v instanceof JsonNumberText) return v.text;
  if (Array.isArray(v)) return `[${v.map((x) => (x === undefined || typeof x === 'function' || typeof x === 'symbol' ? 'null' : jsonText(x))).join(',')}]`;
  if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON !== 'function') {
    const parts: string[] = [];
    for (const [k, x] of Object.entries(v)) {
      if (x === undefined || typeof x === 'function' || typeof x === 'symbol') continue;
      parts.push(`${JSON.stringify(k)}:${jsonText(x)}`);
    }
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** `v` with every JsonNumberText replaced by its number: what JSON.parse would have made of it. */
export function plainNumbers<T>(v: T): T {
  if (v instanceof JsonNumberText) return v.value as T;
  if (Array.isArray(v)) return v.map(plainNumbers) as T;
  if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) Object.defineProperty(out, k, { value: plainNumbers(x), enumerable: true, writable: true, configurable: true });
    return out as T;
  }
  return v;
}

/** Whether `v` holds a JsonNumberText anywhere. */
export function hasNumberText(v: unknown): boolean {
  if (v instanceof JsonNumberText) return true;
  if (Array.isArray(v)) return v.some(hasNumberText);
  if (v !== null && typeof v === 'object') return Object.values(v).some(hasNumberText);
  return false;
}
