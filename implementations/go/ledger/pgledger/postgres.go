// Package pgledger is the PostgreSQL replay ledger of the Go implementation (spec/07-replay.md
// §7.4–7.8), for many workers on many machines, in the tables every language's store uses
// (TR-REPLAY-35). Claims are a unique key; leases run on the database's clock; a waiting duplicate
// sleeps on LISTEN/NOTIFY (a wake-up only: the state is always read from the table) with a timer at
// the lease's end, never a busy loop. The driver is github.com/jackc/pgx/v5.
//
//	ledger, err := pgledger.Open(ctx, os.Getenv("DATABASE_URL"), pgledger.Options{})
//	result, err := toolresult.ExecuteToolCall(ctx, ledger, callID, tool, toolresult.SeamOptions{})
package pgledger

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	toolresult "github.com/toolresult-protocol/toolresult/implementations/go"
	"github.com/toolresult-protocol/toolresult/implementations/go/internal/ledgerstore"
)

// Options configure Open. The zero value is the default.
type Options struct {
	// Lease is how long a claim holds its call ID without a renewal (default 30 s; 50 ms to 24 h),
	// by the database's clock. The store renews it every third of that (TR-REPLAY-22).
	Lease time.Duration
	// LockTimeout is how long a statement waits for a row or table lock before it fails with
	// ledger.store_failed (default 5 s).
	LockTimeout time.Duration
	// OpenExisting refuses a database without the ledger's tables (ledger.store_missing) instead
	// of creating them beside its other tables. Tables of the ledger's names that are not its
	// layout are never changed.
	OpenExisting bool
	// MaxConns is the pool's size (default 4).
	MaxConns int32
}

// Ledger is a PostgreSQL replay ledger; it implements toolresult.TaskLedger. Its methods are safe for
// concurrent use.
type Ledger struct {
	pool   *pgxpool.Pool
	config *pgx.ConnConfig
	where  string
	lease  time.Duration

	mu       sync.Mutex
	claims   map[callKey]*claim
	waiters  map[string]map[chan struct{}]struct{}
	listener *listener
	closed   bool
	notified sync.WaitGroup
}

// callKey is a call in the ledger: its row's primary key (scope, call_id, fingerprint).
type callKey struct{ scope, callID, fingerprint string }

func keyOf(callID string, at toolresult.At) callKey { return callKey{at.Scope, callID, at.Fingerprint} }

type claim struct {
	token   string
	renewal *ledgerstore.Renewal
}

var _ toolresult.TaskLedger = (*Ledger)(nil)

// Open connects (connString as pgx reads it: a URL or key=value settings), creates the ledger's
// tables unless they exist or Options.OpenExisting, and checks their layout (TR-REPLAY-33, -37).
func Open(ctx context.Context, connString string, options Options) (*Ledger, error) {
	lease, err := ledgerstore.CheckLease(options.Lease)
	if err != nil {
		return nil, err
	}
	lock := options.LockTimeout
	if lock == 0 {
		lock = 5 * time.Second
	}
	if lock < time.Millisecond {
		return nil, errors.New("pgledger: LockTimeout must be at least 1 ms")
	}
	cfg, err := pgxpool.ParseConfig(connString)
	if err != nil {
		// pgx's parse errors can quote the settings, a password among them: say only what failed.
		return nil, toolresult.NewLedgerStoreError("ledger.store_failed", "PostgreSQL ledger: cannot open the ledger: the connection settings cannot be read", "")
	}
	// lock_timeout as a startup parameter: set on every connection before its first statement.
	cfg.ConnConfig.RuntimeParams["lock_timeout"] = strconv.FormatInt(lock.Milliseconds(), 10)
	cfg.MaxConns = 4
	if options.MaxConns > 0 {
		cfg.MaxConns = options.MaxConns
	}
	// Connection details can hold a password: name the database by host and name only.
	where := cfg.ConnConfig.Database + "@" + cfg.ConnConfig.Host
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, storeError(where, "open the ledger", err)
	}
	l := &Ledger{pool: pool, config: cfg.ConnConfig, where: where, lease: lease, claims: map[callKey]*claim{}, waiters: map[string]map[chan struct{}]struct{}{}}
	if err := l.ready(ctx, !options.OpenExisting, true); err != nil {
		pool.Close()
		return nil, storeError(where, "open the ledger", err)
	}
	return l, nil
}

