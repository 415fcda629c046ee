<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.2). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * The line protocol between the ledger suite (conformance/ledger-suite/) and a worker process
 * of any language: one JSON object per line each way. A worker opens its store from its first
 * command-line argument (a JSON object: backend, path or connection, leaseMs, ...), appends
 * one line, the call ID, to the execution log named by its second argument each time the suite
 * tool runs, says {"event":"ready"} (or {"event":"fatal"} when the store does not open), then
 * answers each request with its id. Requests may come before earlier ones are answered; an
 * execute says {"event":"running"} once its tool runs (one with hang then never answers).
 *
 * One of:
 * ExecuteRequest|BatchRequest|EntriesRequest|ExitRequest|ReadyEvent|FatalEvent|RunningEvent|ExecuteAnswer|ExecuteFailure|BatchAnswer|EntriesAnswer|ExitAnswer.
 * This class only decodes it; the value is the variant's own object.
 */
final class LedgerWorkerProtocol
{
    public static function fromJson(
        mixed $data,
        string $path = '$',
    ): ExecuteRequest|BatchRequest|EntriesRequest|ExitRequest|ReadyEvent|FatalEvent|RunningEvent|ExecuteAnswer|ExecuteFailure|BatchAnswer|EntriesAnswer|ExitAnswer {
        return Json::anyOf($data, $path, [
            static fn (mixed $x1, string $p1) => LedgerWorkerRequest::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => LedgerWorkerMessage::fromJson($x1, $p1),
        ]);
    }
}
