<?php

declare(strict_types=1);

namespace ToolResult\Ledger;

/**
 * Renews the leases of a store's live claims while the claimant's process runs (TR-REPLAY-22). PHP
 * has no thread to do it beside a running tool, and a timer signal would cut the tool's own sleeps
 * and reads short; so a small PHP process of its own (lease-renewer.php) opens the same store and
 * renews every claim it is told of, each quarter of a lease. It stops renewing when this process
 * dies (its pipe reaches end of file) and while this process is stopped (SIGSTOP: the lease then
 * runs out as if the claimant had died, as it does for every other language's stores).
 */
final class LeaseRenewer
{
    /** @var resource */
    private $process;
    /** @var resource */
    private $pipe;
    private bool $open = true;

    /** @param array<string,mixed> $store the store's settings, sent on the pipe (never on the command line: it may ' .
        'hold a password) */
    public function __construct(array $store, string $where)
    {
        $script = __DIR__ . '/lease-renewer.php';
        $stderr = defined('STDERR') ? STDERR : ['file', '/dev/null', 'w'];
        $pipes = [];
        $process = @proc_open([PHP_BINARY, $script], [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => $stderr], $pipes);
        if (!is_resource($process)) {
            $said = error_get_last()['message'] ?? 'proc_open failed';
            throw new LedgerStoreError('ledger.store_failed', "$where: cannot open the ledger: the lease renewer " .
                "process cannot be started: " . substr($said, 0, 160));
        }
        $this->process = $process;
        $this->pipe = $pipes[0];
        $this->send(json_encode($store, JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES));
        // The store opens only once its renewer has opened the store too: a claim is never made that
        // nothing would renew.
        $read = [$pipes[1]];
        $write = $except = null;
        $said = @stream_select($read, $write, $except, 60) === 1 ? fgets($pipes[1]) : false;
        fclose($pipes[1]);
        if ($said !== "ready\n") {
            $this->close();
            $why = $said === false ? 'it did not start within 60 s' : substr(trim(substr($said, 7)), 0, 300);
            throw new LedgerStoreError('ledger.store_failed', "$where: cannot open the ledger: the lease renewer " .
                "process failed: $why");
        }
    }

    /** Throws unless the renewer still runs, so that no claim is made that nothing renews. */
    public function check(string $where): void
    {
        if (!$this->open || !(proc_get_status($this->process)['running'] ?? false)) {
            throw new LedgerStoreError('ledger.store_failed', "$where: cannot claim a call ID: the lease renewer " .
                "process has exited");
        }
    }

    /** Each part of the call's key in hex, so that none holds the line's separators ("" is an empty field). */
    public function hold(string $callId, string $token, string $scope = '', string $fingerprint = ''): void
    {
        $this->send("+ $token " . bin2hex($callId) . ' ' . bin2hex($scope) . ' ' . bin2hex($fingerprint));
    }

    public function drop(string $token): void
    {
        $this->send("- $token");
    }

    private function send(string $line): void
    {
        if ($this->open) {
            @fwrite($this->pipe, $line . "\n");
        }
    }

    public function close(): void
    {
        if (!$this->open) {
            return;
        }
        $this->open = false;
        @fclose($this->pipe); // end of file: the renewer exits
        @proc_close($this->process);
    }

    public function __destruct()
    {
        $this->close();
    }
}