func (l *Ledger) refusal(code, why string) error {
	return toolresult.NewLedgerStoreError(code, fmt.Sprintf("PostgreSQL ledger %s: cannot open the ledger: %s; nothing was changed", l.where, why), "")
}

// ready reads the ledger's tables in the search path before any write; only a creation is
// serialized (a transaction-level advisory lock, with a wait longer than the statements' lock
// timeout: eight workers starting at once queue there). A layout-1 ledger is migrated (in a
// transaction of its own, after this one's locks are gone), then read again.
func (l *Ledger) ready(ctx context.Context, create, mayMigrate bool) error {
	tx, err := l.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(context.Background())
	tablesNow := func() (map[string][]string, error) {
		// The first relation of each name in the search path, found by scanning pg_class with the
		// statement's snapshot: to_regclass reads the session's catalog cache, which can keep a
		// table another opener just created as missing (a stale negative entry) within this
		// transaction, and so see a ledger half made.
		rows, err := tx.Query(ctx, `WITH t AS (
				SELECT DISTINCT ON (c.relname) c.oid, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
				 WHERE c.relname IN ('toolresult_meta', 'toolresult_ledger', 'toolresult_audit') AND n.nspname = ANY (current_schemas(true))
				 ORDER BY c.relname, array_position(current_schemas(true), n.nspname))
			SELECT t.relname::text, a.attname::text FROM t JOIN pg_attribute a ON a.attrelid = t.oid WHERE a.attnum > 0 AND NOT a.attisdropped`)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		found := map[string][]string{}
		for rows.Next() {
			var t, col string
			if err := rows.Scan(&t, &col); err != nil {
				return nil, err
			}
			found[t] = append(found[t], col)
		}
		return found, rows.Err()
	}
	found, err := tablesNow()
	if err != nil {
		return err
	}
	if len(found) == 0 && !create {
		return toolresult.NewLedgerStoreError("ledger.store_missing", fmt.Sprintf("PostgreSQL ledger %s: cannot open the ledger: its tables do not exist, and OpenExisting was asked for", l.where), "")
	}
	if !complete(found) {
		// No ledger, or part of one: another opener may be creating it right now (a read can
		// catch its tables half made visible). Under the creators' lock, every creation has
		// committed, and the read again is what the database holds.
		if _, err := tx.Exec(ctx, "SET LOCAL lock_timeout = '120s'"); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtext('toolresult_ledger layout'))"); err != nil {
			return err
		}
		if found, err = tablesNow(); err != nil { // another opener may have made them meanwhile
			return err
		}
	}
	if len(found) == 0 {
		if !create {
			return toolresult.NewLedgerStoreError("ledger.store_missing", fmt.Sprintf("PostgreSQL ledger %s: cannot open the ledger: its tables do not exist, and OpenExisting was asked for", l.where), "")
		}
		if _, err := tx.Exec(ctx, layout); err != nil {
			return err
		}
		if found, err = tablesNow(); err != nil { // the tables just made, for the check below
			return err
		}
	} else {
		for _, t := range ledgerstore.Tables {
			have, ok := found[t]
			if !ok {
				var ours []string
				for _, o := range ledgerstore.Tables {
					if _, has := found[o]; has {
						ours = append(ours, o)
					}
				}
				return l.refusal("ledger.store_conflict", fmt.Sprintf("it has %v but no %s", ours, t))
			}
			// The meta table must be the ledger's to be read; the others are checked against the
			// layout it names (a layout this implementation does not know may have other columns).
			if t == "toolresult_meta" && !ledgerstore.SameColumns(t, have) {
				return l.refusal("ledger.store_conflict", fmt.Sprintf("its table %s has other columns than a ledger's", t))
			}
		}
	}
	var value string
	err = tx.QueryRow(ctx, `SELECT value FROM toolresult_meta WHERE key = 'layout'`).Scan(&value)
	if errors.Is(err, pgx.ErrNoRows) {
		return l.refusal("ledger.store_no_layout", "toolresult_meta has no layout row")
	}
	if err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	if value != ledgerstore.LayoutVersion && value != ledgerstore.LegacyLayout {
		if len(value) > 20 {
			value = value[:20]
		}
		return toolresult.NewLedgerStoreError("ledger.store_layout", fmt.Sprintf("PostgreSQL ledger %s: its tables have layout %s, this implementation knows layouts %s and %s (which it migrates)",
			l.where, ledgerstore.Cut(value), ledgerstore.LayoutVersion, ledgerstore.LegacyLayout), "")
	}
	if !ledgerstore.ColumnsFit(value, found) {
		if mayMigrate && value == ledgerstore.LayoutVersion && ledgerstore.ColumnsFit(ledgerstore.LegacyLayout, found) {
			// Another opener's migration committed between the read of the columns and the read of
			// the layout row (each statement reads what is committed when it starts): read again.
			return l.ready(ctx, create, false)
		}
		return l.refusal("ledger.store_conflict", fmt.Sprintf("its tables do not have the columns of layout %s, which toolresult_meta names", value))
	}
	if value == ledgerstore.LegacyLayout {
		if !mayMigrate {
			return l.refusal("ledger.store_conflict", "its tables are still at layout 1 after a migration")
		}
		// OpenExisting does not forbid it: the ledger exists, only its layout changes.
		if _, err := l.migrate(ctx); err != nil {
			return err
		}
		return l.ready(ctx, create, false)
	}
	return nil
}

