package sqliteledger

import (
	"context"
	"database/sql"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	toolresult "github.com/toolresult-protocol/toolresult/implementations/go"
)

// layoutOne is the layout-1 statements exactly as the release before layout 2 ran them (its
// layout.go), so the migration is tested on a ledger that release wrote.
const layoutOne = `
CREATE TABLE IF NOT EXISTS toolresult_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
INSERT OR IGNORE INTO toolresult_meta (key, value) VALUES ('layout', '1');
CREATE TABLE IF NOT EXISTS toolresult_ledger (
  call_id TEXT PRIMARY KEY,
  state TEXT NOT NULL CHECK (state IN ('claimed', 'stored')),
  token TEXT,
  lease_until INTEGER,
  entry BLOB,
  interrupted INTEGER NOT NULL DEFAULT 0,
  claimed_at INTEGER NOT NULL,
  finished_at INTEGER
);
CREATE INDEX IF NOT EXISTS toolresult_ledger_finished ON toolresult_ledger (finished_at) WHERE state = 'stored';
CREATE TABLE IF NOT EXISTS toolresult_audit (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  call_id TEXT NOT NULL,
  level TEXT NOT NULL,
  record BLOB NOT NULL,
  written_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS toolresult_audit_call ON toolresult_audit (call_id, seq);
`

// The statements that release's store wrote rows with: a claim, its finish, an audit record.
const (
	oneInsert = `INSERT INTO toolresult_ledger (call_id, state, token, lease_until, claimed_at) VALUES (?, 'claimed', ?, ?, ?) ON CONFLICT (call_id) DO NOTHING`
	oneFinish = `UPDATE toolresult_ledger SET state = 'stored', token = NULL, lease_until = NULL, entry = ?, finished_at = ? WHERE call_id = ? AND token = ? AND state = 'claimed'`
	oneAudit  = `INSERT INTO toolresult_audit (call_id, level, record, written_at) VALUES (?, ?, ?, ?)`
)

