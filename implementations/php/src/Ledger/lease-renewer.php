<?php

// The lease renewer of a PHP durable store (LeaseRenewer): started by the store with the store's
// settings as its first line on stdin, then "+ <token> <hex call ID> <hex scope> <hex fingerprint>"
// (hold; an empty scope or fingerprint is an empty field) and "- <token>" (drop)
// lines. Every quarter of a lease it renews each held claim, unless its parent is stopped; it exits
// at end of file (the parent closed the store, or died).

declare(strict_types=1);

// Its own loader of the package's classes: installed by Composer, the package has no src/autoload.php,
// and this process must not depend on where the application keeps vendor/autoload.php.
spl_autoload_register(static function (string $class): void {
    if (str_starts_with($class, 'ToolResult\\')) {
        $file = dirname(__DIR__) . '/' . str_replace('\\', '/', substr($class, 11)) . '.php';
        if (is_file($file)) {
            require $file;
        }
    }
});

use ToolResult\Ledger\PostgresLedgerStore;
use ToolResult\Ledger\SqliteLedgerStore;

$parent = posix_getppid();
$config = json_decode((string) fgets(STDIN), true, 8, JSON_THROW_ON_ERROR);
$options = ($config['options'] ?? []) + ['create' => false, 'renew' => false];
try {
    $store = $config['backend'] === 'sqlite'
        ? new SqliteLedgerStore($config['path'], $options)
        : new PostgresLedgerStore($config['dsn'], $options, $config['user'] ?? null, $config['password'] ?? null);
} catch (\Throwable $e) {
    fwrite(STDOUT, 'failed ' . str_replace("\n", ' ', $e->getMessage()) . "\n");
    exit(1);
}
fwrite(STDOUT, "ready\n");
$lease = (int) ($options['leaseMs'] ?? 30000);
$period = max(10, intdiv($lease, 4)) / 1000;

/** Whether the parent is stopped (SIGSTOP, a debugger): a stopped claimant's lease is not renewed. */
$stopped = static function () use ($parent): bool {
    $stat = @file_get_contents("/proc/$parent/stat");
    if ($stat === false) {
        return false; // no /proc: renewed while the parent lives
    }
    $state = substr($stat, strrpos($stat, ')') + 2, 1);
    return $state === 'T' || $state === 't';
};

/** @var array<string,array{0:string,1:string,2:string}> token => the call's ID, scope and fingerprint */
$held = [];
$next = microtime(true) + $period;
while (true) {
    $wait = max(0.0, $next - microtime(true));
    $read = [STDIN];
    $write = $except = null;
    $ready = @stream_select($read, $write, $except, (int) $wait, (int) (($wait - floor($wait)) * 1e6));
    if ($ready === 1) {
        $line = fgets(STDIN);
        if ($line === false) {
            break; // the parent closed the store or died
        }
        $parts = explode(' ', rtrim($line, "\n"));
        if ($parts[0] === '+' && count($parts) === 5) {
            $held[$parts[1]] = [(string) hex2bin($parts[2]), (string) hex2bin($parts[3]), (string) hex2bin($parts[4])];
        } elseif ($parts[0] === '-' && count($parts) === 2) {
            unset($held[$parts[1]]);
        }
    }
    if (microtime(true) >= $next) {
        if (posix_getppid() !== $parent) {
            break; // the parent died and this process was handed to init
        }
        if ($held !== [] && !$stopped()) {
            foreach ($held as $token => [$callId, $scope, $fingerprint]) {
                try {
                    if (!$store->renewLease($callId, $token, $scope, $fingerprint)) {
                        unset($held[$token]); // finished, abandoned or pinned as interrupted
                    }
                } catch (\Throwable) {
                    // tried again at the next tick; the lease may run out meanwhile
                }
            }
        }
        $next = microtime(true) + $period;
    }
}
$store->close();
