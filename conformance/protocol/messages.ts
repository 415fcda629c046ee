// The adapter protocol (spec/09-conformance.md §9.1–9.3), defined once in TypeBox: the static types,
// the fast runtime checks (TypeCompiler) and schemas/conformance/adapter-protocol.schema.json
// (scripts/generate-protocol-schema.ts) all come from here.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import vectorFileSchema from '../../schemas/conformance/vector-file.schema.json' with { type: 'json' };
import type { Group as GroupName } from '../../generated/conformance.ts';

export const PROTOCOL = 'toolresult-adapter/1';

// ------------------------------------------------------------------ shared values

const TAGGED_ID = 'https://toolresult.dev/schemas/v1/conformance/tagged-value.schema.json';

/** A value in the tagged encoding (checked against tagged-value.schema.json, not here). */
export const TaggedValue = Type.Unknown({ title: 'TaggedValue', description: `A value in the tagged encoding: ${TAGGED_ID}` });

/** A string, plain or tagged (bytes, utf16, repeat). */
export const TaggedString = Type.Unknown({ title: 'TaggedString', description: `A string or a string tag: ${TAGGED_ID}#/$defs/TaggedString` });

// The groups are a fact of the case format (vector-file.schema.json): read from there, not restated.
export const GROUPS = vectorFileSchema.$defs.Group.enum as readonly GroupName[];
export const Group = Type.Unsafe<GroupName>(
  Type.Union(
    GROUPS.map((g) => Type.Literal(g)),
    { title: 'Group', description: 'A capability group an adapter may claim.' },
  ),
);
export type Group = GroupName;

export const StringModel = Type.Union([Type.Literal('utf16'), Type.Literal('codepoints'), Type.Literal('bytes')], {
  title: 'StringModel',
  description: 'How the language holds a string: UTF-16 code units, code points, or octets.',
});

/** Bound options as sent: deliberately unchecked, so the kit can send invalid ones (TR-MODEL-10). */
export const BoundOptions = Type.Unknown({
  title: 'BoundOptionsInput',
  description:
    'A BoundOptions object (bound-options.schema.json), or something invalid on purpose: range and type checks are the implementation’s job (TR-MODEL-10).',
});

/** An exposure policy as sent: unchecked like the options, so the kit can send invalid ones (TR-EXPOSE-2). */
export const ExposureInput = Type.Unknown({
  title: 'ExposurePolicyInput',
  description:
    'An ExposurePolicy (exposure-policy.schema.json), or something invalid on purpose. Optional on every op that bounds a result input; absent is the policy none (spec/12-exposure.md). Only an adapter that claims the exposure group is sent one.',
});

export const ResultInput = Type.Object(
  {
    // Absent on purpose in some cases: the adapter hands such a result to the bounder as an untyped
    // caller would, which fails it closed (TR-BOUND-4, spec/09-conformance.md §9.3).
    content: Type.Optional(TaggedString),
    // Also absent or not a boolean on purpose in some cases: the bounder makes a success result of
    // it, since only the boolean true makes an error result (TR-BOUND-17, §9.3).
    isError: Type.Optional(Type.Unknown({ description: 'A boolean, except in the cases that send another value or none (TR-BOUND-17).' })),
    structured: Type.Optional(TaggedValue),
    artifacts: Type.Optional(TaggedValue),
    // A list of codes; anything else, and an item that is not a code, is sent on purpose in some
    // cases: it carries no code, and is no bad input (spec/09-conformance.md §9.3).
    warnings: Type.Optional(
      Type.Unknown({
        description: 'Warning codes the result already carries (TR-BOUND-13): a list; anything else, and an item that is not a code, is ignored (§9.3).',
      }),
    ),
  },
  { title: 'ResultInput', description: 'A tool result to build with the implementation’s own constructors.' },
);

const PlainObject = (title: string, description: string) => Type.Record(Type.String(), Type.Unknown(), { title, description });

// ------------------------------------------------------------------ operations

/** What a stack wrote to a store or sent to an exporter, as octets a check can search for canaries. */
const Stored = Type.Object(
  {
    where: Type.String({
      minLength: 1,
      description: 'The store or exporter, and the file, key or endpoint path: "SqliteSaver checkpoint.sqlite", "POST /v1/traces".',
    }),
    text: Type.String({
      description: 'Its octets, each octet as one code point U+0000–U+00FF (latin1), so that base64 text and the octets it decodes to are both findable.',
    }),
  },
  { title: 'StoredOctets', additionalProperties: false },
);

