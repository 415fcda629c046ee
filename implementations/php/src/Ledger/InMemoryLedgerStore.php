<?php

declare(strict_types=1);

namespace ToolResult\Ledger;

/** A ledger store in memory, for one process (tests, a single worker), keyed by the call's whole key. */
final class InMemoryLedgerStore implements TaskLedgerStore
{
    /** @var array<string,?string> StoreRules::keyText(scope, call ID, fingerprint) => entry, null while claimed */
    private array $rows = [];

    /** @var array<string,string> key => the task recorded with its live claim (no lease here, so no takeover) */
    private array $tasks = [];

    public function claim(string $callId, string $scope = '', string $fingerprint = ''): array
    {
        $key = StoreRules::keyText($scope, $callId, $fingerprint);
        if (!array_key_exists($key, $this->rows)) {
            $this->rows[$key] = null;
            return ['claimed'];
        }
        return $this->rows[$key] === null ? ['pending'] : ['stored', $this->rows[$key]];
    }

    public function finish(string $callId, string $entry, string $scope = '', string $fingerprint = ''): void
    {
        $key = StoreRules::keyText($scope, $callId, $fingerprint);
        $this->rows[$key] = $entry;
        unset($this->tasks[$key]);
    }

    public function recordTask(string $callId, string $taskId, string $scope = '', string $fingerprint = ''): void
    {
        TaskEntry::checkTaskId($taskId);
        $key = StoreRules::keyText($scope, $callId, $fingerprint);
        if (!array_key_exists($key, $this->rows) || $this->rows[$key] !== null) {
            throw new \LogicException('this store holds no claim of the call (already settled?)');
        }
        $this->tasks[$key] = $taskId;
    }

    /** The task recorded with a live claim of the call, if any (for tests and inspection). */
    public function task(string $callId, string $scope = '', string $fingerprint = ''): ?string
    {
        return $this->tasks[StoreRules::keyText($scope, $callId, $fingerprint)] ?? null;
    }

    public function abandon(string $callId, string $scope = '', string $fingerprint = ''): void
    {
        $key = StoreRules::keyText($scope, $callId, $fingerprint);
        if (array_key_exists($key, $this->rows) && $this->rows[$key] === null) {
            unset($this->rows[$key], $this->tasks[$key]);
        }
    }
}
