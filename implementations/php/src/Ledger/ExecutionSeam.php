<?php

declare(strict_types=1);

namespace ToolResult\Ledger;

use ToolResult\Exposure\Exposure;
use ToolResult\Exposure\ExposurePolicy;
use ToolResult\Hooks\Pipeline;
use ToolResult\Log\Logger;
use ToolResult\Log\NullLogger;
use ToolResult\Model\BoundedToolResult;
use ToolResult\Model\BoundOptions;
use ToolResult\Model\ToolResult;
use ToolResult\Bound\Bounder;
use ToolResult\Normalize\LocalNormalizer;
use ToolResult\Normalize\PendingCall;

/**
 * executeToolCall (spec §7.3): the one function every tool call goes through. The first call of a
 * call runs the tool once, bounds, runs the hooks, applies the exposure policy and stores that
 * result; every later call restores it without running the tool (TR-REPLAY-8 to -12) and without
 * exposing again: a replay sends the model exactly what the first run sent (TR-EXPOSE-3).
 *
 * A call is (scope, call ID, fingerprint): the scope the integration takes from its stack (a thread,
 * a session; "" by default), and the fingerprint of the tool's name and arguments as the model called
 * it (CallFingerprint). A call ID reused for another tool or other arguments, or in another scope, is
 * a call of its own: it runs, and is never answered with the other call's entry. Without a tool name
 * the fingerprint is "", the key every call had before.
 */
final class ExecutionSeam
{
    public const TOOL_FAILED = 'The tool failed without returning a result.';

    /**
     * The pinned contents of the seam's answers to an MCP call that did not finish (spec §7.10,
     * TR-REPLAY-52). This seam follows no task: a tool that throws the MCP normalizer's PendingCall
     * of kind task gets TASK_UNFOLLOWED (stored, TR-REPLAY-50); of kind input_required,
     * INPUT_REQUIRED (nothing stored, the claim given up, TR-REPLAY-51). The other two are the texts
     * a seam with a task follower answers (TypeScript, Python), named here so every language holds
     * the same four.
     */
    public const INPUT_REQUIRED = 'The tool asked for input that this agent cannot give, '
        . 'so the call did not finish; it can be called again.';
    public const TASK_UNFOLLOWED = 'The tool started a task that this agent does not follow; '
        . 'whether its action took effect is unknown.';
    public const TASK_LOST = "The tool's task is no longer known to its server; "
        . 'whether its action took effect is unknown.';
    public const TASK_CANCELLED = "The tool's task was cancelled before it finished; "
        . 'whether its action took effect is unknown.';

