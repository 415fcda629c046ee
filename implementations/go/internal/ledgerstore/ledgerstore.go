// Package ledgerstore holds what the SQLite and PostgreSQL ledger stores share and a program never
// needs: the layout's columns, the lease renewal, the claim token, the pause of a waiting caller and
// the names of system errors (spec/07-replay.md §7.4–7.8).
package ledgerstore

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// LayoutVersion is the layout of the tables (toolresult_meta's 'layout' row, spec §7.7). Layout 2
// keys a call by (scope, call_id, fingerprint); a layout-1 ledger is migrated to it when opened.
const LayoutVersion = "2"

// LegacyLayout is the layout a store recognises and migrates: the one before scopes and fingerprints.
const LegacyLayout = "1"

// DefaultLease is a claim's lease without a renewal (TR-REPLAY-22).
const DefaultLease = 30 * time.Second

// ClaimTries is how many times a claim re-reads a row that changed under it before it answers
// pending and lets the caller sleep (TR-REPLAY-36; the reference's figure).
const ClaimTries = 3

// Columns are the columns of each ledger table, as every implementation's store creates them.
var Columns = map[string][]string{
	"toolresult_meta":   {"key", "value"},
	"toolresult_ledger": {"scope", "call_id", "fingerprint", "state", "token", "lease_until", "entry", "interrupted", "claimed_at", "finished_at"},
	"toolresult_audit":  {"seq", "scope", "call_id", "fingerprint", "level", "record", "written_at"},
}

// LegacyColumns are the columns of layout 1, kept so that a layout-1 ledger is recognised as one
// (and migrated), not reported as a table that only shares a ledger table's name.
var LegacyColumns = map[string][]string{
	"toolresult_meta":   {"key", "value"},
	"toolresult_ledger": {"call_id", "state", "token", "lease_until", "entry", "interrupted", "claimed_at", "finished_at"},
	"toolresult_audit":  {"seq", "call_id", "level", "record", "written_at"},
}

// Tables are the ledger's table names in a fixed order.
var Tables = []string{"toolresult_meta", "toolresult_ledger", "toolresult_audit"}

// SameColumns reports whether a table has exactly the layout's columns, in any order.
func SameColumns(table string, have []string) bool { return sameSet(Columns[table], have) }

// LegacyColumnsOf reports whether a table has exactly layout 1's columns, in any order.
func LegacyColumnsOf(table string, have []string) bool { return sameSet(LegacyColumns[table], have) }

// KnownColumns reports whether a table has the columns of layout 2 or of layout 1.
func KnownColumns(table string, have []string) bool {
	return SameColumns(table, have) || LegacyColumnsOf(table, have)
}

func sameSet(want, have []string) bool {
	w := append([]string(nil), want...)
	got := append([]string(nil), have...)
	sort.Strings(w)
	sort.Strings(got)
	return strings.Join(w, ",") == strings.Join(got, ",")
}

