<?php

declare(strict_types=1);

namespace ToolResult\Ledger;

/**
 * A replay ledger's one operation, claim a call (spec §7.3), and how a claim ends. A call is its key:
 * (scope, call ID, fingerprint). The scope and the fingerprint default to "" (the default scope, a
 * call that names no tool: the key every call had before they existed). A database-backed store
 * gives the same answers with a unique key and a status column.
 */
interface LedgerStore
{
    /**
     * @return array{0:'claimed',1?:array{taskId:string}}|array{0:'stored',1:string}|array{0:'pending'}
     *         claimed (this caller is first; with the task it takes over, TaskLedgerStore), stored
     *         (with the entry), or pending (the first caller is still running)
     */
    public function claim(string $callId, string $scope = '', string $fingerprint = ''): array;

    public function finish(string $callId, string $entry, string $scope = '', string $fingerprint = ''): void;

    public function abandon(string $callId, string $scope = '', string $fingerprint = ''): void;
}
