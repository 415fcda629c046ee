// The reference adapter: the kit's protocol (spec/09-conformance.md, TR-CONF-1..3) on stdin/stdout
// over the in-process op handlers. The kit's self-test serves a deliberately broken handler set
// through the same loop (conformance/mutants/adapter.ts, `--mutant NAME`); this file knows nothing
// of the mutants, so the reference adapter sits below the self-test, not beside it.
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { CollectingLogger } from '../reference-impl/internal.ts';
import { handlers as referenceHandlers } from './ops/index.ts';
import { OpError, type OpHandler } from './ops/types.ts';
import { GROUPS, PROTOCOL, type HelloOutput } from '../conformance/protocol/messages.ts';
import { exception, ok, opError, readLine, serveLines, type Answer } from '../conformance/core/serve.ts';
import { REFERENCE_VERSION } from './version.ts';

type Handlers = Readonly<Record<string, OpHandler>>;

/** The groups this handler set can answer, derived from the ops it has. */
function claimedGroups(h: Handlers): HelloOutput['groups'] {
  const has = (...ops: string[]) => ops.every((op) => typeof h[op] === 'function');
  return GROUPS.filter((g) => {
    switch (g) {
      case 'bound':
        return has('coerce', 'measure', 'bound');
      case 'egress':
        return has('wire');
      case 'sinks':
        return has('audit', 'live', 'suspend');
      case 'ledger':
        return has('persist', 'restore');
      case 'hooks':
        return has('hooks');
      case 'exposure':
        return has('bound', 'wire');
      case 'stacks':
        return has('step');
      default:
        return has('normalize');
    }
  });
}

/** Answers one request line; never throws, and never puts a value from the input into an error. */
export function answer(line: string, h: Handlers, name: string, parse: (line: string) => unknown = JSON.parse): Answer {
  const hello = (): HelloOutput => ({
    name,
    version: REFERENCE_VERSION,
    language: 'typescript',
    protocol: PROTOCOL,
    groups: claimedGroups(h),
    stringModel: 'utf16',
    cycles: true,
    opaqueValues: true,
    specVersion: REFERENCE_VERSION,
  });
  const read = readLine(line, { hello, has: (op) => Object.hasOwn(h, op) && h[op] !== undefined }, parse);
  if ('answer' in read) return read.answer;
  const { id, op, input } = read.request;
  const logger = new CollectingLogger();
  try {
    return ok(id, h[op]!(input, { logger }), logger.lines);
  } catch (e) {
    if (e instanceof OpError) return opError(id, e.code, e.message, logger.lines);
    return exception(id, op, logger.lines);
  }
}

/** Serves `h` on stdin/stdout until stdin ends: the reference adapter's loop, for any handler set. */
export async function serveHandlers(h: Handlers, name: string, parse?: (line: string) => unknown): Promise<void> {
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  await serveLines(
    rl,
    (line) => answer(line, h, name, parse),
    async (text) => {
      if (!process.stdout.write(text)) await new Promise((r) => process.stdout.once('drain', r));
    },
  );
  rl.close();
  process.stdin.destroy();
}

// The entry guard. The mutant adapter's bundle (conformance/mutants/mutants.test.ts builds one module of
// conformance/mutants/adapter.ts and this file) shares one import.meta.url, so there `--mutant` means the
// other entry point serves; run as this file, `--mutant` is a mistake worth one line.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!process.argv.includes('--mutant')) await serveHandlers(referenceHandlers, 'toolresult-reference');
  else if (/\/reference-adapter\/main\.[jt]s$/.test(import.meta.url)) {
    process.stderr.write(
      'toolresult reference adapter: --mutant is an option of conformance/mutants/adapter.ts (a checkout of the repository), not of the reference adapter\n',
    );
    process.exit(2);
  }
}
