// Package sqliteledger is the SQLite replay ledger of the Go implementation (spec/07-replay.md
// §7.4–7.8): one file in WAL mode with synchronous=FULL, safe for many processes on one machine,
// in the tables every language's store uses (TR-REPLAY-35). The driver is modernc.org/sqlite, SQLite
// itself translated to Go: no cgo, and SQLite's own unix VFS, fsync included.
//
//	ledger, err := sqliteledger.Open("/var/lib/agent/ledger.db", sqliteledger.Options{})
//	result, err := toolresult.ExecuteToolCall(ctx, ledger, callID, tool, toolresult.SeamOptions{})
package sqliteledger

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"regexp"
	"sync"
	"time"
	"unicode/utf8"

	toolresult "github.com/toolresult-protocol/toolresult/implementations/go"
	"github.com/toolresult-protocol/toolresult/implementations/go/internal/ledgerstore"
	"modernc.org/sqlite"
)

// Options configure Open. The zero value is the durable default.
type Options struct {
	// Lease is how long a claim holds its call ID without a renewal (default 30 s; 50 ms to 24 h).
	// The store renews it every third of that while the process lives (TR-REPLAY-22).
	Lease time.Duration
	// BusyTimeout is how long a statement waits for another process's lock before it fails with
	// ledger.store_failed (default 30 s: with synchronous=FULL, eight busy writers can queue a
	// claim for seconds on a loaded machine).
	BusyTimeout time.Duration
	// Create says whether opening may make a new ledger (default CreateIfMissing).
	Create Create
}

// Ledger is a SQLite replay ledger; it implements toolresult.TaskLedger. Its methods are safe for
// concurrent use.
type Ledger struct {
	path  string
	lease time.Duration
	db    *sql.DB

	mu     sync.Mutex
	claims map[key]*claim
	closed bool
}

// key is a call in the ledger: its row's primary key (scope, call_id, fingerprint).
type key struct{ scope, callID, fingerprint string }

func keyOf(callID string, at toolresult.At) key { return key{at.Scope, callID, at.Fingerprint} }

type claim struct {
	token   string
	renewal *ledgerstore.Renewal
}

var _ toolresult.TaskLedger = (*Ledger)(nil)

// Open opens the SQLite ledger at path, creating it as Options.Create allows.
func Open(path string, options Options) (*Ledger, error) {
	lease, err := ledgerstore.CheckLease(options.Lease)
	if err != nil {
		return nil, err
	}
	busy := options.BusyTimeout
	if busy == 0 {
		busy = 30 * time.Second
	}
	if busy < 0 {
		return nil, errors.New("sqliteledger: BusyTimeout must not be negative")
	}
	db, err := open(path, options.Create, busy.Milliseconds())
	if err != nil {
		return nil, storeError(path, "open the ledger", err)
	}
	return &Ledger{path: path, lease: lease, db: db, claims: map[key]*claim{}}, nil
}