    /**
     * @param callable(): mixed $tool returns a ToolResult (or any value a local tool may return, §10.8)
     * @param list<callable(BoundedToolResult, int): mixed> $hooks
     * @param int $pollMicroseconds how long a caller waits before it claims a pending call ID again
     * @param mixed $exposure what the model sees of structured (spec §12): an ExposurePolicy, a mapping
     *                        of exposure-policy.schema.json, or null (none)
     * @param string $scope the call's scope: well-formed UTF-8 without U+0000, at most 1,024 octets
     * @param ?string $toolName the tool's name as the model called it; null: no fingerprint
     * @param mixed $arguments the call's arguments, a JSON object (null with a tool name: `{}`)
     * @throws \InvalidArgumentException for an invalid scope, tool name or arguments, before any claim
     */
    public static function execute(
        string $callId,
        callable $tool,
        LedgerStore $ledger,
        array $hooks = [],
        mixed $options = null,
        ?Logger $logger = null,
        int $pollMicroseconds = 10000,
        mixed $exposure = null,
        string $scope = '',
        ?string $toolName = null,
        mixed $arguments = null,
    ): BoundedToolResult {
        $logger ??= new NullLogger();
        // Refused before any call ID is claimed and before the tool runs (TR-MODEL-10, TR-EXPOSE-2).
        $budgets = BoundOptions::from($options);
        $policy = ExposurePolicy::from($exposure);
        $fingerprint = self::fingerprint($scope, $toolName, $arguments);
        while (true) {
            $claim = $ledger->claim($callId, $scope, $fingerprint);
            if ($claim[0] === 'stored') {
                return Ledger::restore($claim[1], $options);
            }
            if ($claim[0] !== 'claimed') {
                // TR-REPLAY-9, -26: wait for the first caller, never run the tool; a durable store
                // sleeps on its own signal (a re-read with a growing pause, a notification).
                if ($ledger instanceof DurableLedgerStore) {
                    $ledger->settle($callId, $scope, $fingerprint);
                } else {
                    usleep($pollMicroseconds);
                }
                continue;
            }
            if (isset($claim[1])) {
                // A takeover of a task whose claimant died (TR-REPLAY-43). This seam follows no task: the
                // call is stored as interrupted, never run again (the tool started; at most once).
                $logger->log('the claimant died while its task ran; the interrupted result is stored', [
                    'callId' => $callId,
                ]);
                try {
                    $ledger->finish($callId, Interrupted::ENTRY, $scope, $fingerprint);
                } catch (LedgerStoreError $e) {
                    if ($e->codeName === 'ledger.lease_lost') {
                        continue;
                    }
                    throw $e;
                }
                return Ledger::restore(Interrupted::ENTRY, $options);
            }
            try {
                $pending = null;
                try {
                    $raw = $tool();
                } catch (PendingCall $p) {
                    $pending = $p;
                    $raw = null;
                } catch (\Throwable) {
                    // Nothing of the exception is kept or logged (TR-LOG-4).
                    $logger->log('tool failed', ['callId' => $callId]);
                    $raw = ToolResult::error(self::TOOL_FAILED);
                }
                if ($pending !== null && $pending->kind !== PendingCall::TASK) {
                    // Nothing ran: the server answers the same request again once it has the input,
                    // so the claim is given up and nothing is stored (TR-REPLAY-51).
                    $logger->log('the MCP server asked for input this agent cannot give; nothing is stored', [
                        'callId' => $callId,
                    ]);
                    $ledger->abandon($callId, $scope, $fingerprint);
                    return self::seamAnswer(self::INPUT_REQUIRED, 'mcp.input_required', $options);
                }
                if ($pending !== null) {
                    // The tool started a task this seam does not follow: stored, never run again (TR-REPLAY-50).
                    $logger->log('the tool started an MCP task and this seam follows none; it ends unfollowed', [
                        'callId' => $callId,
                    ]);
                    $result = self::seamAnswer(self::TASK_UNFOLLOWED, 'mcp.task_unfollowed', $options);
                } else {
                    $normalized = LocalNormalizer::normalize($raw, $budgets);
                    $result = Pipeline::transform($normalized, $hooks, $budgets, $logger);
                    // Exposure last, so that the ledger and every replay hold what the model was sent (TR-EXPOSE-3).
                    $result = Exposure::expose($result, $policy, $budgets);
                }
                $entry = Ledger::persist($result);
            } catch (\Throwable $e) {
                // TR-REPLAY-12: no entry could be made; a waiting call can claim the ID again.
                $ledger->abandon($callId, $scope, $fingerprint);
                throw $e;
            }
            try {
                $ledger->finish($callId, $entry, $scope, $fingerprint);
            } catch (LedgerStoreError $e) {
                if ($e->codeName === 'ledger.lease_lost') {
                    continue; // TR-REPLAY-24: every caller of the ID gets the one stored answer
                }
                // TR-REPLAY-30: never abandoned (another caller would run the tool again); the claim
                // is left to its lease and becomes the interrupted entry.
                throw $e;
            }
            return $result;
        }
    }

    /** One of the seam's own error results (§7.10): bounded, with no hook or exposure policy run on it. */
    private static function seamAnswer(string $text, string $code, mixed $options): BoundedToolResult
    {
        return Bounder::bound(ToolResult::error($text, warnings: [$code]), $options);
    }

    /** The call's fingerprint, once its scope, tool name and arguments are checked (quoting none of them). */
    private static function fingerprint(string $scope, ?string $toolName, mixed $arguments): string
    {
        StoreRules::checkScope($scope);
        if ($toolName === null) {
            if ($arguments !== null) {
                throw new \InvalidArgumentException('arguments were given without the name of the tool they are for');
            }
            return CallFingerprint::NONE;
        }
        return CallFingerprint::of($toolName, $arguments ?? []);
    }
}