// complete reports whether all three ledger tables are there with the columns of layout 2 or 1.
func complete(found map[string][]string) bool {
	for _, t := range ledgerstore.Tables {
		if have, ok := found[t]; !ok || !ledgerstore.KnownColumns(t, have) {
			return false
		}
	}
	return true
}

func key(callID string) string {
	sum := md5.Sum([]byte(callID))
	return hex.EncodeToString(sum[:])
}

// entryText is an entry read back; a NULL or octets that are not UTF-8 become a text Restore
// refuses as ledger.malformed (spec §7.7: the call is not run again, and the error says why).
func entryText(b []byte) string {
	if b == nil {
		return "\x00no entry"
	}
	if !utf8.Valid(b) {
		return "\x00not UTF-8"
	}
	return string(b)
}

func (l *Ledger) isClosed() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.closed
}

// Claim answers Claimed to exactly one caller of a call across every worker sharing the database:
// the primary key (scope, call_id, fingerprint) (TR-REPLAY-20). No At is the default scope and a
// call that names no tool.
func (l *Ledger) Claim(ctx context.Context, callID string, at ...toolresult.At) (toolresult.ClaimState, string, error) {
	a, err := toolresult.CheckCall(callID, at)
	if err != nil {
		return 0, "", err
	}
	if l.isClosed() {
		return 0, "", toolresult.NewLedgerStoreError("ledger.store_failed", fmt.Sprintf("PostgreSQL ledger %s: cannot claim a call ID: the ledger is closed", l.where), "")
	}
	state, entry, err := l.step(ctx, keyOf(callID, a))
	if err != nil {
		return 0, "", storeError(l.where, "claim a call ID", err)
	}
	return state, entry, nil
}

