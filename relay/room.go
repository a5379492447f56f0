//go:build !js

package relay

import (
	"crypto/rand"
	"crypto/subtle"
	"strconv"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// room is one host and its guests. Frames move only between the peers
// of one room: a peer knows its room and nothing else.
type room struct {
	code      string // unguessable, from crypto/rand
	hostToken string // lets the host come back
	addr      string // the creator's address, counted by MaxRoomsPerIP

	mu     sync.Mutex
	host   *peer          // nil while the host is away
	guests map[int]*guest // by id; kept while the room lives so guests can rejoin
	online int            // guests with a connection
	nextID int            // the next new guest's id
	grace  *time.Timer    // ends the room if the host stays away
	closed bool           // the room has ended
}

// guest is a seat in a room's guest list, with or without a connection.
type guest struct {
	token string
	p     *peer // nil while away
}

// newCode returns a room code: 16 base32 characters (80 random bits).
func newCode() string { return rand.Text()[:16] }

// newToken returns a reconnection secret: 26 base32 characters (128 bits).
func newToken() string { return rand.Text() }

// tokenEqual compares secrets in constant time.
func tokenEqual(a, b string) bool {
	return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}

// enter puts p into a room, or returns the close status and reason that
// turn it away. p's queue receives the welcome frames.
func (h *Hub) enter(p *peer, create bool, code, token string) (websocket.StatusCode, string) {
	switch {
	case create && code == "":
		return h.create(p)
	case !create && code != "":
		h.mu.Lock()
		r := h.rooms[code]
		h.mu.Unlock()
		if r == nil {
			h.m.reject(rejectUnknownRoom)
			return StatusUnknownRoom, "relay: no such room"
		}
		return h.join(r, p, token)
	default:
		h.m.reject(rejectBadRequest)
		return StatusBadRequest, "relay: ask for ?create or ?room=CODE"
	}
}

// create opens a room with p as its host.
func (h *Hub) create(p *peer) (websocket.StatusCode, string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.opts.MaxRoomsPerIP >= 0 && h.perAddr[p.addr] >= h.opts.MaxRoomsPerIP ||
		h.opts.MaxRooms >= 0 && len(h.rooms) >= h.opts.MaxRooms {
		h.m.reject(rejectTooManyRooms)
		return StatusTooManyRooms, "relay: too many rooms"
	}
	code := newCode()
	for h.rooms[code] != nil {
		code = newCode()
	}
	r := &room{code: code, hostToken: newToken(), addr: p.addr, guests: make(map[int]*guest), nextID: 1, host: p}
	h.rooms[code] = r
	h.perAddr[p.addr]++
	h.m.rooms.Add(1)
	p.room, p.id = r, 0
	p.setRate(h.opts.MaxGuests + 1)
	p.send([]byte("!room " + code + " " + r.hostToken))
	h.log.Info("relay: room created", "room", logCode(code), "addr", p.addr)
	return 0, ""
}

// join brings p into r: as the host if token is the host's, as a
// returning guest if it is a guest's, as a new guest if it is empty.
func (h *Hub) join(r *room, p *peer, token string) (websocket.StatusCode, string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		h.m.reject(rejectUnknownRoom)
		return StatusUnknownRoom, "relay: no such room"
	}
	p.room = r
	if token != "" && tokenEqual(token, r.hostToken) {
		old := r.host
		r.host, p.id = p, 0
		p.setRate(h.opts.MaxGuests + 1)
		if r.grace != nil {
			r.grace.Stop()
			r.grace = nil
		}
		p.send([]byte("!room " + r.code + " " + r.hostToken))
		for id, g := range r.guests {
			if g.p != nil {
				p.send([]byte("!join " + strconv.Itoa(id)))
			}
		}
		if old != nil {
			old.stop(StatusReplaced, "relay: replaced by a new connection")
		}
		// The guests are told even when the old connection is still
		// here: a host that comes back after a lost network often
		// arrives before the relay has seen its old connection end, and
		// a host that comes back (a reload, or a host program that
		// redialled) has ended its guests' game connections, which
		// they must open again.
		r.toGuests([]byte("!back"))
		h.log.Info("relay: host back", "room", logCode(r.code), "addr", p.addr)
		return 0, ""
	}

	var id int
	var g *guest
	if token != "" {
		for gid, gg := range r.guests {
			if tokenEqual(token, gg.token) {
				id, g = gid, gg
			}
		}
		if g == nil {
			h.m.reject(rejectBadToken)
			return StatusBadToken, "relay: bad token"
		}
	}
	if (g == nil || g.p == nil) && h.opts.MaxGuests >= 0 && r.online >= h.opts.MaxGuests {
		h.m.reject(rejectRoomFull)
		return StatusRoomFull, "relay: room full"
	}
	if g == nil {
		id = r.nextID
		r.nextID++
		g = &guest{token: newToken()}
		r.guests[id] = g
	}
	old := g.p
	g.p, p.id = p, id
	if old == nil {
		r.online++
	}
	p.setRate(1)
	p.send([]byte("!guest " + strconv.Itoa(id) + " " + g.token))
	if r.host == nil {
		p.send([]byte("!away"))
	} else {
		r.host.send([]byte("!join " + strconv.Itoa(id)))
	}
	if old != nil {
		old.stop(StatusReplaced, "relay: replaced by a new connection")
	}
	h.log.Debug("relay: guest joined", "room", logCode(r.code), "guest", id, "addr", p.addr)
	return 0, ""
}

