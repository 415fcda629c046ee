<?php

declare(strict_types=1);

require_once __DIR__ . '/support/PostgresCluster.php';

use PHPUnit\Framework\TestCase;
use ToolResult\Ledger\CallFingerprint;
use ToolResult\Ledger\ExecutionSeam;
use ToolResult\Ledger\Interrupted;
use ToolResult\Ledger\Ledger;
use ToolResult\Ledger\LedgerStoreError;
use ToolResult\Ledger\PostgresLedgerStore;
use ToolResult\Ledger\StoreRules;
use ToolResult\Model\ToolResult;

/**
 * The PHP PostgreSQL store in one process, on a throwaway cluster (the ledger suite checks it from
 * outside): the call (scope, call ID, fingerprint) as its key, layout 2, and the migration of a
 * layout-1 database (spec §7.3, §7.7). Needs pdo_pgsql and the server binaries; `npm test` requires
 * both (scripts/prerequisites.ts).
 */
final class PostgresLedgerStoreTest extends TestCase
{
    private static ?PostgresCluster $cluster = null;
    private string $database;

    public static function setUpBeforeClass(): void
    {
        if (extension_loaded('pdo_pgsql')) {
            self::$cluster = PostgresCluster::start();
        }
    }

    public static function tearDownAfterClass(): void
    {
        self::$cluster?->stop();
        self::$cluster = null;
    }

    protected function setUp(): void
    {
        if (self::$cluster === null) {
            self::fail('pdo_pgsql is not loaded (Debian: php-pgsql, .ci/setup.d/15-php.sh)');
        }
        $this->database = self::$cluster->database();
    }

    private function store(array $options = []): PostgresLedgerStore
    {
        return new PostgresLedgerStore(self::$cluster->dsn($this->database), $options + ['leaseMs' => 1000, 'renew' => false], 'toolresult');
    }

    private function raw(): \PDO
    {
        return self::$cluster->pdo($this->database);
    }

    /** The layout-1 fixture (ledger-kit/fixtures): the current release's statements and rows. */
    private function layoutOne(): void
    {
        $this->raw()->exec((string) file_get_contents(__DIR__ . '/../../../ledger-kit/fixtures/layout-1.postgres.sql'));
    }

    /** @return list<string> the columns of the ledger's primary key, in order */
    private function primaryKey(\PDO $db): array
    {
        return $db->query("SELECT a.attname FROM pg_index i JOIN LATERAL unnest(i.indkey) WITH ORDINALITY k(n, o) ON true " .
            "JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.n WHERE i.indrelid = 'toolresult_ledger'::regclass " .
            "AND i.indisprimary ORDER BY k.o")->fetchAll(\PDO::FETCH_COLUMN);
    }

    public function testTR_REPLAY_33_aNewLedgerHasLayoutTwoAndLayoutThreeIsRefused(): void
    {
        $this->store()->close();
        $db = $this->raw();
        self::assertSame('2', $db->query("SELECT value FROM toolresult_meta WHERE key = 'layout'")->fetchColumn());
        self::assertSame(['scope', 'call_id', 'fingerprint'], $this->primaryKey($db));
        foreach (StoreRules::COLUMNS as $table => $columns) {
            $have = $db->query("SELECT column_name FROM information_schema.columns WHERE table_name = '$table' ORDER BY " .
                "ordinal_position")->fetchAll(\PDO::FETCH_COLUMN);
            self::assertSame($columns, $have, $table);
        }
        $db->exec("UPDATE toolresult_meta SET value = '3' WHERE key = 'layout'");
        try {
            $this->store();
            self::fail('layout 3 opened');
        } catch (LedgerStoreError $e) {
            self::assertSame('ledger.store_layout', $e->codeName);
        }
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
        $store->close();
    }

