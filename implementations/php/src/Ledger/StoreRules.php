<?php

declare(strict_types=1);

namespace ToolResult\Ledger;

use ToolResult\Bound\Utf8;
use ToolResult\Json\CanonicalJson;

/** What every durable store checks the same way (spec §7.4–7.7): call IDs, leases, audit rows, the layout. */
final class StoreRules
{
    public const LAYOUT_VERSION = 2;
    public const DEFAULT_LEASE_MS = 30000;
    public const MAX_CALL_ID_OCTETS = 1024;
    /** How often a claim re-reads a row that changed under it before it answers pending (TR-REPLAY-36). */
    public const CLAIM_TRIES = 3;
    /** What a claim answers for a stored row without octets: restore refuses it as ledger.malformed. */
    public const NO_ENTRY = "\0no entry";

    /** The columns of each ledger table (§7.7), as every implementation's stores create them: layout 2. */
    public const COLUMNS = [
        'toolresult_meta' => ['key', 'value'],
        'toolresult_ledger' => [
            'scope', 'call_id', 'fingerprint', 'state', 'token', 'lease_until', 'entry', 'interrupted', 'claimed_at',
            'finished_at',
        ],
        'toolresult_audit' => ['seq', 'scope', 'call_id', 'fingerprint', 'level', 'record', 'written_at'],
    ];

    /** The columns of layout 1 (a ledger keyed by call ID alone): recognised, so that it is migrated. */
    public const COLUMNS_1 = [
        'toolresult_meta' => ['key', 'value'],
        'toolresult_ledger' => [
            'call_id', 'state', 'token', 'lease_until', 'entry', 'interrupted', 'claimed_at', 'finished_at',
        ],
        'toolresult_audit' => ['seq', 'call_id', 'level', 'record', 'written_at'],
    ];

    private const LEVEL_MEMBERS = [
        'none' => ['level', 'version'],
        'metadata' => ['level', 'summary', 'version'],
        'redacted' => ['level', 'result', 'summary', 'version'],
        'full' => ['level', 'result', 'summary', 'version'],
    ];

    /** A call ID a store keeps unchanged, or an InvalidArgumentException saying why not (TR-REPLAY-21). */
    public static function checkCallId(string $callId): void
    {
        if ($callId === '') {
            throw new \InvalidArgumentException('a call ID must be a non-empty string');
        }
        if (!Utf8::isWellFormed($callId)) {
            throw new \InvalidArgumentException('a call ID must be well-formed UTF-8 (it holds a lone surrogate or ' .
                'a byte that is not UTF-8)');
        }
        if (str_contains($callId, "\0")) {
            throw new \InvalidArgumentException('a call ID must not contain U+0000');
        }
        if (strlen($callId) > self::MAX_CALL_ID_OCTETS) {
            throw new \InvalidArgumentException('a call ID must be at most ' . self::MAX_CALL_ID_OCTETS . ' UTF-8 ' .
                'octets');
        }
    }

    /**
     * A scope a store keeps unchanged (spec §7.3): a call ID's rules, except that "" (the default scope)
     * is allowed. The refusal never quotes the scope.
     */
    public static function checkScope(string $scope): void
    {
        if (!Utf8::isWellFormed($scope)) {
            throw new \InvalidArgumentException('a scope must be well-formed UTF-8 (it holds a lone surrogate or a ' .
                'byte that is not UTF-8)');
        }
        if (str_contains($scope, "\0")) {
            throw new \InvalidArgumentException('a scope must not contain U+0000');
        }
        if (strlen($scope) > self::MAX_CALL_ID_OCTETS) {
            throw new \InvalidArgumentException('a scope must be at most ' . self::MAX_CALL_ID_OCTETS . ' UTF-8 ' .
                'octets');
        }
    }

    /** A fingerprint as the seam makes it: "" or 64 lowercase hex digits. */
    public static function checkFingerprint(string $fingerprint): void
    {
        if ($fingerprint !== '' && (strlen($fingerprint) !== 64 || strspn($fingerprint, '0123456789abcdef') !== 64)) {
            throw new \InvalidArgumentException('a fingerprint must be empty or 64 lowercase hex digits');
        }
    }

    /** Checks a call's key (scope, call ID, fingerprint) before a store reads or writes by it. */
    public static function checkKey(string $scope, string $callId, string $fingerprint): void
    {
        self::checkCallId($callId);
        self::checkScope($scope);
        self::checkFingerprint($fingerprint);
    }

    /** One string per call's key, for a store's own maps: U+0000 is in none of the three parts. */
    public static function keyText(string $scope, string $callId, string $fingerprint): string
    {
        return $scope . "\0" . $callId . "\0" . $fingerprint;
    }

    public static function checkLeaseMs(mixed $leaseMs): int
    {
        if ($leaseMs === null) {
            return self::DEFAULT_LEASE_MS;
        }
        if (!is_int($leaseMs) || $leaseMs < 50 || $leaseMs > 86400000) {
            throw new \InvalidArgumentException('leaseMs must be an integer from 50 to 86,400,000');
        }
        return $leaseMs;
    }

    /** The stored text of an audit record: canonical JSON, refused with members its level forbids (TR-REPLAY-34). */
    public static function auditText(array $record): string
    {
        $level = $record['level'] ?? null;
        if (($record['version'] ?? null) !== 1 || !is_string($level) || !isset(self::LEVEL_MEMBERS[$level])) {
            throw new \InvalidArgumentException('an audit record must have version 1 and a privacy level');
        }
        $members = array_map('strval', array_keys($record));
        sort($members);
        if ($members !== self::LEVEL_MEMBERS[$level]) {
            throw new \InvalidArgumentException("an audit record at level $level has exactly the members " .
                "" . implode(', ', self::LEVEL_MEMBERS[$level]));
        }
        return CanonicalJson::encode((object) $record);
    }

    public static function nowMs(): int
    {
        return (int) floor(microtime(true) * 1000);
    }

    /** A random claim token (a UUID v4, so a PostgreSQL uuid column takes it). */
    public static function token(): string
    {
        $b = random_bytes(16);
        $b[6] = chr((ord($b[6]) & 0x0f) | 0x40);
        $b[8] = chr((ord($b[8]) & 0x3f) | 0x80);
        $h = bin2hex($b);
        return substr($h, 0, 8) . '-' . substr($h, 8, 4) . '-' . substr($h, 12, 4) . '-'
            . substr($h, 16, 4) . '-' . substr($h, 20);
    }
}
