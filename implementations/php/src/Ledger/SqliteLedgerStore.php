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
 *
 * Rows are keyed by the call (scope, call ID, fingerprint), layout 2 of §7.7; a ledger of layout 1
 * is migrated when it is opened (TR-REPLAY-41), whatever create says.
 */
final class SqliteLedgerStore implements DurableLedgerStore
{
    /** Layout 2 (spec §7.7), statement for statement as every implementation's SQLite store makes it. */
    public const LAYOUT = [
        'CREATE TABLE IF NOT EXISTS toolresult_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
)',
        "INSERT OR IGNORE INTO toolresult_meta (key, value) VALUES ('layout', '2')",
        self::LEDGER_TABLE,
        self::LEDGER_INDEX,
        self::AUDIT_TABLE,
        self::AUDIT_INDEX,
    ];

    private const LEDGER_TABLE = "CREATE TABLE IF NOT EXISTS toolresult_ledger (
  scope TEXT NOT NULL DEFAULT '',
  call_id TEXT NOT NULL,
  fingerprint TEXT NOT NULL DEFAULT '',
  state TEXT NOT NULL CHECK (state IN ('claimed', 'stored')),
  token TEXT,
  lease_until INTEGER,
  entry BLOB,
  interrupted INTEGER NOT NULL DEFAULT 0,
  claimed_at INTEGER NOT NULL,
  finished_at INTEGER,
  PRIMARY KEY (scope, call_id, fingerprint)
)";
    private const LEDGER_INDEX = "CREATE INDEX IF NOT EXISTS toolresult_ledger_finished ON toolresult_ledger " .
        "(finished_at) WHERE state = 'stored'";
    private const AUDIT_TABLE = "CREATE TABLE IF NOT EXISTS toolresult_audit (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  scope TEXT NOT NULL DEFAULT '',
  call_id TEXT NOT NULL,
  fingerprint TEXT NOT NULL DEFAULT '',
  level TEXT NOT NULL,
  record BLOB NOT NULL,
  written_at INTEGER NOT NULL
)";
    private const AUDIT_INDEX = 'CREATE INDEX IF NOT EXISTS toolresult_audit_call ON toolresult_audit ' .
        '(scope, call_id, fingerprint, seq)';

    /**
     * Layout 1 to 2 (spec §7.7), inside BEGIN IMMEDIATE: SQLite cannot change a primary key, so both
     * tables are rebuilt under their layout-2 statements and every row copied with scope "" and
     * fingerprint "" (the key the API without scopes and tools claims by), audit seq and its
     * high-water mark kept; the old tables go with their indexes, and the layout's indexes are made.
     */
    private const MIGRATION = [
        "INSERT INTO toolresult_ledger_v2 (scope, call_id, fingerprint, state, token, lease_until, entry, " .
            "interrupted, claimed_at, finished_at) SELECT '', call_id, '', state, token, lease_until, entry, " .
            "interrupted, claimed_at, finished_at FROM toolresult_ledger",
        "INSERT INTO toolresult_audit_v2 (seq, scope, call_id, fingerprint, level, record, written_at) SELECT seq, " .
            "'', call_id, '', level, record, written_at FROM toolresult_audit",
        "DELETE FROM sqlite_sequence WHERE name = 'toolresult_audit_v2'",
        "INSERT INTO sqlite_sequence (name, seq) SELECT 'toolresult_audit_v2', seq FROM sqlite_sequence WHERE name = " .
            "'toolresult_audit'",
        'DROP TABLE toolresult_ledger',
        'DROP TABLE toolresult_audit',
        'ALTER TABLE toolresult_ledger_v2 RENAME TO toolresult_ledger',
        'ALTER TABLE toolresult_audit_v2 RENAME TO toolresult_audit',
        self::LEDGER_INDEX,
        self::AUDIT_INDEX,
        "UPDATE toolresult_meta SET value = '2' WHERE key = 'layout'",
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

    // A task recorded since the row was read (always a blob) is taken over at the next try, not pinned.
    private const PIN = "UPDATE toolresult_ledger SET state = 'stored', token = NULL, lease_until = NULL, entry = " .
        "?, interrupted = 1, finished_at = ? "
        . "WHERE scope = ? AND call_id = ? AND fingerprint = ? AND state = 'claimed' AND (typeof(lease_until) NOT IN " .
            "('integer', 'real') OR lease_until <= ?) AND (typeof(entry) <> 'blob' OR entry = ?)";

    // A takeover (TR-REPLAY-43): the new claimant's token and lease, the task kept, while the lease is
    // still over and the row still holds the task read.
    private const TAKEOVER = "UPDATE toolresult_ledger SET token = ?, lease_until = ? WHERE scope = ? AND " .
        "call_id = ? AND fingerprint = ? AND state = 'claimed' AND (typeof(lease_until) NOT IN ('integer', " .
        "'real') OR lease_until <= ?) AND entry = ?";

    public readonly int $leaseMs;
    private readonly int $busyMs;
    private ?\PDO $db;
    private ?LeaseRenewer $renewer = null;
    /** @var array<string,string> StoreRules::keyText of a call => token of this store's live claims */
    private array $tokens = [];
    /** @var array<string,true> calls (keyText) whose row kept changing under a claim: their wait starts long */
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
        // Openers that meet one another (a WAL switch, a migration, tables being made) can get
        // SQLITE_BUSY where SQLite does not wait (a lock upgrade it refuses rather than deadlock): such
        // an open starts again, on a new connection, until the busy timeout has passed.
        $deadline = hrtime(true) + $this->busyMs * 1_000_000;
        for ($attempt = 1;; $attempt++) {
            try {
                $db = $this->open($path, $create);
                break;
            } catch (\PDOException $e) {
                $db = null;
                $code = ($e->errorInfo[1] ?? 0) & 0xff;
                if (($code !== 5 && $code !== 6) || hrtime(true) >= $deadline) {
                    throw $this->storeError('open the ledger', $e);
                }
                usleep(min(500, 20 * $attempt) * 1000);
            }
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

    /** One attempt at opening: read first, then the WAL switch, the tables or the migration. */
    private function open(string $path, ?bool $create): \PDO
    {
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
        } elseif ($found === 'layout 1') {
            $this->migrate($db);
        }
        return $db;
    }

    /**
     * Migrates a layout-1 ledger to layout 2 in one transaction (spec §7.7). The layout is read again
     * under the write lock: of processes that open one file at once, the first migrates, the others
     * find layout 2. create: false does not forbid it (the ledger exists; only its layout changes).
     */
    private function migrate(\PDO $db): void
    {
        $db->exec('BEGIN IMMEDIATE');
        try {
            $layout = $db->query("SELECT value FROM toolresult_meta WHERE key = 'layout'")->fetchColumn();
            if ($layout !== false && (string) $layout === '1') {
                // The layout's own CREATE TABLE statements, under the names the rebuilt tables have first.
                $v2 = [
                    'IF NOT EXISTS toolresult_ledger (' => 'toolresult_ledger_v2 (',
                    'IF NOT EXISTS toolresult_audit (' => 'toolresult_audit_v2 (',
                ];
                $db->exec(strtr(self::LEDGER_TABLE, $v2));
                $db->exec(strtr(self::AUDIT_TABLE, $v2));
                foreach (self::MIGRATION as $sql) {
                    $db->exec($sql);
                }
            }
            $db->exec('COMMIT');
        } catch (\Throwable $e) {
            try {
                $db->exec('ROLLBACK');
            } catch (\PDOException) {
                // SQLite rolled back already (an I/O error); the error below says why
            }
            throw $e;
        }
        if ($this->inspect($db, false) !== 'ledger') {
            throw new LedgerStoreError('ledger.store_conflict', "SQLite ledger {$this->path}: cannot open the " .
                "ledger: its migration from layout 1 left other tables than layout 2's");
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

    /**
     * What the database holds, read in one read transaction (without writing): the tables, their
     * columns and the layout row from one snapshot, so that a migration another process commits
     * meanwhile is seen whole or not at all.
     *
     * @return 'empty'|'ledger'|'layout 1' what the database holds, or the refusal
     */
    private function inspect(\PDO $db, ?bool $create): string
    {
        $db->exec('BEGIN');
        try {
            return $this->readTables($db, $create);
        } finally {
            $db->exec('COMMIT');
        }
    }

    private function readTables(\PDO $db, ?bool $create): string
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
        foreach (array_keys(StoreRules::COLUMNS) as $table) {
            if (!isset($tables[$table])) {
                throw $refuse('ledger.store_conflict', 'it holds ' . implode(', ', $ours) . " but no $table; it was " .
                    "not changed");
            }
        }
        $columns = [];
        foreach (array_keys(StoreRules::COLUMNS) as $table) {
            $have = $db->query("SELECT name FROM pragma_table_info('$table')")->fetchAll(\PDO::FETCH_COLUMN);
            sort($have);
            $columns[$table] = $have;
        }
        $conflict = fn (string $table) => $refuse('ledger.store_conflict', "its table $table has other columns than " .
            "a ledger's; it was not changed");
        // The layout row first (§7.7): it says which columns the tables must have.
        if ($columns['toolresult_meta'] !== StoreRules::COLUMNS['toolresult_meta']) {
            throw $conflict('toolresult_meta');
        }
        $layout = $db->query("SELECT value FROM toolresult_meta WHERE key = 'layout'")->fetchColumn();
        if ($layout === false) {
            throw $refuse('ledger.store_no_layout', 'toolresult_meta holds no layout row; it was not changed');
        }
        $known = match ((string) $layout) {
            '1' => StoreRules::COLUMNS_1,
            (string) StoreRules::LAYOUT_VERSION => StoreRules::COLUMNS,
            default => throw new LedgerStoreError('ledger.store_layout', "SQLite ledger {$this->path}: its tables " .
                "have layout " . substr((string) $layout, 0, 20) . ', this implementation knows layout ' .
                    StoreRules::LAYOUT_VERSION . ' (and migrates layout 1)'),
        };
        foreach ($known as $table => $want) {
            sort($want);
            if ($columns[$table] !== $want) {
                throw $conflict($table);
            }
        }
        return (string) $layout === '1' ? 'layout 1' : 'ledger';
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

    /**
     * @return array{0:mixed,1:mixed,2:mixed,3:mixed}|null the call's row: state, entry and lease_until as
     *         SQLite holds them, and the entry's type (PDO reads a TEXT and a BLOB alike as a string)
     */
    private function row(string $scope, string $callId, string $fingerprint): ?array
    {
        $q = $this->db()->prepare('SELECT state, entry, lease_until, typeof(entry) FROM toolresult_ledger WHERE ' .
            'scope = ? AND ' .
            'call_id = ? AND fingerprint = ?');
        $q->execute([$scope, $callId, $fingerprint]);
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

    public function claim(string $callId, string $scope = '', string $fingerprint = ''): array
    {
        StoreRules::checkKey($scope, $callId, $fingerprint);
        $this->renewer?->check("SQLite ledger {$this->path}");
        $key = StoreRules::keyText($scope, $callId, $fingerprint);
        try {
            $db = $this->db();
            for ($try = 0; $try < StoreRules::CLAIM_TRIES; $try++) {
                $token = StoreRules::token();
                $now = StoreRules::nowMs();
                $ins = $db->prepare("INSERT INTO toolresult_ledger (scope, call_id, fingerprint, state, token, " .
                    "lease_until, claimed_at) VALUES (?, ?, ?, 'claimed', ?, ?, ?) ON CONFLICT (scope, call_id, " .
                    "fingerprint) DO NOTHING");
                $ins->execute([$scope, $callId, $fingerprint, $token, $now + $this->leaseMs, $now]);
                if ($ins->rowCount() === 1) {
                    $this->tokens[$key] = $token;
                    $this->renewer?->hold($callId, $token, $scope, $fingerprint);
                    return ['claimed'];
                }
                $row = $this->row($scope, $callId, $fingerprint);
                if ($row === null) {
                    continue; // abandoned in between: claim again
                }
                [$state, $entry, $leaseUntil, $entryType] = $row;
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
                $t = StoreRules::nowMs();
                // Only a blob holds a task (every store writes one): a TEXT is no task, as in every language.
                $taskId = $entryType === 'blob' ? TaskEntry::taskOf($entry) : null;
                if ($taskId !== null) {
                    // The claimant died after it recorded a task: this claim follows the task (TR-REPLAY-43).
                    $took = $db->prepare(self::TAKEOVER);
                    $took->bindValue(1, $token);
                    $took->bindValue(2, $t + $this->leaseMs, \PDO::PARAM_INT);
                    $took->bindValue(3, $scope);
                    $took->bindValue(4, $callId);
                    $took->bindValue(5, $fingerprint);
                    $took->bindValue(6, $t, \PDO::PARAM_INT);
                    $took->bindValue(7, $entry, \PDO::PARAM_LOB);
                    $took->execute();
                    if ($took->rowCount() === 1) {
                        $this->tokens[$key] = $token;
                        $this->renewer?->hold($callId, $token, $scope, $fingerprint);
                        return ['claimed', ['taskId' => $taskId]];
                    }
                    continue;
                }
                // The claimant stopped renewing: the call is interrupted, never run again (TR-REPLAY-23).
                $pin = $db->prepare(self::PIN);
                $pin->bindValue(1, Interrupted::ENTRY, \PDO::PARAM_LOB);
                $pin->bindValue(2, $t, \PDO::PARAM_INT);
                $pin->bindValue(3, $scope);
                $pin->bindValue(4, $callId);
                $pin->bindValue(5, $fingerprint);
                $pin->bindValue(6, $t, \PDO::PARAM_INT);
                $blob = $entryType === 'blob' && is_string($entry);
                $pin->bindValue(7, $blob ? $entry : null, $blob ? \PDO::PARAM_LOB : \PDO::PARAM_NULL);
                $pin->execute();
                if ($pin->rowCount() === 1) {
                    return ['stored', Interrupted::ENTRY];
                }
            }
        } catch (\PDOException $e) {
            throw $this->storeError('claim a call ID', $e);
        }
        $this->contended[$key] = true; // the row kept changing: the wait starts at its longest pause
        return ['pending'];
    }

    public function finish(string $callId, string $entry, string $scope = '', string $fingerprint = ''): void
    {
        $token = $this->release($scope, $callId, $fingerprint);
        try {
            $q = $this->db()->prepare("UPDATE toolresult_ledger SET state = 'stored', token = NULL, lease_until = " .
                "NULL, entry = ?, finished_at = ? WHERE scope = ? AND call_id = ? AND fingerprint = ? AND token = ? " .
                "AND state = 'claimed'");
            $q->bindValue(1, $entry, \PDO::PARAM_LOB);
            $q->bindValue(2, StoreRules::nowMs(), \PDO::PARAM_INT);
            $q->bindValue(3, $scope);
            $q->bindValue(4, $callId);
            $q->bindValue(5, $fingerprint);
            $q->bindValue(6, $token);
            $q->execute();
        } catch (\PDOException $e) {
            throw $this->storeError('store a finished entry', $e);
        }
        if ($q->rowCount() !== 1) {
            throw new LedgerStoreError('ledger.lease_lost', "SQLite ledger {$this->path}: the claim's lease expired " .
                "and the call was recorded as interrupted before its result was stored");
        }
    }

    public function recordTask(string $callId, string $taskId, string $scope = '', string $fingerprint = ''): void
    {
        $entry = TaskEntry::entry($taskId);
        $token = $this->tokens[StoreRules::keyText($scope, $callId, $fingerprint)] ?? throw new \LogicException(
            'this store holds no claim of the call (already settled?)'
        );
        try {
            // synchronous = FULL: on disk before the statement returns.
            $q = $this->db()->prepare("UPDATE toolresult_ledger SET entry = ? WHERE scope = ? AND call_id = ? AND " .
                "fingerprint = ? AND token = ? AND state = 'claimed'");
            $q->bindValue(1, $entry, \PDO::PARAM_LOB);
            $q->bindValue(2, $scope);
            $q->bindValue(3, $callId);
            $q->bindValue(4, $fingerprint);
            $q->bindValue(5, $token);
            $q->execute();
        } catch (\PDOException $e) {
            throw $this->storeError('record a task', $e);
        }
        if ($q->rowCount() !== 1) {
            throw new LedgerStoreError('ledger.lease_lost', "SQLite ledger {$this->path}: the claim's lease expired " .
                "and another claim settled or took over the call before its task was recorded");
        }
    }

    public function abandon(string $callId, string $scope = '', string $fingerprint = ''): void
    {
        if (!isset($this->tokens[StoreRules::keyText($scope, $callId, $fingerprint)])) {
            return;
        }
        $token = $this->release($scope, $callId, $fingerprint);
        try {
            $this->db()->prepare("DELETE FROM toolresult_ledger WHERE scope = ? AND call_id = ? AND fingerprint = ? " .
                "AND token = ? AND state = 'claimed'")->execute([$scope, $callId, $fingerprint, $token]);
        } catch (\PDOException $e) {
            throw $this->storeError('abandon a claim', $e);
        }
    }

    private function release(string $scope, string $callId, string $fingerprint): string
    {
        $key = StoreRules::keyText($scope, $callId, $fingerprint);
        $token = $this->tokens[$key] ?? throw new \LogicException('this store holds no claim of the call ' .
            '(already settled?)');
        unset($this->tokens[$key]);
        $this->renewer?->drop($token);
        return $token;
    }

    public function renewLease(string $callId, string $token, string $scope = '', string $fingerprint = ''): bool
    {
        $q = $this->db()->prepare("UPDATE toolresult_ledger SET lease_until = ? WHERE scope = ? AND call_id = ? AND " .
            "fingerprint = ? AND token = ? AND state = 'claimed'");
        $q->execute([StoreRules::nowMs() + $this->leaseMs, $scope, $callId, $fingerprint, $token]);
        return $q->rowCount() === 1;
    }

    /** Re-reads the call's row with a pause growing from 2 ms to 50 ms (TR-REPLAY-26), whatever it holds. */
    public function settle(string $callId, string $scope = '', string $fingerprint = ''): void
    {
        $key = StoreRules::keyText($scope, $callId, $fingerprint);
        $pause = isset($this->contended[$key]) ? 50 : 2;
        unset($this->contended[$key]);
        while (true) {
            usleep($pause * 1000);
            $pause = min(50, $pause * 2);
            try {
                $row = $this->row($scope, $callId, $fingerprint);
            } catch (\Throwable) {
                return; // the next claim reports the store's error
            }
            if ($row === null || $row[0] !== 'claimed' || self::leaseRanOut($row[2], StoreRules::nowMs())) {
                return;
            }
        }
    }

    public function entry(string $callId, string $scope = '', string $fingerprint = ''): ?string
    {
        StoreRules::checkKey($scope, $callId, $fingerprint);
        try {
            $row = $this->row($scope, $callId, $fingerprint);
        } catch (\PDOException $e) {
            throw $this->storeError('read an entry', $e);
        }
        return $row === null || $row[0] !== 'stored' ? null : self::text($row[1]);
    }

    public function appendAudit(string $callId, array $record, string $scope = '', string $fingerprint = ''): void
    {
        StoreRules::checkKey($scope, $callId, $fingerprint);
        $text = StoreRules::auditText($record);
        try {
            $q = $this->db()->prepare('INSERT INTO toolresult_audit (scope, call_id, fingerprint, level, record, ' .
                'written_at) VALUES (?, ?, ?, ?, ?, ?)');
            $q->bindValue(1, $scope);
            $q->bindValue(2, $callId);
            $q->bindValue(3, $fingerprint);
            $q->bindValue(4, $record['level']);
            $q->bindValue(5, $text, \PDO::PARAM_LOB);
            $q->bindValue(6, StoreRules::nowMs(), \PDO::PARAM_INT);
            $q->execute();
        } catch (\PDOException $e) {
            throw $this->storeError('append an audit record', $e);
        }
    }

    public function auditRecords(string $callId, string $scope = '', string $fingerprint = ''): array
    {
        StoreRules::checkKey($scope, $callId, $fingerprint);
        try {
            $q = $this->db()->prepare('SELECT record FROM toolresult_audit WHERE scope = ? AND call_id = ? AND ' .
                'fingerprint = ? ORDER BY seq');
            $q->execute([$scope, $callId, $fingerprint]);
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
