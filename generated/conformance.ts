/* eslint-disable */
/**
 * GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.2). DO NOT EDIT.
 * Change the schemas, then regenerate: npm run generate
 */
/**
 * One line a ledger-suite worker writes (the suite's requests: ledger-worker-request.schema.json): {"event":"ready"} once its store is open (or {"event":"fatal"} when it does not open), {"event":"running"} once an execute's tool runs (one with hang then never answers), and one answer per request, with the request's id.
 */
export type LedgerWorkerMessage =
  ReadyEvent | FatalEvent | RunningEvent | ExecuteAnswer | ExecuteFailure | BatchAnswer | EntriesAnswer | ExitAnswer;
/**
 * A LedgerStoreError's code (ledger.store_failed, ledger.lease_lost, ...), a restore's (ledger.malformed, ...), or "error" for a refused argument such as a bad call ID.
 */
export type ErrorCode = string;
/**
 * The request's number; its answer carries the same.
 */
export type RequestId = number;
/**
 * A ledger entry's text (its JCS octets as UTF-8).
 */
export type Entry = string;
/**
 * One call of a batch: [callId, digest, replayed] when it answered, [callId, null, false, code, message] when it failed.
 */
export type BatchRow = BatchRowAnswered | BatchRowFailed;
/**
 * @minItems 3
 * @maxItems 3
 */
export type BatchRowAnswered = [unknown, unknown, unknown];
/**
 * @minItems 5
 * @maxItems 5
 */
export type BatchRowFailed = [unknown, unknown, unknown, unknown, unknown];
/**
 * One line the ledger suite (ledger-kit/) writes to a worker process of any language (its answers: ledger-worker-message.schema.json). A worker opens its store from its first command-line argument (a JSON object: backend, path or connection, leaseMs, ...), appends one line to the execution log named by its second argument each time the suite tool runs (the call ID alone when the request has neither scope nor tool, else the call ID, the scope and the call's fingerprint joined by tabs), and answers each request with its id. Requests may come before earlier ones are answered.
 */
export type LedgerWorkerRequest = ExecuteRequest | BatchRequest | EntriesRequest | ExitRequest;
/**
 * A call ID as the worker's seam receives it (a store may refuse it: TR-REPLAY-21).
 */
export type CallId = string;
/**
 * The call's scope as the worker's seam receives it (the empty string is the default scope; spec/07-replay.md §7.3). Absent: the seam is given none.
 */
export type Scope = string;
/**
 * The tool name the worker's seam is given, so the call's key holds its fingerprint (callFingerprint of this name and the arguments). The suite tool then answers with the call's scope, tool and arguments in its result. Absent: the seam is given no tool (the empty fingerprint).
 */
export type ToolName = string;
/**
 * A value as the conformance kit sends it: plain JSON, except that an object with a "$tr" member is a tag for something plain JSON cannot carry. An adapter turns each tag into its language's native form before it calls the implementation (spec/09-conformance.md, TR-CONF-4).
 */
export type TaggedValue =
  | null
  | boolean
  | number
  | string
  | TaggedValue[]
  | {
      [k: string]: TaggedValue;
    }
  | Tag;
export type Tag = BytesTag | Utf16Tag | NumberTag | BigIntTag | NestTag | RepeatTag | CycleTag | ObjectTag | OpaqueTag;
/**
 * A capability group: the set of requirements an implementation claims in its handshake.
 */
export type Group =
  | "bound"
  | "egress"
  | "sinks"
  | "ledger"
  | "hooks"
  | "normalize-mcp"
  | "normalize-langchain"
  | "normalize-local"
  | "exposure"
  | "stacks";
/**
 * An adapter operation (spec/09-conformance.md).
 */
export type Operation =
  | "coerce"
  | "measure"
  | "bound"
  | "wire"
  | "audit"
  | "live"
  | "suspend"
  | "persist"
  | "restore"
  | "hooks"
  | "normalize"
  | "step";
/**
 * What an implementation must declare in its handshake for the case to apply.
 */
export type Need = "utf16-strings" | "cycles" | "opaque-values" | "byte-arrays";
/**
 * output: the answer's output equals this JSON value (object member order aside). error: the answer is an error with this code (and, with messageExcludes, quoting none of those strings).
 */
export type Expectation =
  | {
      output: {
        [k: string]: unknown;
      };
    }
  | {
      error: {
        code: string;
        /**
         * Strings the case planted that neither the error's message nor a line the adapter logged may contain: an error that must quote nothing (TR-EXPOSE-2, TR-LOG-4).
         *
         * @minItems 1
         */
        messageExcludes?: [string, ...string[]];
      };
    };

