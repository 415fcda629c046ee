#!/usr/bin/env php
<?php

// The PHP worker of the ledger suite (ledger-kit/, its protocol in
// schemas/conformance/ledger-worker-request.schema.json and ledger-worker-message.schema.json): runs the PHP seam over one of the PHP
// durable stores and the suite tool, answering one JSON line per request.
//   php ledger-worker.php '{"backend":"sqlite","path":"…","leaseMs":1000,"busyTimeoutMs":300}' <execution log>
//   php ledger-worker.php '{"backend":"postgres","connection":{"host":"…","port":5432,"user":"…","database":"…"},"leaseMs":1000}' <log>

declare(strict_types=1);

require __DIR__ . '/src/autoload.php';
require __DIR__ . '/src/functions.php';

use ToolResult\Json\StrictJsonParser;
use ToolResult\Ledger\CallFingerprint;
use ToolResult\Ledger\DurableLedgerStore;
use ToolResult\Ledger\ExecutionSeam;
use ToolResult\Ledger\Ledger;
use ToolResult\Ledger\LedgerError;
use ToolResult\Ledger\LedgerStoreError;
use ToolResult\Ledger\PostgresLedgerStore;
use ToolResult\Ledger\SqliteLedgerStore;
use ToolResult\Model\ToolResult;

error_reporting(E_ALL);
ini_set('display_errors', 'stderr');
ini_set('serialize_precision', '-1');

function send(array $o): void
{
    fwrite(STDOUT, json_encode($o, JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES) . "\n");
    fflush(STDOUT);
}

/**
 * The suite tool (ledger-kit/suite-tool.ts): its result is a function of the call alone (its ID, and
 * with a tool its scope, tool and arguments, which the result then names: a replay of another call's
 * entry shows in the entry itself).
 *
 * @param array{scope?:string,tool?:string,arguments?:mixed} $call the call as the request names it
 */
function suiteTool(string $callId, array $call = []): ToolResult
{
    $sum = 0;
    // Suite call IDs are ASCII; a code-unit sum over UTF-16 for anything else.
    foreach (mb_str_split($callId) as $ch) {
        $cp = mb_ord($ch, 'UTF-8');
        $sum += $cp > 0xffff ? 0xd800 + (($cp - 0x10000) >> 10) + 0xdc00 + (($cp - 0x10000) & 0x3ff) : $cp;
    }
    if ($sum % 11 === 0) {
        throw new RuntimeException("tool failed for $callId");
    }
    $named = [];
    if (isset($call['tool'])) {
        $named['call'] = (object) [
            'scope' => $call['scope'] ?? '',
            'tool' => $call['tool'],
            'arguments' => $call['arguments'] ?? new stdClass(),
        ];
    }
    if ($sum % 7 === 0) {
        return ToolResult::error("no record for $callId", (object) (['callId' => $callId, 'code' => 404] + $named));
    }
    $by = isset($call['tool']) ? " by {$call['tool']}" : '';
    return ToolResult::text(
        "result of $callId$by: Müller \u{2028} done",
        (object) (['callId' => $callId, 'n' => [1, 0.5, 1e-7, -0.0], 'nested' => (object) ['z' => true, 'a' => null]] + $named),
        [(object) ['type' => 'text', 'label' => 'Note', 'data' => (object) ['text' => "note for $callId"]]],
    );
}

/** @param array<string,mixed> $config */
function openStore(array $config): DurableLedgerStore
{
    if ($config['backend'] === 'sqlite') {
        return new SqliteLedgerStore($config['path'], array_filter(['leaseMs' => $config['leaseMs'] ?? null, 'busyTimeoutMs' => $config['busyTimeoutMs'] ?? null], fn ($v) => $v !== null));
    }
    if ($config['backend'] === 'postgres') {
        $c = $config['connection'];
        $dsn = 'pgsql:host=' . $c['host'] . ';port=' . ($c['port'] ?? 5432) . ';dbname=' . ($c['database'] ?? 'postgres');
        $options = array_filter(['leaseMs' => $config['leaseMs'] ?? null, 'lockTimeoutMs' => $config['lockTimeoutMs'] ?? null], fn ($v) => $v !== null);
        return new PostgresLedgerStore($dsn, $options, $c['user'] ?? null, $c['password'] ?? null);
    }
    throw new InvalidArgumentException('unknown backend ' . var_export($config['backend'] ?? null, true));
}

