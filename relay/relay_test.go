//go:build !js

package relay_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"mahjong/relay"
)

// server is a hub behind a real HTTP server on 127.0.0.1.
type server struct {
	hub *relay.Hub
	srv *httptest.Server
	url string // ws://…/relay
}

func newServer(t *testing.T, opts relay.HubOptions) *server {
	t.Helper()
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	hub := relay.NewHub(opts)
	mux := http.NewServeMux()
	mux.Handle("/relay", hub)
	mux.Handle("/metrics", hub.Metrics())
	mux.Handle("/healthz", hub.Health())
	srv := httptest.NewServer(mux)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := hub.Shutdown(ctx); err != nil {
			t.Errorf("Shutdown: %v", err)
		}
		srv.Close()
	})
	return &server{hub: hub, srv: srv, url: "ws" + strings.TrimPrefix(srv.URL, "http") + "/relay"}
}

func testContext(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func closeLater(t *testing.T, c *relay.Client) {
	t.Cleanup(func() { c.Drop() })
}

func create(t *testing.T, s *server) *relay.Client {
	t.Helper()
	c, err := relay.Create(testContext(t), s.url, relay.DialOptions{})
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	closeLater(t, c)
	return c
}

// join adds a guest to host's room and consumes the host's Joined notice.
func join(t *testing.T, s *server, host *relay.Client) *relay.Client {
	t.Helper()
	g, err := relay.Join(testContext(t), s.url, host.Room(), "", relay.DialOptions{})
	if err != nil {
		t.Fatalf("Join: %v", err)
	}
	closeLater(t, g)
	expect(t, host, relay.Message{Kind: relay.Joined, Peer: g.ID()})
	return g
}

type result struct {
	m   relay.Message
	err error
}

// next reads c's next message, failing the test after a deadline.
func next(t *testing.T, c *relay.Client) (relay.Message, error) {
	t.Helper()
	ch := make(chan result, 1)
	go func() {
		m, err := c.ReadMessage()
		ch <- result{m, err}
	}()
	select {
	case r := <-ch:
		return r.m, r.err
	case <-time.After(10 * time.Second):
		t.Fatalf("no message within 10s")
		return relay.Message{}, nil
	}
}

func expect(t *testing.T, c *relay.Client, want relay.Message) {
	t.Helper()
	m, err := next(t, c)
	if err != nil {
		t.Fatalf("read: %v, want %+v", err, want)
	}
	if m != want {
		t.Fatalf("read %+v, want %+v", m, want)
	}
}

// expectClosed reads until c's connection ends and checks the status
// (-1: ended without a close frame, 0: io.EOF, a normal closure).
func expectClosed(t *testing.T, c *relay.Client, status int) {
	t.Helper()
	for {
		m, err := next(t, c)
		if err == nil {
			if m.Kind == relay.Data || m.Kind == relay.HostAway {
				continue // frames still queued before the close
			}
			t.Fatalf("read %+v, want the connection closed with %d", m, status)
		}
		got := relay.CloseStatus(err)
		if errors.Is(err, io.EOF) {
			got = 0
		}
		if got != status {
			t.Fatalf("closed with %v (status %d), want status %d", err, got, status)
		}
		return
	}
}

func write(t *testing.T, c *relay.Client, line string) {
	t.Helper()
	if err := c.WriteLine(line); err != nil {
		t.Fatalf("WriteLine(%q): %v", line, err)
	}
}

func writeTo(t *testing.T, c *relay.Client, peer int, line string) {
	t.Helper()
	if err := c.WriteTo(peer, line); err != nil {
		t.Fatalf("WriteTo(%d, %q): %v", peer, line, err)
	}
}

func TestForwarding(t *testing.T) {
	s := newServer(t, relay.HubOptions{})
	host := create(t, s)
	if !host.IsHost() || len(host.Room()) != 16 || host.Token() == "" {
		t.Fatalf("host: room %q token %q id %d", host.Room(), host.Token(), host.ID())
	}
	guests := []*relay.Client{join(t, s, host), join(t, s, host), join(t, s, host)}
	for i, g := range guests {
		if g.ID() != i+1 || g.Room() != host.Room() || g.Token() == "" || g.IsHost() {
			t.Fatalf("guest %d: id %d room %q token %q", i, g.ID(), g.Room(), g.Token())
		}
	}

	// Guests to the host, labelled with their ids.
	for _, g := range guests {
		line := fmt.Sprintf("PlayerReady %d: with: colons", g.ID())
		write(t, g, line)
		expect(t, host, relay.Message{Kind: relay.Data, Peer: g.ID(), Line: line})
	}
	write(t, guests[0], "") // an empty line is a line
	expect(t, host, relay.Message{Kind: relay.Data, Peer: 1})

	// The host to one guest: the others do not see it.
	writeTo(t, host, 2, "Wall 1 2 3")
	writeTo(t, host, relay.All, "Message 0 hello all")
	expect(t, guests[0], relay.Message{Kind: relay.Data, Line: "Message 0 hello all"})
	expect(t, guests[1], relay.Message{Kind: relay.Data, Line: "Wall 1 2 3"})
	expect(t, guests[1], relay.Message{Kind: relay.Data, Line: "Message 0 hello all"})
	expect(t, guests[2], relay.Message{Kind: relay.Data, Line: "Message 0 hello all"})

	// WriteLine from the host goes to everybody; ReadLine reads lines.
	write(t, host, "PlayerDiscards 1 5D")
	for _, g := range guests {
		if line, err := g.ReadLine(); err != nil || line != "PlayerDiscards 1 5D" {
			t.Fatalf("ReadLine = %q, %v", line, err)
		}
	}
	// A host line to a guest that is not there is discarded; the host stays.
	writeTo(t, host, 9, "nobody")
	write(t, guests[2], "still here")
	expect(t, host, relay.Message{Kind: relay.Data, Peer: 3, Line: "still here"})

	// A guest leaving normally is announced; the room goes on.
	if err := guests[0].Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	expect(t, host, relay.Message{Kind: relay.Left, Peer: 1})

	// The host closing ends the room: guests read io.EOF.
	if err := host.Close(); err != nil {
		t.Fatalf("host Close: %v", err)
	}
	expectClosed(t, guests[1], 0)
	expectClosed(t, guests[2], 0)
	if _, err := relay.Join(testContext(t), s.url, host.Room(), "", relay.DialOptions{}); relay.CloseStatus(err) != relay.StatusUnknownRoom {
		t.Fatalf("joining an ended room: %v", err)
	}
	if st := s.hub.Stats(); st.FramesIn == 0 || st.FramesOut == 0 || st.Rooms != 0 {
		t.Fatalf("stats %+v", st)
	}
}

// TestIsolation runs many rooms at once; every guest sends lines naming
// its room and id, and the host echoes them back to the sender. No line
// may reach another room or another guest.
func TestIsolation(t *testing.T) {
	const rooms, guestsPerRoom, lines = 20, 3, 20
	s := newServer(t, relay.HubOptions{MaxRoomsPerIP: -1})
	var wg sync.WaitGroup
	errs := make(chan error, rooms*(guestsPerRoom+1))
	for range rooms {
		host := create(t, s)
		var guests []*relay.Client
		for range guestsPerRoom {
			guests = append(guests, join(t, s, host))
		}
		wg.Add(1)
		go func() { // the host echoes every line to its sender
			defer wg.Done()
			for n := 0; n < guestsPerRoom*lines; n++ {
				from, line, err := host.ReadFrom()
				if err != nil {
					errs <- err
					return
				}
				if want := fmt.Sprintf("%s %d ", host.Room(), from); !strings.HasPrefix(line, want) {
					errs <- fmt.Errorf("host of %s got %q from %d", host.Room(), line, from)
					return
				}
				if err := host.WriteTo(from, line); err != nil {
					errs <- err
					return
				}
			}
		}()
		for _, g := range guests {
			wg.Add(2)
			go func() {
				defer wg.Done()
				for i := range lines {
					if err := g.WriteLine(fmt.Sprintf("%s %d %d", g.Room(), g.ID(), i)); err != nil {
						errs <- err
						return
					}
				}
			}()
			go func() {
				defer wg.Done()
				for i := range lines {
					line, err := g.ReadLine()
					if err != nil {
						errs <- err
						return
					}
					if want := fmt.Sprintf("%s %d %d", g.Room(), g.ID(), i); line != want {
						errs <- fmt.Errorf("guest got %q, want %q", line, want)
						return
					}
				}
			}()
		}
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case err := <-errs:
		t.Fatal(err)
	case <-testContext(t).Done():
		t.Fatal("rooms did not finish in time")
	}
	select {
	case err := <-errs:
		t.Fatal(err)
	default:
	}
}

func TestLimits(t *testing.T) {
	t.Run("oversize frame", func(t *testing.T) {
		s := newServer(t, relay.HubOptions{MaxFrameSize: 64})
		host := create(t, s)
		g := join(t, s, host)
		write(t, g, strings.Repeat("x", 62)) // 64 bytes with "0:"
		expect(t, host, relay.Message{Kind: relay.Data, Peer: 1, Line: strings.Repeat("x", 62)})
		g.WriteLine(strings.Repeat("x", 63))
		expectClosed(t, g, 1009)
		expect(t, host, relay.Message{Kind: relay.Left, Peer: 1})
	})
	t.Run("flood", func(t *testing.T) {
		s := newServer(t, relay.HubOptions{FrameRate: 0.01, FrameBurst: 5})
		host := create(t, s)
		g := join(t, s, host)
		for range 20 {
			if g.WriteLine("spam") != nil {
				break
			}
		}
		expectClosed(t, g, 1008)
		for range 5 {
			expect(t, host, relay.Message{Kind: relay.Data, Peer: 1, Line: "spam"})
		}
		expect(t, host, relay.Message{Kind: relay.Left, Peer: 1})
	})
	t.Run("too many rooms per address", func(t *testing.T) {
		ended := make(chan struct{}, 4)
		s := newServer(t, relay.HubOptions{MaxRoomsPerIP: 2,
			Logger: slog.New(onMessage{"relay: room ended", ended})})
		create(t, s)
		h2 := create(t, s)
		_, err := relay.Create(testContext(t), s.url, relay.DialOptions{})
		if relay.CloseStatus(err) != relay.StatusTooManyRooms {
			t.Fatalf("third room: %v", err)
		}
		// A room ended frees its place. The hub ends it when it reads
		// the close, which may come after Close has returned here.
		h2.Close()
		select {
		case <-ended:
		case <-testContext(t).Done():
			t.Fatal("the closed room never ended")
		}
		h3 := create(t, s)
		h3.Close()
	})
	t.Run("too many rooms", func(t *testing.T) {
		s := newServer(t, relay.HubOptions{MaxRooms: 1})
		create(t, s)
		if _, err := relay.Create(testContext(t), s.url, relay.DialOptions{}); relay.CloseStatus(err) != relay.StatusTooManyRooms {
			t.Fatalf("second room: %v", err)
		}
	})
	t.Run("too many peers", func(t *testing.T) {
		s := newServer(t, relay.HubOptions{MaxGuests: 1})
		host := create(t, s)
		g := join(t, s, host)
		if _, err := relay.Join(testContext(t), s.url, host.Room(), "", relay.DialOptions{}); relay.CloseStatus(err) != relay.StatusRoomFull {
			t.Fatalf("second guest: %v", err)
		}
		// The guest's own token still gets it back (replacing itself).
		g2, err := relay.Join(testContext(t), s.url, host.Room(), g.Token(), relay.DialOptions{})
		if err != nil {
			t.Fatalf("rejoin: %v", err)
		}
		closeLater(t, g2)
		expectClosed(t, g, relay.StatusReplaced)
		expect(t, host, relay.Message{Kind: relay.Joined, Peer: 1})
	})
	t.Run("idle peer", func(t *testing.T) {
		s := newServer(t, relay.HubOptions{IdleTimeout: 500 * time.Millisecond})
		host := create(t, s) // the host keeps reading, so it answers pings
		g := join(t, s, host)
		_ = g // never reads, so it never answers a ping
		expect(t, host, relay.Message{Kind: relay.Left, Peer: 1})
		g2 := join(t, s, host)
		go func() { // a reading guest answers pings
			for {
				if _, err := g2.ReadMessage(); err != nil {
					return
				}
			}
		}()
		write(t, g2, "alive")
		expect(t, host, relay.Message{Kind: relay.Data, Peer: 2, Line: "alive"})
	})
	t.Run("write timeout spares healthy peers", func(t *testing.T) {
		const timeout = 50 * time.Millisecond
		s := newServer(t, relay.HubOptions{WriteTimeout: timeout, FrameRate: -1})
		host := create(t, s)
		g := join(t, s, host)
		start := time.Now()
		for round := 0; time.Since(start) < 4*timeout; round++ {
			for i := range 10 {
				writeTo(t, host, g.ID(), fmt.Sprintf("%d.%d", round, i))
			}
			for i := range 10 {
				expect(t, g, relay.Message{Kind: relay.Data, Line: fmt.Sprintf("%d.%d", round, i)})
			}
		}
	})
	t.Run("write timeout drops a stuck peer", func(t *testing.T) {
		s := newServer(t, relay.HubOptions{WriteTimeout: 100 * time.Millisecond, SendQueue: 1 << 20, FrameRate: -1, IdleTimeout: -1, MaxFrameSize: 64 << 10})
		host := create(t, s)
		stuck := join(t, s, host) // never reads
		left := make(chan relay.Message, 1)
		go func() {
			if m, err := host.ReadMessage(); err == nil {
				left <- m
			}
		}()
		big := strings.Repeat("s", 32<<10)
		ctx := testContext(t)
		for {
			select {
			case m := <-left:
				if m != (relay.Message{Kind: relay.Left, Peer: stuck.ID()}) {
					t.Fatalf("host read %+v", m)
				}
				return
			case <-ctx.Done():
				t.Fatal("the stuck guest was never dropped")
			default:
			}
			writeTo(t, host, stuck.ID(), big)
		}
	})
	t.Run("rooms per address behind a proxy", func(t *testing.T) {
		s := newServer(t, relay.HubOptions{MaxRoomsPerIP: 1, TrustProxy: true})
		ctx := testContext(t)
		from := func(addr string) error {
			h := http.Header{}
			h.Set("X-Forwarded-For", "203.0.113.9, "+addr) // the proxy appended addr
			c, err := relay.Create(ctx, s.url, relay.DialOptions{HTTPHeader: h})
			if err == nil {
				closeLater(t, c)
			}
			return err
		}
		if err := from("192.0.2.1"); err != nil {
			t.Fatal(err)
		}
		if err := from("192.0.2.1"); relay.CloseStatus(err) != relay.StatusTooManyRooms {
			t.Fatalf("second room from one address: %v", err)
		}
		if err := from("192.0.2.2"); err != nil {
			t.Fatalf("a room from another address: %v", err)
		}
	})
	t.Run("slow reader", func(t *testing.T) {
		s := newServer(t, relay.HubOptions{SendQueue: 8, FrameRate: -1, IdleTimeout: -1, MaxFrameSize: 64 << 10})
		host := create(t, s)
		slow := join(t, s, host) // never reads
		fast := join(t, s, host)
		left := make(chan relay.Message, 1)
		go func() {
			m, err := host.ReadMessage()
			if err == nil {
				left <- m
			}
		}()
		acks := make(chan struct{}, 1)
		go func() { // the fast guest reads until "end"
			for {
				line, err := fast.ReadLine()
				if err != nil || line == "end" {
					close(acks)
					return
				}
				acks <- struct{}{}
			}
		}()
		big := strings.Repeat("w", 32<<10)
		sent := 0
		ctx := testContext(t)
	flood:
		for {
			select {
			case m := <-left:
				if m != (relay.Message{Kind: relay.Left, Peer: slow.ID()}) {
					t.Fatalf("host read %+v, want the slow guest to leave", m)
				}
				break flood
			case <-ctx.Done():
				t.Fatal("the slow guest was never dropped")
			default:
			}
			// Everybody gets the frame; the host goes on as soon as the
			// fast guest has read it, whatever the slow one does.
			writeTo(t, host, relay.All, big)
			sent++
			select {
			case _, ok := <-acks:
				if !ok {
					t.Fatalf("the fast guest stopped after %d frames", sent)
				}
			case <-ctx.Done():
				t.Fatalf("the fast guest was held up after %d frames", sent)
			}
		}
		writeTo(t, host, fast.ID(), "end")
		select {
		case <-acks:
		case <-ctx.Done():
			t.Fatal("the fast guest was held up")
		}
		t.Logf("slow guest dropped after %d frames of %d bytes", sent, len(big))
	})
}

func TestHostileInput(t *testing.T) {
	tests := []struct {
		name   string
		host   bool // the host misbehaves, not guest 1
		binary bool
		frame  string
		status int
	}{
		{"binary garbage", false, true, "\x00\xff\xfe garbage", 1003},
		{"binary from host", true, true, "1:hello", 1003},
		{"invalid UTF-8", false, false, "0:\xff\xfe", 1007},
		{"guest addresses guest", false, false, "2:hello guest 2", 1008},
		{"guest broadcasts", false, false, "*:hello all", 1008},
		{"guest kicks", false, false, "!kick 2", 1008},
		{"guest without address", false, false, "hello", 1008},
		{"guest forges host notice", false, false, "!join 5", 1008},
		{"host without address", true, false, "hello", 1008},
		{"host bad address", true, false, "x1:hello", 1008},
		{"host unknown notice", true, false, "!shutdown", 1008},
		{"host guest zero", true, false, "0:to myself", 1008},
		{"host huge id", true, false, "99999999999:x", 1008},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newServer(t, relay.HubOptions{})
			host := create(t, s)
			g1 := join(t, s, host)
			g2 := join(t, s, host)
			bad := g1
			if tt.host {
				bad = host
			}
			if err := bad.WriteRaw(tt.binary, []byte(tt.frame)); err != nil {
				t.Fatalf("WriteRaw: %v", err)
			}
			expectClosed(t, bad, tt.status)
			if tt.host {
				expect(t, g2, relay.Message{Kind: relay.HostAway})
				return
			}
			expect(t, host, relay.Message{Kind: relay.Left, Peer: 1})
			// Nothing reached guest 2: its next line is the host's.
			writeTo(t, host, 2, "only this")
			expect(t, g2, relay.Message{Kind: relay.Data, Line: "only this"})
		})
	}

	t.Run("refused joins", func(t *testing.T) {
		s := newServer(t, relay.HubOptions{})
		host := create(t, s)
		g := join(t, s, host)
		ctx := testContext(t)
		for _, tc := range []struct {
			url    string
			status int
		}{
			{s.url, relay.StatusBadRequest},
			{s.url + "?create&room=" + host.Room(), relay.StatusBadRequest},
			{s.url + "?room=" + strings.Repeat("A", 16), relay.StatusUnknownRoom},
			{s.url + "?room=%00%ff", relay.StatusUnknownRoom},
			{s.url + "?room=" + host.Room() + "&token=guess", relay.StatusBadToken},
			{s.url + "?room=" + host.Room() + "&token=" + host.Token()[:25], relay.StatusBadToken},
		} {
			if _, err := relay.Dial(ctx, tc.url, relay.DialOptions{}); relay.CloseStatus(err) != tc.status {
				t.Errorf("Dial(%q): %v, want status %d", tc.url, err, tc.status)
			}
		}
		// The room is untouched.
		write(t, g, "fine")
		expect(t, host, relay.Message{Kind: relay.Data, Peer: 1, Line: "fine"})
		// A guest cannot use its token to become the host.
		g2, err := relay.Join(ctx, s.url, strings.ToLower(host.Room()), g.Token(), relay.DialOptions{})
		if err != nil || g2.IsHost() || g2.ID() != 1 {
			t.Fatalf("rejoin with a guest token: %v", err)
		}
		closeLater(t, g2)
	})
}

