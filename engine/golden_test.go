package engine_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"mahjong/engine"
	"mahjong/engine/protocol"
	"mahjong/internal/scripted"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts in testdata/transcripts")

// goldenGames are the seeded games whose transcripts are kept. They are
// one round long (NumRounds 1) to keep the files small; the seeds give
// games of four to seven hands with wins on discards, wins from the wall
// and washouts. TestScriptedGames plays whole four-round games.
var goldenGames = []struct {
	name    string
	seed    int
	options []string // option file entries, Name=value
}{
	{"defaults", 16, []string{"NumRounds=1"}},
	{"sevenpairs-nolimit", 17, []string{"NumRounds=1", "SevenPairs=1", "NoLimit=1"}},
	{"noflowers", 9, []string{"NumRounds=1", "Flowers=0"}},
	{"deadwall16", 6, []string{"NumRounds=1", "DeadWall16=1"}},
	{"flowersloose", 8, []string{"NumRounds=1", "FlowersLoose=1"}},
}

// goldenOptions turns "Name=value" entries into an option file.
func goldenOptions(t testing.TB, entries []string) []engine.CGameOption {
	t.Helper()
	var opts []engine.CGameOption
	for _, e := range entries {
		name, v, _ := strings.Cut(e, "=")
		n, err := strconv.Atoi(v)
		if err != nil {
			t.Fatalf("option %q: %v", e, err)
		}
		opts = append(opts, ctlOption(t, name, n))
	}
	return opts
}

// playTranscript plays a game with scripted seats and returns its
// transcript in the form of the original's --logfile: each line received
// as "<cnxN line", each logged line sent as ">cnxN line", each record
// ended by CR LF (texts with several lines keep bare LFs inside).
func playTranscript(t testing.TB, opts engine.ServerOptions) ([]byte, *engine.Controller) {
	t.Helper()
	var b bytes.Buffer
	rec := func(r protocol.LogRecord) {
		b.WriteString(r.String())
		b.WriteString("\r\n")
	}
	c := engine.NewController(opts)
	tb := scripted.NewTable(c)
	tb.Trace = func(cnx int, a engine.Action, outs []engine.Output) {
		rec(protocol.LogRecord{Conn: cnx, Line: a.String()})
		for _, o := range outs {
			if o.Logged && o.Event != nil {
				rec(protocol.LogRecord{Conn: o.Conn, Sent: true, Line: o.Event.String()})
			}
		}
	}
	if err := tb.Connect(ctlNames); err != nil {
		t.Fatal(err)
	}
	if err := tb.Run(1_000_000); err != nil {
		t.Fatal(err)
	}
	return b.Bytes(), c
}

func TestGoldenTranscripts(t *testing.T) {
	for _, gg := range goldenGames {
		t.Run(gg.name, func(t *testing.T) {
			opts := engine.ServerOptions{Seed: gg.seed, OptionFile: goldenOptions(t, gg.options)}
			got, c := playTranscript(t, opts)
			path := filepath.Join("testdata", "transcripts", gg.name+".txt")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./engine -run Golden -update)", err)
			}
			if d := transcriptDiff(t, want, got); d != "" {
				t.Fatalf("%s differs from the game played (go test ./engine -run Golden -update rewrites it):\n%s", path, d)
			}
			recs, err := protocol.ReadLog(bytes.NewReader(want))
			if err != nil {
				t.Fatal(err)
			}
			checkSettlements(t, recs, c.FinalScores())
			checkReplay(t, opts, recs)
		})
	}
}

// transcriptDiff returns the first differing record of two transcripts
// with the records before it; "" if they are the same.
func transcriptDiff(t testing.TB, want, got []byte) string {
	t.Helper()
	if bytes.Equal(want, got) {
		return ""
	}
	w, err := protocol.ReadLog(bytes.NewReader(want))
	if err != nil {
		return fmt.Sprintf("the file does not read as a log: %v", err)
	}
	g, err := protocol.ReadLog(bytes.NewReader(got))
	if err != nil {
		t.Fatal(err)
	}
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	var b strings.Builder
	fmt.Fprintf(&b, "record %d of %d (file) and %d (game):\n", i+1, len(w), len(g))
	for j := max(0, i-5); j < i; j++ {
		fmt.Fprintf(&b, "    %s\n", oneRecordLine(w[j].String()))
	}
	show := func(sign string, recs []protocol.LogRecord) {
		if i < len(recs) {
			fmt.Fprintf(&b, "  %s %s\n", sign, oneRecordLine(recs[i].String()))
		} else {
			fmt.Fprintf(&b, "  %s (end)\n", sign)
		}
	}
	show("-", w)
	show("+", g)
	return b.String()
}

