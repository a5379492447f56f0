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

// oneRound is the option file of the smoke games: one round, else the
// defaults.
const oneRound = "GameOption 0 NumRounds nat 0 1 1 number of rounds to play\r\n"

// playOn plays games under the option file text on server with our
// player's main function in one seat and three original robots, and
// checks that each game ended without a protocol error and with
// settlements that add up.
func playOn(t *testing.T, server string, games int, tcp bool, options string) []*arena.GameRecord {
	t.Helper()
	opts := filepath.Join(t.TempDir(), "options.txt")
	if err := os.WriteFile(opts, []byte(options), 0o644); err != nil {
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
	return recs
}

// TestOriginalServer: our mj-player plays with three original robots on
// the original server, over a Unix socket and over TCP.
func TestOriginalServer(t *testing.T) {
	needOriginals(t)
	playOn(t, arena.OriginalServer, 2, false, oneRound)
	playOn(t, arena.OriginalServer, 1, true, oneRound)
}

// TestOriginalServerOptions: the same under options that change what
// good play is (Seven Pairs, the discarder paying double, no settling
// between losers, no East doubling, a loser's doubles, the limit off and
// no flowers): every option the robot reads is in force at once, on the
// original server.
func TestOriginalServerOptions(t *testing.T) {
	needOriginals(t)
	recs := playOn(t, arena.OriginalServer, 2, false, oneRound+
		"GameOption 0 SevenPairs bool 1020 1 1 seven pairs hand allowed\r\n"+
		"GameOption 0 DiscDoubles bool 0 1 1 the discarder pays double\r\n"+
		"GameOption 0 LosersSettle bool 0 1 0 losers pay each other\r\n"+
		"GameOption 0 EastDoubles bool 0 1 0 east pays and receives double\r\n"+
		"GameOption 0 LosersPurity bool 0 1 1 losing hands score doubles for pure, concealed etc.\r\n"+
		"GameOption 0 NoLimit bool 0 1 1 no-limit game\r\n"+
		"GameOption 0 Flowers bool 1020 1 0 play using flowers and seasons\r\n")
	checkDiscDoublesAlone(t, recs)
}

// checkDiscDoublesAlone checks that the games were settled under those
// options: with neither East's doubling nor the losers' settling, each
// loser pays the winner's score once, twice if it gave the winning
// discard or the winner drew it; so the options were in force.
func checkDiscDoublesAlone(t *testing.T, recs []*arena.GameRecord) {
	t.Helper()
	won := 0
	for _, g := range recs {
		for _, rs := range handsOf(g) {
			w := winnerOf(rs)
			if w == nil || anyCannon(rs) {
				continue
			}
			won++
			for _, r := range rs {
				want := -w.Score
				if r.DealIn || w.SelfDrawn {
					want *= 2
				}
				if !r.Won && r.Net != want {
					t.Errorf("seed %d hand %d: player %d paid %d, want %d (winner's score %d)", g.Seed, r.Hand, r.ID, -r.Net, -want, w.Score)
				}
			}
		}
	}
	if won == 0 {
		t.Error("no hand was won")
	}
}

// handsOf splits a game's records into its hands, in order (a hand's
// records are recorded together).
func handsOf(g *arena.GameRecord) [][]arena.HandRecord {
	var hands [][]arena.HandRecord
	for i, r := range g.Records {
		if i == 0 || r.Hand != g.Records[i-1].Hand {
			hands = append(hands, nil)
		}
		hands[len(hands)-1] = append(hands[len(hands)-1], r)
	}
	return hands
}

// winnerOf is the hand's winner, nil in a washout.
func winnerOf(rs []arena.HandRecord) *arena.HandRecord {
	for i := range rs {
		if rs[i].Won {
			return &rs[i]
		}
	}
	return nil
}

func anyCannon(rs []arena.HandRecord) bool {
	for _, r := range rs {
		if r.Cannon {
			return true
		}
	}
	return false
}

// TestOurServer: the same on our mj-server.
func TestOurServer(t *testing.T) {
	needOriginals(t)
	bin := filepath.Join(t.TempDir(), "mj-server")
	out, err := exec.Command("go", "build", "-o", bin, "mahjong/cmd/mj-server").CombinedOutput()
	if err != nil {
		t.Fatalf("building mj-server: %v\n%s", err, out)
	}
	playOn(t, bin, 2, false, oneRound)
}
