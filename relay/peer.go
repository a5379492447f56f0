//go:build !js

package relay

import (
	"bytes"
	"context"
	"math/rand/v2"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"
)

// peer is one connection in a room: the host (id 0) or a guest. Its
// handler goroutine reads and routes frames; its writer goroutine drains
// out. Publishing to a peer never blocks: a full queue drops the peer.
type peer struct {
	h       *Hub
	c       *websocket.Conn
	addr    string        // remote address
	room    *room         // set once by enter, before the loops start
	id      int           // 0 for the host
	label   []byte        // "ID:", the prefix of this guest's frames at the host
	out     chan []byte   // frames to write, already labelled
	done    chan struct{} // closed by stop
	written chan struct{} // closed when the writer has finished
	wd      *time.Timer   // cuts the connection when a batch of writes outlasts WriteTimeout
	once    sync.Once
	status  websocket.StatusCode // close status sent by the writer; 0: the connection just ends
	reason  string               // close reason
	pinging atomic.Bool          // a ping is in flight

	// token bucket, used by the handler goroutine only
	rate, burst, tokens float64
	last                time.Time
}

func newPeer(h *Hub, c *websocket.Conn, addr string) *peer {
	if h.opts.MaxFrameSize > 0 {
		c.SetReadLimit(h.opts.MaxFrameSize)
	} else {
		c.SetReadLimit(-1)
	}
	p := &peer{
		h:       h,
		c:       c,
		addr:    addr,
		out:     make(chan []byte, h.opts.SendQueue),
		done:    make(chan struct{}),
		written: make(chan struct{}),
	}
	p.wd = time.AfterFunc(time.Hour, func() {
		if p.kill("relay: write timed out") {
			h.m.drop(dropSlow)
			h.log.Info("relay: stuck peer dropped", "peer", p.id, "addr", p.addr)
		}
	})
	p.wd.Stop()
	return p
}

// setRate sizes the token bucket: scale is 1 for a guest and
// MaxGuests+1 for a host, which speaks to every guest.
func (p *peer) setRate(scale int) {
	p.label = strconv.AppendInt(nil, int64(p.id), 10)
	p.label = append(p.label, ':')
	if p.h.opts.FrameRate < 0 {
		p.rate = -1
		return
	}
	if scale < 1 {
		scale = 1
	}
	p.rate = p.h.opts.FrameRate * float64(scale)
	p.burst = float64(max(p.h.opts.FrameBurst, 1) * scale)
	p.tokens = p.burst
	p.last = time.Now()
}

// allow takes a token from the bucket.
func (p *peer) allow() bool {
	if p.rate < 0 {
		return true
	}
	now := time.Now()
	p.tokens = min(p.burst, p.tokens+now.Sub(p.last).Seconds()*p.rate)
	p.last = now
	if p.tokens < 1 {
		return false
	}
	p.tokens--
	return true
}

// send queues b for p without blocking. A peer whose queue is full is
// too slow to keep up and is dropped, so it never holds up the others.
// b must not change afterwards: broadcasts share it.
func (p *peer) send(b []byte) {
	select {
	case p.out <- b:
	default:
		if p.kill("relay: too slow to keep up") {
			p.h.m.drop(dropSlow)
			p.h.log.Info("relay: slow peer dropped", "room", logCode(p.room.code), "peer", p.id, "addr", p.addr)
		}
	}
}

// stop makes p's writer close the connection with status and reason
// (status 0: without a close handshake). Only the first call counts; it
// reports whether this was it.
func (p *peer) stop(status websocket.StatusCode, reason string) bool {
	first := false
	p.once.Do(func() {
		p.status, p.reason = status, reason
		close(p.done)
		first = true
	})
	return first
}

// kill stops p without a close handshake, cutting short a write in
// progress: for peers that do not read or answer, whom a close frame
// would not reach.
func (p *peer) kill(reason string) bool {
	first := p.stop(0, reason)
	p.c.CloseNow()
	return first
}

