<?php

declare(strict_types=1);

namespace ToolResult\Ledger;

/**
 * The PostgreSQL ledger (spec §7.4–7.8) through PDO (Debian's php-pgsql), for workers on many
 * machines: the tables of every other implementation's PostgreSQL store. Claims are a unique key,
 * leases run on the database's clock, every statement commits on its own (a claim is durable before
 * it answers claimed), and a waiting caller sleeps on LISTEN/NOTIFY with a timer at the lease's end.
 *
 *     $ledger = new PostgresLedgerStore('pgsql:host=db;dbname=agent', [], 'agent', getenv('PGPASSWORD'));
 *
 * Options: leaseMs (30,000), lockTimeoutMs (5,000), create (true: missing tables are made; false:
 * only existing ledger tables open), renew (true: a renewer process keeps live claims' leases).
 *
 * Rows are keyed by the call (scope, call ID, fingerprint), layout 2 of §7.7; a ledger of layout 1
 * is migrated when it is opened (TR-REPLAY-41), whatever create says. Notifications and the waiter
 * lock name the call ID alone: calls that share it wake together and each re-reads its own row.
 */
final class PostgresLedgerStore implements DurableLedgerStore
{
    public const CHANNEL = 'toolresult_ledger';
    /** The waiter lock's two keys (TR-REPLAY-26), computed by the server from the call ID parameter. */
    private const WAITER_LOCK = "hashtext('toolresult_ledger waiter'), hashtext(?)";

