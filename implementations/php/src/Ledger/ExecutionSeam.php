<?php

declare(strict_types=1);

namespace ToolResult\Ledger;

use ToolResult\Hooks\Pipeline;
use ToolResult\Log\Logger;
use ToolResult\Log\NullLogger;
use ToolResult\Model\BoundedToolResult;
use ToolResult\Model\BoundOptions;
use ToolResult\Model\ToolResult;
use ToolResult\Normalize\LocalNormalizer;

/**
 * executeToolCall (spec §7.3): the one function every tool call goes through. The first call of a
 * call ID runs the tool once, bounds, runs the hooks and stores the post-hook result; every later
 * call restores it without running the tool (TR-REPLAY-8 to -12).
 */
final class ExecutionSeam
{
    public const TOOL_FAILED = 'The tool failed without returning a result.';

    /**
     * @param callable(): mixed $tool returns a ToolResult (or any value a local tool may return, §10.8)
     * @param list<callable(BoundedToolResult, int): mixed> $hooks
     * @param int $pollMicroseconds how long a caller waits before it claims a pending call ID again
     */
    public static function execute(string $callId, callable $tool, LedgerStore $ledger, array $hooks = [], mixed $options = null, ?Logger $logger = null, int $pollMicroseconds = 10000): BoundedToolResult
    {
        $logger ??= new NullLogger();
        while (true) {
            $claim = $ledger->claim($callId);
            if ($claim[0] === 'stored') {
                return Ledger::restore($claim[1], $options);
            }
            if ($claim[0] === 'claimed') {
                break;
            }
            usleep($pollMicroseconds); // TR-REPLAY-9: wait for the first caller, never run the tool
        }
        try {
            $budgets = BoundOptions::from($options);
            try {
                $raw = $tool();
            } catch (\Throwable) {
                // Nothing of the exception is kept or logged (TR-LOG-4).
                $logger->log('tool failed', ['callId' => $callId]);
                $raw = ToolResult::error(self::TOOL_FAILED);
            }
            $result = Pipeline::transform(LocalNormalizer::normalize($raw, $budgets), $hooks, $budgets, $logger);
            $ledger->finish($callId, Ledger::persist($result));
            return $result;
        } catch (\Throwable $e) {
            $ledger->abandon($callId); // TR-REPLAY-12: a waiting call can claim the ID again
            throw $e;
        }
    }
}
