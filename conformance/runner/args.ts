// Command-line parsing for `toolresult conformance` and `toolresult vectors`. Usage errors throw
// UsageError (exit 2 with its message); nothing here touches the adapter.
import type { CommonArgs } from '../profile/common.ts';
import type { ProfileArgs } from '../profile/run.ts';

export { UsageError } from '../core/command.ts';
import { UsageError } from '../core/command.ts';

export interface ConformanceArgs {
  readonly command: 'conformance';
  readonly seed: number;
  readonly runs: number | undefined;
  /** Each property's own runs times this (--runs-scale K); undefined: 1. */
  readonly runsScale?: number;
  readonly path: string | undefined;
  readonly only: readonly string[];
  readonly skip: readonly string[];
  readonly knownFailing: readonly string[];
  readonly reportJson: string | undefined;
  readonly junit: string | undefined;
  readonly timeoutMs: number;
  readonly verbose: boolean;
  readonly list: boolean;
  /** Report a property's first failing input as generated, without shrinking it (faster). */
  readonly noShrink: boolean;
  /** Stop after this many failures (--max-failures N, --fail-fast = 1); undefined: run everything. */
  readonly maxFailures: number | undefined;
  /** The adapter command; undefined means the bundled reference adapter. */
  readonly adapter: readonly string[] | undefined;
}

export interface VectorsArgs {
  readonly command: 'vectors';
  readonly out: string;
}

export interface HelpArgs {
  readonly command: 'help';
}

export type Args = ConformanceArgs | VectorsArgs | HelpArgs | ProfileArgs | CommonArgs;

export const DEFAULT_SEED = 20261130;
export const DEFAULT_TIMEOUT_MS = 10_000;
/** The per-request timeout of the cost profile: a super-linear class may take seconds before it answers. */
export const PROFILE_TIMEOUT_MS = 60_000;
export const PROFILE_ROUNDS = 5;
/** Measured pairs per shape of --profile common. */
export const COMMON_ROUNDS = 15;

export const USAGE = `usage:
  toolresult conformance [options] [-- COMMAND ARGS...]   test an adapter (default: the bundled reference)
  toolresult vectors --out DIR                           write every fixed case with its schemas

options:
  --seed N               property seed (default ${DEFAULT_SEED})
  --runs N               runs per property (default: each property's own)
  --runs-scale K         each property's own runs times K (a soak run: --runs-scale 10)
  --path P               replay a property failure at fast-check path P (with --seed and --only)
  --only PATTERN         run only matching cases (repeatable): a glob over case IDs (vector/bound/**),
                         or, starting with TR-, over requirement IDs (TR-BOUND-3, 'TR-NORM-*')
  --skip PATTERN         skip matching cases (repeatable; same patterns); a pattern that matches no
                         case is a usage error
  --fail-fast            stop at the first failure (same as --max-failures 1)
  --max-failures N       stop after N failures; the cases not run are reported as skipped
  --known-failing FILE   patterns of cases expected to fail (repeatable); a listed case that passes fails the run
  --report-json FILE     write a JSON report
  --junit FILE           write a JUnit XML report
  --timeout MS           per-request timeout (default ${DEFAULT_TIMEOUT_MS})
  --no-shrink            report a property's first failing input unshrunk (faster)
  --list                 print the selected case IDs and exit
  -v, --verbose          show passing cases and the adapter's stderr

cost profile (conformance/README.md, "Cost under attack"):
  toolresult conformance --profile hostile [--size quick|full] [--rounds N] [--only CLASS]... [-- COMMAND ARGS...]
  --profile hostile      measure each attack class against the floor (op decode of the same input)
  --size quick|full      full: the sizes of the findings (default); quick: small enough for a test suite
  --rounds N             measured rounds per class, each one floor and one attack sample (default ${PROFILE_ROUNDS})
  --only CLASS           run only the named classes (repeatable; --list shows them)
  --timeout MS           per-request timeout (default ${PROFILE_TIMEOUT_MS} with --profile)
  toolresult conformance --profile common [--size quick|full] [--rounds N] [--only SHAPE]... [-- COMMAND ARGS...]
  --profile common       bound within-budget results of common shapes against the language's own
                         JSON serializer on the same value (op serialize); limit x1.5 at the full size

exit status: 0 every applicable case passed (with --profile: every class within its limits); 1 a case
failed (or a known failure is stale; with --profile: a class beyond its limits); 2 usage error`;

/** The longest timer Node.js keeps: a longer one fires at once (TimeoutOverflowWarning). */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

function integer(flag: string, v: string | undefined, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (v === undefined || !/^-?[0-9]+$/.test(v)) throw new UsageError(`${flag} needs an integer, got ${v === undefined ? 'nothing' : JSON.stringify(v)}`);
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(
      max === Number.MAX_SAFE_INTEGER ? `${flag} must be an integer >= ${min}, got ${v}` : `${flag} must be an integer from ${min} to ${max}, got ${v}`,
    );
  }
  return n;
}

