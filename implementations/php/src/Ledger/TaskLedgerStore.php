<?php

declare(strict_types=1);

namespace ToolResult\Ledger;

/**
 * A ledger store that records the task a claimed call became (an MCP server answered tools/call with
 * a task handle). claim() answers a takeover (TR-REPLAY-43) as ['claimed', ['taskId' => $id]]: the
 * claimant follows that task and never runs the tool again; a fresh claim stays ['claimed'].
 */
interface TaskLedgerStore extends LedgerStore
{
    /**
     * Writes the task into this store's claim of the call, durable before it returns (TR-REPLAY-42):
     * InvalidArgumentException for an ID a store cannot keep, LedgerStoreError `ledger.lease_lost`
     * when the row is no longer claimed with this claim's token.
     */
    public function recordTask(string $callId, string $taskId, string $scope = '', string $fingerprint = ''): void;
}
