<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use ToolResult\Ledger\ExecutionSeam;
use ToolResult\Ledger\Interrupted;
use ToolResult\Ledger\LedgerError;
use ToolResult\Ledger\LedgerStoreError;
use ToolResult\Ledger\SqliteLedgerStore;
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
        $this->raw()->exec("INSERT INTO toolresult_meta (key, value) VALUES ('layout', '2')");
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
}
