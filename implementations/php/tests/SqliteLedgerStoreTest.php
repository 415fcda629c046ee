<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use ToolResult\Ledger\CallFingerprint;
use ToolResult\Ledger\ExecutionSeam;
use ToolResult\Ledger\Interrupted;
use ToolResult\Ledger\Ledger;
use ToolResult\Ledger\LedgerError;
use ToolResult\Ledger\LedgerStoreError;
use ToolResult\Ledger\SqliteLedgerStore;
use ToolResult\Ledger\StoreRules;
use ToolResult\Model\ToolResult;

/**
 * The PHP SQLite store in one process (the ledger suite checks it from outside, across processes):
 * the row states of spec §7.7 an operator can leave (TR-REPLAY-36), the opening refusals of §7.8
 * (TR-REPLAY-37), and the seam's answers over them. Runs only where pdo_sqlite is loaded; `npm test`
 * requires it (scripts/prerequisites.ts).
 */
final class SqliteLedgerStoreTest extends TestCase
{
    private string $dir;

    protected function setUp(): void
    {
        if (!extension_loaded('pdo_sqlite')) {
            self::fail('pdo_sqlite is not loaded (Debian: php-sqlite3, .ci/setup.d/15-php.sh)');
        }
        $this->dir = sys_get_temp_dir() . '/trp-sqlite-' . bin2hex(random_bytes(6));
        mkdir($this->dir);
    }

    protected function tearDown(): void
    {
        foreach (glob($this->dir . '/*') ?: [] as $f) {
            unlink($f);
        }
        rmdir($this->dir);
    }

    private function store(array $options = []): SqliteLedgerStore
    {
        return new SqliteLedgerStore($this->dir . '/ledger.db', $options + ['leaseMs' => 1000, 'renew' => false]);
    }

    private function raw(): \PDO
    {
        return new \PDO('sqlite:' . $this->dir . '/ledger.db', null, null, [\PDO::ATTR_ERRMODE => \PDO::ERRMODE_EXCEPTION]);
    }

    private function code(callable $f): string
    {
        try {
            $f();
        } catch (LedgerStoreError $e) {
            return $e->codeName;
        }
        return 'opened';
    }

    /** TR-REPLAY-36: every row state has one outcome, and a waiter on any of them sleeps. */
    public function testTR_REPLAY_36_everyRowStateHasItsOutcome(): void
    {
        $store = $this->store();
        $db = $this->raw();
        $future = (int) (microtime(true) * 1000) + 10 * 365 * 86400 * 1000;
        $rows = [
            'stored-entry' => ["'stored'", 'NULL', 'NULL', "CAST('{\"x\":1}' AS BLOB)"],
            'stored-null' => ["'stored'", 'NULL', 'NULL', 'NULL'],
            'claimed-far' => ["'claimed'", "'t'", (string) $future, 'NULL'],
            'claimed-infinite' => ["'claimed'", "'t'", '9e999', 'NULL'],
            'claimed-past' => ["'claimed'", "'t'", '-5', 'NULL'],
            'claimed-null-lease' => ["'claimed'", "'t'", 'NULL', 'NULL'],
            'claimed-text-lease' => ["'claimed'", "'t'", "'soon'", 'NULL'],
            'claimed-no-token' => ["'claimed'", 'NULL', 'NULL', 'NULL'],
            'claimed-with-entry' => ["'claimed'", "'t'", (string) $future, "CAST('{}' AS BLOB)"],
        ];
        foreach ($rows as $id => [$state, $token, $lease, $entry]) {
            $db->exec("INSERT INTO toolresult_ledger (call_id, state, token, lease_until, entry, claimed_at) VALUES ('$id', $state, $token, $lease, $entry, 0)");
        }
        self::assertSame(['stored', '{"x":1}'], $store->claim('stored-entry'));
        self::assertSame('stored', $store->claim('stored-null')[0]);
        foreach (['claimed-far', 'claimed-infinite', 'claimed-with-entry'] as $id) {
            self::assertSame(['pending'], $store->claim($id), $id);
            // settle() pauses before every read of the row (2 ms growing to 50 ms): no loop without a pause.
            $t0 = hrtime(true);
            $reads = 0;
            while (hrtime(true) - $t0 < 250_000_000) {
                $store->settle('missing-' . $id); // no row: returns after one pause
                $reads++;
            }
            self::assertLessThan(130, $reads, "$id: settle() must pause before it re-reads");
        }
        foreach (['claimed-past', 'claimed-null-lease', 'claimed-text-lease', 'claimed-no-token'] as $id) {
            self::assertSame(['stored', Interrupted::ENTRY], $store->claim($id), $id);
        }
        $this->expectException(LedgerError::class); // restore refuses a stored row without octets: ledger.malformed
        ExecutionSeam::execute('stored-null', fn () => self::fail('the tool of a stored call ran'), $store);
    }