// readLoop reads and routes frames until the connection ends or the
// peer misbehaves. It reads with a context that lives as long as the
// connection, so no read deadline can kill a quiet but healthy peer;
// liveness is the pinger's job.
func (p *peer) readLoop() error {
	h := p.h
	for {
		typ, b, err := p.c.Read(context.Background())
		if err != nil {
			return err
		}
		h.m.framesIn.Add(1)
		h.m.bytesIn.Add(uint64(len(b)))
		switch {
		case typ != websocket.MessageText:
			return p.misbehaved(dropBadFrame, websocket.StatusUnsupportedData, "relay: text frames only")
		case !p.allow():
			return p.misbehaved(dropFlood, websocket.StatusPolicyViolation, "relay: too many frames")
		case !utf8.Valid(b):
			return p.misbehaved(dropBadFrame, websocket.StatusInvalidFramePayloadData, "relay: frames must be UTF-8")
		}
		if p.id == 0 {
			err = p.fromHost(b)
		} else {
			err = p.fromGuest(b)
		}
		if err != nil {
			return err
		}
	}
}

// misbehaved stops p for a broken rule.
func (p *peer) misbehaved(d dropReason, status websocket.StatusCode, reason string) error {
	if p.stop(status, reason) {
		p.h.m.drop(d)
		p.h.log.Info("relay: peer dropped", "reason", reason, "room", logCode(p.room.code), "peer", p.id, "addr", p.addr)
	}
	return errStopped
}

// fromGuest forwards a guest's "0:payload" to the host as "ID:payload".
func (p *peer) fromGuest(b []byte) error {
	if len(b) < 2 || b[0] != '0' || b[1] != ':' {
		return p.misbehaved(dropBadFrame, websocket.StatusPolicyViolation, "relay: a guest may only send 0:line")
	}
	var f []byte
	if len(p.label) == 2 {
		b[0] = p.label[0] // same length: relabel in place
		f = b
	} else {
		f = make([]byte, 0, len(p.label)+len(b)-2)
		f = append(append(f, p.label...), b[2:]...)
	}
	r := p.room
	r.mu.Lock()
	host := r.host
	r.mu.Unlock()
	if host == nil {
		p.h.m.discard(discardHostAway)
		return nil
	}
	host.send(f)
	return nil
}

// fromHost forwards the host's "ID:payload" to guest ID and "*:payload"
// to every guest, both as "0:payload", and obeys "!kick ID".
func (p *peer) fromHost(b []byte) error {
	r := p.room
	if len(b) > 0 && b[0] == '!' {
		id, ok := cutID(b, "!kick ")
		if !ok {
			return p.misbehaved(dropBadFrame, websocket.StatusPolicyViolation, "relay: unknown control frame")
		}
		r.mu.Lock()
		if r.host == p {
			r.kick(id)
		}
		r.mu.Unlock()
		return nil
	}
	i := bytes.IndexByte(b, ':')
	if i <= 0 {
		return p.misbehaved(dropBadFrame, websocket.StatusPolicyViolation, "relay: frames are ID:line or *:line")
	}
	all := i == 1 && b[0] == '*'
	id := 0
	if !all {
		var ok bool
		if id, ok = parseID(b[:i]); !ok {
			return p.misbehaved(dropBadFrame, websocket.StatusPolicyViolation, "relay: frames are ID:line or *:line")
		}
	}
	b[i-1] = '0'
	f := b[i-1:]
	r.mu.Lock()
	if r.host != p {
		// A replaced connection's frames, read after its successor
		// arrived: the guests were told that the host is back, and
		// only the new connection speaks for it now.
		r.mu.Unlock()
		p.h.m.discard(discardReplaced)
		return nil
	}
	if all {
		r.toGuests(f)
		r.mu.Unlock()
		return nil
	}
	g := r.guests[id]
	if g == nil || g.p == nil {
		r.mu.Unlock()
		p.h.m.discard(discardNoPeer)
		return nil
	}
	g.p.send(f)
	r.mu.Unlock()
	return nil
}

