package sqliteledger

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	toolresult "github.com/toolresult-protocol/toolresult/implementations/go"
	"github.com/toolresult-protocol/toolresult/implementations/go/internal/ledgerstore"
)

// What opening may do to the file it is given (spec/07-replay.md §7.8, TR-REPLAY-37): read it
// first, and write (the WAL switch, the tables) only to a ledger, a new file, or an empty database
// the caller may turn into one. Another application's database, a table that only shares a ledger
// table's name and a truncated ledger file are refused before any write, each with its code.

// Create says whether opening may make a new ledger.
type Create int

const (
	// CreateIfMissing (the zero value): a missing file is created; an empty (0-byte) file is
	// refused with ledger.store_empty_file (a ledger that held entries may have been truncated).
	CreateIfMissing Create = iota
	// CreateAlways: a missing or empty file, or an empty database, becomes a ledger.
	CreateAlways
	// OpenExisting: only an existing ledger opens (ledger.store_missing otherwise).
	OpenExisting
)

func refusal(code, path, why string) error {
	return toolresult.NewLedgerStoreError(code, fmt.Sprintf("SQLite ledger %s: cannot open the ledger: %s", path, why), "")
}

// dsn is the driver's name for the file: a SQLite URI (so that no character of the path is read
// as a parameter) with the settings every connection of the pool gets before its first statement.
func dsn(path string, busy int64) string {
	name := path
	if path != ":memory:" {
		name = strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
	}
	// FULL: a claim is on disk before the tool runs, and a finished entry survives a power loss.
	return "file:" + name + "?_pragma=busy_timeout(" + strconv.FormatInt(busy, 10) + ")&_pragma=synchronous(FULL)"
}

// checkFileBeforeOpen looks at the path before the driver opens (and so creates) it.
func checkFileBeforeOpen(path string, create Create, busy int64) error {
	if path == ":memory:" || path == "" {
		return nil
	}
	info, err := os.Stat(path)
	if err != nil {
		if !errors.Is(err, os.ErrNotExist) {
			return nil // the driver reports what it finds (permissions, a folder, …)
		}
		if d, derr := os.Stat(filepath.Dir(path)); derr != nil || !d.IsDir() {
			return toolresult.NewLedgerStoreError("ledger.store_failed", fmt.Sprintf("SQLite ledger %s: cannot open the ledger: its folder does not exist (ENOENT)", path), "ENOENT")
		}
		if create == OpenExisting {
			return refusal("ledger.store_missing", path, "the file does not exist, and OpenExisting was asked for")
		}
		return createWhole(path, busy)
	}
	if info.Size() == 0 && create != CreateAlways {
		return refusal("ledger.store_empty_file", path, "the file is empty (0 bytes); a ledger that held entries may have been truncated. Open it with CreateAlways to start a new ledger in it")
	}
	return nil
}

// createWhole makes the ledger file whole under another name and links it into place, so that no
// process ever sees a new ledger as an empty file; when another process linked its file first,
// that one is the ledger.
func createWhole(path string, busy int64) error {
	tmp := fmt.Sprintf("%s.%d.%s.new", path, os.Getpid(), ledgerstore.Token())
	defer os.Remove(tmp)
	db, err := sql.Open("sqlite", dsn(tmp, busy))
	if err != nil {
		return err
	}
	err = makeTables(db)
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := os.Link(tmp, path); err != nil && !errors.Is(err, os.ErrExist) {
		return err
	}
	return nil
}

// makeTables runs the layout in one immediate transaction on one connection.
func makeTables(db *sql.DB) error {
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		return err
	}
	if _, err := conn.ExecContext(ctx, layout); err != nil {
		_, _ = conn.ExecContext(ctx, "ROLLBACK")
		return err
	}
	_, err = conn.ExecContext(ctx, "COMMIT")
	return err
}

// found is what inspect found: no objects at all, a ledger of the current layout, or one of layout 1.
type found int

const (
	foundLedger found = iota
	foundEmpty
	foundLegacy
)

