package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"mahjong/ai"
	"mahjong/internal/arena"
)

func TestParseArgs(t *testing.T) {
	tests := []struct {
		args  []string
		ok    bool
		check func(o options) string
	}{
		{nil, true, func(o options) string {
			if o.addr != "localhost:5000" || o.cfg.ID != 0 || o.cfg.Name != fmt.Sprintf("Robot(%d)", os.Getpid()) || o.ai.Level != ai.Hard {
				return fmt.Sprintf("defaults %q %d %q %v", o.addr, o.cfg.ID, o.cfg.Name, o.ai.Level)
			}
			return ""
		}},
		{[]string{"--id", "3", "--name", "Zed", "--server", "mj.sock", "--password", "pw", "--level", "expert"}, true, func(o options) string {
			if o.addr != "mj.sock" || o.cfg.ID != 3 || o.cfg.Name != "Zed" || o.cfg.Password != "pw" || o.ai.Level != ai.Expert {
				return fmt.Sprintf("got %+v", o)
			}
			return ""
		}},
		{[]string{"--chowness", "-0.5,0.5", "--hiddenness", "0.2", "--majorness", "0", "--suitness", "1,0", "--hysteresis", "0.3"}, true, func(o options) string {
			st := o.ai.Style
			if fmt.Sprint(st.Chowness, st.Hiddenness, st.Majorness, st.Suitness, st.Hysteresis) != "[-0.5 0.5] [0.2] [0] [1 0] 0.3" {
				return fmt.Sprintf("style %+v", st)
			}
			return ""
		}},
		{[]string{"--level", "expert", "--search", "32,2.5"}, true, func(o options) string {
			if o.search == nil || o.search.Plays != 32 || o.search.Z != 2.5 {
				return fmt.Sprintf("search %+v", o.search)
			}
			return ""
		}},
		{[]string{"--search", "off"}, true, func(o options) string {
			if o.search == nil || o.search.Plays != 0 {
				return fmt.Sprintf("search %+v", o.search)
			}
			return ""
		}},
		{nil, true, func(o options) string {
			if o.search != nil {
				return fmt.Sprintf("search %+v by default", o.search)
			}
			return ""
		}},
		{[]string{"--search", "1,2"}, false, nil},
		{[]string{"--search", "many"}, false, nil},
		{[]string{"--chowness", "2"}, false, nil},
		{[]string{"--suitness", "x"}, false, nil},
		{[]string{"--hysteresis", "x"}, false, nil},
		{[]string{"--level", "godlike"}, false, nil},
		{[]string{"--id", "x"}, false, nil},
		{[]string{"stray"}, false, nil},
		{[]string{"--relay", "ws://h/relay", "--room", "abcd", "--bridge", "127.0.0.1:0"}, true, func(o options) string {
			if o.relay != "ws://h/relay" || o.room != "abcd" || o.bridge != "127.0.0.1:0" {
				return fmt.Sprintf("relay %q room %q bridge %q", o.relay, o.room, o.bridge)
			}
			return ""
		}},
		{[]string{"--relay", "ws://h/relay"}, false, nil},
		{[]string{"--room", "abcd"}, false, nil},
		{[]string{"--bridge", "127.0.0.1:0"}, false, nil},
	}
	for _, tc := range tests {
		o, err := parseArgs(tc.args, &bytes.Buffer{})
		if (err == nil) != tc.ok {
			t.Errorf("%q: error %v, want ok %v", tc.args, err, tc.ok)
			continue
		}
		if tc.check != nil {
			if msg := tc.check(o); msg != "" {
				t.Errorf("%q: %s", tc.args, msg)
			}
		}
	}
}

// needOriginals skips without the original programs, unless CI is set.
func needOriginals(t *testing.T) {
	t.Helper()
	for _, p := range []string{arena.OriginalServer, arena.OriginalPlayer} {
		if _, err := os.Stat(p); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("original program missing: %v", err)
			}
			t.Skipf("original program missing (apt-get install mah-jong): %v", err)
		}
	}
}

// playOn plays one-round games on server with our player's main function
// in one seat and three original robots, and checks that each game ended
// without a protocol error and with settlements that add up.
func playOn(t *testing.T, server string, games int, tcp bool) {
	t.Helper()
	opts := filepath.Join(t.TempDir(), "options.txt")
	if err := os.WriteFile(opts, []byte("GameOption 0 NumRounds nat 0 1 1 number of rounds to play\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var logs bytes.Buffer
	cfg := arena.OriginalConfig{
		Ours: &arena.Spec{Label: "ours"}, Games: games, FirstSeed: 21, Jobs: games, Server: server,
		OptionFile: opts, TCP: tcp, Dir: t.TempDir(),
		OursRun: func(ctx context.Context, network, addr, label string) error {
			var buf bytes.Buffer
			err := run(ctx, []string{"--server", addr, "--name", label, "--verbose"}, &buf)
			mu.Lock()
			logs.Write(buf.Bytes())
			mu.Unlock()
			return err
		},
	}
	recs := arena.PlayOriginal(t.Context(), cfg)
	if len(recs) != games {
		t.Fatalf("%d games, want %d", len(recs), games)
	}
	for _, g := range recs {
		if g.Failed != "" || g.OursErrors > 0 || g.Mismatch != "" || g.Hands == 0 {
			t.Errorf("seed %d: failed %q, %d errors to ours, mismatch %q, %d hands", g.Seed, g.Failed, g.OursErrors, g.Mismatch, g.Hands)
		}
		if n := g.Errors - g.OursErrors; n > 0 {
			t.Logf("seed %d: %d errors sent to the original robots", g.Seed, n)
		}
	}
	if logs.Len() > 0 {
		t.Errorf("our player logged:\n%s", logs.String())
	}
}

// TestOriginalServer: our mj-player plays with three original robots on
// the original server, over a Unix socket and over TCP.
func TestOriginalServer(t *testing.T) {
	needOriginals(t)
	playOn(t, arena.OriginalServer, 2, false)
	playOn(t, arena.OriginalServer, 1, true)
}

// TestOurServer: the same on our mj-server.
func TestOurServer(t *testing.T) {
	needOriginals(t)
	bin := filepath.Join(t.TempDir(), "mj-server")
	out, err := exec.Command("go", "build", "-o", bin, "mahjong/cmd/mj-server").CombinedOutput()
	if err != nil {
		t.Fatalf("building mj-server: %v\n%s", err, out)
	}
	playOn(t, bin, 2, false)
}
