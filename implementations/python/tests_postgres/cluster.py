"""A throwaway PostgreSQL cluster for the Python PostgreSQL ledger's tests, as the TypeScript
tests start theirs (test/support/postgres-cluster.ts): initdb into a temporary directory, a Unix
socket there only (no TCP), trust authentication, superuser ``toolresult``; as root the server runs
as the ``postgres`` user. TOOLRESULT_PG_BIN names the directory of initdb/pg_ctl when they are not
under /usr/lib/postgresql/<version>/bin."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile


def _bin_dir() -> str:
    given = os.environ.get("TOOLRESULT_PG_BIN")
    if given:
        return given
    base = "/usr/lib/postgresql"
    versions = sorted(
        (v for v in (os.listdir(base) if os.path.isdir(base) else []) if os.path.exists(os.path.join(base, v, "bin", "initdb"))),
        key=lambda v: float(v) if v.replace(".", "").isdigit() else 0.0,
        reverse=True,
    )
    if not versions:
        raise RuntimeError("PostgreSQL server binaries not found: install the postgresql package or set TOOLRESULT_PG_BIN")
    return os.path.join(base, versions[0], "bin")


class Cluster:
    def __init__(self) -> None:
        self._bin = _bin_dir()
        self.dir = tempfile.mkdtemp(prefix="toolresult-pg-py-")
        os.chmod(self.dir, 0o755)
        self._as_postgres = os.geteuid() == 0
        if self._as_postgres:
            shutil.chown(self.dir, "postgres", "postgres")
        self._data = os.path.join(self.dir, "data")
        try:
            self._run("initdb", "-D", self._data, "-A", "trust", "-U", "toolresult", "-E", "UTF8", "--locale=C", "--no-sync")
            settings = f"-k {self.dir} -c listen_addresses='' -p 5432 -c max_connections=100 -c fsync=off -c synchronous_commit=off"
            self._run("pg_ctl", "-D", self._data, "-l", os.path.join(self.dir, "server.log"), "-w", "-t", "60", "-o", settings, "start")
        except BaseException:
            shutil.rmtree(self.dir, ignore_errors=True)
            raise
        self.connection = {"host": self.dir, "port": 5432, "user": "toolresult", "dbname": "postgres"}

    def _run(self, exe: str, *args: str) -> None:
        cmd = [os.path.join(self._bin, exe), *args]
        if self._as_postgres:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        done = subprocess.run(cmd, cwd=self.dir, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"could not run {exe}: {done.stderr.decode('utf-8', 'replace').strip()}")

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", self._data, "-m", "immediate", "-w", "stop")
        except (RuntimeError, subprocess.TimeoutExpired):
            pass  # already down
        shutil.rmtree(self.dir, ignore_errors=True)
