package roomconn

import (
	"net"
	"sync"
)

// Inbox is the queue of lines behind one game connection over a room:
// the goroutine reading the relay fills it (Push, Finish) and the
// connection's reader drains it (Next). Both ends of a room use it, the
// host for each guest and a guest for the host.
type Inbox struct {
	sig   chan struct{} // signalled after every change
	mu    sync.Mutex
	lines []string
	got   int   // lines received in all
	end   error // why the connection ended, once it has
}

// NewInbox returns an empty, open inbox.
func NewInbox() *Inbox { return &Inbox{sig: make(chan struct{}, 1)} }

// Push queues a line, unless the inbox has ended.
func (q *Inbox) Push(line string) {
	q.mu.Lock()
	if q.end == nil {
		q.lines = append(q.lines, line)
		q.got++
	}
	q.mu.Unlock()
	q.wake()
}

// Finish ends the inbox with err (the first reason wins); lines already
// queued are still read.
func (q *Inbox) Finish(err error) {
	q.mu.Lock()
	if q.end == nil {
		q.end = err
	}
	q.mu.Unlock()
	q.wake()
}

// Err returns why the inbox ended, or nil.
func (q *Inbox) Err() error {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.end
}

// Received returns how many lines were pushed in all.
func (q *Inbox) Received() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.got
}

func (q *Inbox) wake() {
	select {
	case q.sig <- struct{}{}:
	default:
	}
}

// Next returns the next line, waiting for one; once the queue is empty
// and the inbox has ended, the reason. It gives up with net.ErrClosed
// when cancel is closed (a nil cancel never is).
func (q *Inbox) Next(cancel <-chan struct{}) (string, error) {
	for {
		q.mu.Lock()
		if len(q.lines) > 0 {
			line := q.lines[0]
			q.lines[0] = ""
			q.lines = q.lines[1:]
			q.mu.Unlock()
			return line, nil
		}
		end := q.end
		q.mu.Unlock()
		if end != nil {
			return "", end
		}
		select {
		case <-q.sig:
		case <-cancel:
			return "", net.ErrClosed
		}
	}
}
