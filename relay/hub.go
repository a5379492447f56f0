//go:build !js

package relay

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// HubOptions configures a Hub. A zero field takes its default (the
// Default… constants); a negative limit means "no limit".
type HubOptions struct {
	OriginPatterns []string      // origins allowed besides the request's own host (websocket.AcceptOptions)
	MaxFrameSize   int64         // bytes in one frame; a bigger frame drops the sender
	FrameRate      float64       // frames per second per guest (token bucket); hosts get ×(MaxGuests+1)
	FrameBurst     int           // bucket size per guest; hosts get ×(MaxGuests+1)
	MaxRoomsPerIP  int           // rooms one remote address may hold at once
	MaxRooms       int           // rooms in the whole hub
	MaxGuests      int           // guests connected to one room at once (more than 3 = spectators)
	SendQueue      int           // frames queued for one peer; a peer that falls further behind is dropped
	IdleTimeout    time.Duration // a peer that leaves a ping unanswered this long is dropped
	WriteTimeout   time.Duration // the longest one batch of writes may take
	RoomGrace      time.Duration // how long a room waits for its host to come back (negative: not at all)
	TrustProxy     bool          // take the remote address from the last X-Forwarded-For entry
	Logger         *slog.Logger  // where the hub logs; nil means slog.Default()
}

// withDefaults fills the zero fields.
func (o HubOptions) withDefaults() HubOptions {
	if o.MaxFrameSize == 0 {
		o.MaxFrameSize = DefaultMaxFrameSize
	}
	if o.FrameRate == 0 {
		o.FrameRate = DefaultFrameRate
	}
	if o.FrameBurst == 0 {
		o.FrameBurst = DefaultFrameBurst
	}
	if o.MaxRoomsPerIP == 0 {
		o.MaxRoomsPerIP = DefaultMaxRoomsPerIP
	}
	if o.MaxRooms == 0 {
		o.MaxRooms = DefaultMaxRooms
	}
	if o.MaxGuests == 0 {
		o.MaxGuests = DefaultMaxGuests
	}
	if o.SendQueue <= 0 {
		o.SendQueue = DefaultSendQueue
	}
	if o.IdleTimeout == 0 {
		o.IdleTimeout = DefaultIdleTimeout
	}
	if o.WriteTimeout == 0 {
		o.WriteTimeout = DefaultWriteTimeout
	}
	if o.RoomGrace == 0 {
		o.RoomGrace = DefaultRoomGrace
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return o
}

// Hub is the relay's WebSocket endpoint: an http.Handler that creates
// and joins rooms and moves frames between the peers of each room.
// Mount it on a path such as /relay; see the package documentation for
// the query parameters and the frame format.
type Hub struct {
	opts   HubOptions
	log    *slog.Logger
	accept *websocket.AcceptOptions

	mu      sync.Mutex
	rooms   map[string]*room   // by code
	perAddr map[string]int     // rooms held by each creator's address
	peers   map[*peer]struct{} // every open connection, for Shutdown
	closing atomic.Bool        // Shutdown has begun (set under mu)
	wg      sync.WaitGroup     // handlers, writers and pings

	m metrics
}

// NewHub returns a Hub with opts (zero fields take their defaults).
func NewHub(opts HubOptions) *Hub {
	opts = opts.withDefaults()
	return &Hub{
		opts: opts,
		log:  opts.Logger,
		accept: &websocket.AcceptOptions{
			OriginPatterns:  opts.OriginPatterns,
			CompressionMode: websocket.CompressionDisabled,
		},
		rooms:   make(map[string]*room),
		perAddr: make(map[string]int),
		peers:   make(map[*peer]struct{}),
	}
}

// ServeHTTP accepts one WebSocket peer: ?create opens a room as its host,
// ?room=CODE joins it as a new guest, and ?room=CODE&token=TOKEN brings
// back the host or a guest that held TOKEN. It returns when the peer
// has gone.
func (h *Hub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	if h.closing.Load() {
		h.mu.Unlock()
		h.m.reject(rejectShutdown)
		http.Error(w, "relay: shutting down", http.StatusServiceUnavailable)
		return
	}
	h.wg.Add(1)
	h.mu.Unlock()
	defer h.wg.Done()

	c, err := websocket.Accept(w, r, h.accept)
	if err != nil {
		h.m.reject(rejectHandshake)
		h.log.Debug("relay: handshake refused", "addr", h.remoteAddr(r), "err", err)
		return
	}
	p := newPeer(h, c, h.remoteAddr(r))
	defer p.wd.Stop()
	if !h.register(p) {
		h.m.reject(rejectShutdown)
		c.Close(websocket.StatusGoingAway, "relay: shutting down")
		return
	}
	defer h.unregister(p)

	q := r.URL.Query()
	_, create := q["create"]
	status, reason := h.enter(p, create, strings.ToUpper(q.Get("room")), q.Get("token"))
	if status != 0 {
		c.Close(status, reason)
		return
	}
	h.wg.Add(1)
	go p.writeLoop()
	err = p.readLoop()
	p.stop(0, "")
	h.leave(p, websocket.CloseStatus(err) == websocket.StatusNormalClosure)
	<-p.written
}

// register records an accepted connection unless the hub is closing.
func (h *Hub) register(p *peer) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closing.Load() {
		return false
	}
	h.peers[p] = struct{}{}
	h.m.conns.Add(1)
	h.m.accepted.Add(1)
	return true
}

// unregister forgets a connection that has ended.
func (h *Hub) unregister(p *peer) {
	h.mu.Lock()
	delete(h.peers, p)
	h.mu.Unlock()
	h.m.conns.Add(-1)
}

// remoteAddr is the address MaxRoomsPerIP counts against.
func (h *Hub) remoteAddr(r *http.Request) string {
	if h.opts.TrustProxy {
		if xff := r.Header.Values("X-Forwarded-For"); len(xff) > 0 {
			last := xff[len(xff)-1]
			if i := strings.LastIndexByte(last, ','); i >= 0 {
				last = last[i+1:]
			}
			if a := strings.TrimSpace(last); a != "" {
				return a
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// Shutdown stops accepting peers, tells every connected peer that the
// relay is going away (close status 1001 with a reason), and waits until
// all of the hub's goroutines have ended. If ctx ends first, it drops the
// remaining connections without a close handshake and returns ctx's error.
// http.Server.Shutdown does not wait for WebSocket connections (they are
// hijacked), so call both.
func (h *Hub) Shutdown(ctx context.Context) error {
	h.mu.Lock()
	h.closing.Store(true)
	peers := make([]*peer, 0, len(h.peers))
	for p := range h.peers {
		peers = append(peers, p)
	}
	for _, r := range h.rooms {
		r.mu.Lock()
		if r.grace != nil {
			r.grace.Stop()
			r.grace = nil
		}
		r.mu.Unlock()
	}
	h.mu.Unlock()
	h.log.Info("relay: shutting down", "peers", len(peers))

	for _, p := range peers {
		p.stop(websocket.StatusGoingAway, "relay: shutting down")
	}
	done := make(chan struct{})
	go func() {
		h.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		for _, p := range peers {
			p.c.CloseNow()
		}
		<-done
		return fmt.Errorf("relay: shutdown: %w", ctx.Err())
	}
}

// Health returns a handler answering 200 "ok" while the hub accepts
// peers and 503 once Shutdown has begun.
func (h *Hub) Health() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		closing := h.closing.Load()
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		if closing {
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprintln(w, "shutting down")
			return
		}
		fmt.Fprintln(w, "ok")
	})
}

// errStopped ends a read loop that the relay itself stopped.
var errStopped = errors.New("relay: peer stopped")