func (l *Ledger) step(ctx context.Context, k callKey) (toolresult.ClaimState, string, error) {
	// A row that changes under the claim is read again a few times; then the caller sleeps as for a
	// live claim (a notification or a timer wakes it), whatever state the row is in (TR-REPLAY-36).
	for try := 0; try < ledgerstore.ClaimTries; try++ {
		token := ledgerstore.Token()
		// A new call ID, the common case, is one plain insert; only a call ID that has a row reads it.
		tag, err := l.pool.Exec(ctx, `INSERT INTO toolresult_ledger (scope, call_id, fingerprint, state, token, lease_until, claimed_at)
			VALUES ($1, $2, $3, 'claimed', $4::text::uuid, now() + $5::bigint * interval '1 millisecond', now())
			ON CONFLICT (scope, call_id, fingerprint) DO NOTHING`, k.scope, k.callID, k.fingerprint, token, l.lease.Milliseconds())
		if err != nil {
			return 0, "", err
		}
		if tag.RowsAffected() == 1 {
			l.hold(k, token)
			return toolresult.Claimed, "", nil
		}
		var state string
		var entry []byte
		var remaining *float64
		err = l.pool.QueryRow(ctx, `SELECT state, entry,
				CASE WHEN NOT isfinite(lease_until) THEN CASE WHEN lease_until > now() THEN 'Infinity'::float8 ELSE '-Infinity'::float8 END
				     ELSE (EXTRACT(EPOCH FROM (lease_until - now())) * 1000)::float8 END
			FROM toolresult_ledger WHERE scope = $1 AND call_id = $2 AND fingerprint = $3`, k.scope, k.callID, k.fingerprint).Scan(&state, &entry, &remaining)
		if errors.Is(err, pgx.ErrNoRows) {
			continue // abandoned in between: claim again
		}
		if err != nil {
			return 0, "", err
		}
		if state == "stored" {
			return toolresult.Stored, entryText(entry), nil
		}
		// NULL (an operator's "release") has run out like a past lease; 'infinity' is a live claim.
		if remaining != nil && *remaining > 0 {
			return toolresult.Pending, "", nil
		}
		if _, ok := toolresult.TaskOfEntry(entry); ok {
			// The claimant died after it recorded a task: this claim follows the task (TR-REPLAY-43),
			// while the lease is still over and the row still holds the task read.
			tag, err = l.pool.Exec(ctx, `UPDATE toolresult_ledger SET token = $4::text::uuid, lease_until = now() + $5::bigint * interval '1 millisecond'
				WHERE scope = $1 AND call_id = $2 AND fingerprint = $3 AND state = 'claimed' AND (lease_until IS NULL OR lease_until <= now()) AND entry = $6`,
				k.scope, k.callID, k.fingerprint, token, l.lease.Milliseconds(), entry)
			if err != nil {
				return 0, "", err
			}
			if tag.RowsAffected() == 1 {
				l.hold(k, token)
				return toolresult.Claimed, string(entry), nil
			}
			continue
		}
		// The claimant stopped renewing: the call is interrupted, never run again (TR-REPLAY-23). A
		// task recorded since the read is taken over at the next try, not pinned over.
		tag, err = l.pool.Exec(ctx, `UPDATE toolresult_ledger SET state = 'stored', token = NULL, lease_until = NULL, entry = $4, interrupted = true, finished_at = now()
			WHERE scope = $1 AND call_id = $2 AND fingerprint = $3 AND state = 'claimed' AND (lease_until IS NULL OR lease_until <= now())
			  AND entry IS NOT DISTINCT FROM $5::bytea`,
			k.scope, k.callID, k.fingerprint, []byte(toolresult.InterruptedEntry), entry)
		if err != nil {
			return 0, "", err
		}
		if tag.RowsAffected() == 1 {
			l.notify(k.callID)
			return toolresult.Stored, toolresult.InterruptedEntry, nil
		}
	}
	return toolresult.Pending, "", nil
}

func (l *Ledger) hold(k callKey, token string) {
	renewal := ledgerstore.Renew(l.lease, func() (bool, error) {
		tag, err := l.pool.Exec(context.Background(), `UPDATE toolresult_ledger SET lease_until = now() + $5::bigint * interval '1 millisecond'
			WHERE scope = $1 AND call_id = $2 AND fingerprint = $3 AND token = $4::text::uuid AND state = 'claimed'`, k.scope, k.callID, k.fingerprint, token, l.lease.Milliseconds())
		if err != nil {
			return true, err
		}
		return tag.RowsAffected() == 1, nil
	})
	l.mu.Lock()
	l.claims[k] = &claim{token, renewal}
	l.mu.Unlock()
}

func (l *Ledger) release(k callKey) *claim {
	l.mu.Lock()
	c := l.claims[k]
	delete(l.claims, k)
	l.mu.Unlock()
	if c != nil {
		c.renewal.Stop() // no renewal in flight: the finish never queues behind its own row lock
	}
	return c
}

