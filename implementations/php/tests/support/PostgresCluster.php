<?php

declare(strict_types=1);

/**
 * A throwaway PostgreSQL cluster for the PHP store's tests, as test/support/postgres-cluster.ts makes
 * one: initdb into a temporary directory, a Unix socket there only (no TCP), trust authentication,
 * superuser `toolresult`; as root the server runs as `postgres`. TOOLRESULT_PG_BIN names the folder
 * of initdb and pg_ctl when they are not under /usr/lib/postgresql/<version>/bin.
 */
final class PostgresCluster
{
    private bool $stopped = false;

    private function __construct(public readonly string $dir, private readonly string $bin)
    {
    }

    public static function start(): self
    {
        $bin = getenv('TOOLRESULT_PG_BIN') ?: null;
        if ($bin === null) {
            $versions = array_filter(glob('/usr/lib/postgresql/*/bin/initdb') ?: [], 'is_file');
            usort($versions, fn ($a, $b) => (int) basename(dirname($b, 2)) <=> (int) basename(dirname($a, 2)));
            if ($versions === []) {
                throw new RuntimeException("PostgreSQL server binaries not found: install Debian's postgresql " .
                    'package (.ci/setup.d/18-postgres.sh) or set TOOLRESULT_PG_BIN');
            }
            $bin = dirname($versions[0]);
        }
        $dir = sys_get_temp_dir() . '/toolresult-php-pg-' . bin2hex(random_bytes(6));
        mkdir($dir, 0755);
        if (posix_getuid() === 0) {
            chown($dir, 'postgres');
        }
        $cluster = new self($dir, $bin);
        $cluster->run('initdb', ['-D', "$dir/data", '-A', 'trust', '-U', 'toolresult', '-E', 'UTF8', '--locale=C', '--no-sync']);
        $settings = "-k $dir -c listen_addresses='' -p 5432 -c max_connections=100 -c fsync=off -c synchronous_commit=off";
        $cluster->run('pg_ctl', ['-D', "$dir/data", '-l', "$dir/server.log", '-w', '-t', '60', '-o', $settings, 'start']);
        return $cluster;
    }

    /** @param list<string> $args */
    private function run(string $exe, array $args): void
    {
        $cmd = array_merge([$this->bin . '/' . $exe], $args);
        if (posix_getuid() === 0) {
            $cmd = array_merge(['runuser', '-u', 'postgres', '--'], $cmd);
        }
        $p = proc_open($cmd, [0 => ['file', '/dev/null', 'r'], 1 => ['file', '/dev/null', 'w'], 2 => ['pipe', 'w']], $pipes, $this->dir);
        $err = stream_get_contents($pipes[2]);
        fclose($pipes[2]);
        if (proc_close($p) !== 0) {
            throw new RuntimeException("$exe failed: " . trim((string) $err));
        }
    }

    /** A fresh database of its own for one test. */
    public function database(): string
    {
        $name = 't_' . bin2hex(random_bytes(6));
        $this->pdo('postgres')->exec("CREATE DATABASE $name");
        return $name;
    }

    public function dsn(string $database): string
    {
        return "pgsql:host={$this->dir};port=5432;dbname=$database";
    }

    public function pdo(string $database): \PDO
    {
        return new \PDO($this->dsn($database), 'toolresult', null, [\PDO::ATTR_ERRMODE => \PDO::ERRMODE_EXCEPTION]);
    }

    public function stop(): void
    {
        if ($this->stopped) {
            return;
        }
        $this->stopped = true;
        try {
            $this->run('pg_ctl', ['-D', "{$this->dir}/data", '-m', 'immediate', '-w', 'stop']);
        } catch (RuntimeException) {
            // already down
        }
        exec('rm -rf ' . escapeshellarg($this->dir));
    }
}
