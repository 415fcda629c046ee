package pgledger

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/toolresult-protocol/toolresult/implementations/go/internal/ledgerstore"
)

// Migration from layout 1 (a call is its ID) to layout 2 (scope, call ID, fingerprint), spec §7.7:
// one transaction that locks the three tables against every other session, reads the layout row
// again (an opener that waited for another's migration finds '2' and changes nothing), adds the two
// columns to both keyed tables with the default '' (every layout-1 row becomes a call of the default
// scope that names no tool, which is what the old API claims), replaces the ledger's primary key and
// the audit index, and sets the layout row. A failure rolls all of it back.

// migrate runs the migration when the layout row still says 1; it reports whether this call did.
func (l *Ledger) migrate(ctx context.Context) (bool, error) {
	tx, err := l.pool.Begin(ctx)
	if err != nil {
		return false, err
	}
	defer tx.Rollback(context.Background())
	// Openers queue behind the migrating one, as they queue behind a creation.
	if _, err := tx.Exec(ctx, "SET LOCAL lock_timeout = '120s'"); err != nil {
		return false, err
	}
	if _, err := tx.Exec(ctx, "LOCK TABLE toolresult_meta, toolresult_ledger, toolresult_audit IN ACCESS EXCLUSIVE MODE"); err != nil {
		return false, err
	}
	var value string
	if err := tx.QueryRow(ctx, `SELECT value FROM toolresult_meta WHERE key = 'layout'`).Scan(&value); err != nil {
		return false, err
	}
	if value != ledgerstore.LegacyLayout {
		return false, nil
	}
	// The primary key's name and the audit table's schema are read, not assumed: an operator may
	// have made the layout-1 tables by hand, in any schema of the search path.
	var pkey, schema string
	if err := tx.QueryRow(ctx, `SELECT c.conname::text, n.nspname::text FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid
		JOIN pg_namespace n ON n.oid = r.relnamespace WHERE c.conrelid = 'toolresult_ledger'::regclass AND c.contype = 'p'`).Scan(&pkey, &schema); err != nil {
		return false, err
	}
	var auditSchema string
	if err := tx.QueryRow(ctx, `SELECT n.nspname::text FROM pg_class r JOIN pg_namespace n ON n.oid = r.relnamespace
		WHERE r.oid = 'toolresult_audit'::regclass`).Scan(&auditSchema); err != nil {
		return false, err
	}
	steps := []string{
		`ALTER TABLE toolresult_ledger ADD COLUMN scope text NOT NULL DEFAULT '', ADD COLUMN fingerprint text NOT NULL DEFAULT ''`,
		`ALTER TABLE toolresult_ledger DROP CONSTRAINT ` + pgx.Identifier{pkey}.Sanitize() + `, ADD PRIMARY KEY (scope, call_id, fingerprint)`,
		`ALTER TABLE toolresult_audit ADD COLUMN scope text NOT NULL DEFAULT '', ADD COLUMN fingerprint text NOT NULL DEFAULT ''`,
		`DROP INDEX IF EXISTS ` + pgx.Identifier{auditSchema, "toolresult_audit_call"}.Sanitize(),
		`CREATE INDEX toolresult_audit_call ON toolresult_audit (scope, call_id, fingerprint, seq)`,
		`UPDATE toolresult_meta SET value = '` + ledgerstore.LayoutVersion + `' WHERE key = 'layout'`,
	}
	for _, step := range steps {
		if _, err := tx.Exec(ctx, step); err != nil {
			return false, err
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return false, err
	}
	return true, nil
}