// Finish stores the entry of this process's claim in a committed transaction before it returns
// (TR-REPLAY-25); ledger.lease_lost when the claim became the interrupted entry (TR-REPLAY-24).
func (l *Ledger) Finish(ctx context.Context, callID, entry string, at ...toolresult.At) error {
	a, err := toolresult.CheckCall(callID, at)
	if err != nil {
		return err
	}
	k := keyOf(callID, a)
	c := l.release(k)
	if c == nil {
		return errors.New("pgledger: Finish of a call this ledger has not claimed")
	}
	tag, err := l.pool.Exec(ctx, `UPDATE toolresult_ledger SET state = 'stored', token = NULL, lease_until = NULL, entry = $5, finished_at = now()
		WHERE scope = $1 AND call_id = $2 AND fingerprint = $3 AND token = $4::text::uuid AND state = 'claimed'`, k.scope, k.callID, k.fingerprint, c.token, []byte(entry))
	if err != nil {
		return storeError(l.where, "store a finished entry", err)
	}
	if tag.RowsAffected() != 1 {
		return toolresult.NewLedgerStoreError("ledger.lease_lost", fmt.Sprintf("PostgreSQL ledger %s: the claim's lease expired and the call was recorded as interrupted before its result was stored", l.where), "")
	}
	l.notify(callID)
	return nil
}

// RecordTask writes the task the call became into this process's claim, committed before it
// returns (TR-REPLAY-42); ledger.lease_lost when the row is no longer claimed with this claim's token.
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
		return errors.New("pgledger: RecordTask of a call this ledger has not claimed")
	}
	tag, err := l.pool.Exec(ctx, `UPDATE toolresult_ledger SET entry = $5
		WHERE scope = $1 AND call_id = $2 AND fingerprint = $3 AND token = $4::text::uuid AND state = 'claimed'`, k.scope, k.callID, k.fingerprint, c.token, []byte(entry))
	if err != nil {
		return storeError(l.where, "record a task", err)
	}
	if tag.RowsAffected() != 1 {
		return toolresult.NewLedgerStoreError("ledger.lease_lost", fmt.Sprintf("PostgreSQL ledger %s: the claim's lease expired and another claim settled or took over the call before its task was recorded", l.where), "")
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
	tag, err := l.pool.Exec(ctx, `DELETE FROM toolresult_ledger WHERE scope = $1 AND call_id = $2 AND fingerprint = $3 AND token = $4::text::uuid AND state = 'claimed'`,
		k.scope, k.callID, k.fingerprint, c.token)
	if err != nil {
		return storeError(l.where, "abandon a claim", err)
	}
	if tag.RowsAffected() == 1 {
		l.notify(callID)
	}
	return nil
}

// notify wakes the waiters of a call ID after the change is committed, in a transaction of its own
// whose commit does not wait for the disk: a NOTIFY inside the writing transaction would hold
// PostgreSQL's notification lock through that commit's fsync and serialize every writer. A
// notification is only a wake-up; one lost with a dying process costs its waiters their timer.
func (l *Ledger) notify(callID string) {
	l.notified.Add(1)
	go func() {
		defer l.notified.Done()
		_, _ = l.pool.Exec(context.Background(), `SELECT set_config('synchronous_commit', 'off', true), pg_notify('`+channel+`', $1)`, key(callID))
	}()
}

