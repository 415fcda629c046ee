<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.2). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * One line the ledger suite (ledger-kit/) writes to a worker process of any language (its
 * answers: ledger-worker-message.schema.json). A worker opens its store from its first
 * command-line argument (a JSON object: backend, path or connection, leaseMs, ...), appends
 * one line to the execution log named by its second argument each time the suite tool runs
 * (the call ID alone when the request has neither scope nor tool, else the call ID, the scope
 * and the call's fingerprint joined by tabs), and answers each request with its id. Requests
 * may come before earlier ones are answered. claim, recordTask and finish go to the store
 * itself, beside the seam (a task recorded with a claim, spec/07-replay.md §7.7,
 * TR-REPLAY-42..45): a claimed answer leaves the claim open in the worker, its lease renewed,
 * until a finish of the same call ID or the worker's death.
 *
 * One of:
 * ExecuteRequest|BatchRequest|EntriesRequest|ClaimRequest|RecordTaskRequest|FinishRequest|ExitRequest.
 * This class only decodes it; the value is the variant's own object.
 */
final class LedgerWorkerRequest
{
    public static function fromJson(
        mixed $data,
        string $path = '$',
    ): ExecuteRequest|BatchRequest|EntriesRequest|ClaimRequest|RecordTaskRequest|FinishRequest|ExitRequest {
        return Json::anyOf($data, $path, [
            static fn (mixed $x1, string $p1) => ExecuteRequest::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => BatchRequest::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => EntriesRequest::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => ClaimRequest::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => RecordTaskRequest::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => FinishRequest::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => ExitRequest::fromJson($x1, $p1),
        ]);
    }
}