// inspect reads the schema and decides, writing nothing. The layout row is read first: layout 2
// must have its columns, layout 1 the columns of layout 1 (it is migrated), another layout is
// ledger.store_layout whatever its columns.
//
// Every read is in one read transaction: another process may migrate the file between two reads,
// and columns read before its commit with a layout row read after it would look like a conflict.
func inspect(db *sql.DB, path string, create Create) (found, error) {
	tx, err := db.BeginTx(context.Background(), nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback() //nolint:errcheck // a read transaction: nothing to keep
	return inspectIn(tx, path, create)
}

// querier is what inspect reads through: a transaction, or a connection in tests.
type querier interface {
	Query(query string, args ...any) (*sql.Rows, error)
	QueryRow(query string, args ...any) *sql.Row
}

func inspectIn(db querier, path string, create Create) (found, error) {
	rows, err := db.Query(`SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite\_%' ESCAPE '\'`)
	if err != nil {
		return 0, err
	}
	objects := 0
	tables := map[string]bool{}
	for rows.Next() {
		var kind, name string
		if err := rows.Scan(&kind, &name); err != nil {
			rows.Close()
			return 0, err
		}
		objects++
		if kind == "table" {
			tables[name] = true
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	if objects == 0 {
		if create == OpenExisting {
			return 0, refusal("ledger.store_missing", path, "the database is empty, and OpenExisting was asked for")
		}
		return foundEmpty, nil
	}
	var ours []string
	for _, t := range ledgerstore.Tables {
		if tables[t] {
			ours = append(ours, t)
		}
	}
	if len(ours) == 0 {
		return 0, refusal("ledger.store_foreign", path, fmt.Sprintf("the database holds %d other table(s) and none of the ledger's; it is left unchanged", len(tables)))
	}
	have := map[string][]string{}
	for _, t := range ledgerstore.Tables {
		if !tables[t] {
			return 0, refusal("ledger.store_conflict", path, fmt.Sprintf("it has %s but no %s; it is left unchanged", strings.Join(ours, ", "), t))
		}
		cols, err := columns(db, t)
		if err != nil {
			return 0, err
		}
		// The meta table must be the ledger's to be read; the others are checked against the
		// layout it names (a layout this implementation does not know may have other columns).
		if t == "toolresult_meta" && !ledgerstore.SameColumns(t, cols) {
			return 0, refusal("ledger.store_conflict", path, fmt.Sprintf("its table %s has other columns than a ledger's; it is left unchanged", t))
		}
		have[t] = cols
	}
	var value any
	err = db.QueryRow(`SELECT value FROM toolresult_meta WHERE key = 'layout'`).Scan(&value)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, refusal("ledger.store_no_layout", path, "toolresult_meta has no layout row; it is left unchanged")
	}
	if err != nil {
		return 0, err
	}
	text, isText := value.(string)
	if !isText || text != ledgerstore.LayoutVersion && text != ledgerstore.LegacyLayout {
		shown := ledgerstore.Cut(fmt.Sprint(value))
		if len(shown) > 20 {
			shown = shown[:20]
		}
		return 0, toolresult.NewLedgerStoreError("ledger.store_layout", fmt.Sprintf("SQLite ledger %s: its tables have layout %s, this implementation knows layouts %s and %s (which it migrates)", path, shown, ledgerstore.LayoutVersion, ledgerstore.LegacyLayout), "")
	}
	if !ledgerstore.ColumnsFit(text, have) {
		return 0, refusal("ledger.store_conflict", path, fmt.Sprintf("its tables do not have the columns of layout %s, which toolresult_meta names; it is left unchanged", text))
	}
	if text == ledgerstore.LegacyLayout {
		return foundLegacy, nil
	}
	return foundLedger, nil
}

func columns(db querier, table string) ([]string, error) {
	rows, err := db.Query(`SELECT name FROM pragma_table_info(?)`, table)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, err
		}
		out = append(out, name)
	}
	return out, rows.Err()
}
