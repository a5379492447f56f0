package arena

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"mahjong/ai"
	"mahjong/engine"
)

// goesOutOn asks the true hand: four sets and a single go out on the
// single's pair only; a hand with declared sets needs fewer.
func TestGoesOutOn(t *testing.T) {
	p := &engine.Player{}
	ts, err := engine.ParseTiles("1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW EW RD")
	if err != nil {
		t.Fatal(err)
	}
	p.NumConcealed = copy(p.Concealed[:], ts)
	for k := range ai.NumKinds {
		if want := ai.TileOf(k) == engine.RedDragon; goesOutOn(p, k) != want {
			t.Errorf("%v: goes out %v, want %v", ai.TileOf(k), !want, want)
		}
	}
	// two sets declared, seven tiles left: a pair and a chow waiting on 3C or 6C
	ts, _ = engine.ParseTiles("4C 5C 9D 9D 2B 3B 4B")
	p = &engine.Player{Melds: [engine.MaxMelds]engine.Meld{{Kind: engine.Pung, Tile: engine.RedDragon}, {Kind: engine.Chow, Tile: ts[4]}}}
	p.NumConcealed = copy(p.Concealed[:], ts)
	for _, tile := range []string{"3C", "6C", "5C", "9D"} {
		x, _ := engine.ParseTiles(tile)
		if want := tile == "3C" || tile == "6C"; goesOutOn(p, ai.Kind(x[0])) != want {
			t.Errorf("with two sets declared, %s: want %v", tile, want)
		}
	}
	if goesOutOn(&engine.Player{Hidden: true}, 0) || goesOutOn(nil, 0) {
		t.Error("a hidden or missing hand goes out")
	}
	// the pairs read's truth: two or more concealed copies
	if !holdsPair(p, ai.Kind(ts[2])) || holdsPair(p, ai.Kind(ts[0])) || holdsPair(nil, 0) {
		t.Error("holdsPair: 9D 9D is a pair, 4C alone is not")
	}
}

// CollectWaits labels rows by the true hands, and a fit on them predicts
// the games it was not fitted on better than a constant rate; the
// report shows both halves and the coefficients.
func TestCollectWaits(t *testing.T) {
	specs, err := ParseSpecs("hard/classic")
	if err != nil {
		t.Fatal(err)
	}
	cfg := LocalConfig{Games: 8, FirstSeed: 4100001, Jobs: 2}
	for i := range cfg.Seats {
		cfg.Seats[i] = specs[min(i, 1)]
	}
	rows := CollectWaits(context.Background(), cfg, "hard", 4, false)
	wins, games := 0, map[int]bool{}
	for _, r := range rows {
		if len(r.F) != ai.NumWaitFeatures {
			t.Fatalf("row of %d features", len(r.F))
		}
		if r.Win {
			wins++
			if r.W != 1 {
				t.Fatalf("a row that goes out weighs %v", r.W)
			}
		} else if r.W != 4 {
			t.Fatalf("a sampled row weighs %v", r.W)
		}
		games[r.Game] = true
	}
	if len(rows) < 1000 || wins < 20 || len(games) != cfg.Games {
		t.Fatalf("%d rows, %d that go out, from %d games", len(rows), wins, len(games))
	}
	fit, err := FitWaits(rows, 3)
	if err != nil {
		t.Fatal(err)
	}
	if h := fit.HeldOut; !(h.Loss < h.Loss0) || h.Rows == 0 {
		t.Errorf("held out: log loss %v against a constant's %v", h.Loss, h.Loss0)
	}
	var b bytes.Buffer
	fit.Report(&b)
	for _, want := range []string{"fitted on (even games)", "held out (odd games)", "coefficients"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, b.String())
		}
	}
	if _, err := FitWaits(nil, 1); err == nil {
		t.Error("a fit of no rows")
	}
	// the pairs: rows of kinds with two or more unseen, about one in
	// seventeen true
	cfg.Games = 2
	rows = CollectWaits(context.Background(), cfg, "hard", 1, true)
	wins = 0
	for _, r := range rows {
		if r.Win {
			wins++
		}
	}
	if share := float64(wins) / float64(max(len(rows), 1)); len(rows) < 1000 || share < 0.02 || share > 0.15 {
		t.Errorf("pairs: %d rows, %d true", len(rows), wins)
	}
}