func oneRecordLine(s string) string { return strings.ReplaceAll(s, "\n", `\n`) }

// checkSettlements adds up the Settlement lines of a transcript for each
// player and compares the sums with the final scores. The Game line gives
// the seating; each NewHand makes its East the first seat and keeps the
// order round the table.
func checkSettlements(t *testing.T, recs []protocol.LogRecord, final []engine.Player) {
	t.Helper()
	var order []int // player ids round the table from the first East
	east := 0       // index in order of the current East
	sum := map[int]int{}
	hands := 0
	for _, r := range recs {
		if !r.Sent {
			continue
		}
		ev, err := protocol.ParseEvent(r.Line)
		if err != nil {
			t.Fatalf("%q: %v", r.Line, err)
		}
		switch m := ev.(type) {
		case engine.CGame:
			order = []int{m.East, m.South, m.West, m.North}
		case engine.CNewHand:
			east = -1
			for i, id := range order {
				if id == m.East {
					east = i
				}
			}
			if east < 0 {
				t.Fatalf("%q: East not seated", r.Line)
			}
		case engine.CSettlement:
			hands++
			d := [4]int{m.East, m.South, m.West, m.North}
			if d[0]+d[1]+d[2]+d[3] != 0 {
				t.Errorf("%q does not add up to zero", r.Line)
			}
			for s, v := range d {
				sum[order[(east+s)%4]] += v
			}
		}
	}
	if hands == 0 {
		t.Fatal("no hand was settled")
	}
	if len(final) != engine.NumSeats {
		t.Fatalf("%d final scores", len(final))
	}
	for _, p := range final {
		if sum[p.ID] != p.CumulativeScore {
			t.Errorf("player %d (%s): final score %d, settlements add up to %d", p.ID, p.Name, p.CumulativeScore, sum[p.ID])
		}
	}
}

// checkReplay feeds the lines received in a transcript to a new
// controller and compares what it logs with the transcript, as the
// original's logs are replayed.
func checkReplay(t *testing.T, opts engine.ServerOptions, recs []protocol.LogRecord) {
	t.Helper()
	c := engine.NewController(opts)
	accepted := map[int]bool{}
	var pending []protocol.LogRecord
	for i, r := range recs {
		if r.Sent {
			if len(pending) == 0 || pending[0] != r {
				have := "(nothing)"
				if len(pending) > 0 {
					have = pending[0].String()
				}
				t.Fatalf("replay: record %d: file has %q, controller logged %q", i+1, oneRecordLine(r.String()), oneRecordLine(have))
			}
			pending = pending[1:]
			continue
		}
		if len(pending) > 0 {
			t.Fatalf("replay: record %d: controller also logged %q", i+1, oneRecordLine(pending[0].String()))
		}
		if !accepted[r.Conn] {
			if n, _ := c.Accept(); n != r.Conn {
				t.Fatalf("replay: connection %d accepted as %d", r.Conn, n)
			}
			accepted[r.Conn] = true
		}
		a, err := protocol.ParseAction(r.Line)
		if err != nil {
			t.Fatalf("replay: record %d: %v", i+1, err)
		}
		for _, o := range c.Handle(r.Conn, a) {
			if o.Logged && o.Event != nil {
				pending = append(pending, protocol.LogRecord{Conn: o.Conn, Sent: true, Line: o.Event.String()})
			}
		}
	}
	if len(pending) > 0 {
		t.Fatalf("replay: controller logged %q after the end", oneRecordLine(pending[0].String()))
	}
	if !c.GameOver() {
		t.Fatal("replay: game not over at the end of the transcript")
	}
}

// TestScriptedGames plays whole games with the default options (four
// rounds) and checks them as the golden transcripts are checked, without
// keeping them.
func TestScriptedGames(t *testing.T) {
	for _, seed := range []int{1, 2} {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			opts := engine.ServerOptions{Seed: seed}
			data, c := playTranscript(t, opts)
			recs, err := protocol.ReadLog(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			rounds := 0
			for _, r := range recs {
				if r.Sent && strings.HasPrefix(r.Line, "NewRound ") {
					rounds++
				}
			}
			if rounds != 3 {
				t.Errorf("%d NewRound messages, want 3", rounds)
			}
			checkSettlements(t, recs, c.FinalScores())
			checkReplay(t, opts, recs)
		})
	}
}