export function parseArgs(argv: readonly string[]): Args {
  const dash = argv.indexOf('--');
  const own = dash >= 0 ? argv.slice(0, dash) : [...argv];
  const adapter = dash >= 0 ? argv.slice(dash + 1) : undefined;
  if (adapter !== undefined && adapter.length === 0) throw new UsageError('nothing after --: give the adapter command, or leave out -- to test the reference');

  let command = 'conformance' as 'conformance' | 'vectors';
  if (own[0] === 'conformance' || own[0] === 'vectors') command = own.shift() as typeof command;
  if (own.includes('-h') || own.includes('--help')) return { command: 'help' };

  const only: string[] = [];
  const skip: string[] = [];
  const knownFailing: string[] = [];
  let seed = DEFAULT_SEED;
  let runs: number | undefined;
  let runsScale: number | undefined;
  let path: string | undefined;
  let reportJson: string | undefined;
  let junit: string | undefined;
  let out: string | undefined;
  let timeoutMs = DEFAULT_TIMEOUT_MS;
  let verbose = false;
  let list = false;
  let noShrink = false;
  let maxFailures: number | undefined;
  let profile: string | undefined;
  let size: string | undefined;
  let rounds: number | undefined;
  let timeoutGiven = false;
  /** Options of a conformance run that mean nothing to the cost profile. */
  const caseOnly: string[] = [];

  for (let i = 0; i < own.length; i++) {
    const a = own[i]!;
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = (): string => {
      if (inline !== undefined) return inline;
      const v = own[++i];
      if (v === undefined || (v.startsWith('-') && v.length > 1 && !/^-[0-9]/.test(v))) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    if (!['--only', '--timeout', '--list', '-v', '--verbose', '--out', '--profile', '--size', '--rounds'].includes(flag)) caseOnly.push(flag);
    switch (flag) {
      case '--profile':
        profile = value();
        break;
      case '--size':
        size = value();
        break;
      case '--rounds':
        rounds = integer(flag, value(), 1, 1000);
        break;
      case '--seed':
        seed = integer(flag, value(), -(2 ** 31));
        break;
      case '--runs':
        runs = integer(flag, value(), 1);
        break;
      case '--runs-scale':
        runsScale = integer(flag, value(), 1, 1000);
        break;
      case '--path':
        path = value();
        if (!/^[0-9]+(:[0-9]+)*$/.test(path)) throw new UsageError(`--path takes a fast-check path such as 3:1:0, got ${JSON.stringify(path)}`);
        break;
      case '--only':
        only.push(value());
        break;
      case '--skip':
        skip.push(value());
        break;
      case '--known-failing':
        knownFailing.push(value());
        break;
      case '--report-json':
        reportJson = value();
        break;
      case '--junit':
        junit = value();
        break;
      case '--timeout':
        timeoutMs = integer(flag, value(), 1, MAX_TIMEOUT_MS);
        timeoutGiven = true;
        break;
      case '--out':
        out = value();
        break;
      case '--list':
        list = true;
        break;
      case '--no-shrink':
        noShrink = true;
        break;
      case '--fail-fast':
        maxFailures = 1;
        break;
      case '--max-failures':
        maxFailures = integer(flag, value(), 1);
        break;
      case '-v':
      case '--verbose':
        verbose = true;
        break;
      default:
        // Usually a missing --: npm keeps options before its own -- for itself, and the adapter
        // command needs one more -- after the kit's options.
        if (!a.startsWith('-'))
          throw new UsageError(
            `unexpected argument ${JSON.stringify(a)}: the adapter command goes after --, and through npm options need a -- of their own (npm run conformance -- --only vector/bound -- python3 my_adapter.py)`,
          );
        throw new UsageError(`unknown option ${JSON.stringify(a)}`);
    }
  }

  if (command === 'vectors') {
    if (out === undefined) throw new UsageError('vectors needs --out DIR');
    if (adapter !== undefined) throw new UsageError('vectors takes no adapter command');
    return { command, out };
  }
  if (out !== undefined) throw new UsageError('--out belongs to the vectors command');
  if (profile !== undefined) {
    if (profile !== 'hostile' && profile !== 'common')
      throw new UsageError(`--profile ${JSON.stringify(profile)} is not a profile of the kit (there are two: hostile, common)`);
    if (caseOnly.length > 0)
      throw new UsageError(`${caseOnly[0]} does not apply to --profile (its options: --size, --rounds, --only CLASS, --timeout, --list, -v)`);
    if (size !== undefined && size !== 'quick' && size !== 'full') throw new UsageError(`--size takes quick or full, got ${JSON.stringify(size)}`);
    if (profile === 'common') {
      return {
        command: 'profile',
        profile,
        size: (size ?? 'full') as 'quick' | 'full',
        rounds: rounds ?? COMMON_ROUNDS,
        only,
        timeoutMs: timeoutGiven ? timeoutMs : PROFILE_TIMEOUT_MS,
        list,
        verbose,
        adapter,
      };
    }
    return {
      command: 'profile',
      profile,
      size: (size ?? 'full') as 'quick' | 'full',
      rounds: rounds ?? PROFILE_ROUNDS,
      only,
      timeoutMs: timeoutGiven ? timeoutMs : PROFILE_TIMEOUT_MS,
      list,
      verbose,
      adapter,
    };
  }
  if (size !== undefined || rounds !== undefined) throw new UsageError(`${size !== undefined ? '--size' : '--rounds'} belongs to --profile hostile or common`);
  if (runs !== undefined && runsScale !== undefined)
    throw new UsageError("--runs and --runs-scale exclude each other: --runs sets every property's runs, --runs-scale multiplies each one's own");
  if (path !== undefined && only.length === 0) throw new UsageError('--path replays one property: give it with --only CASE-ID');
  return {
    command,
    seed,
    runs,
    ...(runsScale !== undefined ? { runsScale } : {}),
    path,
    only,
    skip,
    knownFailing,
    reportJson,
    junit,
    timeoutMs,
    verbose,
    list,
    noShrink,
    maxFailures,
    adapter,
  };
}
