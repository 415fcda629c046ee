// The checks of the stack profile (spec/11-stacks.md), one per requirement. A check reads one case
// and the stack's answer to it and says pass, fail with evidence (where a canary turned up in the
// request, what the runtime can no longer read, what the model was told), or that it cannot judge
// this answer (n/a, with the reason). The same check reads the provider bodies and, for the verdict
// beside it, the model-interface requests of the same step.
import { countCanary, findCanary, type Occurrence } from './canary.ts';
import type { Needs, StackCase } from './cases.ts';
import { toolResultParts, type ToolResultPart } from './tool-results.ts';
import { judgeExported, judgePersisted } from './egress.ts';
import { jsonEqual } from '../../conformance/core/compare.ts';
import type { StepOutput } from '../../conformance/protocol/messages.ts';

/**
 * The adapter's answer to a step (the protocol's StepOutput): the provider HTTP bodies in
 * `requests`, or, judging the model interface, the model-interface requests in their place.
 */
export type StepAnswer = StepOutput;

export type CheckKind = 'leak' | 'loss' | 'delivery' | 'duplication';

/** A check that cannot say anything about this answer. */
export interface NotApplicable {
  readonly notApplicable: string;
}

export interface Finding {
  /** One line: what went wrong. */
  readonly summary: string;
  /** The canary concerned, when there is one. */
  readonly canary?: string;
  /** Where the canary stood in the model request. */
  readonly found?: readonly Occurrence[];
  /** What the runtime was to keep and what it kept (loss checks). */
  readonly wanted?: unknown;
  readonly kept?: unknown;
  readonly threw?: string;
  /** The tool-result part the model was given (TR-STACK-8). */
  readonly part?: unknown;
}

export interface Check {
  readonly id: string;
  readonly kind: CheckKind;
  /** MUST: a failing cell breaks the profile. SHOULD: a default the profile advises against. */
  readonly level: 'MUST' | 'SHOULD';
  readonly title: string;
  /** A column header of two or three words. */
  readonly short: string;
  readonly needs: Needs;
  judge(c: StackCase, a: StepAnswer): Finding | NotApplicable | undefined;
  /** Why the model-interface verdict says n/a for this check (it compares the two layers itself, or reads no request). */
  readonly providerOnly?: string;
  /** What the check reads instead of the provider bodies: the stores the stack persisted, or the telemetry it exported. */
  readonly reads?: 'persisted' | 'exported';
  /** The step input's `telemetry` the check's answers are asked with (absent: the stack's defaults). */
  readonly telemetry?: 'content';
}

export const isNotApplicable = (x: Finding | NotApplicable | undefined): x is NotApplicable => x !== undefined && 'notApplicable' in x;

/** The requests made after the tool ran: the ones that can carry its result. */
const afterTool = (a: StepAnswer): readonly unknown[] => a.requests.slice(1);

/** Where a canary stands in the requests after the tool ran, paths rooted at `requests[i]`. */
function inRequests(a: StepAnswer, canary: string): Occurrence[] {
  return a.requests.slice(1).flatMap((r, i) => findCanary(r, canary, `requests[${i + 1}]`));
}

function leaked(a: StepAnswer, canaries: readonly string[], keep: (o: Occurrence) => boolean, what: string): Finding | undefined {
  for (const canary of canaries) {
    const found = inRequests(a, canary).filter(keep);
    if (found.length > 0) return { summary: `${what} reached the model request at ${found[0]!.path}`, canary, found };
  }
  return undefined;
}

/** Whether `value` stands whole somewhere in `tree` (as a value, not as text inside a string). */
export function holdsWhole(tree: unknown, value: unknown): boolean {
  if (jsonEqual(tree, value)) return true;
  if (typeof tree !== 'object' || tree === null) return false;
  return Object.values(tree).some((x) => holdsWhole(x, value));
}

function keptWhole(c: StackCase, a: StepAnswer, what: string): Finding | undefined {
  const wanted = c.result['structuredContent'];
  if (holdsWhole(a.kept, wanted)) return undefined;
  return {
    summary: a.threw !== null ? `the step threw (${a.threw.slice(0, 120)}) and ${what} is gone` : `${what} is not in what the stack keeps for the runtime`,
    wanted,
    kept: a.kept,
    ...(a.threw !== null ? { threw: a.threw } : {}),
  };
}