$config = json_decode($argv[1] ?? '{}', true, 16, JSON_THROW_ON_ERROR);
$log = fopen($argv[2], 'a');
try {
    $store = openStore($config);
} catch (LedgerStoreError $e) {
    send(['event' => 'fatal', 'code' => $e->codeName, 'message' => $e->getMessage()]);
    exit(1);
}
send(['event' => 'ready', 'pid' => getmypid()]);

/**
 * The call a request names: its scope, tool and arguments as given (each absent when not). A string
 * whose escapes held a lone surrogate is given to the seam as PHP holds that code point (see below),
 * for the seam to refuse.
 *
 * @return array{scope?:string,tool?:string,arguments?:mixed}
 */
function callOf(object $req, bool $loneSurrogate): array
{
    $call = [];
    foreach (['scope', 'tool'] as $name) {
        if (property_exists($req, $name)) {
            $call[$name] = $loneSurrogate ? nativeSurrogate((string) $req->$name) : (string) $req->$name;
        }
    }
    if (property_exists($req, 'arguments')) {
        // The parser gives a JSON object as a stdClass and a JSON array as an array. The seam takes
        // the empty array for {} (what json_decode(…, true) makes of it), so an empty JSON array is
        // handed over as a list that cannot be mistaken for it: refused as every language refuses [].
        $call['arguments'] = $req->arguments === [] ? [[]] : $req->arguments;
    }
    return $call;
}

/** A PHP string cannot hold a lone surrogate as UTF-8: its native form is the code point's generalized UTF-8. */
function nativeSurrogate(string $s): string
{
    return str_replace("\u{FFFD}", "\xED\xA0\x80", $s);
}

/** The execution log's line: the call ID, or with a scope or a tool, the call ID, scope and fingerprint. */
function logLine(string $callId, array $call): string
{
    if (!isset($call['scope']) && !isset($call['tool'])) {
        return $callId;
    }
    $fingerprint = isset($call['tool']) ? CallFingerprint::of($call['tool'], $call['arguments'] ?? []) : '';
    return $callId . "\t" . ($call['scope'] ?? '') . "\t" . $fingerprint;
}

/** @return array{ok:true,entry:string,replayed:bool}|array{ok:false,code:string,message:string} */
function execute(DurableLedgerStore $store, $log, string $callId, array $call = [], int $delayMs = 0, ?callable $onRun = null, bool $hang = false): array
{
    $ran = false;
    $tool = function () use ($log, $callId, $call, $delayMs, $onRun, $hang, &$ran) {
        $ran = true;
        fwrite($log, logLine($callId, $call) . "\n"); // one write per line, O_APPEND
        if ($onRun !== null) {
            $onRun();
        }
        while ($hang) {
            sleep(3600);
        }
        if ($delayMs > 0) {
            usleep($delayMs * 1000);
        }
        return suiteTool($callId, $call);
    };
    try {
        $result = ExecutionSeam::execute(
            $callId,
            $tool,
            $store,
            scope: $call['scope'] ?? '',
            toolName: $call['tool'] ?? null,
            arguments: $call['arguments'] ?? null,
        );
        return ['ok' => true, 'entry' => Ledger::persist($result), 'replayed' => !$ran];
    } catch (LedgerStoreError $e) {
        return ['ok' => false, 'code' => $e->codeName, 'message' => $e->getMessage()];
    } catch (LedgerError $e) {
        return ['ok' => false, 'code' => $e->codeName, 'message' => $e->getMessage()];
    } catch (InvalidArgumentException $e) {
        return ['ok' => false, 'code' => 'error', 'message' => $e->getMessage()];
    }
}