    /** TR-REPLAY-24: a finish after the claim was pinned fails with ledger.lease_lost and changes nothing. */
    public function testTR_REPLAY_24_aLateFinishLosesTheLease(): void
    {
        $store = $this->store();
        self::assertSame(['claimed'], $store->claim('late'));
        $this->raw()->exec("UPDATE toolresult_ledger SET lease_until = 0 WHERE call_id = 'late'");
        $other = $this->store();
        self::assertSame(['stored', Interrupted::ENTRY], $other->claim('late'));
        self::assertSame('ledger.lease_lost', $this->code(fn () => $store->finish('late', '{"late":true}')));
        self::assertSame(Interrupted::ENTRY, $other->entry('late'));
    }

    /**
     * TR-REPLAY-42, TR-REPLAY-43, TR-REPLAY-44: a recorded task is the claimed row's entry; after the
     * lease a claim takes it over; the first claimant's token is refused; a claimed row whose entry is
     * not exactly a task (or is TEXT) is interrupted; the seam, following no task, never runs the tool.
     */
    public function testTR_REPLAY_43_aRecordedTaskIsTakenOver(): void
    {
        $a = $this->store();
        $b = $this->store();
        self::assertSame(['claimed'], $a->claim('t'));
        foreach (['', "a\0b", str_repeat('x', 1025), "\xed\xa0\x80"] as $bad) {
            try {
                $a->recordTask('t', $bad);
                self::fail('a task ID that cannot be kept was recorded');
            } catch (\InvalidArgumentException $e) {
                self::assertStringContainsString('a task ID', $e->getMessage());
            }
        }
        $a->recordTask('t', 'task-1');
        $row = $this->raw()->query("SELECT state, entry FROM toolresult_ledger WHERE call_id = 't'")->fetch(\PDO::FETCH_NUM);
        self::assertSame(['claimed', '{"task":{"taskId":"task-1"}}'], $row);
        self::assertSame(['pending'], $b->claim('t'));
        $this->raw()->exec("UPDATE toolresult_ledger SET lease_until = 0 WHERE call_id = 't'");
        self::assertSame(['claimed', ['taskId' => 'task-1']], $b->claim('t'));
        self::assertSame(['pending'], $b->claim('t'));
        self::assertSame('ledger.lease_lost', $this->code(fn () => $a->recordTask('t', 'task-2')));
        self::assertSame('ledger.lease_lost', $this->code(fn () => $a->finish('t', '"late"')));
        $b->finish('t', '"done"');
        self::assertSame(['stored', '"done"'], $a->claim('t'));
        $odd = ['{"task":{"taskId":""}}', '{"task": {"taskId":"t"}}', '{"task":{"taskId":"t","x":1}}'];
        foreach ($odd as $i => $text) {
            $q = $this->raw()->prepare("INSERT INTO toolresult_ledger (call_id, state, token, lease_until, entry, " .
                "claimed_at) VALUES (?, 'claimed', NULL, 0, ?, 0)");
            $q->bindValue(1, "odd-$i");
            $q->bindValue(2, $text, \PDO::PARAM_LOB);
            $q->execute();
            self::assertSame(['stored', Interrupted::ENTRY], $b->claim("odd-$i"), $text);
        }
        $this->raw()->exec("INSERT INTO toolresult_ledger (call_id, state, token, lease_until, entry, claimed_at) " .
            "VALUES ('text-task', 'claimed', NULL, 0, '{\"task\":{\"taskId\":\"t\"}}', 0)");
        self::assertSame(['stored', Interrupted::ENTRY], $b->claim('text-task'));
        self::assertSame(['claimed'], $a->claim('seam'));
        $a->recordTask('seam', 'task-3');
        $this->raw()->exec("UPDATE toolresult_ledger SET lease_until = 0 WHERE call_id = 'seam'");
        $runs = 0;
        $out = ExecutionSeam::execute('seam', function () use (&$runs) {
            $runs++;
            return ToolResult::text('ran again');
        }, $b);
        self::assertSame(0, $runs);
        self::assertSame(Interrupted::ENTRY, Ledger::persist($out));
    }

