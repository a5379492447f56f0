//go:build !js

package relay

import (
	"fmt"
	"net/http"
	"runtime"
	"sync/atomic"
)

// Why a connection was turned away before it joined a room.
type rejectReason int

const (
	rejectHandshake    rejectReason = iota // not a WebSocket handshake, or a foreign Origin
	rejectBadRequest                       // neither ?create nor ?room
	rejectUnknownRoom                      // no such room
	rejectBadToken                         // token fits nobody in the room
	rejectRoomFull                         // MaxGuests reached
	rejectTooManyRooms                     // MaxRoomsPerIP or MaxRooms reached
	rejectShutdown                         // the hub is closing
	numRejects
)

var rejectNames = [numRejects]string{"handshake", "bad_request", "unknown_room", "bad_token", "room_full", "too_many_rooms", "shutdown"}

// Why the relay dropped a connected peer.
type dropReason int

const (
	dropSlow     dropReason = iota // its queue overflowed
	dropFlood                      // it ran out of frame tokens
	dropIdle                       // it did not answer a ping
	dropBadFrame                   // binary, not UTF-8 or badly addressed
	numDrops
)

var dropNames = [numDrops]string{"slow", "flood", "idle", "bad_frame"}

// Why a frame was discarded without dropping anyone.
type discardReason int

const (
	discardHostAway discardReason = iota // a guest spoke while the host was away
	discardNoPeer                        // the host addressed a guest that is not connected
	discardReplaced                      // a host connection spoke after a new one replaced it
	numDiscards
)

var discardNames = [numDiscards]string{"host_away", "no_peer", "replaced"}

// metrics are the hub's counters, updated atomically.
type metrics struct {
	conns     atomic.Int64 // open connections
	rooms     atomic.Int64 // open rooms
	accepted  atomic.Uint64
	framesIn  atomic.Uint64
	framesOut atomic.Uint64
	bytesIn   atomic.Uint64
	bytesOut  atomic.Uint64
	rejects   [numRejects]atomic.Uint64
	drops     [numDrops]atomic.Uint64
	discards  [numDiscards]atomic.Uint64
}

func (m *metrics) reject(r rejectReason)   { m.rejects[r].Add(1) }
func (m *metrics) drop(d dropReason)       { m.drops[d].Add(1) }
func (m *metrics) discard(d discardReason) { m.discards[d].Add(1) }

// Stats is a snapshot of the hub's main counters.
type Stats struct {
	Connections int64  // open connections
	Rooms       int64  // open rooms
	FramesIn    uint64 // frames read from peers
	FramesOut   uint64 // frames written to peers
	BytesIn     uint64 // payload bytes read
	BytesOut    uint64 // payload bytes written
	Dropped     uint64 // peers dropped for breaking a limit (slow, flood, idle, bad frame)
	Rejected    uint64 // connections turned away before joining a room
}

// Stats returns a snapshot of the hub's counters.
func (h *Hub) Stats() Stats {
	s := Stats{
		Connections: h.m.conns.Load(),
		Rooms:       h.m.rooms.Load(),
		FramesIn:    h.m.framesIn.Load(),
		FramesOut:   h.m.framesOut.Load(),
		BytesIn:     h.m.bytesIn.Load(),
		BytesOut:    h.m.bytesOut.Load(),
	}
	for i := range h.m.drops {
		s.Dropped += h.m.drops[i].Load()
	}
	for i := range h.m.rejects {
		s.Rejected += h.m.rejects[i].Load()
	}
	return s
}

// Metrics returns a handler serving the hub's counters in the
// Prometheus text exposition format.
func (h *Hub) Metrics() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
		m := &h.m
		metric := func(name, kind, help string) {
			fmt.Fprintf(w, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, kind)
		}
		metric("relay_connections", "gauge", "Open peer connections.")
		fmt.Fprintf(w, "relay_connections %d\n", m.conns.Load())
		metric("relay_rooms", "gauge", "Open rooms.")
		fmt.Fprintf(w, "relay_rooms %d\n", m.rooms.Load())
		metric("relay_connections_total", "counter", "Connections accepted.")
		fmt.Fprintf(w, "relay_connections_total %d\n", m.accepted.Load())
		metric("relay_frames_total", "counter", "Frames read from (in) and written to (out) peers.")
		fmt.Fprintf(w, "relay_frames_total{dir=\"in\"} %d\nrelay_frames_total{dir=\"out\"} %d\n", m.framesIn.Load(), m.framesOut.Load())
		metric("relay_bytes_total", "counter", "Frame payload bytes read (in) and written (out).")
		fmt.Fprintf(w, "relay_bytes_total{dir=\"in\"} %d\nrelay_bytes_total{dir=\"out\"} %d\n", m.bytesIn.Load(), m.bytesOut.Load())
		metric("relay_rejects_total", "counter", "Connections turned away before joining a room, by reason.")
		for i, n := range rejectNames {
			fmt.Fprintf(w, "relay_rejects_total{reason=%q} %d\n", n, m.rejects[i].Load())
		}
		metric("relay_drops_total", "counter", "Peers dropped for breaking a limit, by reason.")
		for i, n := range dropNames {
			fmt.Fprintf(w, "relay_drops_total{reason=%q} %d\n", n, m.drops[i].Load())
		}
		metric("relay_discards_total", "counter", "Frames discarded because their addressee was away or their sender replaced, by reason.")
		for i, n := range discardNames {
			fmt.Fprintf(w, "relay_discards_total{reason=%q} %d\n", n, m.discards[i].Load())
		}
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		metric("relay_goroutines", "gauge", "Goroutines in the process.")
		fmt.Fprintf(w, "relay_goroutines %d\n", runtime.NumGoroutine())
		metric("relay_memory_bytes", "gauge", "Memory obtained from the OS by the Go runtime.")
		fmt.Fprintf(w, "relay_memory_bytes %d\n", ms.Sys)
	})
}