/**
 * Index of every schema in schemas/conformance/ (a codegen root, not a protocol type).
 */
export interface SchemaIndex {
  "conformance/compliance-report.schema.json"?: ComplianceReport;
  "conformance/ledger-worker-message.schema.json"?: LedgerWorkerMessage;
  "conformance/ledger-worker-request.schema.json"?: LedgerWorkerRequest;
  "conformance/report.schema.json"?: ConformanceReport;
  "conformance/stack-vector-file.schema.json"?: StackVectorFile;
  "conformance/tagged-value.schema.json"?: TaggedValue;
  "conformance/vector-file.schema.json"?: VectorFile;
}
/**
 * The stack compliance matrix (spec/11-stacks.md) as npm run compliance writes it to stacks/compliance/report.json: which stack, at which exact versions and runtime, passes which check, with the evidence of every failing cell and the command that replays it.
 */
export interface ComplianceReport {
  $schema?: string;
  kit: {
    /**
     * The specification and kit version.
     */
    version: string;
    seed: number;
    /**
     * Generated cases per cell before shrinking.
     */
    runs: number;
    /**
     * IDs of the fixed vectors (<file stem>/<id>).
     */
    vectors: string[];
  };
  checks: {
    id: string;
    kind: "leak" | "loss" | "delivery" | "duplication";
    /**
     * SHOULD: a failing cell is a default the profile advises against, not a broken rule.
     */
    level: "MUST" | "SHOULD";
    title: string;
    /**
     * The column header.
     */
    short: string;
    /**
     * What the check reads instead of the provider bodies: the stores the stack persisted for a resumable run, or the telemetry it exported (absent: the provider bodies).
     */
    reads?: "persisted" | "exported";
  }[];
  stacks: {
    /**
     * <stack>-<mode>@<provider>.
     */
    id: string;
    /**
     * The agent stack, e.g. langchain.
     */
    stack: string;
    /**
     * The option or entry point of the stack the row runs, e.g. stream.
     */
    mode: string;
    /**
     * The provider wire format whose HTTP body the row judges: openai-chat, openai-responses, anthropic, gemini or bedrock-converse.
     */
    provider: string;
    name: string;
    /**
     * Every package of the stack as name@exact-version, space-separated, read from the installed packages.
     */
    version: string;
    /**
     * Language and runtime with its exact version, e.g. javascript (node v20.20.2).
     */
    runtime: string;
    /**
     * How the adapter wires the stack, in one line.
     */
    setup: string;
    /**
     * The row's cap on generated cases per cell, when lower than kit.runs (a stack whose step costs seconds).
     */
    runs?: number;
    /**
     * The control row, which must pass every check.
     */
    control: boolean;
    /**
     * The command that starts the adapter, from the repository root.
     */
    adapter: string;
    /**
     * Why the row could not be run.
     */
    error?: string;
  }[];
  cells: Cell[];
  figures: {
    stack: string;
    vector: string;
    /**
     * UTF-8 octets of the provider body (JSON) sent after the tool ran.
     */
    requestOctets: number;
    /**
     * Octets of it that are base64 data in media parts.
     */
    mediaOctets: number;
  }[];
  /**
   * What is wrong with the matrix's own declarations: a limit a row declares on a check whose cell now passes (stale-limit). npm run compliance exits 1, and --verify fails, while there is one.
   */
  findings: {
    kind: "stale-limit";
    stack: string;
    check: string;
    summary: string;
  }[];
}
export interface Cell {
  stack: string;
  check: string;
  /**
   * Judged at the provider body. limit: the check fails, the row declares it out of its stack's reach from outside (reason says why, upstream what the stack would have to change; the evidence is kept), and every failure is the one the limit expects (expects); a failure the limit does not expect makes the cell a fail; error: the adapter broke and the cell could not be judged; n/a: the check cannot be judged on this row (reason says why).
   */
  verdict: "pass" | "fail" | "limit" | "error" | "n/a";
  vectors: number;
  /**
   * Generated cases run, shrinking steps included.
   */
  generated: number;
  reason?: string;
  /**
   * For limit: the change the stack or its provider package needs.
   */
  upstream?: string;
  /**
   * For limit, and for fail on a row that declares a limit on the check: the regular expression the summary of the failure the limit explains matches.
   */
  expects?: string;
  evidence: Evidence[];
  model: ModelVerdict;
}
export interface Evidence {
  source: "vector" | "generated";
  /**
   * The vector ID, or seed and fast-check path of the shrunk generated case.
   */
  case: string;
  input: {
    result: {};
    outputSchema?: {};
  };
  summary: string;
  canary?: string;
  found?: Occurrence[];
  /**
   * What the runtime was to keep (loss checks).
   */
  wanted?: {
    [k: string]: unknown;
  };
  /**
   * What the stack kept for the runtime, shortened.
   */
  kept?: {
    [k: string]: unknown;
  };
  threw?: string;
  /**
   * The tool-result part the model was given (TR-STACK-8), shortened.
   */
  part?: {
    [k: string]: unknown;
  };
  /**
   * The command that replays exactly this case against this stack.
   */
  replay: string;
}
export interface Occurrence {
  /**
   * Where in the step's requests, e.g. requests[1][2].content[0].text; for a store or an exported body, its `where` and which occurrence in it, e.g. SqliteSaver checkpoints.sqlite, occurrence 1 (not an octet offset: timestamps and ids in a trace body change its length from run to run).
   */
  path: string;
  /**
   * The holding string around the canary, which is marked ⟦so⟧ (in a store's octets, every octet outside printable ASCII as \xNN).
   */
  excerpt: string;
  /**
   * text: as text; media: base64 data inside a typed media part; octets: the octets the canary's base64 text decodes to, in a store or an exported body.
   */
  form: "text" | "media" | "octets";
}
/**
 * The same check on the model-interface requests of the same steps (what the stack handed its provider package), so a reader sees whether a leak or loss starts in the stack or in the provider package.
 */