    /** Layout 2 (spec §7.7), statement for statement as every implementation's PostgreSQL store makes it. */
    public const LAYOUT = <<<'SQL'
CREATE TABLE IF NOT EXISTS toolresult_meta (
  key text PRIMARY KEY,
  value text NOT NULL
);
INSERT INTO toolresult_meta (key, value) VALUES ('layout', '2') ON CONFLICT (key) DO NOTHING;
CREATE TABLE IF NOT EXISTS toolresult_ledger (
  scope text NOT NULL DEFAULT '',
  call_id text NOT NULL,
  fingerprint text NOT NULL DEFAULT '',
  state text NOT NULL CHECK (state IN ('claimed', 'stored')),
  token uuid,
  lease_until timestamptz,
  entry bytea,
  interrupted boolean NOT NULL DEFAULT false,
  claimed_at timestamptz NOT NULL,
  finished_at timestamptz,
  PRIMARY KEY (scope, call_id, fingerprint)
);
CREATE INDEX IF NOT EXISTS toolresult_ledger_claimed ON toolresult_ledger (claimed_at);
CREATE TABLE IF NOT EXISTS toolresult_audit (
  seq bigserial PRIMARY KEY,
  scope text NOT NULL DEFAULT '',
  call_id text NOT NULL,
  fingerprint text NOT NULL DEFAULT '',
  level text NOT NULL,
  record bytea NOT NULL,
  written_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS toolresult_audit_call ON toolresult_audit (scope, call_id, fingerprint, seq);
SQL;

    /**
     * Layout 1 to 2 (spec §7.7), once the three tables are locked and the layout read again as 1: the
     * key columns added with their default (every row of layout 1 gets scope "" and fingerprint "",
     * the key the API without scopes and tools claims by); then the primary key, dropped by the name
     * the server gave it, and the audit index are replaced (MIGRATION_KEYS).
     */
    private const MIGRATION_COLUMNS = <<<'SQL'
ALTER TABLE toolresult_ledger
  ADD COLUMN scope text NOT NULL DEFAULT '',
  ADD COLUMN fingerprint text NOT NULL DEFAULT '';
ALTER TABLE toolresult_audit
  ADD COLUMN scope text NOT NULL DEFAULT '',
  ADD COLUMN fingerprint text NOT NULL DEFAULT '';
SQL;

    private const MIGRATION_KEYS = <<<'SQL'
ALTER TABLE toolresult_ledger ADD CONSTRAINT toolresult_ledger_pkey PRIMARY KEY (scope, call_id, fingerprint);
DROP INDEX IF EXISTS toolresult_audit_call;
CREATE INDEX toolresult_audit_call ON toolresult_audit (scope, call_id, fingerprint, seq);
UPDATE toolresult_meta SET value = '2' WHERE key = 'layout';
SQL;

    /** SQLSTATEs (and classes of them) in words. */
    private const CAUSES = [
        '55P03' => 'a lock was not granted in time (the table or row is locked by another session)',
        '57014' => 'the statement was cancelled (statement timeout or cancel request)',
        '53100' => 'the disk holding the database is full',
        '53200' => 'the server is out of memory',
        '53300' => 'the server has too many connections',
        '57P01' => 'the server terminated the connection',
        '57P02' => 'the server terminated the connection',
        '57P03' => 'the server is not accepting connections yet',
        '25006' => 'the database is read-only',
        '42501' => 'the database user lacks a privilege the ledger needs',
        '3D000' => 'the database does not exist',
        '28P01' => 'the password was refused',
        '28000' => 'the connection was not authorized',
    ];

    /** libpq's words for a system error of the connection, and the error's name. */
    private const SYSTEM = [
        'No such file or directory' => ['ENOENT', 'the server socket does not exist (is it running?)'],
        'Connection refused' => ['ECONNREFUSED', 'the server refused the connection (is it running?)'],
        'Connection reset by peer' => ['ECONNRESET', 'the connection was reset'],
        'Broken pipe' => ['EPIPE', 'the connection to the server was lost (it closed while the ledger was writing)'],
        'Connection timed out' => ['ETIMEDOUT', 'the connection timed out'],
        'No route to host' => ['EHOSTUNREACH', 'the server host cannot be reached'],
        'Network is unreachable' => ['ENETUNREACH', 'the network of the server cannot be reached'],
    ];

    public readonly int $leaseMs;
    private readonly int $lockMs;
    private readonly string $where;
    private ?\PDO $db;
    /** @var array<string, \PDOStatement> the statements run() prepared on $db, by their text */
    private array $prepared = [];
    private ?\PDO $listener = null;
    private ?LeaseRenewer $renewer = null;
    /** @var array<string,string> StoreRules::keyText of a call => token of this store's live claims */
    private array $tokens = [];
    /** @var array<string,true> calls (keyText) whose row kept changing under a claim: their wait sleeps first */
    private array $contended = [];

    /** @param array{leaseMs?:int,lockTimeoutMs?:int,create?:bool,renew?:bool} $options */
    public function __construct(
        private readonly string $dsn,
        array $options = [],
        private readonly ?string $user = null,
        #[\SensitiveParameter] private readonly ?string $password = null,
    ) {
        $this->leaseMs = StoreRules::checkLeaseMs($options['leaseMs'] ?? null);
        $lock = $options['lockTimeoutMs'] ?? 5000;
        if (!is_int($lock) || $lock < 1) {
            throw new \InvalidArgumentException('lockTimeoutMs must be a positive integer');
        }
        $this->lockMs = $lock;
        $create = $options['create'] ?? true;
        // A DSN can hold a password: the store is named by database and host only.
        $parts = [];
        foreach (explode(';', str_starts_with($dsn, 'pgsql:') ? substr($dsn, 6) : $dsn) as $pair) {
            [$k, $v] = array_pad(explode('=', $pair, 2), 2, null);
            $parts[trim($k)] = $v;
        }
        $this->where = ($parts['dbname'] ?? '(default database)') . '@' . ($parts['host'] ?? '(default host)');
        try {
            $this->db = $this->connect();
            $this->ready($create);
        } catch (\PDOException $e) {
            throw $this->storeError('open the ledger', $e);
        }
        if (($options['renew'] ?? true) === true) {
            $this->renewer = new LeaseRenewer(
                [
                    'backend' => 'postgres',
                    'dsn' => $dsn,
                    'user' => $user,
                    'password' => $password,
                    'options' => ['leaseMs' => $this->leaseMs, 'lockTimeoutMs' => $lock],
                ],
                "PostgreSQL ledger {$this->where}",
            );
        }
    }

    private function connect(): \PDO
    {
        $db = new \PDO($this->dsn, $this->user, $this->password, [
            \PDO::ATTR_ERRMODE => \PDO::ERRMODE_EXCEPTION,
            \PDO::ATTR_STRINGIFY_FETCHES => false,
        ]);
        $db->exec('SET lock_timeout = ' . $this->lockMs);
        return $db;
    }

    /** Opens the ledger's tables: made when missing (create), migrated from layout 1, else refused by code. */
    private function ready(bool $create): void
    {
        if ($this->readLayout($create) === '1') {
            $this->migrate();
            $this->readLayout(false);
        }
    }

    /**
     * Reads what the database holds before any write (TR-REPLAY-37); creates the tables under an
     * advisory lock. The layout row first (§7.7): it says which columns the tables must have.
     *
     * @return '1'|'2' the layout, once the tables have its columns
     */
    private function readLayout(bool $create): string
    {
        $db = $this->db();
        $db->beginTransaction();
        try {
            // It may wait for another opener's creation or migration: longer than a claim's lock wait.
            $db->exec("SET LOCAL lock_timeout = '120s'");
            $found = $this->tables();
            if ($found === []) {
                if (!$create) {
                    throw new LedgerStoreError('ledger.store_missing', "PostgreSQL ledger {$this->where}: cannot " .
                        "open the ledger: its tables do not exist, and create is false");
                }
                $db->query("SELECT pg_advisory_xact_lock(hashtext('toolresult_ledger layout'))")->fetchAll();
                $found = $this->tables(); // another opener may have made them while this one waited
                if ($found === []) {
                    $db->exec(self::LAYOUT);
                    $found = $this->tables();
                }
            }
            foreach (array_keys(StoreRules::COLUMNS) as $table) {
                if (!isset($found[$table])) {
                    throw $this->conflict('it has ' . implode(', ', array_keys($found)) . " but no $table");
                }
            }
            $meta = $found['toolresult_meta'];
            sort($meta);
            if ($meta !== StoreRules::COLUMNS['toolresult_meta']) {
                throw $this->conflict("its table toolresult_meta has other columns than a ledger's");
            }
            // The layout row first: reading it waits for a migration under way and holds toolresult_meta
            // until this transaction ends, so no migration commits before the columns are read below.
            $layout = $db->query("SELECT value FROM toolresult_meta WHERE key = 'layout'")->fetchColumn();
            $found = $this->tables();
            foreach ($found as $table => $columns) {
                sort($columns);
                $found[$table] = $columns;
            }
            $db->commit();
        } catch (\Throwable $e) {
            $this->rollBack();
            throw $e;
        }
        if ($layout === false) {
            throw new LedgerStoreError('ledger.store_no_layout', "PostgreSQL ledger {$this->where}: cannot open the " .
                "ledger: toolresult_meta has no layout row; nothing was changed");
        }
        $layout = (string) $layout;
        $known = match ($layout) {
            '1' => StoreRules::COLUMNS_1,
            (string) StoreRules::LAYOUT_VERSION => StoreRules::COLUMNS,
            default => throw new LedgerStoreError('ledger.store_layout', "PostgreSQL ledger {$this->where}: its " .
                "tables have layout " . substr($layout, 0, 20) . ', this implementation knows layout ' .
                    StoreRules::LAYOUT_VERSION . ' (and migrates layout 1)'),
        };
        foreach ($known as $table => $want) {
            sort($want);
            if (($found[$table] ?? null) !== $want) {
                throw $this->conflict("its table $table has other columns than a ledger's");
            }
        }
        return $layout === '1' ? '1' : '2';
    }

    /**
     * Migrates layout 1 to layout 2 in one transaction (spec §7.7) that holds the three tables in
     * ACCESS EXCLUSIVE mode and reads the layout again under that lock: of stores that open one
     * database at once, the first migrates, the others wait for it and find layout 2. create: false
     * does not forbid it (the ledger exists; only its layout changes).
     */
    private function migrate(): void
    {
        $db = $this->db();
        $db->beginTransaction();
        try {
            // Waits for every statement on the tables to end: longer than a claim's lock wait.
            $db->exec("SET LOCAL lock_timeout = '120s'");
            $db->exec('LOCK TABLE toolresult_meta, toolresult_ledger, toolresult_audit IN ACCESS EXCLUSIVE MODE');
            $layout = $db->query("SELECT value FROM toolresult_meta WHERE key = 'layout'")->fetchColumn();
            if ($layout !== false && (string) $layout === '1') {
                $db->exec(self::MIGRATION_COLUMNS);
                $key = $db->query("SELECT conname FROM pg_constraint WHERE conrelid = 'toolresult_ledger'::regclass " .
                    "AND contype = 'p'")->fetchColumn();
                if (is_string($key)) {
                    $db->exec('ALTER TABLE toolresult_ledger DROP CONSTRAINT "' . str_replace('"', '""', $key) . '"');
                }
                $db->exec(self::MIGRATION_KEYS);
            }
            $db->commit();
        } catch (\Throwable $e) {
            $this->rollBack();
            throw $e;
        }
    }

    private function rollBack(): void
    {
        $db = $this->db();
        if ($db->inTransaction()) {
            try {
                $db->rollBack();
            } catch (\PDOException) {
                // the connection is gone; the error the caller throws says why
            }
        }
    }

    private function conflict(string $why): LedgerStoreError
    {
        return new LedgerStoreError('ledger.store_conflict', "PostgreSQL ledger {$this->where}: cannot open the " .
            "ledger: $why; nothing was changed");
    }

    /** @return array<string,list<string>> the ledger-named tables in the search path and their columns */
    private function tables(): array
    {
        $rows = $this->db()->query(
            "SELECT c.relname, a.attname FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
              WHERE c.oid IN (to_regclass('toolresult_meta'), to_regclass('toolresult_ledger'),
                              to_regclass('toolresult_audit'))
                AND a.attnum > 0 AND NOT a.attisdropped",
        )->fetchAll(\PDO::FETCH_NUM);
        $found = [];
        foreach ($rows as [$t, $col]) {
            $found[$t][] = $col;
        }
        return $found;
    }

    private function storeError(string $doing, \Throwable $e): LedgerStoreError
    {
        if ($e instanceof LedgerStoreError) {
            return $e;
        }
        $msg = $e->getMessage();
        $state = $e instanceof \PDOException ? ($e->errorInfo[0] ?? null) : null;
        $at = strpos($msg, 'SQLSTATE[');
        if (!self::isSqlState($state)) {
            $state = $at !== false && self::isSqlState(substr($msg, $at + 9, 5)) ? substr($msg, $at + 9, 5) : null;
        }
        foreach (self::SYSTEM as $words => [$name, $cause]) {
            if (str_contains($msg, $words)) {
                return new LedgerStoreError('ledger.store_failed', "PostgreSQL ledger {$this->where}: cannot " .
                    "$doing: $cause ($name" . ($state !== null ? ", SQLSTATE $state" : '') . ')', $name);
            }
        }
        $cause = self::CAUSES[$state ?? ''] ?? null;
        $connectionClass = $state === null || $state === 'HY000' || str_starts_with($state, '08');
        if ($cause === null && $connectionClass && stripos($msg, 'connection') !== false) {
            $cause = 'the connection to the server was lost';
        }
        // An unknown server error: its own words (the server never echoes a bytea parameter), cut short.
        $said = $at !== false && ($end = strpos($msg, ']', $at)) !== false ? ltrim(substr($msg, $end + 1), ': ') : $msg;
        $cause ??= 'PostgreSQL reported an error: ' . substr($said, 0, 160);
        $named = $state !== null ? " (SQLSTATE $state)" : ' (' . $e::class . ')';
        return new LedgerStoreError('ledger.store_failed', "PostgreSQL ledger {$this->where}: cannot $doing: " .
            "$cause$named", $state);
    }

    private static function isSqlState(mixed $s): bool
    {
        return is_string($s) && strlen($s) === 5 && ctype_alnum($s) && strtoupper($s) === $s;
    }

    private function db(): \PDO
    {
        return $this->db ?? throw new LedgerStoreError('ledger.store_failed', "PostgreSQL ledger {$this->where}: " .
            "the ledger is closed");
    }

    /**
     * One statement, prepared once per connection and kept: PDO prepares on the server at the first
     * execute and deallocates when the statement object goes, so a statement made per call cost three
     * round trips (and three server statements) where one does. Each caller reads its result before
     * the next run() (the lease renewer is a process of its own, with its own connection).
     *
     * @param list<mixed> $values
     */
    private function run(string $sql, array $values): \PDOStatement
    {
        $q = $this->prepared[$sql] ??= $this->db()->prepare($sql);
        $q->execute($values);
        return $q;
    }

    private static function key(string $callId): string
    {
        return md5($callId);
    }

    private static function text(mixed $hex): string
    {
        if ($hex === null) {
            return StoreRules::NO_ENTRY;
        }
        $bytes = hex2bin((string) $hex);
        return $bytes === false ? "\0not an entry" : $bytes;
    }

    public function claim(string $callId, string $scope = '', string $fingerprint = ''): array
    {
        StoreRules::checkKey($scope, $callId, $fingerprint);
        $this->renewer?->check("PostgreSQL ledger {$this->where}");
        $key = [$scope, $callId, $fingerprint];
        try {
            for ($try = 0; $try < StoreRules::CLAIM_TRIES; $try++) {
                $token = StoreRules::token();
                $ins = $this->run(
                    "INSERT INTO toolresult_ledger (scope, call_id, fingerprint, state, token, lease_until, claimed_at)
                       VALUES (?, ?, ?, 'claimed', ?::uuid, now() + ?::bigint * interval '1 millisecond', now())
                       ON CONFLICT (scope, call_id, fingerprint) DO NOTHING",
                    [...$key, $token, $this->leaseMs],
                );
                if ($ins->rowCount() === 1) {
                    $this->tokens[StoreRules::keyText(...$key)] = $token;
                    $this->renewer?->hold($callId, $token, $scope, $fingerprint);
                    return ['claimed'];
                }
                $row = $this->run("SELECT state, encode(entry, 'hex'), lease_until IS NULL OR lease_until <= now() " .
                    "FROM toolresult_ledger WHERE scope = ? AND call_id = ? AND fingerprint = ?", $key)
                    ->fetch(\PDO::FETCH_NUM);
                if ($row === false) {
                    continue; // abandoned in between: claim again
                }
                [$state, $hex, $ranOut] = $row;
                if ($state === 'stored') {
                    return ['stored', self::text($hex)];
                }
                if ($state !== 'claimed') {
                    // Not a state of the layout (a table made without its CHECK): never run, never waited on.
                    return ['stored', "\0not a state"];
                }
                // NULL (an operator's "release") has run out like a past lease; 'infinity' is a live claim.
                if ($ranOut !== true) {
                    return ['pending'];
                }
                $taskId = $hex === null ? null : TaskEntry::taskOf(self::text($hex));
                if ($taskId !== null) {
                    // The claimant died after it recorded a task: this claim follows the task
                    // (TR-REPLAY-43), while the lease is still over and the row still holds the task read.
                    $took = $this->run(
                        "UPDATE toolresult_ledger SET token = ?::uuid, lease_until = now() + ?::bigint * interval " .
                            "'1 millisecond'
                           WHERE scope = ? AND call_id = ? AND fingerprint = ? AND state = 'claimed'
                             AND (lease_until IS NULL OR lease_until <= now()) AND entry = decode(?, 'hex')",
                        [$token, $this->leaseMs, ...$key, $hex],
                    );
                    if ($took->rowCount() === 1) {
                        $this->tokens[StoreRules::keyText(...$key)] = $token;
                        $this->renewer?->hold($callId, $token, $scope, $fingerprint);
                        return ['claimed', ['taskId' => $taskId]];
                    }
                    continue;
                }
                // The claimant stopped renewing: the call is interrupted, never run again (TR-REPLAY-23).
                // A task recorded since the read is taken over at the next try, not pinned over.
                $pin = $this->run(
                    "UPDATE toolresult_ledger SET state = 'stored', token = NULL, lease_until = NULL, entry = " .
                        "decode(?, 'hex'), interrupted = true, finished_at = now()
                       WHERE scope = ? AND call_id = ? AND fingerprint = ? AND state = 'claimed'
                         AND (lease_until IS NULL OR lease_until <= now())
                         AND entry IS NOT DISTINCT FROM decode(?::text, 'hex')",
                    [bin2hex(Interrupted::ENTRY), ...$key, $hex],
                );
                if ($pin->rowCount() === 1) {
                    $this->notify($callId);
                    return ['stored', Interrupted::ENTRY];
                }
            }
        } catch (\PDOException $e) {
            throw $this->storeError('claim a call ID', $e);
        }
        $this->contended[StoreRules::keyText(...$key)] = true;
        return ['pending'];
    }

    public function finish(string $callId, string $entry, string $scope = '', string $fingerprint = ''): void
    {
        $token = $this->release($scope, $callId, $fingerprint);
        try {
            $q = $this->run(
                "UPDATE toolresult_ledger SET state = 'stored', token = NULL, lease_until = NULL, entry = decode(?, " .
                    "'hex'), finished_at = now()
                   WHERE scope = ? AND call_id = ? AND fingerprint = ? AND token = ?::uuid AND state = 'claimed'",
                [bin2hex($entry), $scope, $callId, $fingerprint, $token],
            );
        } catch (\PDOException $e) {
            throw $this->storeError('store a finished entry', $e);
        }
        if ($q->rowCount() !== 1) {
            throw new LedgerStoreError('ledger.lease_lost', "PostgreSQL ledger {$this->where}: the claim's lease " .
                "expired and the call was recorded as interrupted before its result was stored");
        }
        $this->notify($callId);
    }

    public function recordTask(string $callId, string $taskId, string $scope = '', string $fingerprint = ''): void
    {
        $entry = TaskEntry::entry($taskId);
        $token = $this->tokens[StoreRules::keyText($scope, $callId, $fingerprint)] ?? throw new \LogicException(
            'this store holds no claim of the call (already settled?)'
        );
        try {
            // Its own transaction: committed, the WAL flushed, before the statement returns.
            $q = $this->run(
                "UPDATE toolresult_ledger SET entry = decode(?, 'hex')
                   WHERE scope = ? AND call_id = ? AND fingerprint = ? AND token = ?::uuid AND state = 'claimed'",
                [bin2hex($entry), $scope, $callId, $fingerprint, $token],
            );
        } catch (\PDOException $e) {
            throw $this->storeError('record a task', $e);
        }
        if ($q->rowCount() !== 1) {
            throw new LedgerStoreError('ledger.lease_lost', "PostgreSQL ledger {$this->where}: the claim's lease " .
                "expired and another claim settled or took over the call before its task was recorded");
        }
    }

    public function abandon(string $callId, string $scope = '', string $fingerprint = ''): void
    {
        if (!isset($this->tokens[StoreRules::keyText($scope, $callId, $fingerprint)])) {
            return;
        }
        $token = $this->release($scope, $callId, $fingerprint);
        try {
            $d = $this->run("DELETE FROM toolresult_ledger WHERE scope = ? AND call_id = ? AND fingerprint = ? AND " .
                "token = ?::uuid AND state = 'claimed'", [$scope, $callId, $fingerprint, $token]);
        } catch (\PDOException $e) {
            throw $this->storeError('abandon a claim', $e);
        }
        if ($d->rowCount() === 1) {
            $this->notify($callId);
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

    /**
     * Wakes the call ID's waiters after the change is committed, in a transaction of its own that
     * does not wait for the WAL flush: a notification is a wake-up only (the state is read from the
     * table), and one lost costs its waiters their timer at the lease's end, never a wrong answer.
     * Its payload names the call ID alone (every store's): the waiters of every call that shares the
     * ID wake and re-read their own row by the whole key.
     */
    private function notify(string $callId): void
    {
        try {
            $this->run("SELECT set_config('synchronous_commit', 'off', true), pg_notify('" . self::CHANNEL . "', " .
                "?)", [self::key($callId)])->fetchAll();
        } catch (\PDOException) {
            // the waiters' timers wake them
        }
    }

    public function renewLease(string $callId, string $token, string $scope = '', string $fingerprint = ''): bool
    {
        $q = $this->run("UPDATE toolresult_ledger SET lease_until = now() + ?::bigint * interval '1 millisecond' " .
            "WHERE scope = ? AND call_id = ? AND fingerprint = ? AND token = ?::uuid AND state = 'claimed'", [
            $this->leaseMs, $scope, $callId, $fingerprint, $token,
        ]);
        return $q->rowCount() === 1;
    }

    /**
     * Sleeps on a notification for the call ID, or until the lease's end by the database's clock (the
     * lease length when it is beyond any timer: 'infinity'); then the seam claims again (TR-REPLAY-26).
     */
    public function settle(string $callId, string $scope = '', string $fingerprint = ''): void
    {
        $key = self::key($callId);
        $call = StoreRules::keyText($scope, $callId, $fingerprint);
        $locked = null;
        try {
            if ($this->listener === null) {
                $listener = $this->connect();
                $listener->exec('LISTEN ' . self::CHANNEL);
                $this->listener = $listener;
            }
            // The waiter lock (TR-REPLAY-26), on the listener's session: a store that skips the
            // notification nobody waits for notifies this waiter. Not granted: the timer wakes it.
            try {
                $this->listener->prepare('SELECT pg_advisory_lock_shared(' . self::WAITER_LOCK . ')')
                    ->execute([$callId]);
                $locked = $this->listener;
            } catch (\PDOException) {
            }
            // Read after LISTEN and the waiter lock are in place, so a finish that came before them is not
            // missed; FOR SHARE waits for a finish under way.
            $row = $this->run(
                "SELECT state = 'claimed' AND lease_until > now(),
                        CASE WHEN isfinite(lease_until)
                             THEN (EXTRACT(EPOCH FROM (lease_until - now())) * 1000)::float8 END
                   FROM toolresult_ledger WHERE scope = ? AND call_id = ? AND fingerprint = ? FOR SHARE",
                [$scope, $callId, $fingerprint],
            )->fetch(\PDO::FETCH_NUM);
            if ($row === false || $row[0] !== true) {
                if (isset($this->contended[$call])) {
                    unset($this->contended[$call]);
                    usleep(50_000); // the row kept changing under the claim: a pause, never a loop
                }
                return;
            }
            unset($this->contended[$call]);
            $ms = $row[1] === null ? $this->leaseMs : min($this->leaseMs, (int) ceil((float) $row[1]) + 5);
            $deadline = hrtime(true) + $ms * 1_000_000;
            while (($left = intdiv($deadline - hrtime(true), 1_000_000)) > 0) {
                $n = $this->listener->pgsqlGetNotify(\PDO::FETCH_ASSOC, $left);
                if (is_array($n) && ($n['payload'] ?? null) === $key) {
                    return;
                }
            }
        } catch (\PDOException) {
            // The listener's connection is gone: listen anew next time; the next claim reports the store's error.
            $this->listener = null;
            usleep(50_000);
        } finally {
            // Only on the session that holds it (a listener made anew holds no lock).
            if ($locked !== null && $locked === $this->listener) {
                try {
                    $locked->prepare('SELECT pg_advisory_unlock_shared(' . self::WAITER_LOCK . ')')->execute([$callId]);
                } catch (\PDOException) {
                }
            }
        }
    }

    public function entry(string $callId, string $scope = '', string $fingerprint = ''): ?string
    {
        StoreRules::checkKey($scope, $callId, $fingerprint);
        try {
            $hex = $this->run("SELECT encode(entry, 'hex') FROM toolresult_ledger WHERE scope = ? AND call_id = ? " .
                "AND fingerprint = ? AND state = 'stored'", [$scope, $callId, $fingerprint])->fetch(\PDO::FETCH_NUM);
        } catch (\PDOException $e) {
            throw $this->storeError('read an entry', $e);
        }
        return $hex === false ? null : self::text($hex[0]);
    }

    public function appendAudit(string $callId, array $record, string $scope = '', string $fingerprint = ''): void
    {
        StoreRules::checkKey($scope, $callId, $fingerprint);
        $text = StoreRules::auditText($record);
        try {
            $this->run("INSERT INTO toolresult_audit (scope, call_id, fingerprint, level, record, written_at) VALUES " .
                "(?, ?, ?, ?, decode(?, 'hex'), now())", [$scope, $callId, $fingerprint, $record['level'],
                bin2hex($text)]);
        } catch (\PDOException $e) {
            throw $this->storeError('append an audit record', $e);
        }
    }

    public function auditRecords(string $callId, string $scope = '', string $fingerprint = ''): array
    {
        StoreRules::checkKey($scope, $callId, $fingerprint);
        try {
            $rows = $this->run("SELECT encode(record, 'hex') FROM toolresult_audit WHERE scope = ? AND call_id = ? " .
                "AND fingerprint = ? ORDER BY seq", [$scope, $callId, $fingerprint])->fetchAll(\PDO::FETCH_COLUMN);
        } catch (\PDOException $e) {
            throw $this->storeError('read audit records', $e);
        }
        return array_map(fn ($h) => self::text($h), $rows);
    }

    public function prune(int $olderThanMs): int
    {
        if ($olderThanMs < 0) {
            throw new \InvalidArgumentException('olderThanMs must be non-negative');
        }
        try {
            // claimed_at (indexed, and never after finished_at) finds the candidates.
            return $this->run(
                "DELETE FROM toolresult_ledger WHERE state = 'stored' AND claimed_at < now() - " .
                "?::bigint * interval '1 millisecond' AND finished_at < now() - ?::bigint * interval '1 millisecond'",
                [$olderThanMs, $olderThanMs],
            )->rowCount();
        } catch (\PDOException $e) {
            throw $this->storeError('prune entries', $e);
        }
    }

    public function close(): void
    {
        $this->renewer?->close();
        $this->renewer = null;
        $this->tokens = [];
        $this->listener = null;
        $this->prepared = []; // each holds the connection: released before it
        $this->db = null;
    }
}
