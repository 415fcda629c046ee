<?php

declare(strict_types=1);

namespace ToolResult\Ledger;

/** A ledger store in memory, for one process (tests, a single worker), keyed by the call's whole key. */
final class InMemoryLedgerStore implements LedgerStore
{
    /** @var array<string,?string> StoreRules::keyText(scope, call ID, fingerprint) => entry, null while claimed */
    private array $rows = [];

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
        $this->rows[StoreRules::keyText($scope, $callId, $fingerprint)] = $entry;
    }

    public function abandon(string $callId, string $scope = '', string $fingerprint = ''): void
    {
        $key = StoreRules::keyText($scope, $callId, $fingerprint);
        if (array_key_exists($key, $this->rows) && $this->rows[$key] === null) {
            unset($this->rows[$key]);
        }
    }
}