export interface ModelVerdict {
  verdict: "pass" | "fail" | "n/a";
  /**
   * The first failing case (a vector ID, or the start of a generated input) in the order the cell ran them: every case of the cell is judged at the model interface. Not shrunk.
   */
  case?: string;
  /**
   * What went wrong, or for n/a why the check does not apply at the model interface.
   */
  summary?: string;
  canary?: string;
  found?: Occurrence[];
}
/**
 * The store is open; requests may come.
 */
export interface ReadyEvent {
  event: "ready";
  pid?: number;
}
/**
 * The store did not open; the worker exits non-zero.
 */
export interface FatalEvent {
  event: "fatal";
  code: ErrorCode;
  message: string;
}
/**
 * The tool of an execute has started (the suite waits for it before it kills or stops the worker).
 */
export interface RunningEvent {
  id: RequestId;
  event: "running";
}
/**
 * The call's entry as the seam returned it, and whether it was replayed (this worker's tool did not run).
 */
export interface ExecuteAnswer {
  id: RequestId;
  ok: true;
  entry: Entry;
  replayed: boolean;
}
/**
 * The seam failed: the error's code and its one-line message.
 */
export interface ExecuteFailure {
  id: RequestId;
  ok: false;
  code: ErrorCode;
  message: string;
}
export interface BatchAnswer {
  id: RequestId;
  ok: true;
  results: BatchRow[];
}
/**
 * Each call ID asked for, with its stored entry or null (none stored: unknown, or still claimed).
 */
export interface EntriesAnswer {
  id: RequestId;
  ok: true;
  entries: {
    [k: string]: Entry | null;
  };
}
export interface ExitAnswer {
  id: RequestId;
  ok: true;
}
/**
 * Run the suite tool for one call ID through the worker's execution seam and ledger store.
 */
export interface ExecuteRequest {
  id: RequestId;
  op: "execute";
  callId: CallId;
  /**
   * How long the tool sleeps before it returns.
   */
  delayMs?: number;
  /**
   * The tool says running and never returns (the worker is killed or stopped).
   */
  hang?: boolean;
  scope?: Scope;
  tool?: ToolName;
  arguments?: Arguments;
}
/**
 * The call's arguments the worker's seam is given with the tool name (absent: {}).
 */
export interface Arguments {}
/**
 * Execute each call ID in turn; answer once with one row per call ID.
 */
export interface BatchRequest {
  id: RequestId;
  op: "batch";
  callIds: CallId[];
  delayMs?: number;
}
/**
 * Read the stored entries of call IDs, without running anything; scope, tool and arguments, when given, name the call of every call ID of the request.
 */
export interface EntriesRequest {
  id: RequestId;
  op: "entries";
  callIds: CallId[];
  scope?: Scope;
  tool?: ToolName;
  arguments?: Arguments;
}
/**
 * Close the store and exit 0 after answering.
 */
export interface ExitRequest {
  id: RequestId;
  op: "exit";
}
/**
 * What `toolresult conformance --report-json FILE` writes: which kit and specification version ran, against which adapter, and every selected case's outcome (spec/09-conformance.md §9.4).
 */