func TestOrigin(t *testing.T) {
	s := newServer(t, relay.HubOptions{OriginPatterns: []string{"good.example"}})
	ctx := testContext(t)
	dial := func(origin string) error {
		h := http.Header{}
		h.Set("Origin", origin)
		c, err := relay.Create(ctx, s.url, relay.DialOptions{HTTPHeader: h})
		if err == nil {
			c.Close()
		}
		return err
	}
	if err := dial("https://evil.example"); err == nil {
		t.Fatal("a foreign origin was accepted")
	}
	if err := dial("https://good.example"); err != nil {
		t.Fatalf("an allowed origin was refused: %v", err)
	}
	if err := dial(s.srv.URL); err != nil {
		t.Fatalf("the relay's own origin was refused: %v", err)
	}
}

func TestReconnect(t *testing.T) {
	s := newServer(t, relay.HubOptions{})
	ctx := testContext(t)
	host := create(t, s)
	g1 := join(t, s, host)
	g2 := join(t, s, host)

	// The host vanishes (a reload): guests are told until it is back
	// with its token.
	host.Drop()
	expect(t, g1, relay.Message{Kind: relay.HostAway})
	expect(t, g2, relay.Message{Kind: relay.HostAway})
	host2, err := relay.Join(ctx, s.url, host.Room(), host.Token(), relay.DialOptions{})
	if err != nil {
		t.Fatalf("host back: %v", err)
	}
	closeLater(t, host2)
	if !host2.IsHost() || host2.Room() != host.Room() || host2.Token() != host.Token() {
		t.Fatalf("host back as id %d room %q", host2.ID(), host2.Room())
	}
	seen := map[relay.Message]bool{}
	for range 2 {
		m, err := next(t, host2)
		if err != nil {
			t.Fatal(err)
		}
		seen[m] = true
	}
	if !seen[relay.Message{Kind: relay.Joined, Peer: 1}] || !seen[relay.Message{Kind: relay.Joined, Peer: 2}] {
		t.Fatalf("host back saw %v", seen)
	}
	expect(t, g1, relay.Message{Kind: relay.HostBack})
	expect(t, g2, relay.Message{Kind: relay.HostBack})

	// A guest vanishes and comes back with its token, as the same id.
	g1.Drop()
	expect(t, host2, relay.Message{Kind: relay.Left, Peer: 1})
	g1b, err := relay.Join(ctx, s.url, host.Room(), g1.Token(), relay.DialOptions{})
	if err != nil || g1b.ID() != 1 {
		t.Fatalf("guest back: %v", err)
	}
	closeLater(t, g1b)
	expect(t, host2, relay.Message{Kind: relay.Joined, Peer: 1})
	writeTo(t, host2, 1, "welcome back")
	expect(t, g1b, relay.Message{Kind: relay.Data, Line: "welcome back"})

	// A second host connection replaces the first, and the guests are
	// told that the host is back (it had not gone, for the relay).
	host3, err := relay.Join(ctx, s.url, host.Room(), host.Token(), relay.DialOptions{})
	if err != nil {
		t.Fatal(err)
	}
	closeLater(t, host3)
	expectClosed(t, host2, relay.StatusReplaced)
	expect(t, g1b, relay.Message{Kind: relay.HostBack})
	expect(t, g2, relay.Message{Kind: relay.HostBack})

	// The host removes guest 2 for good.
	if err := host3.Kick(2); err != nil {
		t.Fatal(err)
	}
	expectClosed(t, g2, relay.StatusKicked)
	if _, err := relay.Join(ctx, s.url, host.Room(), g2.Token(), relay.DialOptions{}); relay.CloseStatus(err) != relay.StatusBadToken {
		t.Fatalf("kicked guest back: %v", err)
	}
}

