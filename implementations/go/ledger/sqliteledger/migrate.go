package sqliteledger

import (
	"context"
	"database/sql"
	"strings"

	"github.com/toolresult-protocol/toolresult/implementations/go/internal/ledgerstore"
)

// Migration from layout 1 (a call is its ID) to layout 2 (scope, call ID, fingerprint), spec §7.7.
// SQLite cannot change a table's primary key in place, so both keyed tables are rebuilt: new tables
// with the layout's own statements under a _v2 name, every row copied with scope '' and fingerprint
// '' (an audit row keeps its seq), the old tables dropped, the new ones renamed, the layout's indexes
// made, the layout row set to '2'. All of it is one BEGIN IMMEDIATE transaction that reads the
// layout row again first: two processes opening a layout-1 file at once migrate it once, and a
// failure leaves layout 1 as it was.

// rebuilt is the layout's CREATE TABLE statement for table, made under the name table_v2.
func rebuilt(table string) string {
	head := "CREATE TABLE IF NOT EXISTS " + table + " ("
	for _, s := range strings.Split(layout, ";\n") {
		if s = strings.TrimSpace(s); strings.HasPrefix(s, head) {
			return "CREATE TABLE " + table + "_v2 (" + strings.TrimPrefix(s, head)
		}
	}
	panic("sqliteledger: the layout has no table " + table)
}

// layoutIndexes are the layout's CREATE INDEX statements.
func layoutIndexes() []string {
	var out []string
	for _, s := range strings.Split(layout, ";\n") {
		if s = strings.TrimSpace(s); strings.HasPrefix(s, "CREATE INDEX") {
			out = append(out, s)
		}
	}
	return out
}

func migrationSteps() []string {
	steps := []string{
		rebuilt("toolresult_ledger"),
		`INSERT INTO toolresult_ledger_v2 (scope, call_id, fingerprint, state, token, lease_until, entry, interrupted, claimed_at, finished_at)
			SELECT '', call_id, '', state, token, lease_until, entry, interrupted, claimed_at, finished_at FROM toolresult_ledger`,
		rebuilt("toolresult_audit"),
		`INSERT INTO toolresult_audit_v2 (seq, scope, call_id, fingerprint, level, record, written_at)
			SELECT seq, '', call_id, '', level, record, written_at FROM toolresult_audit`,
		`DROP TABLE toolresult_ledger`,
		`DROP TABLE toolresult_audit`,
		`ALTER TABLE toolresult_ledger_v2 RENAME TO toolresult_ledger`,
		`ALTER TABLE toolresult_audit_v2 RENAME TO toolresult_audit`,
	}
	steps = append(steps, layoutIndexes()...)
	return append(steps, `UPDATE toolresult_meta SET value = '`+ledgerstore.LayoutVersion+`' WHERE key = 'layout'`)
}

// migrate runs the migration on one connection when the layout row still says 1; it reports
// whether this call migrated (false: another opener did it first).
func migrate(db *sql.DB) (bool, error) {
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		return false, err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		return false, err
	}
	done := false
	defer func() {
		if !done {
			_, _ = conn.ExecContext(ctx, "ROLLBACK")
		}
	}()
	var value any
	if err := conn.QueryRowContext(ctx, `SELECT value FROM toolresult_meta WHERE key = 'layout'`).Scan(&value); err != nil {
		return false, err
	}
	if text, ok := value.(string); !ok || text != ledgerstore.LegacyLayout {
		return false, nil // migrated meanwhile (or changed): the inspection that follows decides
	}
	for _, step := range migrationSteps() {
		if _, err := conn.ExecContext(ctx, step); err != nil {
			return false, err
		}
	}
	if _, err := conn.ExecContext(ctx, "COMMIT"); err != nil {
		return false, err
	}
	done = true
	return true, nil
}