// legacy is a layout-1 ledger file with two stored entries (a success with every channel, an error
// result), a claim whose claimant died, and audit records; it returns the stored entries.
func legacy(t *testing.T, path string) map[string]string {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	exec := func(q string, args ...any) {
		if _, err := db.Exec(q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	exec(layoutOne)
	results := map[string]toolresult.ToolResult{
		"legacy-1": toolresult.Text("result of legacy-1: Müller \u2028 done", toolresult.WithStructured(map[string]any{"n": []any{1, 0.5, 1e-7}}),
			toolresult.WithArtifacts([]any{map[string]any{"type": "text", "label": "Note", "data": map[string]any{"text": "note"}}})),
		"legacy-6": toolresult.Error("no record for legacy-6", toolresult.WithStructured(map[string]any{"code": 404})),
	}
	entries := map[string]string{}
	for id, r := range results {
		b, _ := toolresult.Bound(r, toolresult.BoundOptions{})
		entries[id], _ = toolresult.Persist(b)
		exec(oneInsert, id, "tok-"+id, nowMs()+60_000, nowMs())
		exec(oneFinish, []byte(entries[id]), nowMs(), id, "tok-"+id)
		record, _ := toolresult.AuditRecord(b, toolresult.LevelMetadata, toolresult.AuditOptions{})
		text, level, _ := toolresult.AuditText(record)
		exec(oneAudit, id, level, []byte(text), nowMs())
	}
	exec(oneInsert, "legacy-3", "tok-dead", nowMs()-1, nowMs()-60_000) // its claimant died
	return entries
}

func layoutRow(t *testing.T, db *sql.DB) string {
	t.Helper()
	var v string
	if err := db.QueryRow(`SELECT value FROM toolresult_meta WHERE key = 'layout'`).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// §7.7: a layout-1 ledger opens as layout 2; its rows become calls of the default scope that name
// no tool, so the old API replays them byte for byte, a claim through the new API (with a tool, or in
// a scope) runs anew, a dead claim is still pinned as interrupted, and audit rows keep their seq.
func TestMigrationFromLayoutOne(t *testing.T) {
	for _, create := range []Create{CreateIfMissing, OpenExisting} {
		path := filepath.Join(t.TempDir(), "ledger.db")
		entries := legacy(t, path)
		l, err := Open(path, Options{Create: create})
		if err != nil {
			t.Fatalf("create %d: %v", create, err)
		}
		ctx := context.Background()
		if v := layoutRow(t, l.db); v != "2" {
			t.Fatalf("layout %s after opening", v)
		}
		for _, table := range []string{"toolresult_ledger", "toolresult_audit"} {
			cols, _ := columns(l.db, table)
			sort.Strings(cols)
			if !strings.Contains(strings.Join(cols, ","), "fingerprint") || !strings.Contains(strings.Join(cols, ","), "scope") {
				t.Fatalf("%s: %v", table, cols)
			}
		}
		var runs int32
		tool := func(context.Context) (toolresult.ToolResult, error) {
			atomic.AddInt32(&runs, 1)
			return toolresult.Text("ran anew"), nil
		}
		for id, entry := range entries {
			out, err := toolresult.ExecuteToolCall(ctx, l, id, tool, toolresult.SeamOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := toolresult.Persist(out); got != entry || runs != 0 {
				t.Fatalf("%s replayed\n%s\nwant\n%s (runs %d)", id, got, entry, runs)
			}
			if stored, ok, _ := l.Entry(ctx, id); !ok || stored != entry {
				t.Fatalf("%s: Entry changed", id)
			}
			if records, _ := l.AuditRecords(ctx, id); len(records) != 1 {
				t.Fatalf("%s: %d audit records", id, len(records))
			}
			if records, _ := l.AuditRecords(ctx, id, toolresult.At{Scope: "thread-1"}); len(records) != 0 {
				t.Fatalf("%s: another scope reads the legacy audit rows", id)
			}
		}
		for _, c := range []toolresult.Call{{ID: "legacy-1", Tool: "balance"}, {ID: "legacy-1", Scope: "thread-1"}} {
			out, err := toolresult.ExecuteCall(ctx, l, c, tool, toolresult.SeamOptions{})
			if err != nil || out.Content() != "ran anew" {
				t.Fatalf("%+v: %q %v", c, out.Content(), err)
			}
		}
		if runs != 2 {
			t.Fatalf("the new calls ran %d times", runs)
		}
		if _, e, _ := l.Claim(ctx, "legacy-3"); e != toolresult.InterruptedEntry {
			t.Fatalf("the dead legacy claim answered %q", e)
		}
		var oldMax, seq int64
		l.db.QueryRow(`SELECT max(seq) FROM toolresult_audit`).Scan(&oldMax)
		b, _ := toolresult.Bound(toolresult.Text("x"), toolresult.BoundOptions{})
		rec, _ := toolresult.AuditRecord(b, toolresult.LevelNone, toolresult.AuditOptions{})
		if err := l.AppendAudit(ctx, "legacy-1", rec, toolresult.At{Scope: "s"}); err != nil {
			t.Fatal(err)
		}
		l.db.QueryRow(`SELECT max(seq) FROM toolresult_audit`).Scan(&seq)
		if oldMax != 2 || seq != 3 {
			t.Fatalf("audit seq %d then %d: the migration lost the sequence", oldMax, seq)
		}
		var index string
		l.db.QueryRow(`SELECT sql FROM sqlite_master WHERE name = 'toolresult_audit_call'`).Scan(&index)
		if !strings.Contains(index, "(scope, call_id, fingerprint, seq)") {
			t.Fatal(index)
		}
		l.Close()
		// Opened again, a migrated ledger is a layout-2 ledger: nothing more happens.
		again, err := Open(path, Options{Create: OpenExisting})
		if err != nil {
			t.Fatal(err)
		}
		again.Close()
	}
}

// Two processes opening a layout-1 file at once migrate it once: the layout row is read again
// inside the BEGIN IMMEDIATE transaction. Eight openers on their own connections; exactly one
// migrates, every one opens, and no row is copied twice.
func TestMigrationConcurrentOpeners(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ledger.db")
	entries := legacy(t, path)
	var migrated int32
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			db, err := sql.Open("sqlite", dsn(path, 30_000))
			if err != nil {
				errs[i] = err
				return
			}
			defer db.Close()
			did, err := migrate(db)
			if did {
				atomic.AddInt32(&migrated, 1)
			}
			errs[i] = err
		}(i)
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("opener %d: %v", i, err)
		}
	}
	if migrated != 1 {
		t.Fatalf("%d openers migrated", migrated)
	}
	l, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	var rows, audits int
	l.db.QueryRow(`SELECT count(*) FROM toolresult_ledger`).Scan(&rows)
	l.db.QueryRow(`SELECT count(*) FROM toolresult_audit`).Scan(&audits)
	if rows != len(entries)+1 || audits != len(entries) {
		t.Fatalf("%d rows, %d audit rows after the migration", rows, audits)
	}
	// And through Open itself, eight at once on a fresh layout-1 file.
	path2 := filepath.Join(t.TempDir(), "ledger.db")
	legacy(t, path2)
	for i := range errs {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			o, err := Open(path2, Options{})
			if err == nil {
				o.Close()
			}
			errs[i] = err
		}(i)
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("Open %d: %v", i, err)
		}
	}
}