func TestHostGone(t *testing.T) {
	s := newServer(t, relay.HubOptions{RoomGrace: 50 * time.Millisecond})
	host := create(t, s)
	g := join(t, s, host)
	host.Drop()
	expect(t, g, relay.Message{Kind: relay.HostAway})
	expectClosed(t, g, relay.StatusRoomGone)
	if _, err := relay.Join(testContext(t), s.url, host.Room(), host.Token(), relay.DialOptions{}); relay.CloseStatus(err) != relay.StatusUnknownRoom {
		t.Fatalf("host after the grace: %v", err)
	}
}

func TestShutdown(t *testing.T) {
	s := newServer(t, relay.HubOptions{})
	host := create(t, s)
	g := join(t, s, host)
	ctx := testContext(t)
	done := make(chan error, 1)
	go func() { done <- s.hub.Shutdown(ctx) }()
	for _, c := range []*relay.Client{host, g} {
		_, err := next(t, c)
		var ce *relay.CloseError
		if !errors.As(err, &ce) || ce.Status != 1001 || ce.Reason != "relay: shutting down" {
			t.Fatalf("peer read %v, want a going-away close", err)
		}
	}
	if err := <-done; err != nil {
		t.Fatalf("Shutdown: %v", err)
	}
	resp, err := http.Get(s.srv.URL + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("healthz after shutdown: %s", resp.Status)
	}
	if _, err := relay.Create(ctx, s.url, relay.DialOptions{}); err == nil {
		t.Fatal("a room was created after shutdown")
	}
}