// leave takes p, whose connection has ended, out of its room. A host
// that closed normally ends the room; one that vanished gets RoomGrace
// to come back.
func (h *Hub) leave(p *peer, normal bool) {
	r := p.room
	if r == nil {
		return
	}
	r.mu.Lock()
	if p.id == 0 {
		if r.host != p {
			r.mu.Unlock()
			return
		}
		r.host = nil
		if normal || h.opts.RoomGrace < 0 || r.closed {
			r.mu.Unlock()
			h.endRoom(r, websocket.StatusNormalClosure, "relay: the host closed the room")
			return
		}
		if !h.closing.Load() {
			r.toGuests([]byte("!away"))
			r.grace = time.AfterFunc(h.opts.RoomGrace, func() {
				h.endRoom(r, StatusRoomGone, "relay: the host did not come back")
			})
		}
		r.mu.Unlock()
		h.log.Info("relay: host away", "room", logCode(r.code))
		return
	}
	if g := r.guests[p.id]; g != nil && g.p == p {
		g.p = nil
		r.online--
		if r.host != nil {
			r.host.send([]byte("!leave " + strconv.Itoa(p.id)))
		}
	}
	r.mu.Unlock()
}

// endRoom removes r from the hub and closes its guests' connections.
func (h *Hub) endRoom(r *room, status websocket.StatusCode, reason string) {
	h.mu.Lock()
	if h.rooms[r.code] == r {
		delete(h.rooms, r.code)
		if h.perAddr[r.addr]--; h.perAddr[r.addr] <= 0 {
			delete(h.perAddr, r.addr)
		}
		h.m.rooms.Add(-1)
	}
	h.mu.Unlock()

	r.mu.Lock()
	r.closed = true
	if r.grace != nil {
		r.grace.Stop()
		r.grace = nil
	}
	for _, g := range r.guests {
		if g.p != nil {
			g.p.stop(status, reason)
		}
	}
	if r.host != nil {
		r.host.stop(status, reason)
	}
	r.mu.Unlock()
	h.log.Info("relay: room ended", "room", logCode(r.code), "reason", reason)
}

// kick removes guest id from r for good: its token no longer works.
// r.mu is held.
func (r *room) kick(id int) {
	g := r.guests[id]
	if g == nil {
		return
	}
	delete(r.guests, id)
	if g.p != nil {
		r.online--
		g.p.stop(StatusKicked, "relay: removed by the host")
	}
}

// toGuests queues b for every connected guest. r.mu is held.
func (r *room) toGuests(b []byte) {
	for _, g := range r.guests {
		if g.p != nil {
			g.p.send(b)
		}
	}
}

// logCode shortens a room code for the logs, which must not let a
// reader join the room.
func logCode(code string) string {
	if len(code) < 4 {
		return code
	}
	return code[:4] + "…"
}
