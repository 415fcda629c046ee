<?php

declare(strict_types=1);

namespace ToolResult\Ledger;

/**
 * A replay ledger's one operation, claim a call ID (spec §7.3), and how a claim ends. A
 * database-backed store gives the same answers with a unique key and a status column.
 */
interface LedgerStore
{
    /**
     * @return array{0:'claimed'}|array{0:'stored',1:string}|array{0:'pending'} claimed (this caller is
     *         first), stored (with the entry), or pending (the first caller is still running)
     */
    public function claim(string $callId): array;

    public function finish(string $callId, string $entry): void;

    public function abandon(string $callId): void;
}
