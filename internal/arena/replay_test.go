package arena

import (
	"math/rand/v2"
	"slices"

	"os"
	"strconv"
	"strings"
	"testing"

	"mahjong/ai/classic"
	"mahjong/engine"
)

func classicSeats(t *testing.T) LocalConfig {
	t.Helper()
	sp, err := ParseSpec("classic")
	if err != nil {
		t.Fatal(err)
	}
	return LocalConfig{Seats: [4]Spec{sp, sp, sp, sp}, Hands: 1, FirstSeed: 4242}
}

func newClassic() Responder { return classic.New(classic.Options{}) }

// The imitation replays its own seat's log answer for answer, and a
// guess at a drawn tile that the seat later threw away is refused.
func TestReplayExplainsTruth(t *testing.T) {
	cfg := classicSeats(t)
	for g := range 3 {
		rec, logs := PlayLogged(cfg, g)
		if rec.Failed != "" {
			t.Fatal(rec.Failed)
		}
		for s, l := range logs {
			n := playEnd(l)
			if n < 20 {
				t.Fatalf("game %d seat %d: play ended after %d steps", g, s, n)
			}
			if k, err := Replay(l, n, nil, newClassic()); err != nil || k != n {
				t.Fatalf("game %d seat %d: the true log replays only %d of %d steps: %v", g, s, k, n, err)
			}
			id := seatID(l)
			draws := privateDraws(l, id, n)
			if len(draws) < 13 {
				t.Fatalf("game %d seat %d: %d hidden draws", g, s, len(draws))
			}
			// the first draw whose tile the seat discards later
			refused := false
			for _, i := range draws {
				orig := drawnTile(l.Steps[i].Ev)
				if orig.IsSpecial() || !discardsLater(l, id, i, n, orig) {
					continue
				}
				other := engine.Tile(0)
				for _, c := range engine.AllTiles {
					if !c.IsSpecial() && c != orig && heldAt(l, n)[c] == 0 {
						other = c
						break
					}
				}
				if explained(l, n, i, other, newClassic) {
					t.Errorf("game %d seat %d: %s drawn at step %d in place of %s, which it threw, still explains its play", g, s, other, i, orig)
				}
				refused = true
				break
			}
			if !refused {
				t.Fatalf("game %d seat %d: no drawn tile was thrown", g, s)
			}
		}
	}
}

// discardsLater reports whether seat id discards a t after step i (of the
// first n), holding no other copy then.
func discardsLater(l *SeatLog, id, i, n int, t engine.Tile) bool {
	if heldAt(l, i)[t] > 0 {
		return false
	}
	for _, st := range l.Steps[i+1 : n] {
		if m, ok := st.Ev.(engine.CPlayerDiscards); ok && m.ID == id && m.Tile == t {
			return true
		}
	}
	return false
}

// A single changed draw is explained only now and then: the play of the
// original gives much of its hand away, one tile at a time.
func TestSharpness(t *testing.T) {
	cfg := classicSeats(t)
	_, logs := PlayLogged(cfg, 1)
	var all Sharpness
	for _, l := range logs {
		sh, err := MeasureSharpness(l, newClassic)
		if err != nil {
			t.Fatal(err)
		}
		all.Add(sh)
	}
	t.Logf("%+v", all)
	if all.HeldTried == 0 || all.HeldExplained == 0 || 4*all.HeldExplained > all.HeldTried {
		t.Errorf("changes of a held tile: %d explained of %d; want some, and under a quarter", all.HeldExplained, all.HeldTried)
	}
}

// A walk of no steps keeps the truth; a long one is explained only in
// part and its guesses still share more tiles with the truth than a
// blind deal (MJ_DRIFT_HANDS=N measures it on N hands).
func TestDrift(t *testing.T) {
	cfg := classicSeats(t)
	_, logs := PlayLogged(cfg, 0)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, l := range logs {
		d := MeasureDrift(l, 1, 2, rng, newClassic)
		held := 0
		for _, n := range heldAt(l, playEnd(l)) {
			held += n
		}
		if d.Guesses != 1 || d.Accepted == 0 && d.Shared != float64(held) {
			t.Fatalf("a walk of two steps (%d tiles held): %+v", held, d)
		}
	}
	hands, _ := strconv.Atoi(os.Getenv("MJ_DRIFT_HANDS"))
	steps := 400
	if hands == 0 {
		hands = 2
	}
	var all Drift
	for g := range hands {
		_, logs := PlayLogged(cfg, g)
		for _, l := range logs {
			all.Add(MeasureDrift(l, 0.9, steps, rng, newClassic))
		}
	}
	var b strings.Builder
	all.Report(&b)
	t.Log(b.String())
	if all.Accepted == 0 || all.Accepted == all.Tried {
		t.Errorf("every change or none explained: %+v", all)
	}
	if all.Shared/all.Guesses <= all.Blind/all.Hands {
		t.Errorf("the walk's guesses share no more with the truth than a blind deal: %+v", all)
	}
}

// Read without the truth: the starting guess shows every tile when the
// seat showed it, and annealing finds guesses the whole play explains.
func TestReadingWithoutTruth(t *testing.T) {
	cfg := classicSeats(t)
	_, logs := PlayLogged(cfg, 0)
	rng := rand.New(rand.NewPCG(3, 4))
	var all Reading
	for s, l := range logs {
		end := playEnd(l) * 7 / 10
		slots := privateDraws(l, seatID(l), end)
		shown, v := shownTiles(l, end)
		g, ok := startGuess(l, slots, shown, v, rng)
		if !ok {
			t.Fatalf("seat %d: no starting guess", s)
		}
		if _, _, _, err := replay(l, end, g, newClassic(), false); err != nil {
			t.Fatalf("seat %d: the starting guess throws a tile it never drew", s)
		}
		all.Add(MeasureReading(l, 0.7, 4000, 20, rng, newClassic))
	}
	var b strings.Builder
	all.Report(&b)
	t.Log(b.String())
	if all.Found == 0 || all.Steps == 0 || all.Guesses != float64(20*all.Found) {
		t.Errorf("no guess found that explains the play: %+v", all)
	}
}

// TestReadingRepeats: a read from the same seed finds the same guesses.
// It once depended on the order of a map: the tiles a seat shows at one
// step (the two of its own in a chow, say) are listed in tile order.
func TestReadingRepeats(t *testing.T) {
	// the first hand of this game has four chows
	_, logs := PlayLogged(classicSeats(t), 7)
	multi := 0
	for s, l := range logs {
		shown, _ := shownTiles(l, playEnd(l))
		for i, ts := range shown {
			if len(ts) > 1 && ts[0] != ts[1] {
				multi++
			}
			if !slices.IsSorted(ts) {
				t.Errorf("seat %d, step %d: shown %v, not in tile order", s, i, ts)
			}
		}
	}
	if multi < 4 {
		t.Fatalf("only %d steps show two different tiles", multi)
	}
	read := func() Reading {
		rng := rand.New(rand.NewPCG(5, 6))
		var all Reading
		for _, l := range logs {
			all.Add(MeasureReading(l, 0.7, 300, 5, rng, newClassic))
		}
		return all
	}
	first := read()
	if again := read(); again != first {
		t.Fatalf("the same read gave %+v, then %+v", first, again)
	}
}

// heldAt returns the seat's concealed tiles after the first n steps.
func heldAt(log *SeatLog, n int) map[engine.Tile]int {
	v := engine.NewView()
	for _, st := range log.Steps[:n] {
		_ = v.Apply(st.Ev)
	}
	return heldOf(v)
}
