// The cases every integration test runs: results with canaries in run-only places, and the bad
// input of issue 23 (a tool that throws, returns a non-result or a Proxy, times out; a malformed
// exposure policy; a failing ledger). `seamWire` is what the seam itself makes of a run, the answer
// each integration must give.
import {
  executeToolCall,
  type SeamOptions,
  normalizeMcp,
  toWireMessage,
  type WireMessage,
  InMemoryLedger,
  LedgerStoreError,
  type ReplayLedger,
  ToolResult,
} from '../../reference-impl/internal.ts';

/** Canaries: a test fails when one of these stands in what the model was sent or in a log. */
export const RUN_ONLY = {
  structured: 'RUNONLYstruct',
  meta: 'RUNONLYmeta0',
  userOnly: 'RUNONLYuser0',
  image: 'RUNONLYimg00',
  thrown: 'RUNONLYthrow',
  proxy: 'RUNONLYproxy',
} as const;

export const SUCCESS = {
  content: [
    { type: 'text', text: 'Found 2 invoices' },
    { type: 'text', text: `for the user only ${RUN_ONLY.userOnly}`, annotations: { audience: ['user'] } },
    { type: 'image', data: `iVBORw0K${RUN_ONLY.image}AAAA`, mimeType: 'image/png' },
  ],
  structuredContent: { invoices: [{ id: 'INV-1', note: RUN_ONLY.structured }] },
  _meta: { trace: RUN_ONLY.meta },
};

export const ERROR = {
  content: [{ type: 'text', text: 'Invoice INV-9 not found' }],
  structuredContent: { code: 'not_found', detail: RUN_ONLY.structured },
  isError: true,
  _meta: { trace: RUN_ONLY.meta },
};

/** Whether any canary (or `extra`) stands anywhere in the JSON of `v`. */
export function leaks(v: unknown, extra: readonly string[] = []): string[] {
  const text = JSON.stringify(v) ?? '';
  return [...Object.values(RUN_ONLY), ...extra].filter((c) => text.includes(c));
}

/** What the seam gives for `run` (a fresh ledger, default options). */
export async function seamWire(run: () => unknown, options: Omit<SeamOptions, 'ledger'> = {}): Promise<WireMessage> {
  const out = await executeToolCall({ callId: 'seam', run: run as () => ToolResult }, { ...options, ledger: new InMemoryLedger() });
  return toWireMessage(out.result);
}

/** What the seam gives for an MCP CallToolResult read by the MCP normalizer. */
export function mcpWire(result: Record<string, unknown>, options: Omit<SeamOptions, 'ledger'> = {}): Promise<WireMessage> {
  return seamWire(() => normalizeMcp(structuredClone(result)), options);
}

/** Plain-tool bodies of the bad-input cases. `traps` counts what a Proxy's traps ran. */
export function badTools(): { readonly name: string; readonly run: () => unknown; readonly traps: { count: number } }[] {
  const traps = { count: 0 };
  const handler: ProxyHandler<object> = new Proxy(
    {},
    {
      get: () => () => {
        traps.count += 1;
        throw new Error(RUN_ONLY.proxy);
      },
    },
  );
  return [
    {
      name: 'throws',
      run: () => {
        throw new Error(`db password ${RUN_ONLY.thrown}`);
      },
      traps,
    },
    { name: 'returns a non-result', run: () => ({ content: `raw ${RUN_ONLY.structured}`, isError: false }), traps },
    { name: 'returns a Proxy', run: () => new Proxy(ToolResult.text('x'), handler), traps },
    { name: 'times out', run: () => new Promise((_, reject) => setTimeout(() => reject(new Error(`timed out reading ${RUN_ONLY.thrown}`)), 5)), traps },
  ];
}

export const BAD_POLICIES: readonly unknown[] = [
  { policy: 'allowlist', pointers: ['no-slash'] },
  { policy: 'everything' },
  'json',
  { policy: 'json', extra: 1 },
];

/** A ledger whose store fails: on claim, or on finish (after the tool ran). */
export function failingLedger(when: 'claim' | 'finish'): ReplayLedger {
  const fail = () => {
    throw new LedgerStoreError('ledger.store_failed', 'the test store is unreachable (connection refused)');
  };
  if (when === 'claim') return { claim: async () => fail() };
  return { claim: async () => ({ status: 'claimed' as const, finish: async () => fail(), abandon: () => {}, recordTask: async () => fail() }) };
}
