<?php

declare(strict_types=1);

namespace ToolResult\Ledger;

/**
 * The SQLite ledger (spec §7.4–7.8) through PDO (Debian's php-sqlite3): one file in WAL mode with
 * synchronous=FULL, safe for many processes of one machine, the tables of every other
 * implementation's SQLite store, so each opens the others' files.
 *
 *     $ledger = new SqliteLedgerStore('/var/lib/agent/ledger.db');
 *     $result = ExecutionSeam::execute('call-1', $tool, $ledger);
 *
 * Options: leaseMs (30,000), busyTimeoutMs (30,000), create (null: a missing file is created, an
 * empty one refused; true: an empty file or database becomes a ledger too; false: only an existing
 * ledger opens), renew (true: a renewer process keeps live claims' leases, TR-REPLAY-22).
 */
final class SqliteLedgerStore implements DurableLedgerStore
{
    public const LAYOUT = [
        'CREATE TABLE IF NOT EXISTS toolresult_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)',
        "INSERT OR IGNORE INTO toolresult_meta (key, value) VALUES ('layout', '1')",
        "CREATE TABLE IF NOT EXISTS toolresult_ledger (
  call_id TEXT PRIMARY KEY,
  state TEXT NOT NULL CHECK (state IN ('claimed', 'stored')),
  token TEXT,
  lease_until INTEGER,
  entry BLOB,
  interrupted INTEGER NOT NULL DEFAULT 0,
  claimed_at INTEGER NOT NULL,
  finished_at INTEGER
)",
        "CREATE INDEX IF NOT EXISTS toolresult_ledger_finished ON toolresult_ledger (finished_at) WHERE state = " .
            "'stored'",
        'CREATE TABLE IF NOT EXISTS toolresult_audit (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  call_id TEXT NOT NULL,
  level TEXT NOT NULL,
  record BLOB NOT NULL,
  written_at INTEGER NOT NULL
)',
        'CREATE INDEX IF NOT EXISTS toolresult_audit_call ON toolresult_audit (call_id, seq)',
    ];

    /** SQLite's primary result codes, as PDO reports them (errorInfo[1]), by name and in words. */
    private const CODES = [
        3 => ['SQLITE_PERM', 'access to the database file is denied'],
        5 => ['SQLITE_BUSY', 'the database is locked by another connection'],
        6 => ['SQLITE_LOCKED', 'the database is locked by another connection'],
        8 => ['SQLITE_READONLY', 'the database is read-only'],
        10 => ['SQLITE_IOERR', 'an I/O error occurred'],
        11 => ['SQLITE_CORRUPT', 'the database file is corrupt'],
        13 => ['SQLITE_FULL', 'the disk holding the database is full'],
        14 => ['SQLITE_CANTOPEN', 'the database file cannot be opened'],
        26 => ['SQLITE_NOTADB', 'the file is not a SQLite database'],
    ];

    private const PIN = "UPDATE toolresult_ledger SET state = 'stored', token = NULL, lease_until = NULL, entry = " .
        "?, interrupted = 1, finished_at = ? "
        . "WHERE call_id = ? AND state = 'claimed' AND (typeof(lease_until) NOT IN ('integer', 'real') OR " .
            "lease_until <= ?)";

    public readonly int $leaseMs;
    private readonly int $busyMs;
    private ?\PDO $db;
    private ?LeaseRenewer $renewer = null;
    /** @var array<string,string> call ID => token of this store's live claims */
    private array $tokens = [];
    /** @var array<string,true> call IDs whose row kept changing under a claim: their wait starts long */
    private array $contended = [];

    /** @param array{leaseMs?:int,busyTimeoutMs?:int,create?:?bool,renew?:bool} $options */
    public function __construct(public readonly string $path, array $options = [])
    {
        $this->leaseMs = StoreRules::checkLeaseMs($options['leaseMs'] ?? null);
        $busy = $options['busyTimeoutMs'] ?? 30000;
        if (!is_int($busy) || $busy < 0) {
            throw new \InvalidArgumentException('busyTimeoutMs must be a non-negative integer');
        }
        $this->busyMs = $busy;
        $create = $options['create'] ?? null;
        if ($create !== null && !is_bool($create)) {
            throw new \InvalidArgumentException('create must be true, false or null');
        }
        $db = null;
        try {
            $this->checkFile($create);
            $db = $this->connect($path);
            // Read before any write: the WAL switch and the tables go only to a ledger or an empty database.
            $found = $this->inspect($db, $create);
            $db->exec('PRAGMA journal_mode = WAL');
            // FULL: a claim is on disk before the tool runs, a finished entry survives a power loss.
            $db->exec('PRAGMA synchronous = FULL');
            if ($found === 'empty') {
                $db->exec('BEGIN IMMEDIATE');
                foreach (self::LAYOUT as $sql) { // IF NOT EXISTS: another process may have made them since
                    $db->exec($sql);
                }
                $db->exec('COMMIT');
                $this->inspect($db, true);
            }
        } catch (\PDOException $e) {
            throw $this->storeError('open the ledger', $e);
        }
        $this->db = $db;
        if (($options['renew'] ?? true) === true) {
            $this->renewer = new LeaseRenewer(
                [
                    'backend' => 'sqlite',
                    'path' => $path,
                    'options' => ['leaseMs' => $this->leaseMs, 'busyTimeoutMs' => $busy],
                ],
                "SQLite ledger $path",
            );
        }
    }

    private function connect(string $path): \PDO
    {
        // READWRITE without CREATE: a missing ledger is made whole by createWhole() alone.
        $db = new \PDO('sqlite:' . $path, null, null, [
            \PDO::ATTR_ERRMODE => \PDO::ERRMODE_EXCEPTION,
            \PDO::SQLITE_ATTR_OPEN_FLAGS => \PDO::SQLITE_OPEN_READWRITE,
            \PDO::ATTR_STRINGIFY_FETCHES => false,
        ]);
        $db->exec('PRAGMA busy_timeout = ' . $this->busyMs);
        return $db;
    }

    /** Before the driver opens the path: a missing file is created whole, an empty one refused (TR-REPLAY-37). */
    private function checkFile(?bool $create): void
    {
        clearstatcache(true, $this->path);
        $size = @filesize($this->path);
        if ($size === false) {
            if (file_exists($this->path)) {
                return; // the driver names what it finds
            }
            if (!is_dir(dirname($this->path))) {
                throw new LedgerStoreError('ledger.store_failed', "SQLite ledger {$this->path}: cannot open the " .
                    "ledger: its folder does not exist (ENOENT)", 'ENOENT');
            }
            if ($create === false) {
                throw new LedgerStoreError('ledger.store_missing', "SQLite ledger {$this->path}: cannot open the " .
                    "ledger: the file does not exist, and create is false");
            }
            $this->createWhole();
            return;
        }
        if ($size === 0 && $create !== true) {
            throw new LedgerStoreError(
                'ledger.store_empty_file',
                "SQLite ledger {$this->path}: cannot open the ledger: the file is empty (0 bytes); a ledger that " .
                    "held entries may have been truncated; it was not changed. Pass create: true to start a new " .
                        "ledger in it",
            );
        }
    }

    /** A new ledger is made under another name and linked into place: no process sees it as an empty file. */
    private function createWhole(): void
    {
        $tmp = sprintf('%s.%d.%s.new', $this->path, getmypid(), bin2hex(random_bytes(8)));
        try {
            $db = new \PDO('sqlite:' . $tmp, null, null, [\PDO::ATTR_ERRMODE => \PDO::ERRMODE_EXCEPTION]);
            $db->exec('BEGIN IMMEDIATE');
            foreach (self::LAYOUT as $sql) {
                $db->exec($sql);
            }
            $db->exec('COMMIT');
            $db = null;
            if (!@link($tmp, $this->path) && !file_exists($this->path)) {
                $said = error_get_last()['message'] ?? '';
                throw new LedgerStoreError('ledger.store_failed', "SQLite ledger {$this->path}: cannot create the " .
                    "ledger: the file cannot be linked into place (" . substr($said, 0, 120) . ')');
            }
        } finally {
            @unlink($tmp);
        }
    }

    /** @return 'empty'|'ledger' what the database holds, read without writing, or the refusal */
    private function inspect(\PDO $db, ?bool $create): string
    {
        $refuse = fn (string $code, string $why) => new LedgerStoreError($code, "SQLite ledger {$this->path}: " .
            "cannot open the ledger: $why");
        $objects = $db->query("SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE " .
            "'\\'")->fetchAll(\PDO::FETCH_NUM);
        if ($objects === []) {
            if ($create === false) {
                throw $refuse('ledger.store_missing', 'the database holds no tables, and create is false');
            }
            return 'empty';
        }
        $tables = [];
        foreach ($objects as [$type, $name]) {
            if ($type === 'table') {
                $tables[$name] = true;
            }
        }
        $ours = array_values(array_filter(array_keys(StoreRules::COLUMNS), fn ($t) => isset($tables[$t])));
        if ($ours === []) {
            throw $refuse('ledger.store_foreign', 'the database holds ' . count($tables) . " table(s), none of them " .
                "a ledger's; it was not changed");
        }
        foreach (StoreRules::COLUMNS as $table => $columns) {
            if (!isset($tables[$table])) {
                throw $refuse('ledger.store_conflict', 'it holds ' . implode(', ', $ours) . " but no $table; it was " .
                    "not changed");
            }
            $have = $db->query("SELECT name FROM pragma_table_info('$table')")->fetchAll(\PDO::FETCH_COLUMN);
            sort($have);
            $want = $columns;
            sort($want);
            if ($have !== $want) {
                throw $refuse('ledger.store_conflict', "its table $table has other columns than a ledger's; it was " .
                    "not changed");
            }
        }
        $layout = $db->query("SELECT value FROM toolresult_meta WHERE key = 'layout'")->fetchColumn();
        if ($layout === false) {
            throw $refuse('ledger.store_no_layout', 'toolresult_meta holds no layout row; it was not changed');
        }
        if ((string) $layout !== (string) StoreRules::LAYOUT_VERSION) {
            throw new LedgerStoreError('ledger.store_layout', "SQLite ledger {$this->path}: its tables have layout " .
                "" . substr((string) $layout, 0, 20) . ', this implementation knows layout ' .
                    '' . StoreRules::LAYOUT_VERSION);
        }
        return 'ledger';
    }

    private function storeError(string $doing, \Throwable $e): LedgerStoreError
    {
        if ($e instanceof LedgerStoreError) {
            return $e;
        }
        $code = $e instanceof \PDOException ? ($e->errorInfo[1] ?? null) : null;
        if (is_int($code) && isset(self::CODES[$code & 0xff])) {
            [$name, $words] = self::CODES[$code & 0xff];
            return new LedgerStoreError('ledger.store_failed', "SQLite ledger {$this->path}: cannot $doing: $words " .
                "($name)", $name);
        }
        // Without a known code: the driver's words (about the file, never a bound value), cut short.
        $named = is_int($code) ? "SQLite result code $code" : $e::class;
        return new LedgerStoreError('ledger.store_failed', "SQLite ledger {$this->path}: cannot $doing: the SQLite " .
            "driver failed: " . substr($e->getMessage(), 0, 160) . " ($named)", is_int($code) ? (string) $code : null);
    }

    private function db(): \PDO
    {
        return $this->db ?? throw new LedgerStoreError('ledger.store_failed', "SQLite ledger {$this->path}: the " .
            "ledger is closed");
    }

    /** @return array{0:mixed,1:mixed,2:mixed}|null the row's state, entry and lease_until as SQLite holds them */
    private function row(string $callId): ?array
    {
        $q = $this->db()->prepare('SELECT state, entry, lease_until FROM toolresult_ledger WHERE call_id = ?');
        $q->execute([$callId]);
        $row = $q->fetch(\PDO::FETCH_NUM);
        return $row === false ? null : $row;
    }

    /** A lease that is not a number (NULL, text, a blob: an operator's "release") has run out like a past one. */
    private static function leaseRanOut(mixed $leaseUntil, int $now): bool
    {
        if (is_int($leaseUntil) || (is_float($leaseUntil) && !is_nan($leaseUntil))) {
            return $leaseUntil <= $now;
        }
        return true;
    }

    private static function text(mixed $entry): string
    {
        return $entry === null ? StoreRules::NO_ENTRY : (is_string($entry) ? $entry : "\0not an entry");
    }

    public function claim(string $callId): array
    {
        StoreRules::checkCallId($callId);
        $this->renewer?->check("SQLite ledger {$this->path}");
        try {
            $db = $this->db();
            for ($try = 0; $try < StoreRules::CLAIM_TRIES; $try++) {
                $token = StoreRules::token();
                $now = StoreRules::nowMs();
                $ins = $db->prepare("INSERT INTO toolresult_ledger (call_id, state, token, lease_until, claimed_at) " .
                    "VALUES (?, 'claimed', ?, ?, ?) ON CONFLICT (call_id) DO NOTHING");
                $ins->execute([$callId, $token, $now + $this->leaseMs, $now]);
                if ($ins->rowCount() === 1) {
                    $this->tokens[$callId] = $token;
                    $this->renewer?->hold($callId, $token);
                    return ['claimed'];
                }
                $row = $this->row($callId);
                if ($row === null) {
                    continue; // abandoned in between: claim again
                }
                [$state, $entry, $leaseUntil] = $row;
                if ($state === 'stored') {
                    return ['stored', self::text($entry)];
                }
                if ($state !== 'claimed') {
                    // Not a state of the layout (a table made without its CHECK): never run, never waited on.
                    return ['stored', "\0not a state"];
                }
                if (!self::leaseRanOut($leaseUntil, StoreRules::nowMs())) {
                    return ['pending'];
                }
                // The claimant stopped renewing: the call is interrupted, never run again (TR-REPLAY-23).
                $t = StoreRules::nowMs();
                $pin = $db->prepare(self::PIN);
                $pin->bindValue(1, Interrupted::ENTRY, \PDO::PARAM_LOB);
                $pin->bindValue(2, $t, \PDO::PARAM_INT);
                $pin->bindValue(3, $callId);
                $pin->bindValue(4, $t, \PDO::PARAM_INT);
                $pin->execute();
                if ($pin->rowCount() === 1) {
                    return ['stored', Interrupted::ENTRY];
                }
            }
        } catch (\PDOException $e) {
            throw $this->storeError('claim a call ID', $e);
        }
        $this->contended[$callId] = true; // the row kept changing: the wait starts at its longest pause
        return ['pending'];
    }

    public function finish(string $callId, string $entry): void
    {
        $token = $this->release($callId);
        try {
            $q = $this->db()->prepare("UPDATE toolresult_ledger SET state = 'stored', token = NULL, lease_until = " .
                "NULL, entry = ?, finished_at = ? WHERE call_id = ? AND token = ? AND state = 'claimed'");
            $q->bindValue(1, $entry, \PDO::PARAM_LOB);
            $q->bindValue(2, StoreRules::nowMs(), \PDO::PARAM_INT);
            $q->bindValue(3, $callId);
            $q->bindValue(4, $token);
            $q->execute();
        } catch (\PDOException $e) {
            throw $this->storeError('store a finished entry', $e);
        }
        if ($q->rowCount() !== 1) {
            throw new LedgerStoreError('ledger.lease_lost', "SQLite ledger {$this->path}: the claim's lease expired " .
                "and the call was recorded as interrupted before its result was stored");
        }
    }

    public function abandon(string $callId): void
    {
        if (!isset($this->tokens[$callId])) {
            return;
        }
        $token = $this->release($callId);
        try {
            $this->db()->prepare("DELETE FROM toolresult_ledger WHERE call_id = ? AND token = ? AND state = " .
                "'claimed'")->execute([$callId, $token]);
        } catch (\PDOException $e) {
            throw $this->storeError('abandon a claim', $e);
        }
    }

    private function release(string $callId): string
    {
        $token = $this->tokens[$callId] ?? throw new \LogicException('this store holds no claim of the call ID ' .
            '(already settled?)');
        unset($this->tokens[$callId]);
        $this->renewer?->drop($token);
        return $token;
    }

    public function renewLease(string $callId, string $token): bool
    {
        $q = $this->db()->prepare("UPDATE toolresult_ledger SET lease_until = ? WHERE call_id = ? AND token = ? AND " .
            "state = 'claimed'");
        $q->execute([StoreRules::nowMs() + $this->leaseMs, $callId, $token]);
        return $q->rowCount() === 1;
    }

    /** Re-reads the row with a pause growing from 2 ms to 50 ms (TR-REPLAY-26), whatever it holds. */
    public function settle(string $callId): void
    {
        $pause = isset($this->contended[$callId]) ? 50 : 2;
        unset($this->contended[$callId]);
        while (true) {
            usleep($pause * 1000);
            $pause = min(50, $pause * 2);
            try {
                $row = $this->row($callId);
            } catch (\Throwable) {
                return; // the next claim reports the store's error
            }
            if ($row === null || $row[0] !== 'claimed' || self::leaseRanOut($row[2], StoreRules::nowMs())) {
                return;
            }
        }
    }

    public function entry(string $callId): ?string
    {
        StoreRules::checkCallId($callId);
        try {
            $row = $this->row($callId);
        } catch (\PDOException $e) {
            throw $this->storeError('read an entry', $e);
        }
        return $row === null || $row[0] !== 'stored' ? null : self::text($row[1]);
    }

    public function appendAudit(string $callId, array $record): void
    {
        StoreRules::checkCallId($callId);
        $text = StoreRules::auditText($record);
        try {
            $q = $this->db()->prepare('INSERT INTO toolresult_audit (call_id, level, record, written_at) VALUES (?, ' .
                '?, ?, ?)');
            $q->bindValue(1, $callId);
            $q->bindValue(2, $record['level']);
            $q->bindValue(3, $text, \PDO::PARAM_LOB);
            $q->bindValue(4, StoreRules::nowMs(), \PDO::PARAM_INT);
            $q->execute();
        } catch (\PDOException $e) {
            throw $this->storeError('append an audit record', $e);
        }
    }

    public function auditRecords(string $callId): array
    {
        StoreRules::checkCallId($callId);
        try {
            $q = $this->db()->prepare('SELECT record FROM toolresult_audit WHERE call_id = ? ORDER BY seq');
            $q->execute([$callId]);
            return array_map(fn ($r) => (string) $r, $q->fetchAll(\PDO::FETCH_COLUMN));
        } catch (\PDOException $e) {
            throw $this->storeError('read audit records', $e);
        }
    }

    public function prune(int $olderThanMs): int
    {
        if ($olderThanMs < 0) {
            throw new \InvalidArgumentException('olderThanMs must be non-negative');
        }
        try {
            $q = $this->db()->prepare("DELETE FROM toolresult_ledger WHERE state = 'stored' AND finished_at < ?");
            $q->execute([StoreRules::nowMs() - $olderThanMs]);
            return $q->rowCount();
        } catch (\PDOException $e) {
            throw $this->storeError('prune entries', $e);
        }
    }

    public function close(): void
    {
        $this->renewer?->close();
        $this->renewer = null;
        $this->tokens = [];
        $this->db = null;
    }
}
