package arena_test

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"mahjong/internal/arena"
)

// TestTestedID: the first spec sits at connection seed mod 4, as ours
// does in a match against the original.
func TestTestedID(t *testing.T) {
	for seed, want := range []int{1, 2, 3, 4, 1, 2} {
		if got := arena.TestedID(seed); got != want {
			t.Errorf("seed %d: id %d, want %d", seed, got, want)
		}
	}
}

// hands returns game g's records: the tested robot's nets, then one hand
// of another player that must not count.
func hands(g int, nets ...int) *arena.GameRecord {
	rec := &arena.GameRecord{Game: g, Seed: g}
	id := arena.TestedID(g)
	for _, n := range nets {
		rec.Records = append(rec.Records, arena.HandRecord{ID: id, Net: n})
	}
	rec.Records = append(rec.Records, arena.HandRecord{ID: id%4 + 1, Net: 1000})
	return rec
}

// TestComparePaired checks the arithmetic on records made up by hand.
func TestComparePaired(t *testing.T) {
	a := []*arena.GameRecord{hands(0, 10, -10), hands(1, 0, 20), hands(2, 5, 5), hands(3, 40)}
	b := []*arena.GameRecord{hands(0, 30, -10), hands(1, 10, 30), hands(2, 5, 5, 2), {Game: 3, Seed: 3, Failed: "stalled"}}
	p := arena.ComparePaired(a, b, arena.LocalTested)
	// game 3 failed in b; the differences are 20, 20 and 2 over 2, 2 and
	// 2.5 hands: 42 / 6.5 points a hand
	if p.Games != 3 || math.Abs(p.PerHand.Mean-42/6.5) > 1e-9 || !(p.PerHand.Half > 0) {
		t.Errorf("paired %+v, want 3 games and %.4f a hand", p, 42/6.5)
	}
	// points a hand: a 0, 10, 5; b 10, 20, 4; correlation 50/√(50·130⅔)
	if want := 50 / math.Sqrt(50*392.0/3); math.Abs(p.Corr-want) > 1e-9 {
		t.Errorf("correlation %.7f, want %.7f", p.Corr, want)
	}
	var sb strings.Builder
	arena.ReportPaired(&sb, "hard", "expert", p)
	if !strings.HasPrefix(sb.String(), "paired: expert instead of hard on the same 3 deals: 6.46 ± ") {
		t.Errorf("report %q", sb.String())
	}
}

// TestPairedSameRobot: a robot compared with itself on real local games
// changes nothing, to the point, since each game is a function of its
// seed and robots.
func TestPairedSameRobot(t *testing.T) {
	hard, _ := arena.ParseSpec("hard")
	classic, _ := arena.ParseSpec("classic")
	cfg := arena.LocalConfig{Seats: [4]arena.Spec{hard, classic, classic, classic}, Games: 4, FirstSeed: 11, Jobs: 2}
	a := arena.PlayLocal(context.Background(), cfg)
	b := arena.PlayLocal(context.Background(), cfg)
	p := arena.ComparePaired(a, b, arena.LocalTested)
	if p.Games != 4 || p.PerHand.Mean != 0 || p.PerHand.Half != 0 || math.Abs(p.Corr-1) > 1e-9 || !(p.Unpaired > 0) {
		t.Errorf("hard against itself: %+v", p)
	}
}

// TestOursTested: on the original server ours is the one player not
// labelled mj-player; a control game has none.
func TestOursTested(t *testing.T) {
	g := &arena.GameRecord{Labels: map[int]string{1: arena.OriginalLabel, 2: arena.OriginalLabel, 3: "hard", 4: arena.OriginalLabel}}
	if id := arena.OursTested(g); id != 3 {
		t.Errorf("ours: id %d, want 3", id)
	}
	g.Labels[3] = arena.OriginalLabel
	if id := arena.OursTested(g); id != 0 {
		t.Errorf("control game: id %d, want 0", id)
	}
}

// TestOriginalReplays: the original programs play a game again exactly,
// given its seed and the same moves of ours, which the paired comparison
// against them (mj-arena original -variant) relies on.
func TestOriginalReplays(t *testing.T) {
	needOriginals(t)
	sp, _ := arena.ParseSpec("hard")
	cfg := arena.OriginalConfig{Ours: &sp, Games: 2, FirstSeed: 21, Jobs: 2, OptionFile: writeOptions(t), Dir: t.TempDir()}
	a := arena.PlayOriginal(t.Context(), cfg)
	b := arena.PlayOriginal(t.Context(), cfg)
	checkGames(t, a, 2)
	checkGames(t, b, 2)
	p := arena.ComparePaired(a, b, arena.OursTested)
	if p.Games != 2 || p.PerHand.Mean != 0 || p.PerHand.Half != 0 {
		t.Errorf("the same games played again differ: %+v", p)
	}
	for i := range a {
		if fmt.Sprint(a[i].Records) != fmt.Sprint(b[i].Records) {
			t.Errorf("game %d played again differs:\n%v\n%v", i, a[i].Records, b[i].Records)
		}
	}
}