/**
 * The error must reach the model as the answer to its call, marked as an error: the answer is the
 * tool-result part that carries the error's text, and its own members must carry its format's error
 * signal. Text or a signal anywhere else in the request (a system prompt, another message) is not
 * the answer to the call.
 */
function deliveredAsError(c: StackCase, a: StepAnswer): Finding | undefined {
  const text = delivered(c, a, 'text of the error result');
  if (text) return text;
  const parts: ToolResultPart[] = afterTool(a).flatMap((r, i) => toolResultParts(r, `requests[${i + 1}]`));
  const holds = (p: ToolResultPart, canary: string) => countCanary(p.part, canary) > 0;
  const outside = c.canaries.visible.find((k) => !parts.some((p) => holds(p, k)));
  if (outside !== undefined) {
    const at = inRequests(a, outside);
    return {
      summary: `the text of the error result is in no tool-result part: it reached the model outside the answer to its call, at ${at[0]!.path}`,
      canary: outside,
      found: at.slice(0, 3),
    };
  }
  const success = parts.find((p) => !p.error && c.canaries.visible.some((k) => holds(p, k)));
  if (success)
    return {
      summary: `the error result reached the model as a success: the ${success.format} at ${success.path} carries no error signal`,
      part: trimPart(success.part),
    };
  return undefined;
}

function trimPart(v: unknown): unknown {
  const s = JSON.stringify(v);
  return s.length <= 600 ? v : `${s.slice(0, 600)}… (${s.length} chars)`;
}

/** The model-facing blocks (visible text, media) must each reach a request at most as often as the result holds them. */
function sentOnce(c: StackCase, a: StepAnswer): Finding | undefined {
  for (const canary of [...c.canaries.visible, ...c.canaries.binary]) {
    const served = countCanary(c.result, canary);
    for (const [i, r] of afterTool(a).entries()) {
      const n = countCanary(r, canary);
      if (n > served) {
        return {
          summary: `a block the result holds ${served === 1 ? 'once' : `${served} times`} is in one request ${n} times`,
          canary,
          found: findCanary(r, canary, `requests[${i + 1}]`),
        };
      }
    }
  }
  return undefined;
}

/** Media the model interface carried must reach the provider body; a step that throws loses it. */
function mediaKept(c: StackCase, a: StepAnswer): Finding | NotApplicable | undefined {
  if (a.modelRequests === undefined) return { notApplicable: 'the row records no model-interface requests to compare the provider body with' };
  if (a.threw !== null) return { summary: `the step threw and the result never reached the provider: ${a.threw.slice(0, 160)}`, threw: a.threw };
  for (const canary of c.canaries.binary) {
    const atModel = a.modelRequests
      .slice(1)
      .flatMap((r, i) => findCanary(r, canary, `modelRequests[${i + 1}]`))
      .filter((o) => o.form === 'media');
    if (atModel.length === 0) continue;
    if (inRequests(a, canary).length === 0)
      return {
        summary: `media the model interface carried at ${atModel[0]!.path} is in no provider body: the provider package dropped it without a word`,
        canary,
        found: atModel.slice(0, 1),
      };
  }
  return undefined;
}

function delivered(c: StackCase, a: StepAnswer, what: string): Finding | undefined {
  if (a.threw !== null && afterTool(a).length === 0)
    return { summary: `the step threw before the model saw the ${what}: ${a.threw.slice(0, 160)}`, threw: a.threw };
  for (const canary of c.canaries.visible) {
    if (inRequests(a, canary).length === 0) {
      return { summary: `the ${what} never reached the model`, canary, ...(a.threw !== null ? { threw: a.threw } : {}) };
    }
  }
  if (a.threw !== null) return { summary: `the step ended with an exception: ${a.threw.slice(0, 160)}`, threw: a.threw };
  return undefined;
}