/**
 * claim, recordTask and finish drive the store itself (a task recorded with a claim, spec §7.7): a
 * claimed answer leaves the claim open in the store (its lease renewed) until its finish.
 *
 * @param array<string,true> $held the call IDs this worker holds an open claim of
 * @return array<string,mixed>
 */
function storeOp(DurableLedgerStore $store, object $req, array &$held): array
{
    $callId = (string) $req->callId;
    try {
        if ($req->op === 'claim') {
            $claim = $store->claim($callId);
            if ($claim[0] === 'claimed') {
                $held[$callId] = true;
                return ['ok' => true, 'status' => 'claimed'] + (isset($claim[1]) ? ['task' => $claim[1]] : []);
            }
            return $claim[0] === 'stored' ? ['ok' => true, 'status' => 'stored', 'entry' => $claim[1]]
                : ['ok' => true, 'status' => 'pending'];
        }
        if (!isset($held[$callId])) {
            return ['ok' => false, 'code' => 'error', 'message' => 'this worker holds no open claim of the call ID'];
        }
        if ($req->op === 'recordTask') {
            $store->recordTask($callId, (string) $req->taskId);
        } else {
            unset($held[$callId]);
            $store->finish($callId, (string) $req->entry);
        }
        return ['ok' => true];
    } catch (LedgerStoreError $e) {
        return ['ok' => false, 'code' => $e->codeName, 'message' => $e->getMessage()];
    } catch (InvalidArgumentException $e) {
        return ['ok' => false, 'code' => 'error', 'message' => $e->getMessage()];
    }
}

// Requests are read with the implementation's own parser: a call ID may hold an escaped lone
// surrogate (a bad-input case), which PHP's json_decode refuses outright.
$parser = new StrictJsonParser(16);
$held = [];
while (($line = fgets(STDIN)) !== false) {
    try {
        $req = $parser->parse(rtrim($line, "\n"));
    } catch (UnexpectedValueException $e) {
        fwrite(STDERR, "ledger worker: a request line is not JSON\n");
        continue;
    }
    $id = $req->id;
    $op = $req->op;
    if ($op === 'execute') {
        $onRun = fn () => send(['id' => $id, 'event' => 'running']);
        $callId = (string) $req->callId;
        if ($parser->loneSurrogate) {
            // A PHP string cannot hold a lone surrogate as UTF-8; its native form is the code point's
            // generalized UTF-8 bytes (ED A0 80 for U+D800), which is what the store is given to refuse.
            $callId = nativeSurrogate($callId);
        }
        $call = callOf($req, $parser->loneSurrogate);
        $r = execute($store, $log, $callId, $call, (int) ($req->delayMs ?? 0), $onRun, (bool) ($req->hang ?? false));
        send(['id' => $id] + $r);
    } elseif ($op === 'batch') {
        $rows = [];
        foreach ($req->callIds as $callId) {
            $r = execute($store, $log, $callId, [], (int) ($req->delayMs ?? 0));
            $rows[] = $r['ok'] ? [$callId, hash('sha256', $r['entry']), $r['replayed']] : [$callId, null, false, $r['code'], $r['message']];
        }
        send(['id' => $id, 'ok' => true, 'results' => $rows]);
    } elseif ($op === 'entries') {
        $entries = [];
        $call = callOf($req, $parser->loneSurrogate);
        $fingerprint = isset($call['tool']) ? CallFingerprint::of($call['tool'], $call['arguments'] ?? []) : '';
        foreach ($req->callIds as $callId) {
            $entries[$callId] = $store->entry($callId, $call['scope'] ?? '', $fingerprint);
        }
        send(['id' => $id, 'ok' => true, 'entries' => (object) $entries]);
    } elseif ($op === 'claim' || $op === 'recordTask' || $op === 'finish') {
        send(['id' => $id] + storeOp($store, $req, $held));
    } elseif ($op === 'exit') {
        $store->close();
        send(['id' => $id, 'ok' => true]);
        exit(0);
    }
}
$store->close();
