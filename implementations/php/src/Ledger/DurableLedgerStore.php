<?php

declare(strict_types=1);

namespace ToolResult\Ledger;

/**
 * A ledger store that keeps its entries across restarts and processes (spec §7.4–7.8): claims hold a
 * lease, a pending caller waits in settle() without a busy loop, and a finish after the claim was
 * pinned as interrupted throws LedgerStoreError `ledger.lease_lost`. Every method reads and writes by
 * the call's whole key; scope and fingerprint default to "", as in LedgerStore.
 */
interface DurableLedgerStore extends TaskLedgerStore
{
    /** Sleeps until the call's claim may have changed (stored, abandoned, lease over); then claim again. */
    public function settle(string $callId, string $scope = '', string $fingerprint = ''): void;

    /** The stored entry of a call, byte for byte as finished; null while claimed or unknown. */
    public function entry(string $callId, string $scope = '', string $fingerprint = ''): ?string;

    /** Appends an audit record (canonical JSON; refused with members its level forbids, TR-REPLAY-34). */
    public function appendAudit(string $callId, array $record, string $scope = '', string $fingerprint = ''): void;

    /** @return list<string> the audit records of a call as stored, oldest first */
    public function auditRecords(string $callId, string $scope = '', string $fingerprint = ''): array;

    /** Deletes stored entries finished more than $olderThanMs ago, never a claim (TR-REPLAY-29). */
    public function prune(int $olderThanMs): int;

    /** Renews the lease of one claim of this store; false when the claim is gone. Used by the renewer. */
    public function renewLease(string $callId, string $token, string $scope = '', string $fingerprint = ''): bool;

    public function close(): void;
}
