<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use ToolResult\Hooks\Results;
use ToolResult\Ledger\ExecutionSeam;
use ToolResult\Ledger\InMemoryLedgerStore;
use ToolResult\Model\InvalidOptions;
use ToolResult\Model\ToolResult;

/** Spec §7.3: the execution seam over a ledger store. */
final class SeamTest extends TestCase
{
    public function testTR_REPLAY_8_runsOnceAndReplaysThePostHookResult(): void
    {
        $ledger = new InMemoryLedgerStore();
        $runs = 0;
        $tool = function () use (&$runs): ToolResult {
            $runs++;
            return ToolResult::text('long answer', structured: ['paid' => true]);
        };
        $hooks = [static fn ($r) => Results::withContent($r, 'short')];
        $first = ExecutionSeam::execute('call-1', $tool, $ledger, $hooks);
        $second = ExecutionSeam::execute('call-1', $tool, $ledger, $hooks);
        self::assertSame(1, $runs);
        self::assertSame('short', $second->content);
        self::assertEquals($first->toRecord(), $second->toRecord());
    }

    public function testTR_REPLAY_11_aThrowingToolIsAPinnedError(): void
    {
        $ledger = new InMemoryLedgerStore();
        $r = ExecutionSeam::execute('c', static fn () => throw new RuntimeException('cnrysecret'), $ledger);
        self::assertTrue($r->isError);
        self::assertSame('The tool failed without returning a result.', $r->content);
        self::assertEquals($r->toRecord(), ExecutionSeam::execute('c', static fn () => ToolResult::text('other'), $ledger)->toRecord(), 'TR-REPLAY-10');
    }

    public function testTR_REPLAY_12_invalidOptionsAbandonTheClaim(): void
    {
        $ledger = new InMemoryLedgerStore();
        try {
            ExecutionSeam::execute('c', static fn () => ToolResult::text('x'), $ledger, [], ['contentBudget' => 1]);
            self::fail('accepted');
        } catch (InvalidOptions) {
        }
        self::assertSame(['claimed'], $ledger->claim('c'));
    }
}