export interface ConformanceReport {
  $schema?: string;
  kit: "toolresult-conformance";
  /**
   * The version of this report format; a new optional member keeps it, anything else changes it.
   */
  reportVersion: 1;
  /**
   * The version of the package that holds the kit (package.json).
   */
  kitVersion: string;
  /**
   * The version of the specification the kit's cases check (spec/00-index.md).
   */
  specVersion: string;
  /**
   * The adapter protocol the runner speaks.
   */
  protocol: string;
  /**
   * The property seed of the run.
   */
  seed: number;
  /**
   * The adapter command.
   */
  command: string[];
  adapter?: Handshake;
  summary: ReportSummary;
  cases: CaseOutcome[];
}
/**
 * The adapter's handshake answer; absent when it never answered.
 */
export interface Handshake {
  name: string;
  version: string;
  language: string;
  protocol: string;
  groups: string[];
  stringModel: "utf16" | "codepoints" | "bytes";
  cycles: boolean;
  opaqueValues: boolean;
  /**
   * Whether the language has a native byte array (the need byte-arrays); absent is true.
   */
  byteArrays?: boolean;
  /**
   * The spec version the implementation was written for, when its handshake names one (TR-CONF-24).
   */
  specVersion?: string;
}
/**
 * The counts of the closing line `N passed, N failed` (stale known failures count as failed).
 */
export interface ReportSummary {
  passed: number;
  failed: number;
  skipped: number;
  expectedFailures: number;
}
/**
 * One case of the run.
 */
export interface CaseOutcome {
  /**
   * The case ID, vector/<group>/<file>/<case> or property/<requirement>/<name>.
   */
  id: string;
  requirements: string[];
  status: "pass" | "fail" | "skip" | "expected-failure" | "stale";
  durationMs: number;
  /**
   * Why a skipped case did not run (a group not claimed, an ability the handshake lacks, --max-failures).
   */
  skipReason?: string;
  failure?: CaseFailure;
  /**
   * The command that replays the failure.
   */
  replay?: string;
}
/**
 * What went wrong (TR-CONF-12). input, want and got are JSON values of any shape.
 */
export interface CaseFailure {
  reason: string;
  input?: unknown;
  want?: unknown;
  got?: unknown;
  seed?: number;
  path?: string;
  /**
   * The op the adapter answered adapter.unknown_op for.
   */
  unimplementedOp?: string;
}
/**
 * Fixed cases for the stack checks (spec/11-stacks.md): CallToolResults as real MCP servers return them, with canary tokens planted and listed by where they stand. Every check whose needs a case meets runs it.
 */
export interface StackVectorFile {
  $schema?: string;
  description: string;
  /**
   * @minItems 1
   */
  cases: [StackVector, ...StackVector[]];
}
export interface StackVector {
  /**
   * Unique within the file; the case is <file stem>/<id>.
   */
  id: string;
  description: string;
  /**
   * The server and tool whose output this is, and where its shape was read.
   */
  source: string;
  /**
   * The CallToolResult the probe server returns, as it is.
   */
  result: {};
  /**
   * The tool's outputSchema in tools/list, when it declares one.
   */
  outputSchema?: {};
  /**
   * visible: in model-facing text; userOnly: in a block whose audience excludes the assistant; structured: in structuredContent and in no text block; meta: in result or block _meta; binary: inside base64 data.
   */
  canaries: {
    /**
     * Items: 12 characters of the base64 alphabet; the fourth names the role (Visible, User-only, Structured, Meta, Binary).
     */
    visible: string[];
    /**
     * Items: 12 characters of the base64 alphabet; the fourth names the role (Visible, User-only, Structured, Meta, Binary).
     */
    userOnly: string[];
    /**
     * Items: 12 characters of the base64 alphabet; the fourth names the role (Visible, User-only, Structured, Meta, Binary).
     */
    structured: string[];
    /**
     * Items: 12 characters of the base64 alphabet; the fourth names the role (Visible, User-only, Structured, Meta, Binary).
     */
    meta: string[];
    /**
     * Items: 12 characters of the base64 alphabet; the fourth names the role (Visible, User-only, Structured, Meta, Binary).
     */
    binary: string[];
  };
  /**
   * The case is measured for the budget figures (TR-STACK-9).
   */
  figure?: boolean;
}
/**
 * A string given as octets, possibly ill-formed UTF-8. A byte-string language passes the octets as they are; a UTF-16 or code-point language decodes them with the implementation's own octet coercion (TR-BOUND-1).
 */
export interface BytesTag {
  $tr: "bytes";
  hex: string;
}
/**
 * A string given as UTF-16 code units, possibly with unpaired surrogates. Applies to implementations whose strings are UTF-16 or code points; a byte-string implementation declares stringModel 'bytes' and the kit does not send it unpaired surrogates.
 */