export const CHECKS: readonly Check[] = [
  {
    id: 'TR-STACK-1',
    kind: 'leak',
    level: 'MUST',
    title: 'user-only content stays off the model request',
    short: 'user-only',
    needs: { userOnly: true },
    judge: (c, a) => leaked(a, c.canaries.userOnly, () => true, 'a block whose audience excludes the assistant'),
  },
  {
    id: 'TR-STACK-2',
    kind: 'leak',
    level: 'MUST',
    title: 'structuredContent no text carries stays off the model request',
    short: 'structured',
    needs: { structured: true, visible: true },
    judge: (c, a) => leaked(a, c.canaries.structured, () => true, 'structuredContent that no text block carries'),
  },
  {
    id: 'TR-STACK-3',
    kind: 'leak',
    level: 'MUST',
    title: '_meta stays off the model request',
    short: '_meta',
    needs: { meta: true },
    judge: (c, a) => leaked(a, c.canaries.meta, () => true, '_meta'),
  },
  {
    id: 'TR-STACK-4',
    kind: 'leak',
    level: 'MUST',
    title: 'binary data never reaches the model as text',
    short: 'binary as text',
    needs: { binary: true },
    judge: (c, a) => leaked(a, c.canaries.binary, (o) => o.form === 'text', 'base64 of an image, audio clip or blob, as text,'),
  },
  {
    id: 'TR-STACK-5',
    kind: 'leak',
    level: 'SHOULD',
    title: 'binary data is not sent as media unless the runtime asks',
    short: 'media',
    needs: { binary: true },
    judge: (c, a) => leaked(a, c.canaries.binary, (o) => o.form === 'media', 'base64 of an image, audio clip or blob, as a media part in the default setup,'),
  },
  {
    id: 'TR-STACK-6',
    kind: 'delivery',
    level: 'MUST',
    title: 'the text of a result reaches the model',
    short: 'text arrives',
    needs: { visible: true, isError: false },
    judge: (c, a) => delivered(c, a, 'text of a model-facing block'),
  },
  {
    id: 'TR-STACK-7',
    kind: 'loss',
    level: 'MUST',
    title: 'structuredContent stays readable by the runtime',
    short: 'structured kept',
    needs: { structured: true, isError: false },
    judge: (c, a) => keptWhole(c, a, 'structuredContent'),
  },
  {
    id: 'TR-STACK-8',
    kind: 'delivery',
    level: 'MUST',
    title: "an error result reaches the model as an error in the provider's own form, and the step goes on",
    short: 'error as error',
    needs: { visible: true, isError: true },
    judge: (c, a) => deliveredAsError(c, a),
  },
  {
    id: 'TR-STACK-9',
    kind: 'loss',
    level: 'MUST',
    title: 'the structured body of an error stays readable by the runtime',
    short: 'error body kept',
    needs: { structured: true, isError: true },
    judge: (c, a) => keptWhole(c, a, 'the structured error body'),
  },
  {
    id: 'TR-STACK-15',
    kind: 'duplication',
    level: 'MUST',
    title: 'each block of a result reaches a request at most once',
    short: 'sent once',
    needs: { visible: true },
    judge: (c, a) => sentOnce(c, a),
  },
  {
    id: 'TR-STACK-16',
    kind: 'loss',
    level: 'MUST',
    title: 'media the model interface carries reaches the provider, and no step throws on a result',
    short: 'media not lost',
    needs: { binary: true },
    judge: (c, a) => mediaKept(c, a),
    providerOnly: 'this check compares the model interface with the provider body',
  },
  {
    id: 'TR-STACK-17',
    kind: 'leak',
    level: 'MUST',
    title: 'run-only data stays out of the state the stack persists for a resumable run',
    short: 'persisted',
    needs: { runOnly: true },
    judge: (c, a) => judgePersisted(c, a),
    providerOnly: 'this check reads the stores the stack wrote, not a request',
    reads: 'persisted',
  },
  {
    id: 'TR-STACK-18',
    kind: 'leak',
    level: 'MUST',
    title: "run-only data stays out of the telemetry the stack exports at its tracing's defaults",
    short: 'telemetry',
    needs: { runOnly: true },
    judge: (c, a) => judgeExported(c, a, false),
    providerOnly: 'this check reads the telemetry the stack exported, not a request',
    reads: 'exported',
  },
  {
    id: 'TR-STACK-19',
    kind: 'leak',
    level: 'MUST',
    title: 'run-only data stays out of the telemetry the stack exports with content recording on',
    short: 'telemetry+content',
    needs: { runOnly: true },
    judge: (c, a) => judgeExported(c, a, true),
    providerOnly: 'this check reads the telemetry the stack exported, not a request',
    reads: 'exported',
    telemetry: 'content',
  },
];

export function checkById(id: string): Check | undefined {
  return CHECKS.find((c) => c.id === id);
}
