import { describe, expect, it } from 'vitest';
import { JsonNumberText, jsonText, parseJsonText, plainNumbers } from './json-text.ts';

describe('json-text', () => {
  it('TR-CONF-6: keeps the written form of numbers JSON.stringify would change, and writes it back verbatim', () => {
    const text = '{"a":5.0,"b":[100.0,9.007199254740992e+15,-0,1E2,1e-7,5,0.5],"c":"x\\"y\\u0000","__proto__":1,"d":{}}';
    const v = parseJsonText(text) as Record<string, unknown>;
    expect(v.a).toBeInstanceOf(JsonNumberText);
    expect((v.b as unknown[]).map((x) => (x instanceof JsonNumberText ? `raw:${x.text}` : x))).toEqual([
      'raw:100.0',
      'raw:9.007199254740992e+15',
      'raw:-0',
      'raw:1E2',
      1e-7,
      5,
      0.5,
    ]);
    expect(Object.hasOwn(v, '__proto__')).toBe(true);
    expect(jsonText(v)).toBe(text);
    expect(plainNumbers(v)).toEqual(JSON.parse(text));
    expect(JSON.stringify(v)).toBe(JSON.stringify(JSON.parse(text)));
  });

  it('parses what JSON.parse parses and refuses what it refuses', () => {
    for (const t of ['[]', ' {"a" : [ true , false , null ] } ', '"\\ud800"', '-1.5e-3']) expect(plainNumbers(parseJsonText(t))).toEqual(JSON.parse(t));
    for (const t of ['', '[1,]', '{"a":1,}', '01', '"abc', '[1] x', 'nul']) expect(() => parseJsonText(t)).toThrow(SyntaxError);
  });
});
