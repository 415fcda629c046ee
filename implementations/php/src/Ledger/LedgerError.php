<?php

declare(strict_types=1);

namespace ToolResult\Ledger;

/** restore() failed: one of the codes of spec §7.2, with a fixed message that quotes nothing. */
final class LedgerError extends \RuntimeException
{
    private const MESSAGES = [
        'ledger.malformed' => 'the ledger entry is malformed',
        'ledger.unknown_version' => 'the ledger entry has a version this reader does not know',
        'ledger.not_bounded' => 'the ledger entry is not a bounded result',
    ];

    public function __construct(public readonly string $codeName)
    {
        parent::__construct(self::MESSAGES[$codeName]);
    }
}
