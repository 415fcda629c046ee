// A strict JSON parser for data read back from storage (the replay ledger). Unlike JSON.parse it
// rejects duplicate member names (JSON.parse silently keeps the last, so two different readers could
// see two different results in one entry), walks iteratively with a depth limit (a hostile entry
// cannot overflow the stack), and makes a member named "__proto__" an ordinary member.
// Errors name the problem and never quote the text.

export class JsonSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonSyntaxError';
  }
}

export interface ParseOptions {
  /** Most nested containers allowed (the top level counts 1). */
  readonly maxDepth: number;
}

type Container = { kind: 'array'; value: unknown[] } | { kind: 'object'; value: Record<string, unknown>; key: string | undefined };

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

function setMember(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (Object.hasOwn(obj, key)) throw new JsonSyntaxError('duplicate member name');
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Parses one JSON text (RFC 8259) strictly. Throws JsonSyntaxError; the message never quotes input. */
export function parseStrict(text: string, options: ParseOptions): unknown {
  let i = 0;
  const n = text.length;
  const stack: Container[] = [];
  let root: unknown;
  let haveRoot = false;

  const skipWs = (): void => {
    while (i < n && WS.has(text.charCodeAt(i))) i++;
  };
  const fail = (what: string): never => {
    throw new JsonSyntaxError(`${what} at offset ${i}`);
  };

  const readString = (): string => {
    // i is at the opening quote.
    i++;
    let out = '';
    let start = i;
    for (;;) {
      if (i >= n) fail('unterminated string');
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        out += text.slice(start, i);
        i++;
        return out;
      }
      if (c < 0x20) fail('control character in string');
      if (c === 0x5c) {
        out += text.slice(start, i);
        const e = text.charCodeAt(i + 1);
        switch (e) {
          case 0x22:
            out += '"';
            i += 2;
            break;
          case 0x5c:
            out += '\\';
            i += 2;
            break;
          case 0x2f:
            out += '/';
            i += 2;
            break;
          case 0x62:
            out += '\b';
            i += 2;
            break;
          case 0x66:
            out += '\f';
            i += 2;
            break;
          case 0x6e:
            out += '\n';
            i += 2;
            break;
          case 0x72:
            out += '\r';
            i += 2;
            break;
          case 0x74:
            out += '\t';
            i += 2;
            break;
          case 0x75: {
            const hex = text.slice(i + 2, i + 6);
            if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('bad unicode escape');
            out += String.fromCharCode(parseInt(hex, 16));
            i += 6;
            break;
          }
          default:
            fail('bad escape');
        }
        start = i;
        continue;
      }
      i++;
    }
  };

  const readScalar = (): unknown => {
    const c = text.charCodeAt(i);
    if (c === 0x22) return readString();
    if (text.startsWith('true', i)) {
      i += 4;
      return true;
    }
    if (text.startsWith('false', i)) {
      i += 5;
      return false;
    }
    if (text.startsWith('null', i)) {
      i += 4;
      return null;
    }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (m === null) return fail('unexpected character');
    i += m[0].length;
    return Number(m[0]);
  };

  // Places a finished value into the current container (or as the root).
  const place = (v: unknown): void => {
    const top = stack[stack.length - 1];
    if (top === undefined) {
      root = v;
      haveRoot = true;
    } else if (top.kind === 'array') {
      top.value.push(v);
    } else {
      setMember(top.value, top.key!, v);
      top.key = undefined;
    }
  };

  // Reads one value start: either opens a container or places a scalar.
  const readValueStart = (): void => {
    skipWs();
    if (i >= n) fail('unexpected end');
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      if (stack.length + 1 > options.maxDepth) fail('nesting too deep');
      i++;
      if (c === 0x5b) stack.push({ kind: 'array', value: [] });
      else stack.push({ kind: 'object', value: {}, key: undefined });
      skipWs();
      const close = c === 0x5b ? 0x5d : 0x7d;
      if (text.charCodeAt(i) === close) {
        i++;
        const done = stack.pop()!;
        place(done.value);
        return;
      }
      if (c === 0x7b) readKey();
      else readValueStart();
      return;
    }
    place(readScalar());
  };

  const readKey = (): void => {
    skipWs();
    if (text.charCodeAt(i) !== 0x22) fail('expected a member name');
    const key = readString();
    skipWs();
    if (text.charCodeAt(i) !== 0x3a) fail('expected a colon');
    i++;
    (stack[stack.length - 1] as { key: string | undefined }).key = key;
    readValueStart();
  };

  readValueStart();
  while (stack.length > 0) {
    skipWs();
    const top = stack[stack.length - 1]!;
    const c = text.charCodeAt(i);
    if (c === 0x2c) {
      i++;
      if (top.kind === 'object') readKey();
      else readValueStart();
    } else if ((c === 0x5d && top.kind === 'array') || (c === 0x7d && top.kind === 'object')) {
      i++;
      stack.pop();
      place(top.value);
    } else {
      fail('expected a comma or a closing bracket');
    }
  }
  skipWs();
  if (i !== n || !haveRoot) fail('trailing characters');
  return root;
}
