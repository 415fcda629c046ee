package pgledger

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
)

// A throwaway PostgreSQL cluster for this package's tests, as test/support/postgres-cluster.ts makes
// one: initdb into a temporary folder, a Unix socket there only, fsync off; as root the server runs
// as the postgres user. TOOLRESULT_PG_BIN names the folder of initdb and pg_ctl when they are
// neither under /usr/lib/postgresql/<version>/bin nor on the PATH.

var clusterDir string

func pgBin(name string) (string, error) {
	if dir := os.Getenv("TOOLRESULT_PG_BIN"); dir != "" {
		return filepath.Join(dir, name), nil
	}
	versions, _ := filepath.Glob("/usr/lib/postgresql/*/bin/" + name)
	sort.Slice(versions, func(i, j int) bool {
		vi, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(versions[i]))))
		vj, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(versions[j]))))
		return vi > vj
	})
	if len(versions) > 0 {
		return versions[0], nil
	}
	return exec.LookPath(name)
}

func runAsServer(dir, name string, args ...string) error {
	bin, err := pgBin(name)
	if err != nil {
		return fmt.Errorf("PostgreSQL's %s not found (install the server, or set TOOLRESULT_PG_BIN): %w", name, err)
	}
	cmd := exec.Command(bin, args...)
	if os.Geteuid() == 0 {
		cmd = exec.Command("runuser", append([]string{"-u", "postgres", "--", bin}, args...)...)
	}
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s: %v: %s", name, err, out)
	}
	return nil
}

func TestMain(m *testing.M) {
	code, err := withCluster(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "pgledger tests: could not start a PostgreSQL cluster:", err)
		os.Exit(1)
	}
	os.Exit(code)
}

func withCluster(m *testing.M) (int, error) {
	dir, err := os.MkdirTemp("", "toolresult-go-pg-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	if err := os.Chmod(dir, 0o755); err != nil {
		return 0, err
	}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			return 0, err
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			return 0, err
		}
	}
	data := filepath.Join(dir, "data")
	if err := runAsServer(dir, "initdb", "-D", data, "-A", "trust", "-U", "toolresult", "-E", "UTF8", "--locale=C", "--no-sync"); err != nil {
		return 0, err
	}
	settings := "-k " + dir + " -c listen_addresses='' -p 5432 -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
	if err := runAsServer(dir, "pg_ctl", "-D", data, "-l", filepath.Join(dir, "server.log"), "-w", "-t", "60", "-o", settings, "start"); err != nil {
		return 0, err
	}
	defer runAsServer(dir, "pg_ctl", "-D", data, "-m", "immediate", "-w", "stop")
	clusterDir = dir
	return m.Run(), nil
}

var databases int32

// database makes a fresh database in the cluster and returns its connection settings.
func database(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, fmt.Sprintf("host=%s port=5432 user=toolresult dbname=postgres", clusterDir))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	name := fmt.Sprintf("go_ledger_%d", atomic.AddInt32(&databases, 1))
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("host=%s port=5432 user=toolresult dbname=%s", clusterDir, name)
}
