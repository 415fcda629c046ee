<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use ToolResult\Ledger\ExecutionSeam;
use ToolResult\Ledger\InMemoryLedgerStore;
use ToolResult\Normalize\McpNormalizer;

/** Spec §7.10: this seam follows no task; an MCP call that did not finish gets its pinned answer. */
final class SeamTasksTest extends TestCase
{
    public function testTR_REPLAY_50_aTaskThisSeamDoesNotFollowIsStoredUnfollowed(): void
    {
        $ledger = new InMemoryLedgerStore();
        $runs = 0;
        $tool = function () use (&$runs): mixed {
            $runs++;
            return McpNormalizer::normalize(['resultType' => 'task', 'taskId' => 'task-1', 'status' => 'working', 'ttlMs' => null]);
        };
        foreach ([1, 2] as $_) {
            $r = ExecutionSeam::execute('call-1', $tool, $ledger);
            self::assertTrue($r->isError);
            self::assertSame(ExecutionSeam::TASK_UNFOLLOWED, $r->content);
            self::assertSame(['mcp.task_unfollowed'], $r->warnings());
        }
        self::assertSame(1, $runs, 'a task started once is never started again');
    }

    public function testTR_REPLAY_51_anInputRequiredAnswerStoresNothingAndLeavesTheCallOpen(): void
    {
        $ledger = new InMemoryLedgerStore();
        $runs = 0;
        $tool = function () use (&$runs): mixed {
            $runs++;
            return McpNormalizer::normalize(['resultType' => 'input_required', 'requestState' => 's']);
        };
        foreach ([1, 2] as $_) {
            $r = ExecutionSeam::execute('call-1', $tool, $ledger);
            self::assertSame(ExecutionSeam::INPUT_REQUIRED, $r->content);
            self::assertSame(['mcp.input_required'], $r->warnings());
        }
        self::assertSame(2, $runs, 'nothing was stored, so the second call asks again');
        self::assertSame(['claimed'], $ledger->claim('call-1'));
    }

    public function testTR_REPLAY_52_thePinnedTexts(): void
    {
        self::assertSame('The tool asked for input that this agent cannot give, so the call did not finish; it can be called again.', ExecutionSeam::INPUT_REQUIRED);
        self::assertSame('The tool started a task that this agent does not follow; whether its action took effect is unknown.', ExecutionSeam::TASK_UNFOLLOWED);
        self::assertSame("The tool's task is no longer known to its server; whether its action took effect is unknown.", ExecutionSeam::TASK_LOST);
        self::assertSame("The tool's task was cancelled before it finished; whether its action took effect is unknown.", ExecutionSeam::TASK_CANCELLED);
    }
}