    /** TR-REPLAY-37: opening refuses what is not a ledger, each with its code, and changes nothing. */
    public function testTR_REPLAY_37_openingRefusals(): void
    {
        $path = $this->dir . '/ledger.db';
        self::assertSame('ledger.store_missing', $this->code(fn () => $this->store(['create' => false])));
        self::assertFileDoesNotExist($path);
        touch($path);
        self::assertSame('ledger.store_empty_file', $this->code(fn () => $this->store()));
        self::assertSame(0, filesize($path));
        self::assertSame('opened', $this->code(fn () => $this->store(['create' => true])));
        unlink($path);
        $foreign = new \PDO('sqlite:' . $path);
        $foreign->exec('CREATE TABLE invoices (id INTEGER)');
        $foreign = null;
        $before = hash_file('sha256', $path);
        self::assertSame('ledger.store_foreign', $this->code(fn () => $this->store()));
        self::assertSame($before, hash_file('sha256', $path));
        self::assertFileDoesNotExist($path . '-wal');
        unlink($path);
        $this->store()->close();
        $this->raw()->exec("DELETE FROM toolresult_meta WHERE key = 'layout'");
        self::assertSame('ledger.store_no_layout', $this->code(fn () => $this->store()));
        $this->raw()->exec("INSERT INTO toolresult_meta (key, value) VALUES ('layout', '3')");
        self::assertSame('ledger.store_layout', $this->code(fn () => $this->store()));
        $this->raw()->exec('DROP TABLE toolresult_audit');
        self::assertSame('ledger.store_conflict', $this->code(fn () => $this->store()));
    }

    /** TR-REPLAY-30, -31: a locked store fails the call with ledger.store_failed naming SQLITE_BUSY; the tool does not run. */
    public function testTR_REPLAY_31_aLockedStoreNamesTheDriverCode(): void
    {
        $store = $this->store(['busyTimeoutMs' => 50]);
        $holder = $this->raw();
        $holder->exec('BEGIN EXCLUSIVE');
        try {
            ExecutionSeam::execute('locked', fn () => self::fail('the tool ran without a claim'), $store);
            self::fail('a locked store answered');
        } catch (LedgerStoreError $e) {
            self::assertSame('ledger.store_failed', $e->codeName);
            self::assertSame('SQLITE_BUSY', $e->driverCode);
            self::assertStringContainsString('the database is locked by another connection (SQLITE_BUSY)', $e->getMessage());
        } finally {
            $holder->exec('ROLLBACK');
        }
        $r = ExecutionSeam::execute('locked', fn () => ToolResult::text('ran once'), $store);
        self::assertSame('ran once', $r->content);
    }

