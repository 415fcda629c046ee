# GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
# Change the schemas, then regenerate: npm run generate
"""Python types of the ToolResult Protocol's JSON schemas (TypedDicts and Literal aliases)."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypeAlias, TypedDict, Union


# The stack compliance matrix (spec/11-stacks.md) as npm run compliance writes it to
# stacks/compliance/report.json: which stack, at which exact versions and runtime, passes which
# check, with the evidence of every failing cell and the command that replays it.
ComplianceReport = TypedDict(
    "ComplianceReport",
    {
        "$schema": NotRequired[str],
        "kit": "ComplianceReportKit",
        "checks": list["ComplianceReportChecksItem"],
        "stacks": list["ComplianceReportStacksItem"],
        "cells": list["Cell"],
        "figures": list["ComplianceReportFiguresItem"],
        "findings": list["ComplianceReportFindingsItem"],
    },
)

ComplianceReportKit = TypedDict(
    "ComplianceReportKit",
    {
        "version": str,
        "seed": int,
        "runs": int,
        "vectors": list[str],
    },
)

ComplianceReportChecksItem = TypedDict(
    "ComplianceReportChecksItem",
    {
        "id": str,
        "kind": Literal["leak", "loss", "delivery", "duplication"],
        "level": Literal["MUST", "SHOULD"],
        "title": str,
        "short": str,
        "reads": NotRequired[Literal["persisted", "exported"]],
    },
)

ComplianceReportStacksItem = TypedDict(
    "ComplianceReportStacksItem",
    {
        "id": str,
        "stack": str,
        "mode": str,
        "provider": str,
        "name": str,
        "version": str,
        "runtime": str,
        "setup": str,
        "runs": NotRequired[int],
        "control": bool,
        "adapter": str,
        "error": NotRequired[str],
    },
)

Cell = TypedDict(
    "Cell",
    {
        "stack": str,
        "check": str,
        "verdict": Literal["pass", "fail", "limit", "error", "n/a"],
        "vectors": int,
        "generated": int,
        "reason": NotRequired[str],
        "upstream": NotRequired[str],
        "expects": NotRequired[str],
        "evidence": list["Evidence"],
        "model": "ModelVerdict",
    },
)

Evidence = TypedDict(
    "Evidence",
    {
        "source": Literal["vector", "generated"],
        "case": str,
        "input": "EvidenceInput",
        "summary": str,
        "canary": NotRequired[str],
        "found": NotRequired[list["Occurrence"]],
        "wanted": NotRequired[Any],
        "kept": NotRequired[Any],
        "threw": NotRequired[str],
        "part": NotRequired[Any],
        "replay": str,
    },
)

EvidenceInput = TypedDict(
    "EvidenceInput",
    {
        "result": dict[str, Any],
        "outputSchema": NotRequired[dict[str, Any]],
    },
)

Occurrence = TypedDict(
    "Occurrence",
    {
        "path": str,
        "excerpt": str,
        "form": Literal["text", "media", "octets"],
    },
)

# The same check on the model-interface requests of the same steps (what the stack handed its
# provider package), so a reader sees whether a leak or loss starts in the stack or in the
# provider package.
ModelVerdict = TypedDict(
    "ModelVerdict",
    {
        "verdict": Literal["pass", "fail", "n/a"],
        "case": NotRequired[str],
        "summary": NotRequired[str],
        "canary": NotRequired[str],
        "found": NotRequired[list["Occurrence"]],
    },
)

ComplianceReportFiguresItem = TypedDict(
    "ComplianceReportFiguresItem",
    {
        "stack": str,
        "vector": str,
        "requestOctets": int,
        "mediaOctets": int,
    },
)

ComplianceReportFindingsItem = TypedDict(
    "ComplianceReportFindingsItem",
    {
        "kind": Literal["stale-limit"],
        "stack": str,
        "check": str,
        "summary": str,
    },
)

# One line a ledger-suite worker writes (the suite's requests: ledger-worker-request.schema.json):
# {"event":"ready"} once its store is open (or {"event":"fatal"} when it does not open),
# {"event":"running"} once an execute's tool runs (one with hang then never answers), and one
# answer per request, with the request's id (a claim's: ClaimReply; a recordTask's, a finish's and
# an exit's: {id, ok:true}; any failure: {id, ok:false, code, message}).
LedgerWorkerMessage: TypeAlias = Union["ReadyEvent", "FatalEvent", "RunningEvent", "ExecuteAnswer", "ExecuteFailure", "BatchAnswer", "EntriesAnswer", "ClaimReply", "ExitAnswer"]

# The store is open; requests may come.
ReadyEvent = TypedDict(
    "ReadyEvent",
    {
        "event": Literal["ready"],
        "pid": NotRequired[int],
    },
)

# The store did not open; the worker exits non-zero.
FatalEvent = TypedDict(
    "FatalEvent",
    {
        "event": Literal["fatal"],
        "code": "ErrorCode",
        "message": str,
    },
)

# A LedgerStoreError's code (ledger.store_failed, ledger.lease_lost, ...), a restore's
# (ledger.malformed, ...), or "error" for a refused argument such as a bad call ID.
ErrorCode: TypeAlias = str

# The tool of an execute has started (the suite waits for it before it kills or stops the worker).
RunningEvent = TypedDict(
    "RunningEvent",
    {
        "id": "RequestId",
        "event": Literal["running"],
    },
)

# The request's number; its answer carries the same.
RequestId: TypeAlias = int

# The call's entry as the seam returned it, and whether it was replayed (this worker's tool did
# not run).
ExecuteAnswer = TypedDict(
    "ExecuteAnswer",
    {
        "id": "RequestId",
        "ok": Literal[True],
        "entry": "Entry",
        "replayed": bool,
    },
)

# A ledger entry's text (its JCS octets as UTF-8).
Entry: TypeAlias = str

# The seam or the store failed (an execute, a claim, a recordTask or a finish): the error's code
# and its one-line message.
ExecuteFailure = TypedDict(
    "ExecuteFailure",
    {
        "id": "RequestId",
        "ok": Literal[False],
        "code": "ErrorCode",
        "message": str,
    },
)

BatchAnswer = TypedDict(
    "BatchAnswer",
    {
        "id": "RequestId",
        "ok": Literal[True],
        "results": list["BatchRow"],
    },
)

# One call of a batch: [callId, digest, replayed] when it answered, [callId, null, false, code,
# message] when it failed.
BatchRow: TypeAlias = Union["BatchRowAnswered", "BatchRowFailed"]

BatchRowAnswered: TypeAlias = tuple["CallId", "Digest", bool]

# A call ID as the worker's seam receives it (a store may refuse it: TR-REPLAY-21).
CallId: TypeAlias = str

# The sha256 of an entry's UTF-8 octets, in lowercase hex.
Digest: TypeAlias = str

BatchRowFailed: TypeAlias = tuple["CallId", None, Literal[False], "ErrorCode", str]

# Each call ID asked for, with its stored entry or null (none stored: unknown, or still claimed).
EntriesAnswer = TypedDict(
    "EntriesAnswer",
    {
        "id": "RequestId",
        "ok": Literal[True],
        "entries": dict[str, Union["Entry", None]],
    },
)

# What the store's claim answered: claimed (the worker holds the claim; with task when the claim
# took over a call whose claimant died after recording a task, TR-REPLAY-43), stored (with the
# entry, byte for byte), or pending (another claim's lease is live).
ClaimReply = TypedDict(
    "ClaimReply",
    {
        "id": "RequestId",
        "ok": Literal[True],
        "status": Literal["claimed", "stored", "pending"],
        "task": NotRequired["ClaimReplyTask"],
        "entry": NotRequired["Entry"],
    },
)

ClaimReplyTask = TypedDict(
    "ClaimReplyTask",
    {
        "taskId": "TaskId",
    },
)

# A task ID as an MCP server gave it (a store refuses what it cannot keep exactly: TR-REPLAY-42).
TaskId: TypeAlias = str

# An exit, a recordTask or a finish done.
ExitAnswer = TypedDict(
    "ExitAnswer",
    {
        "id": "RequestId",
        "ok": Literal[True],
    },
)

# One line the ledger suite (ledger-kit/) writes to a worker process of any language (its answers:
# ledger-worker-message.schema.json). A worker opens its store from its first command-line
# argument (a JSON object: backend, path or connection, leaseMs, ...), appends one line to the
# execution log named by its second argument each time the suite tool runs (the call ID alone when
# the request has neither scope nor tool, else the call ID, the scope and the call's fingerprint
# joined by tabs), and answers each request with its id. Requests may come before earlier ones are
# answered. claim, recordTask and finish go to the store itself, beside the seam (a task recorded
# with a claim, spec/07-replay.md §7.7, TR-REPLAY-42..45): a claimed answer leaves the claim open
# in the worker, its lease renewed, until a finish of the same call ID or the worker's death.
LedgerWorkerRequest: TypeAlias = Union["ExecuteRequest", "BatchRequest", "EntriesRequest", "ClaimRequest", "RecordTaskRequest", "FinishRequest", "ExitRequest"]

# Run the suite tool for one call ID through the worker's execution seam and ledger store.
ExecuteRequest = TypedDict(
    "ExecuteRequest",
    {
        "id": "RequestId",
        "op": Literal["execute"],
        "callId": "CallId",
        "delayMs": NotRequired[int],
        "hang": NotRequired[bool],
        "scope": NotRequired["Scope"],
        "tool": NotRequired["ToolName"],
        "arguments": NotRequired["Arguments"],
    },
)

# The call's scope as the worker's seam receives it (the empty string is the default scope;
# spec/07-replay.md §7.3). Absent: the seam is given none.
Scope: TypeAlias = str

# The tool name the worker's seam is given, so the call's key holds its fingerprint
# (callFingerprint of this name and the arguments). The suite tool then answers with the call's
# scope, tool and arguments in its result. Absent: the seam is given no tool (the empty
# fingerprint).
ToolName: TypeAlias = str

# The call's arguments the worker's seam is given with the tool name (absent: {}).
Arguments: TypeAlias = dict[str, Any]

# Execute each call ID in turn; answer once with one row per call ID.
BatchRequest = TypedDict(
    "BatchRequest",
    {
        "id": "RequestId",
        "op": Literal["batch"],
        "callIds": list["CallId"],
        "delayMs": NotRequired[int],
    },
)

# Read the stored entries of call IDs, without running anything; scope, tool and arguments, when
# given, name the call of every call ID of the request.
EntriesRequest = TypedDict(
    "EntriesRequest",
    {
        "id": "RequestId",
        "op": Literal["entries"],
        "callIds": list["CallId"],
        "scope": NotRequired["Scope"],
        "tool": NotRequired["ToolName"],
        "arguments": NotRequired["Arguments"],
    },
)

# Claim one call ID (the default scope, no tool) at the worker's store, once, without waiting:
# answered by a ClaimReply. A claimed answer leaves the claim open in the worker (its lease
# renewed) until a FinishRequest of the call ID; the worker keeps one open claim per call ID.
ClaimRequest = TypedDict(
    "ClaimRequest",
    {
        "id": "RequestId",
        "op": Literal["claim"],
        "callId": "CallId",
    },
)

# Record a task with the worker's open claim of the call ID (the store's recordTask:
# TR-REPLAY-42). Answered by {id, ok:true}, or a failure with the store's code (ledger.lease_lost
# when another claim took the call over) or "error" for a task ID the store refuses.
RecordTaskRequest = TypedDict(
    "RecordTaskRequest",
    {
        "id": "RequestId",
        "op": Literal["recordTask"],
        "callId": "CallId",
        "taskId": "TaskId",
    },
)

# Finish the worker's open claim of the call ID with this entry, as given (the store's finish).
# Answered by {id, ok:true}, or a failure with the store's code (ledger.lease_lost when the claim
# was taken over or pinned).
FinishRequest = TypedDict(
    "FinishRequest",
    {
        "id": "RequestId",
        "op": Literal["finish"],
        "callId": "CallId",
        "entry": str,
    },
)

# Close the store and exit 0 after answering.
ExitRequest = TypedDict(
    "ExitRequest",
    {
        "id": "RequestId",
        "op": Literal["exit"],
    },
)

# What `toolresult conformance --report-json FILE` writes: which kit and specification version
# ran, against which adapter, and every selected case's outcome (spec/09-conformance.md §9.4).
ConformanceReport = TypedDict(
    "ConformanceReport",
    {
        "$schema": NotRequired[str],
        "kit": Literal["toolresult-conformance"],
        "reportVersion": Literal[1],
        "kitVersion": str,
        "specVersion": str,
        "protocol": str,
        "seed": int,
        "command": list[str],
        "adapter": NotRequired["Handshake"],
        "summary": "ReportSummary",
        "cases": list["CaseOutcome"],
    },
)

# The hello output (adapter-protocol.schema.json#/$defs/HelloOutput).
Handshake = TypedDict(
    "Handshake",
    {
        "name": str,
        "version": str,
        "language": str,
        "protocol": str,
        "groups": list[str],
        "stringModel": Literal["utf16", "codepoints", "bytes"],
        "cycles": bool,
        "opaqueValues": bool,
        "byteArrays": NotRequired[bool],
        "specVersion": NotRequired[str],
    },
)

# The counts of the closing line `N passed, N failed` (stale known failures count as failed).
ReportSummary = TypedDict(
    "ReportSummary",
    {
        "passed": int,
        "failed": int,
        "skipped": int,
        "expectedFailures": int,
    },
)

# One case of the run.
CaseOutcome = TypedDict(
    "CaseOutcome",
    {
        "id": str,
        "requirements": list[str],
        "status": Literal["pass", "fail", "skip", "expected-failure", "stale"],
        "durationMs": float,
        "skipReason": NotRequired[str],
        "failure": NotRequired["CaseFailure"],
        "replay": NotRequired[str],
    },
)

# What went wrong (TR-CONF-12). input, want and got are JSON values of any shape.
CaseFailure = TypedDict(
    "CaseFailure",
    {
        "reason": str,
        "input": NotRequired[Any],
        "want": NotRequired[Any],
        "got": NotRequired[Any],
        "seed": NotRequired[int],
        "path": NotRequired[str],
        "unimplementedOp": NotRequired[str],
    },
)

# Fixed cases for the stack checks (spec/11-stacks.md): CallToolResults as real MCP servers return
# them, with canary tokens planted and listed by where they stand. Every check whose needs a case
# meets runs it.
StackVectorFile = TypedDict(
    "StackVectorFile",
    {
        "$schema": NotRequired[str],
        "description": str,
        "cases": list["StackVector"],
    },
)

StackVector = TypedDict(
    "StackVector",
    {
        "id": str,
        "description": str,
        "source": str,
        "result": dict[str, Any],
        "outputSchema": NotRequired[dict[str, Any]],
        "canaries": "StackVectorCanaries",
        "figure": NotRequired[bool],
    },
)

# visible: in model-facing text; userOnly: in a block whose audience excludes the assistant;
# structured: in structuredContent and in no text block; meta: in result or block _meta; binary:
# inside base64 data.
StackVectorCanaries = TypedDict(
    "StackVectorCanaries",
    {
        "visible": list["Canary"],
        "userOnly": list["Canary"],
        "structured": list["Canary"],
        "meta": list["Canary"],
        "binary": list["Canary"],
    },
)

# 12 characters of the base64 alphabet; the fourth names the role (Visible, User-only, Structured,
# Meta, Binary).
Canary: TypeAlias = str

# A value as the conformance kit sends it: plain JSON, except that an object with a "$tr" member
# is a tag for something plain JSON cannot carry. An adapter turns each tag into its language's
# native form before it calls the implementation (spec/09-conformance.md, TR-CONF-4).
TaggedValue: TypeAlias = Union[None, bool, float, str, list["TaggedValue"], dict[str, "TaggedValue"], "Tag"]

Tag: TypeAlias = Union["BytesTag", "Utf16Tag", "NumberTag", "BigIntTag", "NestTag", "RepeatTag", "CycleTag", "ObjectTag", "OpaqueTag"]

# A string given as octets, possibly ill-formed UTF-8. A byte-string language passes the octets as
# they are; a UTF-16 or code-point language decodes them with the implementation's own octet
# coercion (TR-BOUND-1).
BytesTag = TypedDict(
    "BytesTag",
    {
        "$tr": Literal["bytes"],
        "hex": str,
    },
)

# A string given as UTF-16 code units, possibly with unpaired surrogates. Applies to
# implementations whose strings are UTF-16 or code points; a byte-string implementation declares
# stringModel 'bytes' and the kit does not send it unpaired surrogates.
Utf16Tag = TypedDict(
    "Utf16Tag",
    {
        "$tr": Literal["utf16"],
        "units": list[int],
    },
)

# A double-precision number JSON cannot write.
NumberTag = TypedDict(
    "NumberTag",
    {
        "$tr": Literal["number"],
        "value": Literal["NaN", "Infinity", "-Infinity", "-0"],
    },
)

# An integer given in decimal, possibly beyond 2^53: the language's arbitrary-precision or widest
# integer (JavaScript BigInt, Python int).
BigIntTag = TypedDict(
    "BigIntTag",
    {
        "$tr": Literal["bigint"],
        "value": str,
    },
)

# depth containers nested one in the other around leaf: arrays ([[leaf]]) or objects whose one key
# is key ({"k":{"k":leaf}}). Lets a case ask for a depth of 100000 without a 100000-level JSON
# text.
NestTag = TypedDict(
    "NestTag",
    {
        "$tr": Literal["nest"],
        "depth": int,
        "kind": Literal["array", "object"],
        "key": NotRequired[str],
        "leaf": "TaggedValue",
    },
)

# A large value without a large message: a string made of text repeated count times, or (with
# item) an array of count copies of item.
RepeatTag = TypedDict(
    "RepeatTag",
    {
        "$tr": Literal["repeat"],
        "count": int,
        "text": NotRequired[str],
        "item": NotRequired["TaggedValue"],
    },
)

# A reference back to the container up levels above this point (up 1: the container that holds
# this tag). Only for implementations that declare cycles: true.
CycleTag = TypedDict(
    "CycleTag",
    {
        "$tr": Literal["cycle"],
        "up": int,
    },
)

# An object given as an ordered list of entries, for keys plain JSON cannot carry or that would
# read as a tag (a key "$tr", a key with ill-formed UTF-8, two keys that collide after coercion).
ObjectTag = TypedDict(
    "ObjectTag",
    {
        "$tr": Literal["object"],
        "entries": list[tuple["TaggedString", "TaggedValue"]],
    },
)

# A string, plain or given as octets or UTF-16 code units.
TaggedString: TypeAlias = Union[str, "BytesTag", "Utf16Tag", "RepeatTag"]

# A native value that is not JSON data; the adapter builds the closest thing its language has.
# Every kind is an encoding failure (TR-BOUND-6).
OpaqueTag = TypedDict(
    "OpaqueTag",
    {
        "$tr": Literal["opaque"],
        "kind": Literal["undefined", "function", "symbol", "date", "map", "set", "bytes-object", "class-instance", "getter", "throwing-getter", "to-json", "proxy", "non-string-key"],
    },
)

# One file of fixed conformance cases, plain JSON, usable from any language with a JSON parser.
# Each case is one adapter request (op and input) and what the answer must be.
VectorFile = TypedDict(
    "VectorFile",
    {
        "$schema": NotRequired[str],
        "description": str,
        "group": "Group",
        "op": "Operation",
        "provenance": NotRequired["Provenance"],
        "cases": list["VectorCase"],
    },
)

# A capability group: the set of requirements an implementation claims in its handshake.
Group: TypeAlias = Literal["bound", "egress", "sinks", "ledger", "hooks", "normalize-mcp", "normalize-langchain", "normalize-local", "exposure", "stacks"]
GROUP_VALUES: tuple[Group, ...] = ("bound", "egress", "sinks", "ledger", "hooks", "normalize-mcp", "normalize-langchain", "normalize-local", "exposure", "stacks")

# An adapter operation (spec/09-conformance.md).
Operation: TypeAlias = Literal["coerce", "measure", "bound", "wire", "audit", "live", "suspend", "persist", "restore", "hooks", "normalize", "step"]
OPERATION_VALUES: tuple[Operation, ...] = ("coerce", "measure", "bound", "wire", "audit", "live", "suspend", "persist", "restore", "hooks", "normalize", "step")

# Where recorded inputs came from: the cases' inputs are what the named packages, at exactly these
# versions, produced when the recorder drove them; the recorder re-records and compares.
Provenance = TypedDict(
    "Provenance",
    {
        "recorder": str,
        "runtime": str,
        "packages": dict[str, str],
    },
)

VectorCase = TypedDict(
    "VectorCase",
    {
        "id": str,
        "description": str,
        "requirements": list[str],
        "needs": NotRequired[list["Need"]],
        "input": dict[str, Any],
        "expect": "Expectation",
        "timeLimitMs": NotRequired[int],
        "bytesModel": NotRequired["BytesModelForm"],
    },
)

# What an implementation must declare in its handshake for the case to apply.
Need: TypeAlias = Literal["utf16-strings", "cycles", "opaque-values", "byte-arrays"]
NEED_VALUES: tuple[Need, ...] = ("utf16-strings", "cycles", "opaque-values", "byte-arrays")

# output: the answer's output equals this JSON value (object member order aside). error: the
# answer is an error with this code (and, with messageExcludes, quoting none of those strings).
Expectation: TypeAlias = Union["Expectation0", "Expectation1"]

Expectation0 = TypedDict(
    "Expectation0",
    {
        "output": dict[str, Any],
    },
)

Expectation1 = TypedDict(
    "Expectation1",
    {
        "error": "Expectation1Error",
    },
)

Expectation1Error = TypedDict(
    "Expectation1Error",
    {
        "code": str,
        "messageExcludes": NotRequired[list[str]],
    },
)

# The case as a byte-string language meets it (spec/09-conformance.md §9.2, TR-CONF-23): an
# unpaired surrogate of the input is written as the octets a byte string holds instead (its
# generalized UTF-8 form, ED followed by two octets, or octets that collide the same way), and the
# expectation is what the rules give for those octets. A runner sends this input, and judges by
# this expectation, to an adapter whose stringModel is bytes, instead of skipping the case; every
# other adapter runs the case itself. Only on a case that needs utf16-strings.
BytesModelForm = TypedDict(
    "BytesModelForm",
    {
        "description": str,
        "input": dict[str, Any],
        "expect": "Expectation",
    },
)

# The tolerant view a consumer (renderer, audit reader) uses: any type name, so that a record
# written by a newer protocol version still reads. A consumer renders a type it does not know with
# its fallback (TR-MODEL-6).
ArtifactEnvelope = TypedDict(
    "ArtifactEnvelope",
    {
        "type": str,
        "label": str,
        "data": dict[str, Any],
    },
)

# The closed set of artifact rendering shapes a producer may emit in this version of the protocol.
# A shape, not a meaning: a table of invoices and a table of files are both 'table'.
ArtifactType: TypeAlias = Literal["table", "text"]
ARTIFACT_TYPE_VALUES: tuple[ArtifactType, ...] = ("table", "text")

# A table: column headings and rows of cells, every cell a string. Each row has exactly as many
# cells as there are columns (TR-MODEL-5; checked by the bounder, JSON Schema cannot say it).
TableData = TypedDict(
    "TableData",
    {
        "columns": list[str],
        "rows": list[list[str]],
    },
)

# A block of plain text. Also the shape of the omission marker.
TextData = TypedDict(
    "TextData",
    {
        "text": str,
    },
)

# The persisted audit record of one tool step, filtered by its privacy level (spec/06-privacy.md).
# Each level keeps everything a stricter level keeps: none keeps only that the step was recorded;
# metadata adds a summary of numbers and closed-set values; redacted adds the result with every
# string passed through the redactor; full adds the result verbatim.
AuditRecord: TypeAlias = Union["NoneAuditRecord", "MetadataAuditRecord", "RedactedAuditRecord", "FullAuditRecord"]

# Level none: the step is on record, nothing of its result is.
NoneAuditRecord = TypedDict(
    "NoneAuditRecord",
    {
        "version": Literal[1],
        "level": Literal["none"],
    },
)

# Level metadata (the default): the summary only, no content bytes.
MetadataAuditRecord = TypedDict(
    "MetadataAuditRecord",
    {
        "version": Literal[1],
        "level": Literal["metadata"],
        "summary": "AuditSummary",
    },
)

# What the metadata level keeps. Every value is a number, a boolean or from a closed set, so no
# string chosen by a tool or its input can ride it (TR-PRIV-4, TR-PRIV-5).
AuditSummary = TypedDict(
    "AuditSummary",
    {
        "isError": bool,
        "contentOctets": int,
        "hasStructured": bool,
        "structuredOctets": NotRequired[int],
        "artifactCount": int,
        "artifactsOctets": int,
        "artifactTypes": list["ArtifactType"],
        "warnings": list["WarningCode"],
    },
)

# Closed set of warning codes. The part before the dot names the channel the warning is about
# (content, artifacts, structured), hook for a failed hook, exposure for what the model was shown
# of structured (spec/12-exposure.md), or mcp for an MCP answer that was not a tool result
# (spec/10-normalization.md §10.3). The table in spec/02-data-model.md §2.3 says who sets each
# code and what it means.
WarningCode: TypeAlias = Literal["content.truncated", "content.not_text", "artifacts.over_budget", "artifacts.unencodable", "artifacts.too_deep", "artifacts.invalid_shape", "artifacts.dropped_on_error", "structured.over_budget", "structured.unencodable", "structured.too_deep", "structured.schema_mismatch", "structured.invalid", "mcp.result_type_unknown", "mcp.input_required", "mcp.task_unfollowed", "mcp.task_lost", "mcp.task_cancelled", "hook.failed", "exposure.json", "exposure.allowlist", "exposure.empty", "exposure.unmatched", "exposure.over_budget"]
WARNING_CODE_VALUES: tuple[WarningCode, ...] = ("content.truncated", "content.not_text", "artifacts.over_budget", "artifacts.unencodable", "artifacts.too_deep", "artifacts.invalid_shape", "artifacts.dropped_on_error", "structured.over_budget", "structured.unencodable", "structured.too_deep", "structured.schema_mismatch", "structured.invalid", "mcp.result_type_unknown", "mcp.input_required", "mcp.task_unfollowed", "mcp.task_lost", "mcp.task_cancelled", "hook.failed", "exposure.json", "exposure.allowlist", "exposure.empty", "exposure.unmatched", "exposure.over_budget")

# Level redacted: the summary and the result in the same shape, every string passed through the
# redactor.
RedactedAuditRecord = TypedDict(
    "RedactedAuditRecord",
    {
        "version": Literal[1],
        "level": Literal["redacted"],
        "summary": "AuditSummary",
        "result": "RedactedResult",
    },
)

# A bounded result after redaction: the shape of tool-result.schema.json, except that an
# artifact's type and data strings may have been changed by the redactor.
RedactedResult = TypedDict(
    "RedactedResult",
    {
        "content": str,
        "isError": bool,
        "structured": NotRequired["JsonValue"],
        "artifacts": list["RedactedArtifact"],
        "warnings": list["Warning"],
    },
)

# Any JSON value (RFC 8259). Strings are well-formed Unicode and numbers finite with a magnitude
# of at most 2^53-1 once bounded (TR-BOUND rules); JSON Schema cannot say that, the bounder
# enforces it.
JsonValue: TypeAlias = Union[None, bool, float, str, list["JsonValue"], dict[str, "JsonValue"]]

# An artifact after redaction. Its type is whatever the redactor made of it, so a reader renders
# an unknown one with its fallback (TR-MODEL-6).
RedactedArtifact = TypedDict(
    "RedactedArtifact",
    {
        "type": str,
        "label": str,
        "data": dict[str, "JsonValue"],
    },
)

# A machine-readable note that a channel was changed or dropped. It names what happened, never the
# bytes involved (TR-MODEL-8).
Warning = TypedDict(
    "Warning",
    {
        "code": "WarningCode",
    },
)

# Level full: the summary and the bounded result verbatim.
FullAuditRecord = TypedDict(
    "FullAuditRecord",
    {
        "version": Literal[1],
        "level": Literal["full"],
        "summary": "AuditSummary",
        "result": "ToolResult",
    },
)

# A tool result as JSON: the provider-facing channels (content, isError) and the run-only channels
# (structured, artifacts, warnings). This is the form the bounder returns and the ledger, the live
# stream and a full audit record carry; the provider wire carries only content and isError
# (TR-EGRESS). structured: run-only machine-readable value, any JSON value, absent when the tool
# gave none or the bounder dropped it.
ToolResult = TypedDict(
    "ToolResult",
    {
        "content": str,
        "isError": bool,
        "structured": NotRequired["JsonValue"],
        "artifacts": list["ToolArtifact"],
        "warnings": list["Warning"],
    },
)

# A run-only display artifact as a producer emits it and the bounder lets it through: a known type
# with data of that type's shape.
ToolArtifact: TypeAlias = Union["TableArtifact", "TextArtifact"]

TableArtifact = TypedDict(
    "TableArtifact",
    {
        "type": Literal["table"],
        "label": str,
        "data": "TableData",
    },
)

TextArtifact = TypedDict(
    "TextArtifact",
    {
        "type": Literal["text"],
        "label": str,
        "data": "TextData",
    },
)

# Budgets for the bounder, in octets. A budget left out takes its default. Each budget is an
# integer from 256 to 2^30 (TR-MODEL-10); 256 is the floor so that every pinned marker and notice
# fits inside any budget.
BoundOptions = TypedDict(
    "BoundOptions",
    {
        "contentBudget": NotRequired[int],
        "artifactsBudget": NotRequired[int],
        "structuredBudget": NotRequired[int],
    },
)

# Which part of a bounded result's structured value the model sees, declared per tool
# (spec/12-exposure.md). none: content only (the default, today's bytes); json: the RFC 8785
# serialization of the whole structured value, appended to content; allowlist: the values the
# listed JSON Pointers (RFC 6901) select, as one canonical JSON object keyed by pointer. Whatever
# is exposed shares the content budget and is dropped whole when it does not fit.
ExposurePolicy: TypeAlias = Union["NoneExposurePolicy", "JsonExposurePolicy", "AllowlistExposurePolicy"]

# The model sees content only (TR-EXPOSE-1).
NoneExposurePolicy = TypedDict(
    "NoneExposurePolicy",
    {
        "policy": Literal["none"],
    },
)

# The model also sees the canonical serialization of the whole bounded structured value.
JsonExposurePolicy = TypedDict(
    "JsonExposurePolicy",
    {
        "policy": Literal["json"],
    },
)

# The model also sees the values the pointers select, and nothing else of the structured value.
AllowlistExposurePolicy = TypedDict(
    "AllowlistExposurePolicy",
    {
        "policy": Literal["allowlist"],
        "pointers": list["JsonPointer"],
    },
)

# A JSON Pointer in its string form (RFC 6901): empty (the whole value), or '/'-prefixed reference
# tokens in which '~' appears only as '~0' or '~1'.
JsonPointer: TypeAlias = str

# A replay-ledger entry (spec/07-replay.md): the bounded, post-hook result of a tool call, stored
# so that a repeated call with the same call ID returns it without running the tool. Serialized as
# RFC 8785 canonical JSON. A legacy entry, a JSON string, restores as text only and has no schema
# of its own.
LedgerEntry = TypedDict(
    "LedgerEntry",
    {
        "version": Literal[1],
        "result": "ToolResult",
    },
)

# The event the live inspector stream carries for a finished tool step (spec/05-sinks.md). Built
# from memory for administrators while the run is live and not meant to be persisted (TR-SINK-3):
# the whole bounded result, run-only channels included. Sent as one line of NDJSON.
LiveEvent = TypedDict(
    "LiveEvent",
    {
        "kind": Literal["tool_result"],
        "result": "ToolResult",
    },
)

# How much of a tool step a persisted audit record keeps, strictest first: none < metadata <
# redacted < full. Default metadata (TR-PRIV-1); where two settings meet, the strictest wins, and
# a value outside this set counts as none (TR-PRIV-2).
PrivacyLevel: TypeAlias = Literal["none", "metadata", "redacted", "full"]
PRIVACY_LEVEL_VALUES: tuple[PrivacyLevel, ...] = ("none", "metadata", "redacted", "full")

# What a suspended run keeps of a tool step so that it can resume (spec/05-sinks.md): the
# functional, provider-facing channels only. Never structured data, artifacts or warnings.
SuspendState = TypedDict(
    "SuspendState",
    {
        "content": str,
        "isError": bool,
    },
)

# The provider-facing part of a tool result, all the model provider ever sees of it: the bounded
# content and the error flag, and nothing else (TR-EGRESS-3). An integration maps it onto its
# provider's tool message format.
WireMessage = TypedDict(
    "WireMessage",
    {
        "content": str,
        "isError": bool,
    },
)

# Messages of the conformance adapter protocol toolresult-adapter/1 (spec/09-conformance.md).
AdapterProtocol: TypeAlias = Union["Request", "Response"]

# One line the runner writes to the adapter.
Request = TypedDict(
    "Request",
    {
        "id": int,
        "op": str,
        "input": dict[str, Any],
    },
)

# One line the adapter writes.
Response: TypeAlias = Union["OkResponse", "ErrorResponse"]

OkResponse = TypedDict(
    "OkResponse",
    {
        "id": int,
        "ok": Literal[True],
        "output": dict[str, Any],
        "logs": list[str],
    },
)

# id is null only when the request line could not be read.
ErrorResponse = TypedDict(
    "ErrorResponse",
    {
        "id": Union[int, None],
        "ok": Literal[False],
        "error": "ErrorBody",
        "logs": list[str],
    },
)

# code: a stable dotted code; message: text without run-only values.
ErrorBody = TypedDict(
    "ErrorBody",
    {
        "code": str,
        "message": str,
    },
)

HelloInput = TypedDict(
    "HelloInput",
    {
        "protocol": str,
    },
)

# The handshake: who the adapter is and what it claims.
HelloOutput = TypedDict(
    "HelloOutput",
    {
        "name": str,
        "version": str,
        "language": str,
        "protocol": str,
        "groups": list["AdapterProtocolGroup"],
        "stringModel": "StringModel",
        "cycles": bool,
        "opaqueValues": bool,
        "byteArrays": NotRequired[bool],
        "specVersion": NotRequired[str],
    },
)

# A capability group an adapter may claim.
AdapterProtocolGroup: TypeAlias = Literal["bound", "egress", "sinks", "ledger", "hooks", "normalize-mcp", "normalize-langchain", "normalize-local", "exposure", "stacks"]
ADAPTER_PROTOCOL_GROUP_VALUES: tuple[AdapterProtocolGroup, ...] = ("bound", "egress", "sinks", "ledger", "hooks", "normalize-mcp", "normalize-langchain", "normalize-local", "exposure", "stacks")

# How the language holds a string: UTF-16 code units, code points, or octets.
StringModel: TypeAlias = Literal["utf16", "codepoints", "bytes"]
STRING_MODEL_VALUES: tuple[StringModel, ...] = ("utf16", "codepoints", "bytes")

StopInput = TypedDict(
    "StopInput",
    {
    },
)

StopOutput = TypedDict(
    "StopOutput",
    {
    },
)

# The floor of the cost profile (conformance/README.md, --profile): the adapter decodes value as
# it decodes the tagged inputs of every op, builds it whole in its native form (a string a
# language builds lazily, such as a JavaScript rope, is made flat), and calls nothing of the
# implementation.
DecodeInput = TypedDict(
    "DecodeInput",
    {
        "value": "AdapterProtocolTaggedValue",
    },
)

# A value in the tagged encoding:
# https://toolresult.dev/schemas/v1/conformance/tagged-value.schema.json
AdapterProtocolTaggedValue: TypeAlias = Any

DecodeOutput = TypedDict(
    "DecodeOutput",
    {
    },
)

# The floor of the common-case profile (conformance/README.md, --profile common): the adapter
# decodes value once as it decodes every op's tagged input, then serializes it repeat times with
# the language's own JSON serializer, compact and without escaping non-ASCII (Python json.dumps(v,
# ensure_ascii=False, separators=(',', ':')); PHP json_encode with JSON_UNESCAPED_UNICODE |
# JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE; Go json.Marshal; JavaScript
# JSON.stringify), takes the length of the UTF-8 text, and calls nothing of the implementation.
SerializeInput = TypedDict(
    "SerializeInput",
    {
        "value": "AdapterProtocolTaggedValue",
        "repeat": int,
    },
)

SerializeOutput = TypedDict(
    "SerializeOutput",
    {
        "octets": int,
    },
)

CoerceInput = TypedDict(
    "CoerceInput",
    {
        "value": "AdapterProtocolTaggedString",
    },
)

# A string or a string tag:
# https://toolresult.dev/schemas/v1/conformance/tagged-value.schema.json#/$defs/TaggedString
AdapterProtocolTaggedString: TypeAlias = Any

CoerceOutput = TypedDict(
    "CoerceOutput",
    {
        "text": str,
    },
)

MeasureInput = TypedDict(
    "MeasureInput",
    {
        "value": "AdapterProtocolTaggedValue",
        "budget": int,
    },
)

MeasureOutput = TypedDict(
    "MeasureOutput",
    {
        "verdict": Literal["ok", "over_budget", "unencodable", "too_deep"],
        "octets": NotRequired[int],
    },
)

BoundInput = TypedDict(
    "BoundInput",
    {
        "result": "ResultInput",
        "options": NotRequired["BoundOptionsInput"],
        "exposure": NotRequired["ExposurePolicyInput"],
        "repeat": NotRequired[int],
    },
)

# A tool result to build with the implementation’s own constructors.
ResultInput = TypedDict(
    "ResultInput",
    {
        "content": NotRequired["AdapterProtocolTaggedString"],
        "isError": NotRequired[Any],
        "structured": NotRequired["AdapterProtocolTaggedValue"],
        "artifacts": NotRequired["AdapterProtocolTaggedValue"],
        "warnings": NotRequired[Any],
    },
)

# A BoundOptions object (bound-options.schema.json), or something invalid on purpose: range and
# type checks are the implementation’s job (TR-MODEL-10).
BoundOptionsInput: TypeAlias = Any

# An ExposurePolicy (exposure-policy.schema.json), or something invalid on purpose. Optional on
# every op that bounds a result input; absent is the policy none (spec/12-exposure.md). Only an
# adapter that claims the exposure group is sent one.
ExposurePolicyInput: TypeAlias = Any

BoundOutput = TypedDict(
    "BoundOutput",
    {
        "result": "ToolResultRecord",
    },
)

# tool-result.schema.json
ToolResultRecord: TypeAlias = dict[str, Any]

WireInput = TypedDict(
    "WireInput",
    {
        "result": "ResultInput",
        "options": NotRequired["BoundOptionsInput"],
        "exposure": NotRequired["ExposurePolicyInput"],
    },
)

WireOutput = TypedDict(
    "WireOutput",
    {
        "message": Any,
    },
)

AuditInput = TypedDict(
    "AuditInput",
    {
        "result": "ResultInput",
        "options": NotRequired["BoundOptionsInput"],
        "exposure": NotRequired["ExposurePolicyInput"],
        "levels": list[Any],
    },
)

AuditOutput = TypedDict(
    "AuditOutput",
    {
        "record": Any,
    },
)

LiveInput = TypedDict(
    "LiveInput",
    {
        "result": "ResultInput",
        "options": NotRequired["BoundOptionsInput"],
        "exposure": NotRequired["ExposurePolicyInput"],
    },
)

LiveOutput = TypedDict(
    "LiveOutput",
    {
        "event": Any,
    },
)

SuspendInput = TypedDict(
    "SuspendInput",
    {
        "result": "ResultInput",
        "options": NotRequired["BoundOptionsInput"],
        "exposure": NotRequired["ExposurePolicyInput"],
    },
)

SuspendOutput = TypedDict(
    "SuspendOutput",
    {
        "state": Any,
    },
)

PersistInput = TypedDict(
    "PersistInput",
    {
        "result": "ResultInput",
        "options": NotRequired["BoundOptionsInput"],
        "exposure": NotRequired["ExposurePolicyInput"],
    },
)

PersistOutput = TypedDict(
    "PersistOutput",
    {
        "entry": str,
    },
)

RestoreInput = TypedDict(
    "RestoreInput",
    {
        "entry": str,
    },
)

RestoreOutput = TypedDict(
    "RestoreOutput",
    {
        "result": "ToolResultRecord",
    },
)

# hooks: the hook descriptions of spec/08-hooks.md; an exposure policy applies after them.
HooksInput = TypedDict(
    "HooksInput",
    {
        "result": "ResultInput",
        "options": NotRequired["BoundOptionsInput"],
        "exposure": NotRequired["ExposurePolicyInput"],
        "hooks": list[Any],
    },
)

HooksOutput = TypedDict(
    "HooksOutput",
    {
        "result": "ToolResultRecord",
    },
)

NormalizeInput = TypedDict(
    "NormalizeInput",
    {
        "source": str,
        "value": "AdapterProtocolTaggedValue",
        "options": NotRequired[Any],
    },
)

# result: the bounded result. pending: the MCP answer is not a result yet (a task handle or an
# input-required result, spec/10-normalization.md TR-NORM-23, TR-NORM-24): the normalizer made no
# result.
NormalizeOutput: TypeAlias = Union["NormalizeResultOutput", "NormalizePendingOutput"]

NormalizeResultOutput = TypedDict(
    "NormalizeResultOutput",
    {
        "result": "ToolResultRecord",
    },
)

NormalizePendingOutput = TypedDict(
    "NormalizePendingOutput",
    {
        "pending": "PendingCallRecord",
    },
)

PendingCallRecord: TypeAlias = Union["PendingTaskRecord", "PendingInputRequiredRecord"]

# A task handle: the task protocol it came in, and what polling it needs.
PendingTaskRecord = TypedDict(
    "PendingTaskRecord",
    {
        "kind": Literal["task"],
        "taskId": str,
        "status": str,
        "pollIntervalMs": NotRequired[int],
        "taskVersion": Literal["2026-07-28", "2025-11-25"],
    },
)

# An input-required result; nothing of it is kept.
PendingInputRequiredRecord = TypedDict(
    "PendingInputRequiredRecord",
    {
        "kind": Literal["input_required"],
    },
)

StepInput = TypedDict(
    "StepInput",
    {
        "result": "CallToolResult",
        "outputSchema": NotRequired["OutputSchema"],
        "provider": NotRequired[str],
        "telemetry": NotRequired[Literal["content"]],
    },
)

# The MCP CallToolResult the server returns for the tool call, plain JSON, served as it is.
CallToolResult: TypeAlias = dict[str, Any]

# The tool’s outputSchema as tools/list declares it.
OutputSchema: TypeAlias = dict[str, Any]

StepOutput = TypedDict(
    "StepOutput",
    {
        "requests": list[Any],
        "modelRequests": NotRequired[list[Any]],
        "kept": Any,
        "threw": Union[str, None],
        "persisted": NotRequired[list["StoredOctets"]],
        "persistedNotApplicable": NotRequired[str],
        "exported": NotRequired[list["StoredOctets"]],
        "exportedNotApplicable": NotRequired[str],
    },
)

StoredOctets = TypedDict(
    "StoredOctets",
    {
        "where": str,
        "text": str,
    },
)

# Messages between the stack kit (stacks/kit) and a stack adapter, the toolresult-adapter/1
# operations hello, step and stop (spec/11-stacks.md): one JSON object per line, requests on the
# adapter's stdin, responses on its stdout. A step runs one agent step of the stack against the
# probe MCP server and returns every provider HTTP body it sent. hello answers with groups
# ["stacks"]; its language names the runtime (e.g. "python (CPython 3.11.7; mcp 1.x)").
StackAdapterProtocol: TypeAlias = Union["Request", "Response"]