// Wait sleeps until a notification for the call ID, or the lease's end by the database's clock (at
// most one lease length: a far or infinite lease only makes it read the row again), never a busy
// loop; then the seam claims again (TR-REPLAY-26). A failure ends the wait: the next claim reports it.
func (l *Ledger) Wait(ctx context.Context, callID string, at ...toolresult.At) error {
	a, err := toolresult.CheckCall(callID, at)
	if err != nil {
		return err
	}
	k := key(callID)
	wake := make(chan struct{}, 1)
	l.mu.Lock()
	set := l.waiters[k]
	if set == nil {
		set = map[chan struct{}]struct{}{}
		l.waiters[k] = set
	}
	set[wake] = struct{}{}
	l.mu.Unlock()
	defer func() {
		l.mu.Lock()
		delete(set, wake)
		if len(set) == 0 && l.waiters[k] != nil && len(l.waiters[k]) == 0 {
			delete(l.waiters, k)
		}
		l.mu.Unlock()
	}()
	ln, lerr := l.listen(ctx)
	if lerr != nil {
		// No notification can wake this waiter: it sleeps a short while instead, so that a
		// listener that cannot connect never turns claim-and-wait into a loop without a pause.
		t := time.NewTimer(50 * time.Millisecond)
		defer t.Stop()
		select {
		case <-t.C:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	// The waiter lock: a store that skips the notification nobody waits for notifies this waiter.
	if ln.lock(callID) {
		defer ln.unlock(callID)
	}
	// Read after LISTEN and the waiter lock are in place, so a finish that came before them is not
	// missed; FOR SHARE waits for a finish under way.
	var live bool
	var remaining *float64
	err = l.pool.QueryRow(ctx, `SELECT state = 'claimed' AND lease_until > now(),
			CASE WHEN NOT isfinite(lease_until) THEN 'Infinity'::float8 ELSE (EXTRACT(EPOCH FROM (lease_until - now())) * 1000)::float8 END
		FROM toolresult_ledger WHERE scope = $1 AND call_id = $2 AND fingerprint = $3 FOR SHARE`, a.Scope, callID, a.Fingerprint).Scan(&live, &remaining)
	if err != nil || !live {
		return nil
	}
	sleep := l.lease
	if remaining != nil && !math.IsInf(*remaining, 0) && *remaining < float64(l.lease.Milliseconds()) {
		sleep = time.Duration(math.Ceil(*remaining)+5) * time.Millisecond
	}
	t := time.NewTimer(sleep)
	defer t.Stop()
	select {
	case <-wake:
	case <-t.C:
	case <-ctx.Done():
		return ctx.Err()
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
	var b []byte
	err = l.pool.QueryRow(ctx, `SELECT entry FROM toolresult_ledger WHERE scope = $1 AND call_id = $2 AND fingerprint = $3 AND state = 'stored'`, a.Scope, callID, a.Fingerprint).Scan(&b)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, storeError(l.where, "read an entry", err)
	}
	return entryText(b), true, nil
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
	if _, err := l.pool.Exec(ctx, `INSERT INTO toolresult_audit (scope, call_id, fingerprint, level, record, written_at) VALUES ($1, $2, $3, $4, $5, now())`,
		a.Scope, callID, a.Fingerprint, level, []byte(text)); err != nil {
		return storeError(l.where, "append an audit record", err)
	}
	return nil
}

// AuditRecords are the audit records of a call as stored (canonical JSON), oldest first.
func (l *Ledger) AuditRecords(ctx context.Context, callID string, at ...toolresult.At) ([]string, error) {
	a, err := toolresult.CheckCall(callID, at)
	if err != nil {
		return nil, err
	}
	rows, err := l.pool.Query(ctx, `SELECT record FROM toolresult_audit WHERE scope = $1 AND call_id = $2 AND fingerprint = $3 ORDER BY seq`, a.Scope, callID, a.Fingerprint)
	if err != nil {
		return nil, storeError(l.where, "read audit records", err)
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var b []byte
		if err := rows.Scan(&b); err != nil {
			return nil, storeError(l.where, "read audit records", err)
		}
		out = append(out, entryText(b))
	}
	if err := rows.Err(); err != nil {
		return nil, storeError(l.where, "read audit records", err)
	}
	return out, nil
}

// Prune deletes stored entries finished more than olderThan ago, never a claim (TR-REPLAY-29).
func (l *Ledger) Prune(ctx context.Context, olderThan time.Duration) (int64, error) {
	if olderThan < 0 {
		return 0, errors.New("pgledger: Prune needs a non-negative age")
	}
	tag, err := l.pool.Exec(ctx, `DELETE FROM toolresult_ledger WHERE state = 'stored' AND claimed_at < now() - $1::bigint * interval '1 millisecond'
		AND finished_at < now() - $1::bigint * interval '1 millisecond'`, olderThan.Milliseconds()) // claimed_at (indexed, never after finished_at) finds the candidates
	if err != nil {
		return 0, storeError(l.where, "prune entries", err)
	}
	return tag.RowsAffected(), nil
}

// Close stops every renewal (the claims are left to their leases), wakes every waiter, waits for the
// notifications on their way and closes the pool.
func (l *Ledger) Close() error {
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return nil
	}
	l.closed = true
	claims := l.claims
	l.claims = map[callKey]*claim{}
	ln := l.listener
	l.listener = nil
	l.wakeAllLocked()
	l.mu.Unlock()
	for _, c := range claims {
		c.renewal.Stop()
	}
	if ln != nil {
		ln.stop()
	}
	l.notified.Wait()
	l.pool.Close()
	return nil
}

func (l *Ledger) wakeAllLocked() {
	for _, set := range l.waiters {
		for w := range set {
			select {
			case w <- struct{}{}:
			default:
			}
		}
	}
}
