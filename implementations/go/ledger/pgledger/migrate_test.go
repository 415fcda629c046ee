package pgledger

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	toolresult "github.com/toolresult-protocol/toolresult/implementations/go"
)

// layoutOne is the layout-1 statements exactly as the release before layout 2 ran them (its
// layout.go), so the migration is tested on a ledger that release wrote.
const layoutOne = `
CREATE TABLE IF NOT EXISTS toolresult_meta (
  key text PRIMARY KEY,
  value text NOT NULL
);
INSERT INTO toolresult_meta (key, value) VALUES ('layout', '1') ON CONFLICT (key) DO NOTHING;
CREATE TABLE IF NOT EXISTS toolresult_ledger (
  call_id text PRIMARY KEY,
  state text NOT NULL CHECK (state IN ('claimed', 'stored')),
  token uuid,
  lease_until timestamptz,
  entry bytea,
  interrupted boolean NOT NULL DEFAULT false,
  claimed_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX IF NOT EXISTS toolresult_ledger_claimed ON toolresult_ledger (claimed_at);
CREATE TABLE IF NOT EXISTS toolresult_audit (
  seq bigserial PRIMARY KEY,
  call_id text NOT NULL,
  level text NOT NULL,
  record bytea NOT NULL,
  written_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS toolresult_audit_call ON toolresult_audit (call_id, seq);
`

// The statements that release's store wrote rows with: a claim, its finish, an audit record.
const (
	oneInsert = `INSERT INTO toolresult_ledger (call_id, state, token, lease_until, claimed_at)
		VALUES ($1, 'claimed', $2::text::uuid, now() + $3::bigint * interval '1 millisecond', now()) ON CONFLICT (call_id) DO NOTHING`
	oneFinish = `UPDATE toolresult_ledger SET state = 'stored', token = NULL, lease_until = NULL, entry = $3, finished_at = now()
		WHERE call_id = $1 AND token = $2::text::uuid AND state = 'claimed'`
	oneAudit = `INSERT INTO toolresult_audit (call_id, level, record, written_at) VALUES ($1, $2, $3, now())`
)

