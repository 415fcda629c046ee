<?php

declare(strict_types=1);

namespace ToolResult\Ledger;

/** A ledger store in memory, for one process (tests, a single worker). */
final class InMemoryLedgerStore implements LedgerStore
{
    /** @var array<string,?string> call ID => entry, null while claimed */
    private array $rows = [];

    public function claim(string $callId): array
    {
        if (!array_key_exists($callId, $this->rows)) {
            $this->rows[$callId] = null;
            return ['claimed'];
        }
        return $this->rows[$callId] === null ? ['pending'] : ['stored', $this->rows[$callId]];
    }

    public function finish(string $callId, string $entry): void
    {
        $this->rows[$callId] = $entry;
    }

    public function abandon(string $callId): void
    {
        if (array_key_exists($callId, $this->rows) && $this->rows[$callId] === null) {
            unset($this->rows[$callId]);
        }
    }
}