func open(path string, create Create, busy int64) (*sql.DB, error) {
	if err := checkFileBeforeOpen(path, create, busy); err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite", dsn(path, busy))
	if err != nil {
		return nil, err
	}
	if path == ":memory:" {
		db.SetMaxOpenConns(1) // each connection would be a database of its own
	}
	db.SetMaxIdleConns(4)
	// Read before any write: the WAL switch and the tables go only to a ledger or an empty database.
	what, err := inspect(db, path, create)
	if err == nil {
		_, err = db.Exec("PRAGMA journal_mode = WAL")
	}
	if err == nil && what == foundEmpty {
		// IF NOT EXISTS: another process may have made the tables since the read above.
		if err = makeTables(db); err == nil {
			what, err = inspect(db, path, CreateAlways)
		}
	}
	if err == nil && what == foundLegacy {
		// Layout 1 becomes layout 2 in one transaction, whatever Create says: the ledger exists.
		if _, err = migrate(db); err == nil {
			what, err = inspect(db, path, CreateAlways)
		}
	}
	if err == nil && what != foundLedger {
		err = refusal("ledger.store_conflict", path, "its tables changed while it was being opened")
	}
	if err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// Path is the file the ledger was opened on.
func (l *Ledger) Path() string { return l.path }

var causes = map[string]string{
	"SQLITE_BUSY":     "the database is locked by another connection",
	"SQLITE_LOCKED":   "the database is locked by another connection",
	"SQLITE_FULL":     "the disk holding the database is full",
	"SQLITE_READONLY": "the database is read-only",
	"SQLITE_CANTOPEN": "the database file cannot be opened",
	"SQLITE_CORRUPT":  "the database file is corrupt",
	"SQLITE_NOTADB":   "the file is not a SQLite database",
	"SQLITE_IOERR":    "an I/O error occurred",
	"SQLITE_PERM":     "access to the database file is denied",
}

var codeName = regexp.MustCompile(`\((SQLITE_[A-Z_]+)\)`)

// sqliteCode names a result code as SQLite does (SQLITE_BUSY, SQLITE_IOERR_WRITE) and its primary code.
func sqliteCode(code int) (name, primary string) {
	find := func(c int) string {
		if m := codeName.FindStringSubmatch(sqlite.ErrorCodeString[c]); m != nil {
			return m[1]
		}
		return ""
	}
	primary = find(code & 0xff)
	if name = find(code); name == "" {
		name = primary
	}
	if name == "" {
		name = fmt.Sprintf("SQLite result code %d", code)
	}
	return name, primary
}

// storeError is a ledger.store_failed naming the ledger, the cause in words and the driver's code
// (TR-REPLAY-31): never a byte of an entry (SQLite's messages never quote a bound value).
func storeError(path, doing string, err error) error {
	var lse *toolresult.LedgerStoreError
	if errors.As(err, &lse) {
		return lse
	}
	var cause, code string
	var se *sqlite.Error
	if errors.As(err, &se) {
		name, primary := sqliteCode(se.Code())
		code = name
		if cause = causes[primary]; cause == "" {
			cause = "SQLite reported " + name
		}
	} else if name, why, ok := ledgerstore.Errno(err); ok {
		code, cause = name, why
	} else {
		cause = "the SQLite driver failed: " + ledgerstore.Cut(err.Error())
	}
	msg := fmt.Sprintf("SQLite ledger %s: cannot %s: %s", path, doing, cause)
	if code != "" {
		msg += " (" + code + ")"
	}
	return toolresult.NewLedgerStoreError("ledger.store_failed", msg, code)
}

func (l *Ledger) closedError(doing string) error {
	return toolresult.NewLedgerStoreError("ledger.store_failed", fmt.Sprintf("SQLite ledger %s: cannot %s: the ledger is closed", l.path, doing), "")
}

func nowMs() int64 { return time.Now().UnixMilli() }

// leaseRanOut: a lease that is not a number (NULL, text, a blob, NaN, an operator's "release") has
// run out like one in the past, so the claim becomes the interrupted entry instead of a state no
// caller can leave; an infinite one (REAL 9e999) is decades away like any far one (spec §7.7).
func leaseRanOut(lease any, now int64) bool {
	switch v := lease.(type) {
	case int64:
		return v <= now
	case float64:
		return math.IsNaN(v) || v <= float64(now)
	}
	return true
}

// entryText is an entry read back. Octets that are not UTF-8, a NULL or a number become a text
// Restore refuses as ledger.malformed: the call is not run again, and the error says why.
func entryText(v any) string {
	var s string
	switch e := v.(type) {
	case []byte:
		s = string(e)
	case string:
		s = e
	case nil:
		return "\x00no entry"
	default:
		return "\x00not an entry"
	}
	if !utf8.ValidString(s) {
		return "\x00not UTF-8"
	}
	return s
}

// Every statement names a row by its whole key, (scope, call_id, fingerprint): a call that shares
// only its ID with another never reads, pins, finishes or abandons the other's row.
const (
	sqlGet    = `SELECT state, lease_until, entry FROM toolresult_ledger WHERE scope = ? AND call_id = ? AND fingerprint = ?`
	sqlInsert = `INSERT INTO toolresult_ledger (scope, call_id, fingerprint, state, token, lease_until, claimed_at) VALUES (?, ?, ?, 'claimed', ?, ?, ?) ` +
		`ON CONFLICT (scope, call_id, fingerprint) DO NOTHING`
	// A lease that is not a number has run out like a past one (leaseRanOut): NULL, text, a blob. A
	// task recorded since the row was read (always a blob) is taken over at the next try, not pinned.
	sqlPin = `UPDATE toolresult_ledger SET state = 'stored', token = NULL, lease_until = NULL, entry = ?, interrupted = 1, finished_at = ? ` +
		`WHERE scope = ? AND call_id = ? AND fingerprint = ? AND state = 'claimed' AND (typeof(lease_until) NOT IN ('integer', 'real') OR lease_until <= ?) ` +
		`AND (typeof(entry) <> 'blob' OR entry = ?)`
	// A takeover (TR-REPLAY-43): the new claimant's token and lease, the task kept, while the lease
	// is still over and the row still holds the task read.
	sqlTakeover = `UPDATE toolresult_ledger SET token = ?, lease_until = ? ` +
		`WHERE scope = ? AND call_id = ? AND fingerprint = ? AND state = 'claimed' AND (typeof(lease_until) NOT IN ('integer', 'real') OR lease_until <= ?) ` +
		`AND entry = ?`
	sqlRecordTask = `UPDATE toolresult_ledger SET entry = ? WHERE scope = ? AND call_id = ? AND fingerprint = ? AND token = ? AND state = 'claimed'`
	sqlFinish     = `UPDATE toolresult_ledger SET state = 'stored', token = NULL, lease_until = NULL, entry = ?, finished_at = ? ` +
		`WHERE scope = ? AND call_id = ? AND fingerprint = ? AND token = ? AND state = 'claimed'`
	sqlRenew        = `UPDATE toolresult_ledger SET lease_until = ? WHERE scope = ? AND call_id = ? AND fingerprint = ? AND token = ? AND state = 'claimed'`
	sqlAbandon      = `DELETE FROM toolresult_ledger WHERE scope = ? AND call_id = ? AND fingerprint = ? AND token = ? AND state = 'claimed'`
	sqlAppendAudit  = `INSERT INTO toolresult_audit (scope, call_id, fingerprint, level, record, written_at) VALUES (?, ?, ?, ?, ?, ?)`
	sqlAuditRecords = `SELECT record FROM toolresult_audit WHERE scope = ? AND call_id = ? AND fingerprint = ? ORDER BY seq`
)

type row struct {
	state string
	lease any
	entry any
}

func (l *Ledger) get(ctx context.Context, k key) (*row, error) {
	var r row
	err := l.db.QueryRowContext(ctx, sqlGet, k.scope, k.callID, k.fingerprint).Scan(&r.state, &r.lease, &r.entry)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// Claim answers Claimed to exactly one caller of a call across every process sharing the file: the
// primary key (scope, call_id, fingerprint), one statement per step, each its own short write
// transaction (TR-REPLAY-20). No At is the default scope and a call that names no tool.
func (l *Ledger) Claim(ctx context.Context, callID string, at ...toolresult.At) (toolresult.ClaimState, string, error) {
	a, err := toolresult.CheckCall(callID, at)
	if err != nil {
		return 0, "", err
	}
	l.mu.Lock()
	closed := l.closed
	l.mu.Unlock()
	if closed {
		return 0, "", l.closedError("claim a call ID")
	}
	state, entry, err := l.claimStep(ctx, keyOf(callID, a))
	if err != nil {
		return 0, "", storeError(l.path, "claim a call ID", err)
	}
	return state, entry, nil
}

func (l *Ledger) claimStep(ctx context.Context, k key) (toolresult.ClaimState, string, error) {
	// A row that changes under the claim (abandoned, pinned by another caller) is read again a few
	// times; then the caller sleeps as for a live claim, whatever state the row is in (TR-REPLAY-36).
	for try := 0; try < ledgerstore.ClaimTries; try++ {
		token := ledgerstore.Token()
		now := nowMs()
		res, err := l.db.ExecContext(ctx, sqlInsert, k.scope, k.callID, k.fingerprint, token, now+l.lease.Milliseconds(), now)
		if err != nil {
			return 0, "", err
		}
		if n, _ := res.RowsAffected(); n == 1 {
			l.hold(k, token)
			return toolresult.Claimed, "", nil
		}
		r, err := l.get(ctx, k)
		if err != nil {
			return 0, "", err
		}
		if r == nil {
			continue // abandoned in between: claim again
		}
		if r.state == "stored" {
			return toolresult.Stored, entryText(r.entry), nil
		}
		if !leaseRanOut(r.lease, nowMs()) {
			return toolresult.Pending, "", nil
		}
		t := nowMs()
		blob, _ := r.entry.([]byte)
		if _, ok := toolresult.TaskOfEntry(blob); ok {
			// The claimant died after it recorded a task: this claim follows the task (TR-REPLAY-43).
			res, err = l.db.ExecContext(ctx, sqlTakeover, token, t+l.lease.Milliseconds(), k.scope, k.callID, k.fingerprint, t, blob)
			if err != nil {
				return 0, "", err
			}
			if n, _ := res.RowsAffected(); n == 1 {
				l.hold(k, token)
				return toolresult.Claimed, string(blob), nil
			}
			continue
		}
		// The claimant stopped renewing: the call is interrupted, never run again (TR-REPLAY-23).
		res, err = l.db.ExecContext(ctx, sqlPin, []byte(toolresult.InterruptedEntry), t, k.scope, k.callID, k.fingerprint, t, blob)
		if err != nil {
			return 0, "", err
		}
		if n, _ := res.RowsAffected(); n == 1 {
			return toolresult.Stored, toolresult.InterruptedEntry, nil
		}
	}
	return toolresult.Pending, "", nil
}

// hold keeps this process's claim of a call and renews its lease until it is finished or abandoned.
func (l *Ledger) hold(k key, token string) {
	renewal := ledgerstore.Renew(l.lease, func() (bool, error) {
		res, err := l.db.Exec(sqlRenew, nowMs()+l.lease.Milliseconds(), k.scope, k.callID, k.fingerprint, token)
		if err != nil {
			return true, err
		}
		n, _ := res.RowsAffected()
		return n == 1, nil
	})
	l.mu.Lock()
	l.claims[k] = &claim{token, renewal}
	l.mu.Unlock()
}

// release ends this process's claim of a call: no renewal runs or is in flight once it returns.
func (l *Ledger) release(k key) *claim {
	l.mu.Lock()
	c := l.claims[k]
	delete(l.claims, k)
	l.mu.Unlock()
	if c != nil {
		c.renewal.Stop()
	}
	return c
}

// Wait re-reads the row with a pause that grows to 50 ms, never a busy loop, until it is stored,
// gone (abandoned) or its lease ran out; then the seam claims again (TR-REPLAY-26). A read that
// fails ends the wait: the next claim reports the store's error.
func (l *Ledger) Wait(ctx context.Context, callID string, at ...toolresult.At) error {
	a, err := toolresult.CheckCall(callID, at)
	if err != nil {
		return err
	}
	k := keyOf(callID, a)
	pause := ledgerstore.NewBackoff(50 * time.Millisecond)
	for {
		t := time.NewTimer(pause.Next())
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
		r, err := l.get(ctx, k)
		if err != nil && ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil || r == nil || r.state == "stored" || leaseRanOut(r.lease, nowMs()) {
			return nil
		}
	}
}

// Finish stores the entry of this process's claim, durable before it returns (TR-REPLAY-25). It
// fails with ledger.lease_lost when the claim was replaced by the interrupted entry (TR-REPLAY-24).
func (l *Ledger) Finish(ctx context.Context, callID, entry string, at ...toolresult.At) error {
	a, err := toolresult.CheckCall(callID, at)
	if err != nil {
		return err
	}
	k := keyOf(callID, a)
	c := l.release(k)
	if c == nil {
		return errors.New("sqliteledger: Finish of a call this ledger has not claimed")
	}
	res, err := l.db.ExecContext(ctx, sqlFinish, []byte(entry), nowMs(), k.scope, k.callID, k.fingerprint, c.token)
	if err != nil {
		return storeError(l.path, "store a finished entry", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return toolresult.NewLedgerStoreError("ledger.lease_lost", fmt.Sprintf("SQLite ledger %s: the claim's lease expired and the call was recorded as interrupted before its result was stored", l.path), "")
	}
	return nil
}

// RecordTask writes the task the call became into this process's claim, durable before it returns
// (TR-REPLAY-42); ledger.lease_lost when the row is no longer claimed with this claim's token.
func (l *Ledger) RecordTask(ctx context.Context, callID, taskID string, at ...toolresult.At) error {
	a, err := toolresult.CheckCall(callID, at)
	if err != nil {
		return err
	}
	entry, err := toolresult.TaskEntry(taskID)
	if err != nil {
		return err
	}
	k := keyOf(callID, a)
	l.mu.Lock()
	c := l.claims[k]
	l.mu.Unlock()
	if c == nil {
		return errors.New("sqliteledger: RecordTask of a call this ledger has not claimed")
	}
	res, err := l.db.ExecContext(ctx, sqlRecordTask, []byte(entry), k.scope, k.callID, k.fingerprint, c.token)
	if err != nil {
		return storeError(l.path, "record a task", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return toolresult.NewLedgerStoreError("ledger.lease_lost", fmt.Sprintf("SQLite ledger %s: the claim's lease expired and another claim settled or took over the call before its task was recorded", l.path), "")
	}
	return nil
}

// Abandon gives this process's claim up before the tool ran; waiters claim again (TR-REPLAY-12).
func (l *Ledger) Abandon(ctx context.Context, callID string, at ...toolresult.At) error {
	a, err := toolresult.CheckCall(callID, at)
	if err != nil {
		return err
	}
	k := keyOf(callID, a)
	c := l.release(k)
	if c == nil {
		return nil
	}
	if _, err := l.db.ExecContext(ctx, sqlAbandon, k.scope, k.callID, k.fingerprint, c.token); err != nil {
		return storeError(l.path, "abandon a claim", err)
	}
	return nil
}

// Entry is the stored entry of a call, byte for byte as finished; ok is false while it is claimed
// or unknown.
func (l *Ledger) Entry(ctx context.Context, callID string, at ...toolresult.At) (entry string, ok bool, err error) {
	a, err := toolresult.CheckCall(callID, at)
	if err != nil {
		return "", false, err
	}
	r, err := l.get(ctx, keyOf(callID, a))
	if err != nil {
		return "", false, storeError(l.path, "read an entry", err)
	}
	if r == nil || r.state != "stored" {
		return "", false, nil
	}
	return entryText(r.entry), true, nil
}

// AppendAudit appends the audit record of a call (what toolresult.AuditRecord returns) as its
// canonical JSON; it refuses a record with members its level does not allow (TR-REPLAY-34).
func (l *Ledger) AppendAudit(ctx context.Context, callID string, record map[string]any, at ...toolresult.At) error {
	a, err := toolresult.CheckCall(callID, at)
	if err != nil {
		return err
	}
	text, level, err := toolresult.AuditText(record)
	if err != nil {
		return err
	}
	if _, err := l.db.ExecContext(ctx, sqlAppendAudit, a.Scope, callID, a.Fingerprint, level, []byte(text), nowMs()); err != nil {
		return storeError(l.path, "append an audit record", err)
	}
	return nil
}

// AuditRecords are the audit records of a call as stored (canonical JSON), oldest first.
func (l *Ledger) AuditRecords(ctx context.Context, callID string, at ...toolresult.At) ([]string, error) {
	a, err := toolresult.CheckCall(callID, at)
	if err != nil {
		return nil, err
	}
	rows, err := l.db.QueryContext(ctx, sqlAuditRecords, a.Scope, callID, a.Fingerprint)
	if err != nil {
		return nil, storeError(l.path, "read audit records", err)
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var v any
		if err := rows.Scan(&v); err != nil {
			return nil, storeError(l.path, "read audit records", err)
		}
		out = append(out, entryText(v))
	}
	if err := rows.Err(); err != nil {
		return nil, storeError(l.path, "read audit records", err)
	}
	return out, nil
}

// Prune deletes stored entries finished more than olderThan ago, never a claim (TR-REPLAY-29).
func (l *Ledger) Prune(ctx context.Context, olderThan time.Duration) (int64, error) {
	if olderThan < 0 {
		return 0, errors.New("sqliteledger: Prune needs a non-negative age")
	}
	res, err := l.db.ExecContext(ctx, `DELETE FROM toolresult_ledger WHERE state = 'stored' AND finished_at < ?`, nowMs()-olderThan.Milliseconds())
	if err != nil {
		return 0, storeError(l.path, "prune entries", err)
	}
	n, _ := res.RowsAffected()
	return n, nil
}

// Close stops every renewal (the claims are left to their leases) and closes the file.
func (l *Ledger) Close() error {
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return nil
	}
	l.closed = true
	claims := l.claims
	l.claims = map[key]*claim{}
	l.mu.Unlock()
	for _, c := range claims {
		c.renewal.Stop()
	}
	return l.db.Close()
}