export const Ops = {
  hello: {
    group: null,
    input: Type.Object({ protocol: Type.String() }, { title: 'HelloInput' }),
    output: Type.Object(
      {
        name: Type.String({ minLength: 1 }),
        version: Type.String(),
        language: Type.String(),
        protocol: Type.String(),
        groups: Type.Array(Group),
        stringModel: StringModel,
        cycles: Type.Boolean(),
        opaqueValues: Type.Boolean(),
        byteArrays: Type.Optional(
          Type.Boolean({
            description:
              'Whether the language has a native byte array that a normalizer reads as binary data (TR-NORM-10), which the bytes-object tag then builds (three octets); false for a language without one (PHP), whose vector cases that need byte-arrays are skipped. Absent is true.',
          }),
        ),
        specVersion: Type.Optional(
          Type.String({
            minLength: 1,
            description:
              'The version of the specification the implementation was written for; the kit then names the requirements changed since with the failures they explain (TR-CONF-24).',
          }),
        ),
      },
      { title: 'HelloOutput', description: 'The handshake: who the adapter is and what it claims.' },
    ),
  },
  stop: {
    group: null,
    input: Type.Object({}, { title: 'StopInput' }),
    output: Type.Object({}, { title: 'StopOutput' }),
  },
  decode: {
    group: null,
    input: Type.Object(
      { value: TaggedValue },
      {
        title: 'DecodeInput',
        description:
          'The floor of the cost profile (conformance/README.md, --profile): the adapter decodes value as it decodes the tagged inputs of every op, builds it whole in its native form (a string a language builds lazily, such as a JavaScript rope, is made flat), and calls nothing of the implementation.',
      },
    ),
    output: Type.Object({}, { title: 'DecodeOutput' }),
  },
  serialize: {
    group: null,
    input: Type.Object(
      {
        value: TaggedValue,
        repeat: Type.Integer({ minimum: 1, description: 'How many times to serialize the decoded value; the answer is the last length.' }),
      },
      {
        title: 'SerializeInput',
        description:
          "The floor of the common-case profile (conformance/README.md, --profile common): the adapter decodes value once as it decodes every op's tagged input, then serializes it repeat times with the language's own JSON serializer, compact and without escaping non-ASCII (Python json.dumps(v, ensure_ascii=False, separators=(',', ':')); PHP json_encode with JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE; Go json.Marshal; JavaScript JSON.stringify), takes the length of the UTF-8 text, and calls nothing of the implementation.",
      },
    ),
    output: Type.Object({ octets: Type.Integer({ minimum: 0, description: 'The length in octets of the last serialization.' }) }, { title: 'SerializeOutput' }),
  },
  coerce: {
    group: 'bound',
    input: Type.Object({ value: TaggedString }, { title: 'CoerceInput' }),
    output: Type.Object({ text: Type.String() }, { title: 'CoerceOutput' }),
  },
  measure: {
    group: 'bound',
    input: Type.Object({ value: TaggedValue, budget: Type.Integer() }, { title: 'MeasureInput' }),
    output: Type.Object(
      {
        verdict: Type.Union(['ok', 'over_budget', 'unencodable', 'too_deep'].map((v) => Type.Literal(v))),
        octets: Type.Optional(Type.Integer({ minimum: 0 })),
      },
      { title: 'MeasureOutput' },
    ),
  },
  bound: {
    group: 'bound',
    input: Type.Object(
      {
        result: ResultInput,
        options: Type.Optional(BoundOptions),
        exposure: Type.Optional(ExposureInput),
        repeat: Type.Optional(
          Type.Integer({
            minimum: 1,
            description:
              'The common-case profile (--profile common): build the result once, bound it this many times with the same options, and answer the last bounded result. Absent is 1.',
          }),
        ),
      },
      { title: 'BoundInput' },
    ),
    output: Type.Object({ result: PlainObject('ToolResultRecord', 'tool-result.schema.json') }, { title: 'BoundOutput' }),
  },
  wire: {
    group: 'egress',
    input: Type.Object({ result: ResultInput, options: Type.Optional(BoundOptions), exposure: Type.Optional(ExposureInput) }, { title: 'WireInput' }),
    output: Type.Object({ message: Type.Unknown() }, { title: 'WireOutput' }),
  },
  audit: {
    group: 'sinks',
    input: Type.Object(
      {
        result: ResultInput,
        options: Type.Optional(BoundOptions),
        exposure: Type.Optional(ExposureInput),
        levels: Type.Array(Type.Unknown(), {
          description: 'Privacy level settings; an item that is not a level name (a non-string included) counts as none (TR-PRIV-2, §9.3).',
        }),
      },
      { title: 'AuditInput' },
    ),
    output: Type.Object({ record: Type.Unknown() }, { title: 'AuditOutput' }),
  },
  live: {
    group: 'sinks',
    input: Type.Object({ result: ResultInput, options: Type.Optional(BoundOptions), exposure: Type.Optional(ExposureInput) }, { title: 'LiveInput' }),
    output: Type.Object({ event: Type.Unknown() }, { title: 'LiveOutput' }),
  },
  suspend: {
    group: 'sinks',
    input: Type.Object({ result: ResultInput, options: Type.Optional(BoundOptions), exposure: Type.Optional(ExposureInput) }, { title: 'SuspendInput' }),
    output: Type.Object({ state: Type.Unknown() }, { title: 'SuspendOutput' }),
  },
  persist: {
    group: 'ledger',
    input: Type.Object({ result: ResultInput, options: Type.Optional(BoundOptions), exposure: Type.Optional(ExposureInput) }, { title: 'PersistInput' }),
    output: Type.Object({ entry: Type.String() }, { title: 'PersistOutput' }),
  },
  restore: {
    group: 'ledger',
    input: Type.Object({ entry: Type.String() }, { title: 'RestoreInput' }),
    output: Type.Object({ result: PlainObject('ToolResultRecord', 'tool-result.schema.json') }, { title: 'RestoreOutput' }),
  },
  hooks: {
    group: 'hooks',
    input: Type.Object(
      { result: ResultInput, options: Type.Optional(BoundOptions), exposure: Type.Optional(ExposureInput), hooks: Type.Array(Type.Unknown()) },
      { title: 'HooksInput', description: 'hooks: the hook descriptions of spec/08-hooks.md; an exposure policy applies after them.' },
    ),
    output: Type.Object({ result: PlainObject('ToolResultRecord', 'tool-result.schema.json') }, { title: 'HooksOutput' }),
  },
  normalize: {
    group: 'normalize',
    input: Type.Object({ source: Type.String(), value: TaggedValue, options: Type.Optional(Type.Unknown()) }, { title: 'NormalizeInput' }),
    output: Type.Object({ result: PlainObject('ToolResultRecord', 'tool-result.schema.json') }, { title: 'NormalizeOutput' }),
  },
  // The stacks group (spec/11-stacks.md): an agent stack, not an implementation of this protocol, runs
  // one agent step over a tool served by a real MCP server and shows what its provider was sent.
  step: {
    group: 'stacks',
    input: Type.Object(
      {
        result: PlainObject('CallToolResult', 'The MCP CallToolResult the server returns for the tool call, plain JSON, served as it is.'),
        outputSchema: Type.Optional(PlainObject('OutputSchema', 'The tool’s outputSchema as tools/list declares it.')),
        provider: Type.Optional(
          Type.String({
            description:
              'The provider format the row sends through (openai-chat, openai-responses, anthropic, gemini, bedrock-converse); one adapter process serves every provider row of a stack mode.',
          }),
        ),
        telemetry: Type.Optional(
          Type.Literal('content', {
            description:
              "Absent: the stack's tracing or telemetry is switched on at its documented defaults. \"content\": switched on with its content-recording setting on (AI SDK recordInputs/recordOutputs, OpenTelemetry GenAI content capture, LangSmith's hide flags off, the Agents SDK's trace_include_sensitive_data, Pydantic AI's include_content).",
          }),
        ),
      },
      { title: 'StepInput' },
    ),
    output: Type.Object(
      {
        requests: Type.Array(Type.Unknown(), {
          description:
            'Every request the stack made during the step, in order: the HTTP body its provider package sent to the fake provider (parsed JSON), or, for a row without a provider, the request as a recording fake model received it (volatile ids removed).',
        }),
        modelRequests: Type.Optional(
          Type.Array(Type.Unknown(), {
            description:
              'The same requests at the model interface (what the stack handed its provider integration: a prompt, a message list, a model request), for a row that also records provider bodies.',
          }),
        ),
        kept: Type.Unknown({
          description: 'What the stack holds for the runtime after the step (the tool message, step result or run item), as JSON; null when nothing.',
        }),
        threw: Type.Union([Type.String(), Type.Null()], { description: 'The error the agent step ended with, or null when it finished.' }),
        persisted: Type.Optional(
          Type.Array(Stored, {
            description:
              'Every store the stack wrote for a resumable run during the step (a checkpoint database file, a serialized run state, a session database, a memory store), read back after the step.',
          }),
        ),
        persistedNotApplicable: Type.Optional(
          Type.String({ minLength: 1, description: 'Why the stack has no persisted state for a resumable run (TR-STACK-17 is then n/a with this reason).' }),
        ),
        exported: Type.Optional(
          Type.Array(Stored, {
            description:
              'Every body the fake collector or trace endpoint on 127.0.0.1 received during the step (OTLP/HTTP protobuf or JSON, a LangSmith run batch, an Agents SDK trace ingest).',
          }),
        ),
        exportedNotApplicable: Type.Optional(
          Type.String({
            minLength: 1,
            description: 'Why the stack exports no telemetry the kit can collect (TR-STACK-18 and TR-STACK-19 are then n/a with this reason).',
          }),
        ),
      },
      { title: 'StepOutput' },
    ),
  },
} as const satisfies Record<string, { group: string | null; input: TSchema; output: TSchema }>;