    /** §7.3: two scopes and two fingerprints on one call ID are four calls, each with its row and audit records. */
    public function testTR_REPLAY_40_theCallIsTheKeyScopesAndFingerprints(): void
    {
        $store = $this->store();
        $runs = [];
        $keys = [['', null, null], ['thread-a', 'balance', ['user' => 'alice']], ['thread-b', 'balance', ['user' => 'alice']],
            ['thread-a', 'balance', ['user' => 'bob']]];
        for ($round = 0; $round < 2; $round++) {
            foreach ($keys as $i => [$scope, $tool, $arguments]) {
                $r = ExecutionSeam::execute('call_0', function () use ($i, &$runs) {
                    $runs[] = $i;
                    return ToolResult::text("answer $i");
                }, $store, scope: $scope, toolName: $tool, arguments: $arguments);
                self::assertSame("answer $i", $r->content, "round $round, call $i");
            }
        }
        self::assertSame([0, 1, 2, 3], $runs, 'each call ran once');
        foreach ($keys as $i => [$scope, $tool, $arguments]) {
            $fp = $tool === null ? '' : CallFingerprint::of($tool, $arguments);
            self::assertStringContainsString("answer $i", (string) $store->entry('call_0', $scope, $fp));
            $store->appendAudit('call_0', ['version' => 1, 'level' => 'none'], $scope, $fp);
            self::assertSame(['{"level":"none","version":1}'], $store->auditRecords('call_0', $scope, $fp));
        }
        $rows = $this->raw()->query('SELECT scope, call_id, fingerprint FROM toolresult_audit ORDER BY seq')->fetchAll(\PDO::FETCH_NUM);
        self::assertSame(['thread-a', 'call_0', CallFingerprint::of('balance', ['user' => 'alice'])], $rows[1]);
        self::assertNull($store->entry('call_0', 'thread-c', CallFingerprint::of('balance', ['user' => 'alice'])));
    }

    /** The layout-1 fixture (ledger-kit/fixtures), loaded into $path with its own statements. */
    private function layoutOne(string $path): void
    {
        $db = new \PDO('sqlite:' . $path, null, null, [\PDO::ATTR_ERRMODE => \PDO::ERRMODE_EXCEPTION]);
        $db->exec((string) file_get_contents(__DIR__ . '/../../../ledger-kit/fixtures/layout-1.sqlite.sql'));
    }

    /**
     * §7.7: a layout-1 ledger (the current release's statements and rows) opens, even with create:
     * false, as layout 2; its entries and audit records answer the old API byte for byte; a claim
     * that names a tool is another call and runs.
     */
    public function testTR_REPLAY_41_aLayoutOneLedgerMigratesAndReplaysByteForByte(): void
    {
        $path = $this->dir . '/ledger.db';
        $this->layoutOne($path);
        $raw = $this->raw();
        $before = $raw->query('SELECT call_id, entry FROM toolresult_ledger WHERE state = \'stored\'')->fetchAll(\PDO::FETCH_KEY_PAIR);
        $audit = $raw->query("SELECT record FROM toolresult_audit WHERE call_id = 'legacy-1' ORDER BY seq")->fetchAll(\PDO::FETCH_COLUMN);
        self::assertCount(3, $before);
        self::assertCount(2, $audit);
        $raw = null;

        $store = $this->store(['create' => false]);
        $db = $this->raw();
        self::assertSame('2', $db->query("SELECT value FROM toolresult_meta WHERE key = 'layout'")->fetchColumn());
        foreach (StoreRules::COLUMNS as $table => $columns) {
            $have = $db->query("SELECT name FROM pragma_table_info('$table')")->fetchAll(\PDO::FETCH_COLUMN);
            self::assertSame($columns, $have, $table);
        }
        self::assertSame(['scope', 'call_id', 'fingerprint'], $db->query("SELECT name FROM pragma_index_info(" .
            "(SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'toolresult_ledger' AND name LIKE " .
            "'sqlite_autoindex%'))")->fetchAll(\PDO::FETCH_COLUMN));
        foreach ($before as $callId => $entry) {
            self::assertSame($entry, $store->entry($callId), "$callId through entry()");
            $replayed = ExecutionSeam::execute($callId, fn () => self::fail("$callId ran again"), $store);
            self::assertSame($entry, Ledger::persist($replayed), "$callId through the seam");
        }
        self::assertSame($audit, $store->auditRecords('legacy-1'));
        // The fixture's dead claim (its lease long past) is the interrupted entry, as in layout 1.
        self::assertSame(['stored', Interrupted::ENTRY], $store->claim('legacy-3'));
        // Audit seq goes on after the fixture's.
        $store->appendAudit('legacy-1', ['version' => 1, 'level' => 'none']);
        self::assertSame(4, (int) $db->query("SELECT max(seq) FROM toolresult_audit")->fetchColumn());
        // A claim that names a tool is another call: it runs, and leaves the legacy entry as it was.
        $ran = 0;
        $r = ExecutionSeam::execute('legacy-1', function () use (&$ran) {
            $ran++;
            return ToolResult::text('a new call');
        }, $store, toolName: 'lookup', arguments: ['q' => 1]);
        self::assertSame([1, 'a new call'], [$ran, $r->content]);
        self::assertSame($before['legacy-1'], $store->entry('legacy-1'));
        $store->close();
        // Opened again: layout 2 as it is, nothing migrated twice.
        $again = $this->store(['create' => false]);
        self::assertSame($before['legacy-6'], $again->entry('legacy-6'));
        self::assertSame(5, (int) $db->query('SELECT count(*) FROM toolresult_ledger')->fetchColumn());
    }

