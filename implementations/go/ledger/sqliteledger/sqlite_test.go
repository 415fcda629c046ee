package sqliteledger

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	toolresult "github.com/toolresult-protocol/toolresult/implementations/go"
)

func code(err error) string {
	var se *toolresult.LedgerStoreError
	if errors.As(err, &se) {
		return se.Code
	}
	if err == nil {
		return "nil"
	}
	return "other: " + err.Error()
}

func raw(t *testing.T, path string, statements ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, s := range statements {
		if _, err := db.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

func sha(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TR-REPLAY-37, TR-REPLAY-33: each refusal with its code, and the file left byte for byte as it was.
func TestTR_REPLAY_37_OpeningRefusals(t *testing.T) {
	ledgerTables := `CREATE TABLE toolresult_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
		CREATE TABLE toolresult_ledger (call_id TEXT PRIMARY KEY, state TEXT, token TEXT, lease_until INTEGER, entry BLOB, interrupted INTEGER, claimed_at INTEGER, finished_at INTEGER);
		CREATE TABLE toolresult_audit (seq INTEGER PRIMARY KEY, call_id TEXT, level TEXT, record BLOB, written_at INTEGER)`
	cases := []struct {
		name   string
		setup  []string
		create Create
		want   string
	}{
		{"another application's database", []string{"CREATE TABLE invoices (id INTEGER)"}, CreateAlways, "ledger.store_foreign"},
		{"a ledger table with other columns", []string{"CREATE TABLE toolresult_ledger (id INTEGER)"}, CreateIfMissing, "ledger.store_conflict"},
		{"some ledger tables without the others", []string{"CREATE TABLE toolresult_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)"}, CreateIfMissing, "ledger.store_conflict"},
		{"a meta table without its layout row", []string{ledgerTables}, CreateIfMissing, "ledger.store_no_layout"},
		{"a layout it does not know", []string{ledgerTables, "INSERT INTO toolresult_meta VALUES ('layout', '3')"}, CreateIfMissing, "ledger.store_layout"},
		{"a layout it does not know, whatever the columns", []string{"CREATE TABLE toolresult_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL); CREATE TABLE toolresult_ledger (x INTEGER); CREATE TABLE toolresult_audit (y INTEGER)", "INSERT INTO toolresult_meta VALUES ('layout', '3')"}, CreateIfMissing, "ledger.store_layout"},
		{"layout 2 named over the columns of layout 1", []string{ledgerTables, "INSERT INTO toolresult_meta VALUES ('layout', '2')"}, CreateIfMissing, "ledger.store_conflict"},
		{"an empty database with OpenExisting", []string{"PRAGMA user_version = 1"}, OpenExisting, "ledger.store_missing"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "ledger.db")
			raw(t, path, c.setup...)
			before := sha(t, path)
			_, err := Open(path, Options{Create: c.create})
			if code(err) != c.want {
				t.Fatalf("got %s, want %s", code(err), c.want)
			}
			if sha(t, path) != before {
				t.Fatal("the refused file was changed")
			}
			if _, err := os.Stat(path + "-wal"); err == nil {
				t.Fatal("the refused file was switched to WAL")
			}
		})
	}
	t.Run("an empty file without CreateAlways, then with it", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "ledger.db")
		if err := os.WriteFile(path, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Open(path, Options{}); code(err) != "ledger.store_empty_file" {
			t.Fatal(code(err))
		}
		l, err := Open(path, Options{Create: CreateAlways})
		if err != nil {
			t.Fatal(err)
		}
		l.Close()
	})
	t.Run("a missing file with OpenExisting, a missing folder, a file that is not SQLite", func(t *testing.T) {
		dir := t.TempDir()
		if _, err := Open(filepath.Join(dir, "ledger.db"), Options{Create: OpenExisting}); code(err) != "ledger.store_missing" {
			t.Fatal(code(err))
		}
		_, err := Open(filepath.Join(dir, "no", "ledger.db"), Options{})
		if code(err) != "ledger.store_failed" || !strings.Contains(err.Error(), "(ENOENT)") {
			t.Fatal(err)
		}
		junk := filepath.Join(dir, "junk.db")
		os.WriteFile(junk, []byte(strings.Repeat("not a database ", 100)), 0o644)
		_, err = Open(junk, Options{})
		if code(err) != "ledger.store_failed" || !strings.Contains(err.Error(), "(SQLITE_NOTADB)") {
			t.Fatal(err)
		}
	})
}