// legacy writes a layout-1 ledger into the database: a stored success with every channel, a stored
// error result, a claim whose claimant died, and audit records. It returns the stored entries.
func legacy(t *testing.T, conn string) map[string]string {
	t.Helper()
	ctx := context.Background()
	c, err := pgx.Connect(ctx, conn)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(ctx)
	exec := func(q string, args ...any) {
		if _, err := c.Exec(ctx, q, args...); err != nil {
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
	tokens := map[string]string{"legacy-1": "8f14e45f-ceea-467f-a8f6-000000000001", "legacy-6": "8f14e45f-ceea-467f-a8f6-000000000006"}
	for id, r := range results {
		b, _ := toolresult.Bound(r, toolresult.BoundOptions{})
		entries[id], _ = toolresult.Persist(b)
		exec(oneInsert, id, tokens[id], 60_000)
		exec(oneFinish, id, tokens[id], []byte(entries[id]))
		record, _ := toolresult.AuditRecord(b, toolresult.LevelMetadata, toolresult.AuditOptions{})
		text, level, _ := toolresult.AuditText(record)
		exec(oneAudit, id, level, []byte(text))
	}
	exec(oneInsert, "legacy-3", "8f14e45f-ceea-467f-a8f6-00000000dead", -60_000) // its claimant died
	return entries
}

func one[T any](t *testing.T, l *Ledger, q string) T {
	t.Helper()
	var v T
	if err := l.pool.QueryRow(context.Background(), q).Scan(&v); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return v
}

// §7.7: a layout-1 ledger opens as layout 2 (OpenExisting too: the ledger exists); its rows become
// calls of the default scope that name no tool, so the old API replays them byte for byte, a claim
// with a tool or in a scope runs anew, and a dead claim is still pinned as interrupted.
func TestMigrationFromLayoutOne(t *testing.T) {
	ctx := context.Background()
	for _, existing := range []bool{false, true} {
		conn := database(t)
		entries := legacy(t, conn)
		l, err := Open(ctx, conn, Options{OpenExisting: existing})
		if err != nil {
			t.Fatal(err)
		}
		if v := one[string](t, l, `SELECT value FROM toolresult_meta WHERE key = 'layout'`); v != "2" {
			t.Fatalf("layout %s", v)
		}
		if pk := one[string](t, l, `SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'toolresult_ledger'::regclass AND contype = 'p'`); pk != "PRIMARY KEY (scope, call_id, fingerprint)" {
			t.Fatal(pk)
		}
		if ix := one[string](t, l, `SELECT indexdef FROM pg_indexes WHERE indexname = 'toolresult_audit_call'`); !strings.HasSuffix(ix, "(scope, call_id, fingerprint, seq)") {
			t.Fatal(ix)
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
		l.Close()
		again, err := Open(ctx, conn, Options{OpenExisting: true})
		if err != nil {
			t.Fatal(err)
		}
		again.Close()
	}
}

// Openers of one layout-1 database at once migrate it once: each locks the three tables and reads
// the layout row again under the lock. Eight migrations at once, then eight Opens at once.
func TestMigrationConcurrentOpeners(t *testing.T) {
	ctx := context.Background()
	conn := database(t)
	entries := legacy(t, conn)
	var migrated int32
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			pool, err := pgxpool.New(ctx, conn)
			if err != nil {
				errs[i] = err
				return
			}
			defer pool.Close()
			did, err := (&Ledger{pool: pool}).migrate(ctx)
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
	l, err := Open(ctx, conn, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rows := one[int64](t, l, `SELECT count(*) FROM toolresult_ledger`); rows != int64(len(entries)+1) {
		t.Fatalf("%d rows", rows)
	}
	l.Close()

	conn2 := database(t)
	legacy(t, conn2)
	for i := range errs {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			o, err := Open(ctx, conn2, Options{})
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

// A layout this implementation does not know is ledger.store_layout whatever its columns; layout 2
// named over layout 1's columns is a conflict. Nothing is changed.
func TestOpeningLayouts(t *testing.T) {
	ctx := context.Background()
	cases := map[string]struct{ setup, want string }{
		"layout 3":               {"CREATE TABLE toolresult_meta (key text PRIMARY KEY, value text NOT NULL); INSERT INTO toolresult_meta VALUES ('layout', '3'); CREATE TABLE toolresult_ledger (x int); CREATE TABLE toolresult_audit (y int)", "ledger.store_layout"},
		"layout 2 on layout 1's": {strings.Replace(layoutOne, "('layout', '1')", "('layout', '2')", 1), "ledger.store_conflict"},
	}
	for name, c := range cases {
		conn := database(t)
		admin, _ := pgx.Connect(ctx, conn)
		if _, err := admin.Exec(ctx, c.setup); err != nil {
			t.Fatal(err)
		}
		_, err := Open(ctx, conn, Options{})
		var se *toolresult.LedgerStoreError
		if !errorsAs(err, &se) || se.Code != c.want {
			t.Errorf("%s: %v", name, err)
		}
		admin.Close(ctx)
	}
}

// Spec §7.3 on PostgreSQL: eight callers on two ledgers race one call ID as four calls (two scopes x
// two argument sets): each call runs once, and every caller of a call gets that call's entry.
func TestScopesAndFingerprintsRace(t *testing.T) {
	ctx := context.Background()
	conn := database(t)
	a, err := Open(ctx, conn, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Open(ctx, conn, Options{})
	defer a.Close()
	defer b.Close()
	var runs [4]int32
	entries := make([]string, 8)
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			g := i % 4
			call := toolresult.Call{ID: "call_0", Scope: []string{"alice", "bob"}[g/2], Tool: "balance", Arguments: map[string]any{"n": float64(g % 2)}}
			l := []*Ledger{a, b}[i/4]
			out, err := toolresult.ExecuteCall(ctx, l, call, func(context.Context) (toolresult.ToolResult, error) {
				atomic.AddInt32(&runs[g], 1)
				time.Sleep(50 * time.Millisecond) // the duplicates arrive while it runs (either way, one run)
				return toolresult.Text(fmt.Sprintf("group %d", g)), nil
			}, toolresult.SeamOptions{})
			if err != nil {
				t.Error(err)
				return
			}
			entries[i], _ = toolresult.Persist(out)
		}(i)
	}
	wg.Wait()
	for g := 0; g < 4; g++ {
		if runs[g] != 1 || entries[g] != entries[g+4] || !strings.Contains(entries[g], fmt.Sprintf("group %d", g)) {
			t.Errorf("group %d: ran %d, entries %s / %s", g, runs[g], entries[g], entries[g+4])
		}
	}
	if _, ok, _ := a.Entry(ctx, "call_0"); ok {
		t.Fatal("the default scope without a tool found another call's entry")
	}
}

func errorsAs(err error, target **toolresult.LedgerStoreError) bool { return errors.As(err, target) }
