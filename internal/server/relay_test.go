//go:build !js

package server_test

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"mahjong/engine"
	"mahjong/engine/protocol"
	"mahjong/game/client"
	"mahjong/game/client/clienttest"
	"mahjong/game/online"
	"mahjong/internal/server"
	"mahjong/relay"
)

// leakCheck wraps a guest's connection and fails on any line that shows
// another seat's concealed tiles.
type leakCheck struct {
	protocol.LineConn
	t  *testing.T
	me int
	n  int
}

func (w *leakCheck) ReadLine() (string, error) {
	line, err := w.LineConn.ReadLine()
	if err != nil {
		return line, err
	}
	w.n++
	ev, perr := protocol.ParseEvent(line)
	if perr != nil {
		w.t.Errorf("unparsable line %q", line)
		return line, nil
	}
	switch m := ev.(type) {
	case engine.CConnectReply:
		w.me = m.ID
	case engine.CPlayerDraws:
		if m.ID != w.me && m.Tile != engine.Blank {
			w.t.Errorf("player %d sees another's draw: %q", w.me, line)
		}
	case engine.CPlayerDrawsLoose:
		if m.ID != w.me && m.Tile != engine.Blank {
			w.t.Errorf("player %d sees another's loose tile: %q", w.me, line)
		}
	case engine.CWall:
		w.t.Errorf("player %d sees the wall", w.me)
	}
	return line, nil
}

// TestRelayHosting: our mj-server hosts a room on a relay (--relay); two
// original mj-player robots join it through a bridge (they only speak
// TCP) and two of our clients join as guests, as browsers would.
func TestRelayHosting(t *testing.T) {
	needOriginals(t)
	// The relay's default limits but for the guests per room: the server
	// must pace its frames to stay under them.
	hub := relay.NewHub(relay.HubOptions{MaxGuests: 4,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	mux := http.NewServeMux()
	mux.Handle("/relay", hub)
	hs := httptest.NewServer(mux)
	defer hs.Close()
	defer hub.Shutdown(context.Background())
	ep := "ws" + strings.TrimPrefix(hs.URL, "http") + "/relay"

	dir := t.TempDir()
	opts := filepath.Join(dir, "options.txt")
	if err := os.WriteFile(opts, []byte("GameOption 0 NumRounds nat 0 1 1 number of rounds to play\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pr, pw := io.Pipe()
	served := make(chan error, 1)
	go func() {
		served <- server.Main([]string{"--relay", ep, "--timeout", "5", "--seed", "3", "--option-file", opts}, pw, io.Discard)
		pw.Close()
	}()
	out := bufio.NewScanner(pr)
	var code, link string
	for link == "" && out.Scan() {
		l := out.Text()
		if c, ok := strings.CutPrefix(l, "OK: relay room "); ok {
			code = c
		}
		if c, ok := strings.CutPrefix(l, "Join: "); ok {
			link = c
		}
	}
	if code == "" || link != hs.URL+"/?room="+code {
		t.Fatalf("room %q link %q", code, link)
	}
	scores := make(chan []string, 1)
	go func() {
		var lines []string
		for out.Scan() {
			lines = append(lines, out.Text())
		}
		scores <- lines
	}()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	bridged := make(chan error, 1)
	go func() { bridged <- online.Bridge(ctx, ln, ep, code, relay.DialOptions{}) }()

	deadline := time.Now().Add(gameDeadline)
	type result struct {
		name string
		err  error
		c    *client.Client
	}
	results := make(chan result, 2)
	for i, name := range []string{"Ann", "Bob"} {
		g, err := online.Join(ctx, ep, code, name, relay.DialOptions{})
		if err != nil {
			t.Fatal(err)
		}
		defer g.Close()
		c, err := client.New(&leakCheck{LineConn: g.Conn(), t: t}, client.Config{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		pl := clienttest.New(c, uint64(i+1))
		go func() { results <- result{name, pl.Play(deadline), c} }()
	}
	for i := 1; i <= 2; i++ {
		startRobot(t, dir, ln.Addr().String(), i, nil)
	}
	var views []*engine.View
	for range 2 {
		r := <-results
		if r.err != nil {
			t.Errorf("%s: %v", r.name, r.err)
		}
		views = append(views, r.c.View())
	}
	for _, v := range views {
		if !v.Over {
			t.Fatalf("player %d: the game did not end", v.ID)
		}
	}
	for i := range views[0].Game.Players {
		a, b := views[0].Game.Players[i], views[1].Game.Players[i]
		if a.ID != b.ID || a.CumulativeScore != b.CumulativeScore {
			t.Errorf("seat %d: %d/%d vs %d/%d", i, a.ID, a.CumulativeScore, b.ID, b.CumulativeScore)
		}
	}
	// The game is over: leaving stops the server.
	cancel()
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("server: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the server did not stop after the game")
	}
	if got := <-scores; len(got) < 5 || !strings.HasPrefix(got[0], "Game over") {
		t.Errorf("final scores %q", got)
	}
	<-bridged
}
