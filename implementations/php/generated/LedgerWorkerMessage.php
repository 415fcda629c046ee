<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.2). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * One line a ledger-suite worker writes (the suite's requests:
 * ledger-worker-request.schema.json): {"event":"ready"} once its store is open (or
 * {"event":"fatal"} when it does not open), {"event":"running"} once an execute's tool runs
 * (one with hang then never answers), and one answer per request, with the request's id (a
 * claim's: ClaimReply; a recordTask's, a finish's and an exit's: {id, ok:true}; any failure:
 * {id, ok:false, code, message}).
 *
 * One of:
 * ReadyEvent|FatalEvent|RunningEvent|ExecuteAnswer|ExecuteFailure|BatchAnswer|EntriesAnswer|ClaimReply|ExitAnswer.
 * This class only decodes it; the value is the variant's own object.
 */
final class LedgerWorkerMessage
{
    public static function fromJson(
        mixed $data,
        string $path = '$',
    ): ReadyEvent|FatalEvent|RunningEvent|ExecuteAnswer|ExecuteFailure|BatchAnswer|EntriesAnswer|ClaimReply|ExitAnswer {
        return Json::anyOf($data, $path, [
            static fn (mixed $x1, string $p1) => ReadyEvent::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => FatalEvent::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => RunningEvent::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => ExecuteAnswer::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => ExecuteFailure::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => BatchAnswer::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => EntriesAnswer::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => ClaimReply::fromJson($x1, $p1),
            static fn (mixed $x1, string $p1) => ExitAnswer::fromJson($x1, $p1),
        ]);
    }
}
