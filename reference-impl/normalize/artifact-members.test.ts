// TR-NORM-66 on what only a language with live values can hand over: a native byte array, a cycle,
// an accessor and a proxy in the rest of a Python adapter artifact. The vectors
// (normalize-langchain/artifact-members.json) cover the JSON shapes.
import { describe, expect, it } from 'vitest';
import { normalizeLangChain } from './langchain.ts';

const members = (artifact: Record<string, unknown>): unknown =>
  normalizeLangChain({ content: 'x', artifact })
    .toRecord()
    .artifacts.find((a) => a.label === 'Artifact members')?.data;

describe('TR-NORM-66: the rest of a Python adapter artifact', () => {
  it('a Uint8Array is a stub with its length, and none of its bytes is copied', () => {
    const data = members({ structured_content: 1, file: { name: 'a.bin', bytes: new Uint8Array([0x41, 0x42, 0x43]) } });
    expect(data).toEqual({ text: '{"file":{"bytes":{"omitted":true,"size":3,"type":"binary"},"name":"a.bin"}}' });
  });

  it('a cycle ends the walk: the pinned omission text, no throw', () => {
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;
    expect(members({ structured_content: 1, loop })).toEqual({ text: '[artifact members omitted]' });
  });

  it('a wide shared value is not walked past the node cap (a diamond of 2^40 paths)', () => {
    let v: unknown = 'leaf';
    for (let i = 0; i < 40; i++) v = [v, v];
    expect(members({ structured_content: 1, v })).toEqual({ text: '[artifact members omitted]' });
  });

  it('TR-NORM-2: an accessor member is never called, and a proxy member runs no trap', () => {
    let calls = 0;
    const withGetter = Object.defineProperty({ structured_content: 1 }, 'secret', {
      enumerable: true,
      get: () => {
        calls++;
        return 'x';
      },
    });
    const trapped = new Proxy(
      {},
      {
        get: () => {
          calls++;
          return 'x';
        },
        ownKeys: () => {
          calls++;
          return [];
        },
      },
    );
    expect(members(withGetter)).toEqual({ text: '[artifact members omitted]' });
    expect(members({ structured_content: 1, trapped })).toEqual({ text: '[artifact members omitted]' });
    expect(calls).toBe(0);
  });
});
