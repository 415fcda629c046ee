// The Python recordings and the kit's vectors agree, without Python: every ToolMessage that
// langchain-mcp-adapters built (recorded.json) is a case of python-adapter-fixtures.json with exactly
// that input, under the same provenance; a kind of result for which the adapter raised has no case.
// That the pinned packages still build these is `npm run record:python-adapters -- --check`
// (conformance/README.md): it needs a venv of about 100 packages, so it is not part of npm test.
// biome-ignore-all lint/suspicious/noExplicitAny: the two files are read as untyped JSON and compared member by member
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string): any => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const recorded = read('./python-adapters/recorded.json');
const vectors = read('../vectors/normalize-langchain/python-adapter-fixtures.json');

describe('Python adapter recordings', () => {
  it('TR-NORM-51 TR-NORM-54: each recorded ToolMessage is the input of its case, and nothing else is', () => {
    const byId = new Map<string, any>(vectors.cases.map((c: any) => [c.id, c]));
    const messages = Object.entries<any>(recorded.results).filter(([, r]) => 'toolMessage' in r.langchain);
    expect(messages.map(([tool]) => tool.replace(/_/g, '-')).sort()).toEqual([...byId.keys()].sort());
    for (const [tool, r] of messages) expect(byId.get(tool.replace(/_/g, '-')).input, tool).toEqual({ source: 'langchain', value: r.langchain.toolMessage });
  });

  it('names the same pinned packages in both files, langchain-mcp-adapters 0.3.2 over mcp 1.30.0 among them', () => {
    expect(vectors.provenance).toEqual(recorded.provenance);
    expect(recorded.provenance.packages).toMatchObject({ 'langchain-mcp-adapters': '0.3.2', 'langchain-core': '1.8.1', mcp: '1.30.0' });
  });

  it('records what the adapter raises instead of a ToolMessage: audio, and a blob without a MIME type', () => {
    const raising = Object.entries<any>(recorded.results).filter(([, r]) => 'raises' in r.langchain);
    expect(Object.fromEntries(raising.map(([tool, r]) => [tool, r.langchain.raises]))).toEqual({
      audio: 'NotImplementedError',
      embedded_blob_untyped: 'ValueError',
    });
  });
});