func TestTR_REPLAY_21_CallIDs(t *testing.T) {
	l, err := Open(filepath.Join(t.TempDir(), "ledger.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	ctx := context.Background()
	for _, bad := range []string{"", "a\x00b", "\xed\xa0\x80", strings.Repeat("x", 1025)} {
		if _, _, err := l.Claim(ctx, bad); err == nil {
			t.Fatalf("%q was accepted", bad)
		}
	}
	for _, good := range []string{strings.Repeat("é", 512), "call 😀", " x "} {
		state, _, err := l.Claim(ctx, good)
		if err != nil || state != toolresult.Claimed {
			t.Fatal(good, state, err)
		}
		if err := l.Finish(ctx, good, `"`+good+`"`); err != nil {
			t.Fatal(err)
		}
		if e, ok, _ := l.Entry(ctx, good); !ok || e != `"`+good+`"` {
			t.Fatal("the call ID was not kept as given")
		}
	}
}

// Spec §7.7's row states, TR-REPLAY-36: each gives its outcome, and none makes a claim loop.
func TestTR_REPLAY_36_RowStates(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ledger.db")
	l, err := Open(path, Options{Lease: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	far := time.Now().Add(50 * 365 * 24 * time.Hour).UnixMilli()
	raw(t, path,
		`INSERT INTO toolresult_ledger (call_id, state, entry, claimed_at) VALUES ('stored-null', 'stored', NULL, 0)`,
		`INSERT INTO toolresult_ledger (call_id, state, token, lease_until, claimed_at) VALUES ('far', 'claimed', 't', `+itoa(far)+`, 0)`,
		`INSERT INTO toolresult_ledger (call_id, state, token, lease_until, claimed_at) VALUES ('infinite', 'claimed', 't', 9e999, 0)`,
		`INSERT INTO toolresult_ledger (call_id, state, token, lease_until, claimed_at) VALUES ('past', 'claimed', 't', -5, 0)`,
		`INSERT INTO toolresult_ledger (call_id, state, token, lease_until, claimed_at) VALUES ('null-lease', 'claimed', 't', NULL, 0)`,
		`INSERT INTO toolresult_ledger (call_id, state, token, lease_until, claimed_at) VALUES ('text-lease', 'claimed', 't', 'soon', 0)`,
		`INSERT INTO toolresult_ledger (call_id, state, token, lease_until, claimed_at) VALUES ('blob-lease', 'claimed', 't', x'00', 0)`,
		`INSERT INTO toolresult_ledger (call_id, state, token, lease_until, claimed_at) VALUES ('null-token', 'claimed', NULL, 0, 0)`,
		`INSERT INTO toolresult_ledger (call_id, state, token, lease_until, entry, claimed_at) VALUES ('claimed-entry', 'claimed', 't', `+itoa(far)+`, x'7b7d', 0)`,
	)
	ctx := context.Background()
	want := map[string]toolresult.ClaimState{
		"stored-null": toolresult.Stored, "far": toolresult.Pending, "infinite": toolresult.Pending, "past": toolresult.Stored,
		"null-lease": toolresult.Stored, "text-lease": toolresult.Stored, "blob-lease": toolresult.Stored, "null-token": toolresult.Stored,
		"claimed-entry": toolresult.Pending,
	}
	for id, w := range want {
		state, entry, err := l.Claim(ctx, id)
		if err != nil || state != w {
			t.Fatalf("%s: %v %v, want %v", id, state, err, w)
		}
		if id == "stored-null" {
			var le *toolresult.LedgerError
			if _, err := toolresult.Restore(entry, toolresult.BoundOptions{}); !errors.As(err, &le) || le.Code != "ledger.malformed" {
				t.Fatalf("a stored row without an entry restores as %v", err)
			}
		} else if state == toolresult.Stored && entry != toolresult.InterruptedEntry {
			t.Fatalf("%s: %q, want the interrupted entry", id, entry)
		}
	}
	// A waiter on a far or infinite lease sleeps (at most 50 ms between reads) until its context ends.
	for _, id := range []string{"far", "infinite"} {
		wctx, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
		err := l.Wait(wctx, id)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("%s: Wait returned %v before its context ended", id, err)
		}
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// stopRenewing stops a claim's renewals as a stopped (SIGSTOP) or dead process would.
func stopRenewing(l *Ledger, callID string) {
	l.mu.Lock()
	c := l.claims[key{callID: callID}]
	l.mu.Unlock()
	c.renewal.Stop()
}

// TR-REPLAY-22, -23, -24: a claim whose renewals stopped becomes the interrupted entry; its late
// finish fails with ledger.lease_lost and changes nothing; the seam then returns the stored entry.
func TestTR_REPLAY_24_LeaseLost(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ledger.db")
	a, _ := Open(path, Options{Lease: 60 * time.Millisecond})
	b, _ := Open(path, Options{Lease: 60 * time.Millisecond})
	defer a.Close()
	defer b.Close()
	ctx := context.Background()
	if s, _, _ := a.Claim(ctx, "late"); s != toolresult.Claimed {
		t.Fatal(s)
	}
	// A live claim is renewed: after three leases it is still pending for another caller.
	time.Sleep(180 * time.Millisecond)
	if s, _, _ := b.Claim(ctx, "late"); s != toolresult.Pending {
		t.Fatalf("a renewed claim answered %v", s)
	}
	stopRenewing(a, "late")
	time.Sleep(120 * time.Millisecond)
	if s, e, _ := b.Claim(ctx, "late"); s != toolresult.Stored || e != toolresult.InterruptedEntry {
		t.Fatal(s, e)
	}
	if err := a.Finish(ctx, "late", `"too late"`); code(err) != "ledger.lease_lost" {
		t.Fatal(code(err))
	}
	if e, _, _ := b.Entry(ctx, "late"); e != toolresult.InterruptedEntry {
		t.Fatal("a late finish changed the stored entry")
	}
	// Through the seam: the tool outlives its lease; the caller gets the stored interrupted entry.
	out, err := toolresult.ExecuteToolCall(ctx, a, "late-seam", func(context.Context) (toolresult.ToolResult, error) {
		stopRenewing(a, "late-seam")
		time.Sleep(120 * time.Millisecond)
		if s, _, _ := b.Claim(ctx, "late-seam"); s != toolresult.Stored {
			t.Error("the expired claim was not pinned")
		}
		return toolresult.Text("ran"), nil
	}, toolresult.SeamOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if entry, _ := toolresult.Persist(out); entry != toolresult.InterruptedEntry {
		t.Fatal(entry)
	}
}

// TR-REPLAY-29: pruning deletes old stored entries only, never a claim.
func TestTR_REPLAY_29_Prune(t *testing.T) {
	l, _ := Open(filepath.Join(t.TempDir(), "ledger.db"), Options{})
	defer l.Close()
	ctx := context.Background()
	l.Claim(ctx, "done")
	l.Finish(ctx, "done", `"x"`)
	l.Claim(ctx, "live")
	time.Sleep(5 * time.Millisecond)
	if n, err := l.Prune(ctx, 0); n != 1 || err != nil {
		t.Fatal(n, err)
	}
	if s, _, _ := l.Claim(ctx, "live"); s != toolresult.Pending {
		t.Fatal("prune removed a claim")
	}
}

// TR-REPLAY-34: an audit record is kept as its canonical JSON; one with members its level does
// not allow is refused.
func TestTR_REPLAY_34_Audit(t *testing.T) {
	l, _ := Open(filepath.Join(t.TempDir(), "ledger.db"), Options{})
	defer l.Close()
	ctx := context.Background()
	b, _ := toolresult.Bound(toolresult.Text("secret"), toolresult.BoundOptions{})
	rec, _ := toolresult.AuditRecord(b, toolresult.LevelMetadata, toolresult.AuditOptions{})
	if err := l.AppendAudit(ctx, "c", rec); err != nil {
		t.Fatal(err)
	}
	rec["result"] = map[string]any{"content": "secret"}
	if err := l.AppendAudit(ctx, "c", rec); err == nil {
		t.Fatal("a metadata record with a result was stored")
	}
	got, _ := l.AuditRecords(ctx, "c")
	if len(got) != 1 || strings.Contains(got[0], "secret") || !strings.HasPrefix(got[0], `{"level":"metadata","summary":{`) {
		t.Fatal(got)
	}
}

// TR-REPLAY-25: every connection of the pool runs in WAL mode with synchronous=FULL, so a claim and
// an entry are on disk before Claim and Finish return.
func TestTR_REPLAY_25_Durable(t *testing.T) {
	l, err := Open(filepath.Join(t.TempDir(), "ledger.db"), Options{BusyTimeout: 1234 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	ctx := context.Background()
	conns := []*sql.Conn{}
	for i := 0; i < 3; i++ { // three connections at once: each one opened with the settings
		c, err := l.db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		var mode string
		var sync, busy int
		c.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode)
		c.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&sync)
		c.QueryRowContext(ctx, "PRAGMA busy_timeout").Scan(&busy)
		if mode != "wal" || sync != 2 || busy != 1234 {
			t.Fatalf("connection %d: journal_mode %s, synchronous %d, busy_timeout %d", i, mode, sync, busy)
		}
	}
	for _, c := range conns {
		c.Close()
	}
}

// TR-REPLAY-42, TR-REPLAY-43, TR-REPLAY-44: a recorded task is the claimed row's entry; after the
// lease a claim takes it over (Claimed with the task's entry); the first claimant's token is
// refused; a claimed row whose entry is not exactly a task is interrupted; the seam, following no
// task, stores the interrupted entry and never runs the tool.
func TestTR_REPLAY_43_TaskTakeover(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ledger.db")
	a, _ := Open(path, Options{Lease: time.Minute})
	b, _ := Open(path, Options{Lease: time.Minute})
	defer a.Close()
	defer b.Close()
	ctx := context.Background()
	if s, e, _ := a.Claim(ctx, "t"); s != toolresult.Claimed || e != "" {
		t.Fatal(s, e)
	}
	for _, bad := range []string{"", "a\x00b", strings.Repeat("x", 1025), "\xed\xa0\x80"} {
		var refused *toolresult.TaskIDError
		if err := a.RecordTask(ctx, "t", bad); !errors.As(err, &refused) {
			t.Fatalf("task ID %q: %v", bad, err)
		}
	}
	if err := a.RecordTask(ctx, "t", "task-1"); err != nil {
		t.Fatal(err)
	}
	if s, _, _ := b.Claim(ctx, "t"); s != toolresult.Pending {
		t.Fatal("a live claim with a task answered", s)
	}
	stopRenewing(a, "t")
	raw(t, path, "UPDATE toolresult_ledger SET lease_until = 0 WHERE call_id = 't'")
	s, e, err := b.Claim(ctx, "t")
	if id, ok := toolresult.TaskOfEntry([]byte(e)); s != toolresult.Claimed || !ok || id != "task-1" || err != nil {
		t.Fatal(s, e, err)
	}
	if e != `{"task":{"taskId":"task-1"}}` {
		t.Fatal(e)
	}
	if s, _, _ := b.Claim(ctx, "t"); s != toolresult.Pending {
		t.Fatal("a takeover left the row claimable", s)
	}
	if err := b.Finish(ctx, "t", `"done"`); err != nil {
		t.Fatal(err)
	}
	if s, e, _ := a.Claim(ctx, "t"); s != toolresult.Stored || e != `"done"` {
		t.Fatal(s, e)
	}
	for i, odd := range []string{`{"task":{"taskId":""}}`, `{"task": {"taskId":"t"}}`, `{"Task":{"TaskId":"t"}}`, `{"task":{"taskId":"t","x":1}}`} {
		id := "odd-" + strconv.Itoa(i)
		raw(t, path, "INSERT INTO toolresult_ledger (call_id, state, token, lease_until, entry, claimed_at) VALUES ('"+id+"', 'claimed', NULL, 0, CAST('"+odd+"' AS BLOB), 0)")
		if s, e, _ := b.Claim(ctx, id); s != toolresult.Stored || e != toolresult.InterruptedEntry {
			t.Fatal(odd, s, e)
		}
	}
	// The first claimant of a taken-over call: its token is refused, for a task and for a finish.
	if s, _, _ := a.Claim(ctx, "late"); s != toolresult.Claimed {
		t.Fatal(s)
	}
	if err := a.RecordTask(ctx, "late", "task-2"); err != nil {
		t.Fatal(err)
	}
	stopRenewing(a, "late")
	raw(t, path, "UPDATE toolresult_ledger SET lease_until = 0 WHERE call_id = 'late'")
	runs := 0
	out, err := toolresult.ExecuteToolCall(ctx, b, "late", func(context.Context) (toolresult.ToolResult, error) {
		runs++
		return toolresult.Text("ran again"), nil
	}, toolresult.SeamOptions{})
	if entry, _ := toolresult.Persist(out); err != nil || runs != 0 || entry != toolresult.InterruptedEntry {
		t.Fatal(err, runs, entry)
	}
	if err := a.RecordTask(ctx, "late", "task-3"); code(err) != "ledger.lease_lost" {
		t.Fatal(code(err))
	}
	if err := a.Finish(ctx, "late", `"late"`); code(err) != "ledger.lease_lost" {
		t.Fatal(code(err))
	}
}
