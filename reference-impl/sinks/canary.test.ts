// The acceptance property of the sinks (spec/05-sinks.md): a canary planted in structured data and
// artifacts never reaches the wire, the suspend state, a log line, an error message, or an audit
// record at none or metadata, for any result the kit's generators make.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyConfig } from '../../test/support/fc-config.ts';
import { toWireMessage } from '../egress/index.ts';
import { hookFromSpec, transformToolResult } from '../hooks/index.ts';
import { InMemoryLedger, persist, restore } from '../ledger/index.ts';
import { CollectingLogger } from '../logger.ts';
import { auditRecord } from '../privacy/index.ts';
import { executeToolCall } from '../seam/index.ts';
import { ToolResult } from '../tool-result.ts';
import { liveEvent, suspendState } from './index.ts';
import { plantedResult } from '../../conformance/properties/bounded-results.ts';

function thrownMessage(f: () => unknown): string {
  try {
    f();
    return '';
  } catch (e) {
    return `${(e as Error).name} ${(e as Error).message}`;
  }
}

describe('canaries in run-only data', () => {
  it('TR-SINK-1, TR-SINK-2, TR-PRIV-3, TR-PRIV-4: reach neither the wire, the suspend state nor a none or metadata record', () => {
    fc.assert(
      fc.property(plantedResult(), ({ canary, result }) => {
        expect(JSON.stringify(toWireMessage(result))).not.toContain(canary);
        expect(JSON.stringify(suspendState(result))).not.toContain(canary);
        expect(JSON.stringify(auditRecord(result, ['none']))).not.toContain(canary);
        expect(JSON.stringify(auditRecord(result, ['metadata']))).not.toContain(canary);
        expect(JSON.stringify(auditRecord(result, ['full', 'metadata']))).not.toContain(canary);
        // The run-only sinks do carry it (the generator plants it in at least one kept channel or
        // the bounder dropped the channel): the live event and the ledger hold what the result holds.
        const holds = JSON.stringify(result.toRecord()).includes(canary);
        expect(JSON.stringify(liveEvent(result)).includes(canary)).toBe(holds);
        expect(persist(result).includes(canary)).toBe(holds);
      }),
      propertyConfig(200),
    );
  });

  it('TR-LOG-1: reach no log line of the seam, the hooks or the ledger, and no error message', async () => {
    await fc.assert(
      fc.asyncProperty(plantedResult(), async ({ canary, result }) => {
        const logger = new CollectingLogger();
        const ledger = new InMemoryLedger();
        const hooks = [hookFromSpec({ name: 'throw' }), hookFromSpec({ name: 'return-non-result' })];
        const run = () => ToolResult.text(result.content, { structured: result.structured, artifacts: result.artifacts });
        await executeToolCall({ callId: 'c', run }, { ledger, logger, hooks });
        await executeToolCall({ callId: 'c', run }, { ledger, logger, hooks });
        await executeToolCall(
          {
            callId: 'd',
            run: () => {
              throw new Error(canary);
            },
          },
          { ledger, logger },
        );
        transformToolResult(result, hooks, { logger });
        expect(logger.lines.join('\n')).not.toContain(canary);
        const entry = persist(result);
        const errors = [
          thrownMessage(() => restore(entry.replace('"version":1', '"version":9'))),
          thrownMessage(() => restore(entry.slice(1))),
          thrownMessage(() => restore(entry, { contentBudget: 256, structuredBudget: 256, artifactsBudget: 256 })),
          thrownMessage(() => liveEvent(ToolResult.text(canary, { structured: canary }) as never)),
          thrownMessage(() => persist({ content: canary } as never)),
        ];
        for (const m of errors) expect(m).not.toContain(canary);
      }),
      propertyConfig(100),
    );
  });
});