    /**
     * §7.7: a layout-1 database opens, even with create: false, as layout 2; its entries and audit
     * records answer the old API byte for byte; a claim that names a tool is another call and runs.
     */
    public function testTR_REPLAY_41_aLayoutOneDatabaseMigratesAndReplaysByteForByte(): void
    {
        $this->layoutOne();
        $raw = $this->raw();
        $before = $raw->query("SELECT call_id, encode(entry, 'hex') FROM toolresult_ledger WHERE state = 'stored'")->fetchAll(\PDO::FETCH_KEY_PAIR);
        $before = array_map('hex2bin', $before);
        $audit = array_map('hex2bin', $raw->query("SELECT encode(record, 'hex') FROM toolresult_audit WHERE call_id = 'legacy-1' ORDER BY seq")
            ->fetchAll(\PDO::FETCH_COLUMN));
        self::assertCount(3, $before);
        self::assertCount(2, $audit);

        $store = $this->store(['create' => false]);
        self::assertSame('2', $raw->query("SELECT value FROM toolresult_meta WHERE key = 'layout'")->fetchColumn());
        self::assertSame(['scope', 'call_id', 'fingerprint'], $this->primaryKey($raw));
        self::assertSame(
            'CREATE INDEX toolresult_audit_call ON public.toolresult_audit USING btree (scope, call_id, fingerprint, seq)',
            $raw->query("SELECT indexdef FROM pg_indexes WHERE indexname = 'toolresult_audit_call'")->fetchColumn(),
        );
        foreach ($before as $callId => $entry) {
            self::assertSame($entry, $store->entry($callId), "$callId through entry()");
            $replayed = ExecutionSeam::execute($callId, fn () => self::fail("$callId ran again"), $store);
            self::assertSame($entry, Ledger::persist($replayed), "$callId through the seam");
        }
        self::assertSame($audit, $store->auditRecords('legacy-1'));
        self::assertSame(['stored', Interrupted::ENTRY], $store->claim('legacy-3'));
        $ran = 0;
        $r = ExecutionSeam::execute('legacy-1', function () use (&$ran) {
            $ran++;
            return ToolResult::text('a new call');
        }, $store, scope: 'thread-1', toolName: 'lookup', arguments: ['q' => 1]);
        self::assertSame([1, 'a new call'], [$ran, $r->content]);
        self::assertSame($before['legacy-1'], $store->entry('legacy-1'));
        $store->appendAudit('legacy-1', ['version' => 1, 'level' => 'none']);
        self::assertSame(4, (int) $raw->query('SELECT max(seq) FROM toolresult_audit')->fetchColumn());
        $store->close();
        $again = $this->store(['create' => false]);
        self::assertSame($before['legacy-6'], $again->entry('legacy-6'));
        $again->close();
    }

    /**
     * §7.7: stores that open one layout-1 database at once migrate it once (a second migration would
     * fail: its columns exist). The test holds toolresult_meta until every opener waits on it
     * (counted in pg_locks): those that read layout 1 wait for the migration's lock, the others queue
     * behind them to read the layout. Each then claims a call in a scope of its own.
     */
    public function testTR_REPLAY_41_concurrentOpenersMigrateOnce(): void
    {
        $this->layoutOne();
        $n = 4;
        $holder = $this->raw();
        $holder->beginTransaction();
        $holder->exec('LOCK TABLE toolresult_meta IN ACCESS SHARE MODE');
        $script = 'require "src/autoload.php"; $s = new ToolResult\Ledger\PostgresLedgerStore($argv[1], ["renew" => false, ' .
            '"create" => false], "toolresult"); $s->claim("legacy-1", "opener-" . $argv[2]); $s->finish("legacy-1", "{}", ' .
            '"opener-" . $argv[2]); echo "ok";';
        $procs = [];
        for ($i = 0; $i < $n; $i++) {
            $proc = proc_open([PHP_BINARY, '-r', $script, self::$cluster->dsn($this->database), (string) $i], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, dirname(__DIR__));
            $procs[$i] = [$proc, $pipes];
        }
        $waiting = 0;
        $deadline = hrtime(true) + 60_000_000_000; // guards a hang only
        while ($waiting < $n && hrtime(true) < $deadline) {
            usleep(20_000);
            $waiting = (int) $holder->query("SELECT count(*) FROM pg_locks WHERE relation = 'toolresult_meta'::regclass " .
                "AND NOT granted")->fetchColumn();
        }
        self::assertSame($n, $waiting, 'every opener waits on toolresult_meta');
        $holder->commit();
        foreach ($procs as $i => [$proc, $pipes]) {
            $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
            proc_close($proc);
            self::assertSame('ok', $out, "opener $i");
        }
        $db = $this->raw();
        self::assertSame('2', $db->query("SELECT value FROM toolresult_meta WHERE key = 'layout'")->fetchColumn());
        $scoped = $db->query("SELECT scope FROM toolresult_ledger WHERE call_id = 'legacy-1' ORDER BY scope")->fetchAll(\PDO::FETCH_COLUMN);
        self::assertSame(['', 'opener-0', 'opener-1', 'opener-2', 'opener-3'], $scoped);
    }

    /**
     * §7.7: the migration reads the layout again under its lock, so an opener that read layout 1
     * before another migrated changes nothing (its own migration step, run on layout 2).
     */
    public function testTR_REPLAY_41_aMigrationReadsTheLayoutAgainUnderItsLock(): void
    {
        $this->layoutOne();
        $store = $this->store(['create' => false]);
        $store->claim('legacy-1', 'thread-1');
        $migrate = new ReflectionMethod(PostgresLedgerStore::class, 'migrate');
        $migrate->invoke($store);
        self::assertSame('2', $this->raw()->query("SELECT value FROM toolresult_meta WHERE key = 'layout'")->fetchColumn());
        self::assertSame(['scope', 'call_id', 'fingerprint'], $this->primaryKey($this->raw()));
        $store->close();
    }
}