    /**
     * §7.7: processes that open one layout-1 file at once migrate it once. Each opener then claims a
     * call in a scope of its own: a migration run again after another's claim would copy that row
     * with scope "" (and collide with the legacy row); every scoped row must survive as written.
     */
    public function testTR_REPLAY_41_concurrentOpenersMigrateOnce(): void
    {
        $path = $this->dir . '/ledger.db';
        $this->layoutOne($path);
        $n = 4;
        $script = 'require "src/autoload.php"; $s = new ToolResult\Ledger\SqliteLedgerStore($argv[1], ["renew" => false, ' .
            '"create" => false]); $s->claim("legacy-1", "opener-" . $argv[2]); $s->finish("legacy-1", "{}", "opener-" . ' .
            '$argv[2]); echo "ok";';
        $procs = [];
        for ($i = 0; $i < $n; $i++) {
            $procs[$i] = proc_open([PHP_BINARY, '-r', $script, $path, (string) $i], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, dirname(__DIR__));
            $procs[$i] = [$procs[$i], $pipes];
        }
        foreach ($procs as $i => [$proc, $pipes]) {
            $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
            proc_close($proc);
            self::assertSame('ok', $out, "opener $i");
        }
        $db = $this->raw();
        self::assertSame('2', $db->query("SELECT value FROM toolresult_meta WHERE key = 'layout'")->fetchColumn());
        $scoped = $db->query("SELECT scope FROM toolresult_ledger WHERE call_id = 'legacy-1' ORDER BY scope")->fetchAll(\PDO::FETCH_COLUMN);
        self::assertSame(['', 'opener-0', 'opener-1', 'opener-2', 'opener-3'], $scoped);
        self::assertSame(3, (int) $db->query('SELECT count(*) FROM toolresult_audit')->fetchColumn());
    }

    /**
     * §7.7: the migration reads the layout again under BEGIN IMMEDIATE, so an opener that read layout
     * 1 before another migrated changes nothing (run again, it would copy a scoped row with scope "").
     */
    public function testTR_REPLAY_41_aMigrationReadsTheLayoutAgainUnderItsLock(): void
    {
        $this->layoutOne($this->dir . '/ledger.db');
        $store = $this->store(['create' => false]);
        $store->claim('legacy-9', 'thread-1');
        $db = $this->raw();
        $migrate = new ReflectionMethod(SqliteLedgerStore::class, 'migrate');
        $migrate->invoke($store, $db);
        self::assertSame(['thread-1'], $db->query("SELECT scope FROM toolresult_ledger WHERE call_id = 'legacy-9'")->fetchAll(\PDO::FETCH_COLUMN));
    }
}
