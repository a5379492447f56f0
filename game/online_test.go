//go:build !js

package game

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"mahjong/engine"
	"mahjong/game/client"
	"mahjong/game/online"
	"mahjong/relay"
)

// testRelay serves a real relay hub on a local socket and returns its
// endpoint.
func testRelay(t *testing.T) string {
	t.Helper()
	hub := relay.NewHub(relay.HubOptions{FrameRate: -1, SendQueue: 4096,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	mux := http.NewServeMux()
	mux.Handle("/relay", hub)
	srv := httptest.NewServer(mux)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		hub.Shutdown(ctx)
		srv.Close()
	})
	return "ws" + strings.TrimPrefix(srv.URL, "http") + "/relay"
}

// pageConns dials the relay and can drop every connection it made
// without a close handshake, as a page that reloads does.
type pageConns struct {
	mu    sync.Mutex
	conns []net.Conn
	gone  bool // the page has gone: its dials fail
}

func (k *pageConns) opts() relay.DialOptions {
	var d net.Dialer
	tr := &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		k.mu.Lock()
		gone := k.gone
		k.mu.Unlock()
		if gone {
			return nil, errors.New("pageConns: the page has gone")
		}
		c, err := d.DialContext(ctx, network, addr)
		if err == nil {
			k.mu.Lock()
			k.conns = append(k.conns, c)
			k.mu.Unlock()
		}
		return c, err
	}}
	return relay.DialOptions{HTTPClient: &http.Client{Transport: tr}}
}

// leave is the page going away: its later dials fail (a host redials a
// lost relay connection, and a redial that got through before Close
// would let Close end the room cleanly), then its connections drop.
func (k *pageConns) leave() {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.gone = true
	for _, c := range k.conns {
		c.Close()
	}
	k.conns = nil
}

// stepUntil runs the App's update steps until ok returns true, at the
// table client's news or a frame's time (as the page's frames do); it
// fails after a deadline.
func stepUntil(t *testing.T, a *App, ts *tableScene, what string, ok func() bool) {
	t.Helper()
	deadline := time.NewTimer(30 * time.Second)
	defer deadline.Stop()
	frame := time.NewTicker(time.Second / 60)
	defer frame.Stop()
	for {
		ustep(a)
		if ok() {
			return
		}
		if ts.cl == nil {
			t.Fatalf("waiting for %s: no client (%s)", what, ts.err)
		}
		select {
		case <-ts.cl.Pending():
		case <-frame.C:
		case <-deadline.C:
			t.Fatalf("waiting for %s: deadline passed", what)
		}
	}
}

// A guest's table whose Messages window has news takes a new client when
// the host reloads: the chat seen so far must not confuse the popups
// (it made the page panic with "slice bounds out of range", so that the
// guest never connected again), and the guest gets its seat back.
func TestGuestTableAfterHostReload(t *testing.T) {
	ep := testRelay(t)
	var mu sync.Mutex
	var saved *online.Saved
	var page pageConns
	cfg := online.HostConfig{
		Endpoint: ep, Dial: page.opts(), Pace: -1, Name: "Ann", Seed: 3,
		Seats:   [3]online.Seat{{Kind: online.Person}, {Kind: online.Robot}, {Kind: online.Robot}},
		Options: []string{"NumRounds=1"},
		Save: func(s online.Saved) {
			mu.Lock()
			saved = &s
			mu.Unlock()
		},
	}
	h, err := online.NewHost(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if h != nil {
			h.Close()
		}
	}()
	ann, err := client.New(h.Conn(), client.Config{Name: "Ann"})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if ann != nil {
			ann.Close()
		}
	}()

	// Bob's table, as Join online game makes it.
	a, said := testApp(t, 1280, 800, 1, "")
	g, err := online.Join(context.Background(), ep, h.Room(), "Bob", relay.DialOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	cl, err := g.NewClient(client.Config{Name: "Bob"})
	if err != nil {
		t.Fatal(err)
	}
	ts := newOnlineTable(a, &onlineSession{guest: g, name: "Bob"}, cl)
	a.scene = ts
	defer ts.close()
	stepUntil(t, a, ts, "the game", func() bool { return ts.cl.View().Game.Round != engine.NoWind })
	id := ts.cl.ID()

	// Two lines of chat reach Bob's Messages window.
	for _, text := range []string{"hello", "welcome"} {
		if err := ann.Send(engine.PSendMessage{Text: text}); err != nil {
			t.Fatal(err)
		}
	}
	stepUntil(t, a, ts, "the chat", func() bool { return len(ts.cl.View().Messages) == 2 })
	mu.Lock()
	sv := saved
	mu.Unlock()
	if sv == nil {
		t.Fatal("the host saved nothing")
	}

	// Ann's page reloads and she resumes her game, on the new page's
	// connections.
	page.leave()
	ann.Close()
	h.Close()
	var page2 pageConns
	cfg.Resume, cfg.Dial = sv, page2.opts()
	h, err = online.NewHost(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	ann, err = client.New(h.Conn(), client.Config{Name: "Ann", ID: h.ID()})
	if err != nil {
		t.Fatal(err)
	}
	old := ts.cl
	stepUntil(t, a, ts, "Bob's seat back", func() bool { return ts.cl != old && ts.cl.ID() == id })
	if !slices.Contains(*said, "The host is back: rejoining the game.") {
		t.Errorf("not announced; said %q", *said)
	}
	// The chat goes on in the new connection.
	if err := ann.Send(engine.PSendMessage{Text: "again"}); err != nil {
		t.Fatal(err)
	}
	stepUntil(t, a, ts, "more chat", func() bool { return len(ts.cl.View().Messages) == 1 })
	if !slices.Contains(*said, "Ann: again") {
		t.Errorf("the new chat was not announced; said %q", (*said)[max(0, len(*said)-5):])
	}
}