// ColumnsFit reports whether the tables' columns are those of the layout the meta row names: every
// table at layout 2, or every table at layout 1. The column check is by set, so a column that a
// migration added at the end is where a new table has it.
func ColumnsFit(layout string, tables map[string][]string) bool {
	for _, t := range Tables {
		switch layout {
		case LayoutVersion:
			if !SameColumns(t, tables[t]) {
				return false
			}
		case LegacyLayout:
			if !LegacyColumnsOf(t, tables[t]) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// CheckLease is the lease a store uses: the default for zero, else 50 ms to 24 h.
func CheckLease(lease time.Duration) (time.Duration, error) {
	if lease == 0 {
		return DefaultLease, nil
	}
	if lease < 50*time.Millisecond || lease > 24*time.Hour {
		return 0, errors.New("the lease must be from 50 ms to 24 h")
	}
	return lease.Truncate(time.Millisecond), nil
}

// Token is a claim's random token, in the UUID form PostgreSQL's uuid column reads.
func Token() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// Renewal renews a claim's lease every third of its length until stopped (TR-REPLAY-22). A renewal
// that finds the claim gone ends it; one that fails is tried again at the next tick.
type Renewal struct {
	stop chan struct{}
	done chan struct{}
	once sync.Once
}

// Renew starts the renewal; renew reports whether the claim is still held.
func Renew(lease time.Duration, renew func() (bool, error)) *Renewal {
	r := &Renewal{stop: make(chan struct{}), done: make(chan struct{})}
	every := lease / 3
	if every < 10*time.Millisecond {
		every = 10 * time.Millisecond
	}
	go func() {
		defer close(r.done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-r.stop:
				return
			case <-t.C:
				if held, err := renew(); err == nil && !held {
					return
				}
			}
		}
	}()
	return r
}

// Stop ends the renewal and returns once no renewal is in flight: a finish that follows never
// queues behind its own renewal's lock.
func (r *Renewal) Stop() {
	r.once.Do(func() { close(r.stop) })
	<-r.done
}

// Backoff is a waiting caller's pause: it doubles from 2 ms up to max, never a busy loop (TR-REPLAY-26).
type Backoff struct {
	next, max time.Duration
}

// NewBackoff starts at 2 ms.
func NewBackoff(max time.Duration) *Backoff { return &Backoff{2 * time.Millisecond, max} }

// Next is the pause to take now.
func (b *Backoff) Next() time.Duration {
	d := b.next
	b.next *= 2
	if b.next > b.max {
		b.next = b.max
	}
	return d
}

var errnoNames = map[syscall.Errno]string{
	syscall.ENOENT: "ENOENT", syscall.EACCES: "EACCES", syscall.EPERM: "EPERM", syscall.EEXIST: "EEXIST",
	syscall.ENOTDIR: "ENOTDIR", syscall.EISDIR: "EISDIR", syscall.ENOSPC: "ENOSPC", syscall.EROFS: "EROFS",
	syscall.EIO: "EIO", syscall.EDQUOT: "EDQUOT", syscall.EMFILE: "EMFILE", syscall.ENAMETOOLONG: "ENAMETOOLONG",
	syscall.EPIPE: "EPIPE", syscall.ECONNREFUSED: "ECONNREFUSED", syscall.ECONNRESET: "ECONNRESET",
	syscall.ECONNABORTED: "ECONNABORTED", syscall.ETIMEDOUT: "ETIMEDOUT", syscall.EHOSTUNREACH: "EHOSTUNREACH",
	syscall.ENETUNREACH: "ENETUNREACH", syscall.EXDEV: "EXDEV",
}

var errnoCauses = map[string]string{
	"ENOENT": "the file or socket does not exist", "EACCES": "access is denied", "EPERM": "the operation is not permitted",
	"ENOTDIR": "a part of the path is not a folder", "EISDIR": "the path is a folder", "ENOSPC": "the disk is full",
	"EROFS": "the file system is read-only", "EIO": "an I/O error occurred", "EDQUOT": "the disk quota is exhausted",
	"EMFILE": "the process has too many open files", "ENAMETOOLONG": "the path is too long",
	"EPIPE": "the connection was lost (it closed while the ledger was writing)", "ECONNREFUSED": "the server refused the connection (is it running?)",
	"ECONNRESET": "the connection was reset", "ECONNABORTED": "the connection was aborted", "ETIMEDOUT": "the connection timed out",
	"EHOSTUNREACH": "the server host cannot be reached", "ENETUNREACH": "the network of the server cannot be reached",
}

// Errno finds a system error in err's chain: its name (ENOENT, EPIPE, …) and the cause in words.
func Errno(err error) (name, cause string, ok bool) {
	var en syscall.Errno
	if !errors.As(err, &en) {
		return "", "", false
	}
	name, known := errnoNames[en]
	if !known {
		return "errno " + strconv.Itoa(int(en)), "the system reported error " + strconv.Itoa(int(en)), true
	}
	cause = errnoCauses[name]
	if cause == "" {
		cause = "the system reported " + name
	}
	return name, cause, true
}

// Cut shortens a driver's own words for a message (they name files and statements, never a bound value).
func Cut(s string) string {
	if len(s) > 160 {
		s = s[:160]
	}
	return strings.ToValidUTF8(s, "?")
}
