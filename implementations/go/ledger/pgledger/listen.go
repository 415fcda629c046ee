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
	cancel context.CancelFunc
	done   chan struct{}
	once   sync.Once
}

// listen makes sure a listener is in place (LISTEN done) before the caller reads the row.
func (l *Ledger) listen(ctx context.Context) error {
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return errors.New("closed")
	}
	ln := l.listener
	if ln == nil {
		lctx, cancel := context.WithCancel(context.Background())
		ln = &listener{ready: make(chan struct{}), cancel: cancel, done: make(chan struct{})}
		l.listener = ln
		go l.run(lctx, ln)
	}
	l.mu.Unlock()
	select {
	case <-ln.ready:
		return ln.err
	case <-ctx.Done():
		return ctx.Err()
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
