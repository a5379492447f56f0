package arena_test

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mahjong/ai/classic"
	"mahjong/engine"
	"mahjong/internal/arena"
	"mahjong/internal/oracle"
)

// TestLocalClassic plays seeded games of the classic imitation of
// mj-player on our engine, four of them and one of ours against three:
// every game must end with no refused request and settlements that add
// up, and a game must be a function of its seed.
func TestLocalClassic(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 8
	}
	for _, seats := range []string{"classic", "hard/classic/classic:chowness=0:hiddenness=0:suitness=0/classic"} {
		specs, err := arena.ParseSpecs(seats)
		if err != nil {
			t.Fatal(err)
		}
		var cfg arena.LocalConfig
		for i := range cfg.Seats {
			cfg.Seats[i] = specs[min(i, len(specs)-1)]
		}
		games := n
		if seats != "classic" {
			games = max(4, n/4) // hard robots think longer
		}
		cfg.Games, cfg.FirstSeed, cfg.Jobs = games, 500, 2
		played := arena.PlayLocal(context.Background(), cfg)
		checkGames(t, played, games)
		a, b := arena.PlayLocalGame(cfg, 1), arena.PlayLocalGame(cfg, 1)
		if fmt.Sprint(a.Records) != fmt.Sprint(b.Records) || fmt.Sprint(a.Finals) != fmt.Sprint(b.Finals) {
			t.Errorf("%s: the same game played twice differs", seats)
		}
		if seats == "classic" {
			var sb strings.Builder
			arena.Report(&sb, played)
			if !strings.Contains(sb.String(), "classic: ") {
				t.Errorf("report without the classic robots:\n%s", sb.String())
			}
		}
	}
}

func TestParseSpecClassic(t *testing.T) {
	sp, err := arena.ParseSpec("classic:chowness=0:hiddenness=0,0.8:hysteresis=2")
	if err != nil {
		t.Fatal(err)
	}
	if c := sp.Classic; c == nil || fmt.Sprint(c.Chowness, c.Hiddenness, c.Suitness) != "[0] [0 0.8] []" || c.Hysteresis != 2 {
		t.Errorf("classic options %+v", sp.Classic)
	}
	if sp, err := arena.ParseSpec("Classic"); err != nil || sp.Classic == nil {
		t.Errorf("Classic: %v %+v", err, sp)
	}
	for _, bad := range []string{"classic:preset=purist", "classic:chowness=3", "classic:x=1"} {
		if _, err := arena.ParseSpec(bad); err == nil {
			t.Errorf("ParseSpec(%q) accepted", bad)
		}
	}
	if sp, _ := arena.ParseSpec("hard"); sp.Classic != nil {
		t.Error("hard parsed as classic")
	}
}

// TestOriginalClassic plays a short game of the classic imitation
// against three original robots on the real original server.
func TestOriginalClassic(t *testing.T) {
	needOriginals(t)
	sp, err := arena.ParseSpec("classic")
	if err != nil {
		t.Fatal(err)
	}
	cfg := arena.OriginalConfig{Ours: &sp, Games: 1, FirstSeed: 21, Jobs: 1, OptionFile: writeOptions(t), Dir: t.TempDir()}
	games := arena.PlayOriginal(t.Context(), cfg)
	checkGames(t, games, 1)
	if h := games[0].Latency["classic"]; h == nil || h.N == 0 {
		t.Error("no decision latency recorded")
	}
}

// oracleRoot returns the shared oracle games' directory. Without them
// the test is skipped, except under CI, where they must be there.
func oracleRoot(t *testing.T) string {
	t.Helper()
	root, ok := oracle.Root()
	if !ok {
		if os.Getenv("CI") != "" {
			t.Fatal("the oracle games are missing (MJ_SHARED)")
		}
		t.Skip("the oracle games are missing (MJ_SHARED)")
	}
	return root
}

// TestAgreement replays logged games of the original robots and checks
// that the classic imitation makes every one of their decisions (mj-arena
// agree: all 68,380 decisions of the 40 games, 233,276 with -all).
func TestAgreement(t *testing.T) {
	root := oracleRoot(t)
	dirs, err := filepath.Glob(filepath.Join(root, "g0[0-1]?"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no games under %s: %v", root, err)
	}
	if testing.Short() {
		dirs = dirs[:min(3, len(dirs))]
	}
	var a arena.Agreement
	for _, d := range dirs {
		if err := a.Agree(d, func(args string) bool { return strings.TrimSpace(args) == "" }); err != nil {
			t.Fatal(err)
		}
	}
	var b strings.Builder
	a.Report(&b)
	t.Log(b.String())
	if a.Decisions < 1000 || a.SameDecision != a.Decisions || a.SameDiscard != a.Discards {
		t.Errorf("agreement with the original fell:\n%s", b.String())
	}
}

// TestTraceDecision: tracing an agreement shows exactly the decisions it
// counts as different, one line each with both answers, and for two
// different discards the classic robot's value of each. The imitation
// is tilted to a chow lover so that it differs from the logged robots.
func TestTraceDecision(t *testing.T) {
	dir := filepath.Join(oracleRoot(t), "g001")
	var b strings.Builder
	traced, discards := 0, 0
	a := arena.Agreement{Tilt: func(o classic.Options) classic.Options {
		o.Chowness = []float64{0.5}
		return o
	}}
	a.Trace = func(v *engine.View, r *classic.Robot, orig, ours engine.Action) {
		if arena.SameAnswer(orig, ours) {
			return
		}
		traced++
		before := b.Len()
		arena.TraceDecision(&b, v, r, orig, ours)
		line := b.String()[before:]
		if !strings.HasPrefix(line, "hand ") || !strings.Contains(line, "original "+orig.String()) ||
			!strings.Contains(line, "classic "+ours.String()) || !strings.HasSuffix(line, "\n") {
			t.Errorf("trace line %q", line)
		}
		d, ok1 := orig.(engine.PDiscard)
		x, ok2 := ours.(engine.PDiscard)
		if ok1 && ok2 {
			discards++
			if strings.Count(line, "; ") != 2 || !strings.Contains(line, "; "+d.Tile.String()+" ") || !strings.Contains(line, "; "+x.Tile.String()+" ") {
				t.Errorf("discard trace without both values: %q", line)
			}
		}
	}
	if err := a.Agree(dir, nil); err != nil {
		t.Fatal(err)
	}
	if traced != a.Decisions-a.SameDecision || traced == 0 || discards != a.Discards-a.SameDiscard {
		t.Errorf("traced %d decisions (%d discards); the agreement counts %d of %d different (%d of %d discards)",
			traced, discards, a.Decisions-a.SameDecision, a.Decisions, a.Discards-a.SameDiscard, a.Discards)
	}
}

// TestMirror plays every logged game of the original robots again on our
// engine with the classic imitation in their seats: each must end with
// the logged final scores, which holds only when the imitation decides
// as the original, our controller deals the original's walls and scores
// as it does, down to the losers' declarations.
func TestMirror(t *testing.T) {
	root := oracleRoot(t)
	dirs, err := filepath.Glob(filepath.Join(root, "g0??"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no games under %s: %v", root, err)
	}
	for _, d := range dirs {
		got, want, err := arena.Mirror(d)
		if err != nil {
			t.Error(err)
			continue
		}
		if len(got) != 4 || !maps.Equal(got, want) {
			t.Errorf("%s: final scores %v, the original's %v", filepath.Base(d), got, want)
		}
	}
}