export type OpName = keyof typeof Ops;
export const OP_NAMES = Object.keys(Ops) as OpName[];

// ------------------------------------------------------------------ envelopes

const Id = Type.Integer({ minimum: 0, description: 'Chosen by the runner; echoed by the adapter.' });
const Logs = Type.Array(Type.String(), { description: 'Every log line written while handling the request (TR-CONF-2).' });

export const Request = Type.Object(
  { id: Id, op: Type.String(), input: Type.Record(Type.String(), Type.Unknown()) },
  { title: 'Request', additionalProperties: false, description: 'One line the runner writes to the adapter.' },
);
export type Request = Static<typeof Request>;

export const ErrorBody = Type.Object(
  { code: Type.String({ minLength: 1 }), message: Type.String() },
  { title: 'ErrorBody', description: 'code: a stable dotted code; message: text without run-only values.' },
);

export const OkResponse = Type.Object(
  { id: Id, ok: Type.Literal(true), output: Type.Record(Type.String(), Type.Unknown()), logs: Logs },
  { title: 'OkResponse', additionalProperties: false },
);
export const ErrorResponse = Type.Object(
  { id: Type.Union([Id, Type.Null()]), ok: Type.Literal(false), error: ErrorBody, logs: Logs },
  { title: 'ErrorResponse', additionalProperties: false, description: 'id is null only when the request line could not be read.' },
);
export const Response = Type.Union([OkResponse, ErrorResponse], { title: 'Response', description: 'One line the adapter writes.' });
export type OkResponse = Static<typeof OkResponse>;
export type ErrorResponse = Static<typeof ErrorResponse>;
export type Response = Static<typeof Response>;
export type HelloOutput = Static<typeof Ops.hello.output>;
/** A stack adapter's step (schemas/conformance/stack-adapter-protocol.schema.json, generated from the same TypeBox). */
export type StepInput = Static<typeof Ops.step.input>;
export type StepOutput = Static<typeof Ops.step.output>;