export interface Utf16Tag {
  $tr: "utf16";
  units: number[];
}
/**
 * A double-precision number JSON cannot write.
 */
export interface NumberTag {
  $tr: "number";
  value: "NaN" | "Infinity" | "-Infinity" | "-0";
}
/**
 * An integer given in decimal, possibly beyond 2^53: the language's arbitrary-precision or widest integer (JavaScript BigInt, Python int).
 */
export interface BigIntTag {
  $tr: "bigint";
  value: string;
}
/**
 * depth containers nested one in the other around leaf: arrays ([[leaf]]) or objects whose one key is key ({"k":{"k":leaf}}). Lets a case ask for a depth of 100000 without a 100000-level JSON text.
 */
export interface NestTag {
  $tr: "nest";
  depth: number;
  kind: "array" | "object";
  key?: string;
  leaf: TaggedValue;
}
/**
 * A large value without a large message: a string made of text repeated count times, or (with item) an array of count copies of item.
 */
export interface RepeatTag {
  $tr: "repeat";
  count: number;
  text?: string;
  item?: TaggedValue;
}
/**
 * A reference back to the container up levels above this point (up 1: the container that holds this tag). Only for implementations that declare cycles: true.
 */
export interface CycleTag {
  $tr: "cycle";
  up: number;
}
/**
 * An object given as an ordered list of entries, for keys plain JSON cannot carry or that would read as a tag (a key "$tr", a key with ill-formed UTF-8, two keys that collide after coercion).
 */
export interface ObjectTag {
  $tr: "object";
  entries: [unknown, unknown][];
}
/**
 * A native value that is not JSON data; the adapter builds the closest thing its language has. Every kind is an encoding failure (TR-BOUND-6).
 */
export interface OpaqueTag {
  $tr: "opaque";
  kind:
    | "undefined"
    | "function"
    | "symbol"
    | "date"
    | "map"
    | "set"
    | "bytes-object"
    | "class-instance"
    | "getter"
    | "throwing-getter"
    | "to-json"
    | "proxy"
    | "non-string-key";
}
/**
 * One file of fixed conformance cases, plain JSON, usable from any language with a JSON parser. Each case is one adapter request (op and input) and what the answer must be.
 */
export interface VectorFile {
  $schema?: string;
  description: string;
  group: Group;
  op: Operation;
  provenance?: Provenance;
  /**
   * @minItems 1
   */
  cases: [VectorCase, ...VectorCase[]];
}
/**
 * Where recorded inputs came from: the cases' inputs are what the named packages, at exactly these versions, produced when the recorder drove them; the recorder re-records and compares.
 */
export interface Provenance {
  /**
   * The recorder's path in the repository.
   */
  recorder: string;
  /**
   * The language runtime and its version, e.g. python 3.11.7.
   */
  runtime: string;
  /**
   * Package name to its exact installed version.
   */
  packages: {
    [k: string]: string;
  };
}
export interface VectorCase {
  /**
   * Stable kebab-case name, unique within the file; the full case ID is vector/<group>/<file stem>/<id>.
   */
  id: string;
  /**
   * A short present-tense statement of what the case shows.
   */
  description: string;
  /**
   * @minItems 1
   */
  requirements: [string, ...string[]];
  needs?: Need[];
  /**
   * The op's input, values in the tagged encoding (tagged-value.schema.json).
   */
  input: {
    [k: string]: unknown;
  };
  expect: Expectation;
  /**
   * How long each request of the case may take at the default --timeout (scaled with it): for a case whose cost the spec bounds (TR-NORM-65), so that an implementation without the bound fails it in this time, not in the whole per-request timeout.
   */
  timeLimitMs?: number;
  bytesModel?: BytesModelForm;
}
/**
 * The case as a byte-string language meets it (spec/09-conformance.md §9.2, TR-CONF-23): an unpaired surrogate of the input is written as the octets a byte string holds instead (its generalized UTF-8 form, ED followed by two octets, or octets that collide the same way), and the expectation is what the rules give for those octets. A runner sends this input, and judges by this expectation, to an adapter whose stringModel is bytes, instead of skipping the case; every other adapter runs the case itself. Only on a case that needs utf16-strings.
 */
export interface BytesModelForm {
  /**
   * What this form shows, in the octets' own terms.
   */
  description: string;
  /**
   * The op's input for a byte-string adapter: tagged values, no string with an unpaired surrogate (TR-CONF-20).
   */
  input: {
    [k: string]: unknown;
  };
  expect: Expectation;
}
