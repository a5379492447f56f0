package player_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"mahjong/ai"
	"mahjong/ai/player"
	"mahjong/engine"
	"mahjong/engine/protocol"
)

// host runs an engine.Controller over in-memory pipes, as a server would:
// one reader per connection feeds a single loop that hands each line to
// the controller and writes its answers.
type host struct {
	c     *engine.Controller
	conns map[int]protocol.LineConn
	in    chan hostInput
	errs  []string // Error messages the controller sent
}

type hostInput struct {
	cnx  int
	line string
	err  error
}

func newHost(opts engine.ServerOptions) *host {
	return &host{c: engine.NewController(opts), conns: map[int]protocol.LineConn{}, in: make(chan hostInput, 64)}
}

// connect accepts a connection and returns the client's end.
func (h *host) connect(t *testing.T) protocol.LineConn {
	t.Helper()
	cnx, outs := h.c.Accept()
	if cnx < 0 {
		t.Fatalf("connection refused: %v", outs)
	}
	srv, cli := protocol.Pipe()
	h.conns[cnx] = srv
	go func() {
		for {
			line, err := srv.ReadLine()
			h.in <- hostInput{cnx: cnx, line: line, err: err}
			if err != nil {
				return
			}
		}
	}()
	h.deliver(outs)
	return cli
}

func (h *host) deliver(outs []engine.Output) {
	for _, o := range outs {
		conn := h.conns[o.Conn]
		if o.Event != nil && conn != nil {
			if e, ok := o.Event.(engine.CError); ok {
				h.errs = append(h.errs, fmt.Sprintf("cnx%d %s", o.Conn, e))
			}
			conn.WriteLine(o.Event.String())
		}
		if o.Close && conn != nil {
			conn.Close()
			delete(h.conns, o.Conn)
		}
	}
}

// serve runs until every connection has closed or ctx ends.
func (h *host) serve(ctx context.Context) error {
	for len(h.conns) > 0 {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case in := <-h.in:
			if _, ok := h.conns[in.cnx]; !ok {
				continue
			}
			if in.err != nil {
				h.conns[in.cnx].Close()
				delete(h.conns, in.cnx)
				h.deliver(h.c.Lost(in.cnx))
				continue
			}
			a, err := protocol.ParseAction(in.line)
			if err != nil {
				h.deliver(h.c.BadLine(in.cnx))
				continue
			}
			h.deliver(h.c.Handle(in.cnx, a))
		}
	}
	return nil
}

// playGame plays one whole game of four player.Run seats on a controller
// with the given seed and returns the controller and each seat's view.
func playGame(t *testing.T, seed int, opts []engine.CGameOption) (*engine.Controller, [engine.NumSeats]*engine.View, *host) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	h := newHost(engine.ServerOptions{Seed: seed, OptionFile: opts})
	var views [engine.NumSeats]*engine.View
	errs := make([]error, engine.NumSeats)
	var wg sync.WaitGroup
	for i := range engine.NumSeats {
		conn := h.connect(t)
		cfg := player.Config{
			Name:  fmt.Sprintf("R%d", i+1),
			Robot: ai.New(ai.Options{Seed: uint64(seed*4 + i)}),
			Observe: func(v *engine.View, ev engine.Event, acts []engine.Action, took time.Duration) {
				views[i] = v
			},
		}
		wg.Go(func() { errs[i] = player.Run(ctx, conn, cfg) })
	}
	if err := h.serve(ctx); err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("seed %d: seat %d: %v", seed, i, err)
		}
	}
	return h.c, views, h
}

