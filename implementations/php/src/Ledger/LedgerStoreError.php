<?php

declare(strict_types=1);

namespace ToolResult\Ledger;

/**
 * A durable ledger store could not do what was asked (spec §7.6, §7.8; TR-REPLAY-30..33, -37). The
 * message names the store, the cause in words and the driver's own code in brackets
 * (`(SQLSTATE 57P01)`, `(SQLITE_BUSY)`, `(ENOENT)`), never a byte of an entry or an audit record.
 */
final class LedgerStoreError extends \RuntimeException
{
    /** Every code, with what it means (the same codes as every implementation's stores). */
    public const CODES = [
        'ledger.store_failed' => 'the store could not read or write (locked past its timeout, disk full, connection ' .
            'lost, I/O error, a file or folder that cannot be opened)',
        'ledger.store_layout' => "the store's tables have a layout version this implementation does not know",
        'ledger.store_no_layout' => 'the ledger meta table exists but holds no layout row',
        'ledger.store_conflict' => "a table with one of the ledger's names has other columns, or only some of the " .
            "ledger tables exist",
        'ledger.store_foreign' => "the SQLite database holds tables and none of the ledger's: another application's " .
            "database",
        'ledger.store_empty_file' => 'the SQLite file is empty (0 bytes) and create was not true: a ledger may have ' .
            'been truncated',
        'ledger.store_missing' => 'there is no ledger to open and create is false',
        'ledger.lease_lost' => "this claim's lease ran out and another caller recorded the call as interrupted " .
            "(TR-REPLAY-24) or took it over (TR-REPLAY-43)",
    ];

    public function __construct(
        public readonly string $codeName,
        string $message,
        public readonly ?string $driverCode = null,
    ) {
        if (!array_key_exists($codeName, self::CODES)) {
            throw new \InvalidArgumentException("not a ledger store error code: $codeName");
        }
        parent::__construct($message);
    }
}