func TestMetrics(t *testing.T) {
	s := newServer(t, relay.HubOptions{})
	host := create(t, s)
	g := join(t, s, host)
	write(t, g, "counted")
	expect(t, host, relay.Message{Kind: relay.Data, Peer: 1, Line: "counted"})
	resp, err := http.Get(s.srv.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"relay_connections 2\n",
		"relay_rooms 1\n",
		`relay_frames_total{dir="in"} 1` + "\n",
		`relay_drops_total{reason="slow"} 0` + "\n",
		"# TYPE relay_connections gauge\n",
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("metrics lack %q:\n%s", want, body)
		}
	}
	resp, err = http.Get(s.srv.URL + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("healthz: %s", resp.Status)
	}
}

// BenchmarkForward measures one guest → host → guest round trip (two
// passes through the hub) over loopback sockets.
func BenchmarkForward(b *testing.B) {
	hub := relay.NewHub(relay.HubOptions{FrameRate: -1, Logger: slog.New(slog.DiscardHandler)})
	srv := httptest.NewServer(hub)
	defer srv.Close()
	defer hub.Shutdown(context.Background())
	url := "ws" + strings.TrimPrefix(srv.URL, "http")
	ctx := context.Background()
	host, err := relay.Create(ctx, url, relay.DialOptions{})
	if err != nil {
		b.Fatal(err)
	}
	defer host.Close()
	g, err := relay.Join(ctx, url, host.Room(), "", relay.DialOptions{})
	if err != nil {
		b.Fatal(err)
	}
	defer g.Close()
	if _, err := host.ReadMessage(); err != nil {
		b.Fatal(err)
	}
	go func() {
		for {
			from, line, err := host.ReadFrom()
			if err != nil || host.WriteTo(from, line) != nil {
				return
			}
		}
	}()
	line := strings.Repeat("x", 64)
	for b.Loop() {
		if err := g.WriteLine(line); err != nil {
			b.Fatal(err)
		}
		if _, err := g.ReadLine(); err != nil {
			b.Fatal(err)
		}
	}
}

// onMessage is a log handler that signals ch (without blocking) each
// time the hub logs msg, so a test can wait for what the hub does after
// a client has already returned.
type onMessage struct {
	msg string
	ch  chan<- struct{}
}

func (h onMessage) Enabled(context.Context, slog.Level) bool { return true }

func (h onMessage) Handle(_ context.Context, r slog.Record) error {
	if r.Message == h.msg {
		select {
		case h.ch <- struct{}{}:
		default:
		}
	}
	return nil
}

func (h onMessage) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h onMessage) WithGroup(string) slog.Handler      { return h }
