package protocol

import (
	"io"
	"net"
	"sync"
)

// Pipe returns two connected in-memory LineConns, for in-process players
// and for tests. Lines are passed as they are, without wire encoding.
// WriteLine never blocks: each direction queues without bound, so two
// sides that write before they read cannot deadlock. Closing one end
// lets the peer read what was already sent and then get io.EOF; the
// closed end's own blocked ReadLine returns net.ErrClosed.
func Pipe() (LineConn, LineConn) {
	ab, ba := newQueue(), newQueue()
	return &pipeEnd{in: ba, out: ab, done: make(chan struct{})},
		&pipeEnd{in: ab, out: ba, done: make(chan struct{})}
}

// queue is one direction of a pipe.
type queue struct {
	mu     sync.Mutex
	lines  []string
	eof    bool          // the writing end has closed
	notify chan struct{} // signalled when lines or eof change
}

func newQueue() *queue { return &queue{notify: make(chan struct{}, 1)} }

func (q *queue) signal() {
	select {
	case q.notify <- struct{}{}:
	default:
	}
}

type pipeEnd struct {
	in, out *queue
	once    sync.Once
	done    chan struct{} // closed by Close
}

func (p *pipeEnd) ReadLine() (string, error) {
	for {
		select {
		case <-p.done:
			return "", net.ErrClosed
		default:
		}
		q := p.in
		q.mu.Lock()
		if len(q.lines) > 0 {
			l := q.lines[0]
			q.lines[0] = ""
			q.lines = q.lines[1:]
			if len(q.lines) > 0 {
				q.signal()
			}
			q.mu.Unlock()
			return l, nil
		}
		eof := q.eof
		q.mu.Unlock()
		if eof {
			return "", io.EOF
		}
		select {
		case <-q.notify:
		case <-p.done:
			return "", net.ErrClosed
		}
	}
}

func (p *pipeEnd) WriteLine(line string) error {
	select {
	case <-p.done:
		return net.ErrClosed
	default:
	}
	if p.in.closedByPeer() {
		return io.ErrClosedPipe
	}
	q := p.out
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.eof {
		return net.ErrClosed
	}
	q.lines = append(q.lines, line)
	q.signal()
	return nil
}

// closedByPeer reports whether the peer has closed its end.
func (q *queue) closedByPeer() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.eof
}

func (p *pipeEnd) Close() error {
	p.once.Do(func() {
		close(p.done)
		q := p.out
		q.mu.Lock()
		q.eof = true
		q.signal()
		q.mu.Unlock()
	})
	return nil
}