// cutID parses "prefixID".
func cutID(b []byte, prefix string) (int, bool) {
	if !bytes.HasPrefix(b, []byte(prefix)) {
		return 0, false
	}
	return parseID(b[len(prefix):])
}

// parseID parses a guest id: 1 to 9 decimal digits, not zero.
func parseID(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 9 {
		return 0, false
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, n > 0
}

// writeLoop writes queued frames and pings until p is stopped or a write
// fails, then closes the connection. Each batch of writes gets its own
// WriteTimeout, so only a peer that really stops reading runs out of time.
func (p *peer) writeLoop() {
	h := p.h
	defer h.wg.Done()
	defer close(p.written)
	var tick <-chan time.Time
	var pinger *time.Timer
	if h.opts.IdleTimeout > 0 {
		pinger = time.NewTimer(pingDelay(h.opts.IdleTimeout))
		defer pinger.Stop()
		tick = pinger.C
	}
	for {
		select {
		case <-p.done:
			if p.status != 0 && !p.flush() {
				p.c.CloseNow() // the close handshake cannot go through either
				return
			}
			p.finish()
			return
		case b := <-p.out:
			if err := p.writeBatch(b); err != nil {
				p.stop(0, "")
				p.finish()
				return
			}
		case <-tick:
			pinger.Reset(pingDelay(h.opts.IdleTimeout))
			if p.pinging.CompareAndSwap(false, true) {
				h.wg.Add(1)
				go p.ping()
			}
		}
	}
}

// pingDelay is the time to a peer's next ping: between three eighths and
// one half of the idle timeout, at random. Never more than half, so a
// dead peer still goes within one timeout; at random, so that peers who
// connected together (a busy minute, everyone back after a restart) do
// not all ping at the same instant for ever after, which made a queue
// of pongs in front of the game's frames every half timeout.
func pingDelay(idle time.Duration) time.Duration {
	half := idle / 2
	return half - time.Duration(rand.Int64N(int64(half/4)+1))
}

// writeBatch writes b and whatever else is queued now, within one
// WriteTimeout. The watchdog timer, rather than a context per write,
// enforces it: it is cheaper, and a stuck write is cut off the same way.
func (p *peer) writeBatch(b []byte) error {
	if p.h.opts.WriteTimeout > 0 {
		p.wd.Reset(p.h.opts.WriteTimeout)
		defer p.wd.Stop()
	}
	ctx := context.Background()
	for n := len(p.out); ; n-- {
		if err := p.c.Write(ctx, websocket.MessageText, b); err != nil {
			return err
		}
		p.h.m.framesOut.Add(1)
		p.h.m.bytesOut.Add(uint64(len(b)))
		if n <= 0 {
			return nil
		}
		select {
		case b = <-p.out:
		default:
			return nil
		}
	}
}

// flush writes the frames still queued when p was stopped with a close
// status, which come before the close: a host's last lines (the end of
// the game) before it closes the room, which stops the guests. A peer
// killed without a handshake gets none; a write that fails or outlasts
// WriteTimeout ends the flush, which then reports false.
func (p *peer) flush() bool {
	select {
	case b := <-p.out:
		return p.writeBatch(b) == nil
	default:
		return true
	}
}

// finish closes the connection as stop asked.
func (p *peer) finish() {
	if p.status == 0 {
		p.c.CloseNow()
		return
	}
	p.c.Close(p.status, p.reason)
}

// ping checks that the peer still answers, within half the idle timeout
// (pings go out every half timeout, so a dead peer goes within one).
func (p *peer) ping() {
	defer p.h.wg.Done()
	defer p.pinging.Store(false)
	ctx, cancel := context.WithTimeout(context.Background(), p.h.opts.IdleTimeout/2)
	defer cancel()
	if err := p.c.Ping(ctx); err != nil {
		select {
		case <-p.done:
			return // already stopping: the ping failed because of that
		default:
		}
		if p.kill("relay: no answer to ping") {
			p.h.m.drop(dropIdle)
			p.h.log.Info("relay: idle peer dropped", "room", logCode(p.room.code), "peer", p.id, "addr", p.addr)
		}
	}
}