// ------------------------------------------------------------------ compiled checks

export const checkRequest: TypeCheck<typeof Request> = TypeCompiler.Compile(Request);
export const checkResponse: TypeCheck<typeof Response> = TypeCompiler.Compile(Response);

const outputChecks = new Map<string, TypeCheck<TSchema>>();
for (const [op, spec] of Object.entries(Ops)) {
  outputChecks.set(op, TypeCompiler.Compile(spec.output));
}

/** An op's output, typed by its schema; throws when it does not match (the adapter process checks every answer, so this only tells the compiler). */
export function outputOf<O extends OpName>(op: O, output: unknown): Static<(typeof Ops)[O]['output']> {
  const problem = outputProblem(op, output);
  if (problem !== undefined) throw new TypeError(`${op}: ${problem}`);
  return output as Static<(typeof Ops)[O]['output']>;
}

/** The first problem with an op's output, or undefined when it matches the protocol. */
export function outputProblem(op: string, output: unknown): string | undefined {
  const check = outputChecks.get(op);
  if (!check) return undefined;
  const first = check.Errors(output).First();
  if (!first) return undefined;
  // Show what was there (the adapter's own answer, shortened): "Expected union value" alone does not
  // say which value broke the protocol.
  let got: string;
  try {
    got = JSON.stringify(first.value) ?? String(first.value);
  } catch {
    got = typeof first.value;
  }
  if (got.length > 120) got = `${got.slice(0, 117)}...`;
  return `output${first.path} ${first.message}, got ${got}`;
}