// A migration that fails part-way leaves layout 1 exactly as it was: here the audit table's
// rebuild fails (a table of its temporary name is in the way) after the ledger's was made.
func TestMigrationIsAtomic(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ledger.db")
	legacy(t, path)
	raw(t, path, "CREATE TABLE toolresult_audit_v2 (x INTEGER)")
	if _, err := Open(path, Options{}); code(err) != "ledger.store_failed" {
		t.Fatalf("got %s", code(err))
	}
	db, _ := sql.Open("sqlite", path)
	defer db.Close()
	if v := layoutRow(t, db); v != "1" {
		t.Fatalf("layout %s after a failed migration", v)
	}
	var n int
	db.QueryRow(`SELECT count(*) FROM sqlite_master WHERE name = 'toolresult_ledger_v2'`).Scan(&n)
	cols, _ := columns(db, "toolresult_ledger")
	if n != 0 || strings.Contains(strings.Join(cols, ","), "scope") {
		t.Fatalf("a failed migration left its work: %d, %v", n, cols)
	}
}

// Spec §7.3 on the store: one call ID in two scopes, and with two fingerprints, are four calls across
// two processes' ledgers on one file; each runs once and replays its own entry.
func TestScopesAndFingerprints(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ledger.db")
	a, _ := Open(path, Options{})
	b, _ := Open(path, Options{})
	defer a.Close()
	defer b.Close()
	ctx := context.Background()
	var runs [4]int32
	calls := [4]toolresult.Call{}
	for i := range calls {
		calls[i] = toolresult.Call{ID: "call_0", Scope: []string{"alice", "bob"}[i/2], Tool: "balance", Arguments: map[string]any{"n": float64(i % 2)}}
	}
	for round, l := range []*Ledger{a, b, a} {
		for i, c := range calls {
			text := c.Scope + " " + string(rune('0'+i))
			out, err := toolresult.ExecuteCall(ctx, l, c, func(context.Context) (toolresult.ToolResult, error) {
				atomic.AddInt32(&runs[i], 1)
				return toolresult.Text(text), nil
			}, toolresult.SeamOptions{})
			if err != nil || out.Content() != text {
				t.Fatalf("round %d call %d: %q %v", round, i, out.Content(), err)
			}
		}
	}
	for i, n := range runs {
		if n != 1 {
			t.Errorf("call %d ran %d times", i, n)
		}
	}
	if _, ok, _ := a.Entry(ctx, "call_0"); ok {
		t.Fatal("the default scope without a tool found another call's entry")
	}
	at, _ := calls[3].At()
	if e, ok, _ := b.Entry(ctx, "call_0", at); !ok || !strings.Contains(e, "bob 3") {
		t.Fatal(e)
	}
}
