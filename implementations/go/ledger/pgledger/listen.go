package pgledger

import (
	"context"
	"errors"
	"sync"

	"github.com/jackc/pgx/v5"
)

// listener is one connection that LISTENs on the ledger's channel and wakes the waiters of the call
// ID each notification names. When it fails, every waiter is woken (each reads the table again) and
// the next Wait connects anew.
type listener struct {
	ready  chan struct{}
	err    error
	ctx    context.Context
	cancel context.CancelFunc
	done   chan struct{}
	once   sync.Once

	// locks is a second session of the listener's, which holds the waiter locks of the call IDs
	// waited on (TR-REPLAY-26): the listening connection itself is busy waiting for notifications.
	lmu   sync.Mutex
	locks *pgx.Conn
}

// waiterLock is the two keys of a call ID's waiter lock, computed by the server from the parameter.
const waiterLock = "hashtext('toolresult_ledger waiter'), hashtext($1)"

// lock takes the waiter lock of the call ID in shared mode; false when it was not granted (the
// waiter's timer alone wakes it then). It waits for a finish that took the lock's exclusive form, at
// most the ledger's lock_timeout (a startup parameter of this connection too). The waiter's own
// context does not cut that wait short: pgx closes a connection whose statement is cancelled, and
// this one holds every waiter's lock.
func (ln *listener) lock(callID string) bool {
	ln.lmu.Lock()
	defer ln.lmu.Unlock()
	if ln.locks == nil {
		return false
	}
	_, err := ln.locks.Exec(ln.ctx, "SELECT pg_advisory_lock_shared("+waiterLock+")", callID)
	return err == nil
}

// unlock gives the waiter lock of the call ID up (a session that closed took its locks with it).
func (ln *listener) unlock(callID string) {
	ln.lmu.Lock()
	defer ln.lmu.Unlock()
	if ln.locks != nil {
		_, _ = ln.locks.Exec(ln.ctx, "SELECT pg_advisory_unlock_shared("+waiterLock+")", callID)
	}
}

// listen makes sure a listener is in place (LISTEN done) before the caller reads the row.
func (l *Ledger) listen(ctx context.Context) (*listener, error) {
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return nil, errors.New("closed")
	}
	ln := l.listener
	if ln == nil {
		lctx, cancel := context.WithCancel(context.Background())
		ln = &listener{ready: make(chan struct{}), ctx: lctx, cancel: cancel, done: make(chan struct{})}
		l.listener = ln
		go l.run(lctx, ln)
	}
	l.mu.Unlock()
	select {
	case <-ln.ready:
		return ln, ln.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (l *Ledger) run(ctx context.Context, ln *listener) {
	defer close(ln.done)
	fail := func(err error) {
		l.mu.Lock()
		if l.listener == ln {
			l.listener = nil
		}
		l.wakeAllLocked()
		l.mu.Unlock()
		ln.once.Do(func() { ln.err = err; close(ln.ready) })
	}
	conn, err := pgx.ConnectConfig(ctx, l.config.Copy())
	if err != nil {
		fail(err)
		return
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+channel); err != nil {
		fail(err)
		return
	}
	locks, err := pgx.ConnectConfig(ctx, l.config.Copy())
	if err != nil {
		fail(err)
		return
	}
	ln.lmu.Lock()
	ln.locks = locks
	ln.lmu.Unlock()
	defer func() {
		// The context is cancelled first (stop, or a failure's cancel below), so a lock under way returns.
		ln.cancel()
		ln.lmu.Lock()
		ln.locks = nil
		ln.lmu.Unlock()
		locks.Close(context.Background())
	}()
	ln.once.Do(func() { close(ln.ready) })
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			fail(err)
			return
		}
		l.mu.Lock()
		for w := range l.waiters[n.Payload] {
			select {
			case w <- struct{}{}:
			default:
			}
		}
		l.mu.Unlock()
	}
}

func (ln *listener) stop() {
	ln.cancel()
	<-ln.done
}