func TestWholeGames(t *testing.T) {
	seeds := []int{1, 2, 3, 4, 5}
	if testing.Short() {
		seeds = seeds[:2]
	}
	for _, seed := range seeds {
		c, views, h := playGame(t, seed, nil)
		if !c.GameOver() {
			t.Fatalf("seed %d: game not over", seed)
		}
		if len(h.errs) > 0 {
			t.Errorf("seed %d: the controller sent errors: %v", seed, h.errs)
		}
		finals := map[int]int{}
		for _, p := range c.FinalScores() {
			finals[p.ID] = p.CumulativeScore
		}
		for i, v := range views {
			if v == nil || !v.Over {
				t.Fatalf("seed %d: seat %d did not see GameOver", seed, i)
			}
			for _, p := range v.Game.Players {
				if p.CumulativeScore != finals[p.ID] {
					t.Errorf("seed %d: seat %d sees player %d at %d, controller %d", seed, i, p.ID, p.CumulativeScore, finals[p.ID])
				}
			}
		}
	}
}

// fakeServer is the server's end of a pipe driven by the test.
func startRun(t *testing.T, ctx context.Context, cfg player.Config) (protocol.LineConn, chan error) {
	t.Helper()
	srv, cli := protocol.Pipe()
	done := make(chan error, 1)
	go func() { done <- player.Run(ctx, cli, cfg) }()
	return srv, done
}

func readLine(t *testing.T, c protocol.LineConn) string {
	t.Helper()
	l, err := c.ReadLine()
	if err != nil {
		t.Fatalf("reading the player's line: %v", err)
	}
	return l
}

func wait(t *testing.T, done chan error) error {
	t.Helper()
	select {
	case err := <-done:
		return err
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return")
		return nil
	}
}

func TestConnectAndAuth(t *testing.T) {
	srv, done := startRun(t, context.Background(), player.Config{Name: "Ann", ID: 3, Password: "sesame"})
	if got, want := readLine(t, srv), (engine.PConnect{Version: engine.ProtocolVersion, LastID: 3, Name: "Ann"}).String(); got != want {
		t.Errorf("first line %q, want %q", got, want)
	}
	srv.WriteLine(engine.CAuthReqd{AuthType: "basic"}.String())
	if got, want := readLine(t, srv), (engine.PAuthInfo{AuthType: "basic", Data: "sesame"}).String(); got != want {
		t.Errorf("auth line %q, want %q", got, want)
	}
	srv.WriteLine(engine.CConnectReply{Version: engine.ProtocolVersion, ID: 0, Reason: "wrong password"}.String())
	err := wait(t, done)
	if !errors.Is(err, player.ErrRefused) || !strings.Contains(err.Error(), "wrong password") {
		t.Errorf("Run returned %v, want a refusal", err)
	}
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		name    string
		lines   []string
		close   bool // close the server's end after the lines
		wantErr bool
	}{
		{"garbage then EOF", []string{"Nonsense 1 2 3", "", "PlayerDiscards", "\x00\xff"}, true, false},
		{"GameOver", []string{"ConnectReply 1110 1", "GameOver"}, false, false},
		{"discard by nobody", []string{"ConnectReply 1110 1", "PlayerDiscards 7 1B 3 0"}, false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var logs []string
			var mu sync.Mutex
			srv, done := startRun(t, context.Background(), player.Config{Name: "Bob", Log: func(s string) {
				mu.Lock()
				logs = append(logs, s)
				mu.Unlock()
			}})
			readLine(t, srv)
			for _, l := range tc.lines {
				srv.WriteLine(l)
			}
			if tc.close {
				srv.Close()
			}
			err := wait(t, done)
			if (err != nil) != tc.wantErr {
				t.Errorf("Run returned %v, want error %v (log %q)", err, tc.wantErr, logs)
			}
		})
	}
}

func TestContextCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	srv, done := startRun(t, ctx, player.Config{Name: "Cat"})
	readLine(t, srv)
	cancel()
	if err := wait(t, done); !errors.Is(err, context.Canceled) {
		t.Errorf("Run returned %v, want context.Canceled", err)
	}
	if _, err := srv.ReadLine(); !errors.Is(err, io.EOF) {
		t.Errorf("after cancel the server reads %v, want EOF", err)
	}
}
