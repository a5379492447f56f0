// Package relay moves lines between the peers of small rooms over
// WebSocket, so that friends can play without a game server: the host's
// program runs the game and the relay only carries its lines, which it
// never parses. Both ends live here: Hub is the server side (an
// http.Handler), Dial, Create and Join the client side, which builds
// natively and for the browser (GOOS=js). This is the only package that
// imports github.com/coder/websocket.
//
// # Two builds
//
// Natively the client and the hub use coder/websocket. In the browser
// the client drives the page's own WebSocket object through syscall/js
// (client_js.go), and the hub's files are not built at all, so the
// page's WebAssembly links neither coder/websocket nor net/http and
// crypto/tls, which the library's js build drags in: that saves about
// 0.35 MB of the brotli-compressed page. The Client API is the same in
// both builds; only DialOptions shrinks to the subprotocols, because the
// browser makes the handshake itself. A browser connection that ends
// without a close frame reads as an error, a close with status 1000 as
// io.EOF and any other status as a *CloseError, as natively.
//
// # Rooms
//
// A host opens a room with GET /relay?create and receives the room's
// code (16 base32 characters, 80 bits from crypto/rand) and a secret
// host token (128 bits). Guests join with /relay?room=CODE; each gets a
// small id (1, 2, …) and its own token. A peer that lost its connection
// comes back with /relay?room=CODE&token=TOKEN: the host's token makes
// it the host again, a guest's token gives it its old id, and a stale
// connection holding the same place is closed (StatusReplaced). A host
// that closes normally (status 1000) ends the room; a host that
// vanishes (a reload sends 1001) keeps it for HubOptions.RoomGrace, and
// the guests are told. Seats are the game's business: the host maps
// guest ids to seats, and a returning player is recognised at game level.
//
// # Frames
//
// Every frame is one WebSocket text message holding one line, with a
// short address in front, so the overhead is two to four bytes:
//
//	guest → relay   0:LINE        only the host (0) may be addressed
//	relay → host    ID:LINE       the relay writes the sender's id
//	host  → relay   ID:LINE       to one guest
//	host  → relay   *:LINE        to every guest
//	relay → guest   0:LINE        from the host
//	host  → relay   !kick ID      remove a guest for good
//
// Notices from the relay start with "!":
//
//	!room CODE TOKEN    to the host, first (also after it came back)
//	!guest ID TOKEN     to a guest, first
//	!join ID            to the host: guest ID connected (again)
//	!leave ID           to the host: guest ID's connection ended
//	!away, !back        to guests: the host's connection ended / came back
//	                    (!back also when the host's new connection replaced
//	                    one the relay had not yet seen end)
//
// A guest cannot forge its id, reach another guest or send notices;
// frames never leave their room. Lines a guest sends while the host is
// away, and host lines to a guest who is not connected, are discarded
// (and counted): the game resynchronises when the peer is back.
//
// # Limits
//
// HubOptions holds every limit, with defaults: frames of 16 KiB
// (MaxFrameSize), 100 frames/s with bursts of 500 per guest and
// MaxGuests+1 times that for a host (FrameRate, FrameBurst), 8 rooms per remote
// address (MaxRoomsPerIP; behind a reverse proxy set TrustProxy) and
// 10000 in all (MaxRooms), 4 guests per room (MaxGuests: the four
// players of a room hosted by mj-server; a page host, which plays a
// seat itself, takes three and refuses a fourth), 128 queued
// frames per peer (SendQueue), pings every 30 s with a peer dropped if
// one goes unanswered (IdleTimeout 60 s), 10 s per batch of writes
// (WriteTimeout), and OriginPatterns for cross-origin pages. Reads use a
// context as long-lived as the connection, so a quiet peer is never cut
// off by a deadline. Publishing never blocks: each peer has a buffered
// queue and its own writer, and a peer whose queue is full is dropped.
// A peer breaking a rule is closed with a status and a reason (1003
// binary frame, 1007 not UTF-8, 1008 flood, slowness, bad address or
// missed ping, 1009 frame too big, 44xx for refused joins, see the
// Status constants). Shutdown closes every peer with 1001 and a reason
// and waits for the hub's goroutines. Metrics serves the counters in
// Prometheus text format and Health answers /healthz.
//
// A host and a guest:
//
//	host, err := relay.Create(ctx, "wss://example.org/relay", relay.DialOptions{})
//	// share host.Room(); keep host.Token() to come back after a reload
//	for {
//		m, err := host.ReadMessage() // Joined, Left, or Data from m.Peer
//		…
//		host.WriteTo(m.Peer, reply) // or host.WriteLine(line) for everybody
//	}
//
//	guest, err := relay.Join(ctx, "wss://example.org/relay", code, "", relay.DialOptions{})
//	guest.WriteLine(line) // to the host; guest.ReadLine() reads the host's lines
package relay
