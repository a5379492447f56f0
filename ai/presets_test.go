package ai_test

import (
	"testing"

	"mahjong/ai"
	"mahjong/engine"
)

// presetShow is what a preset must do more of than the balanced robot
// (or less, for a negative sign), measured on seat 1 over a few games.
var presetShow = map[string]struct {
	what string
	sign float64
	of   func(s *stats) float64
}{
	"Chicken-hand lover": {"share of claims that are chows", 1, chowShare},
	"Pung hunter":        {"share of claims that are chows", -1, chowShare},
	"Hidden dragon":      {"claims per hand", -1, func(s *stats) float64 { return ratio(s.claims[0], s.hands) }},
	"Purist":             {"share of tiles in the strongest suit and honours", 1, func(s *stats) float64 { return ratio(s.suitTiles[0], s.handTiles[0]) }},
	"Terminal collector": {"share of terminals and honours", 1, func(s *stats) float64 { return ratio(s.majorTiles[0], s.handTiles[0]) }},
}

func chowShare(s *stats) float64 { return ratio(s.chows[0], s.claims[0]) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// TestPresetsShowTheirStyle plays the same games with each preset and
// with the balanced robot in seat 1 (three balanced Hard robots in the
// others) and checks that each personality shows in its play: the
// measure it is named for moves the expected way.
func TestPresetsShowTheirStyle(t *testing.T) {
	// Twenty one-round games even in -short (about 11 s as WebAssembly):
	// on four, the terminal collector's margin came and went with
	// unrelated changes to Hard's play.
	const games = 20
	play := func(st ai.Style) *stats {
		var sum stats
		for g := range games {
			var opts [engine.NumSeats]ai.Options
			for i := range opts {
				opts[i] = ai.Options{Level: ai.Hard, Seed: uint64(100*g + i)}
			}
			opts[0].Style = st
			tb := playGame(t, 7000+g, opts, map[string]string{"NumRounds": "1"})
			sum.add(&tb.stats)
		}
		return &sum
	}
	base := play(ai.Style{})
	if base.hands == 0 || base.claims[0] == 0 || base.handTiles[0] == 0 {
		t.Fatalf("the balanced robot played %d hands, %d claims, %d tiles scored", base.hands, base.claims[0], base.handTiles[0])
	}
	for _, p := range ai.Presets[1:] {
		show, ok := presetShow[p.Name]
		if !ok {
			t.Errorf("preset %q: no measure of its style in this test", p.Name)
			continue
		}
		got := play(p.Style)
		b, g := show.of(base), show.of(got)
		t.Logf("%-20s %s: %.3f (balanced %.3f)", p.Name, show.what, g, b)
		if (g-b)*show.sign <= 0 {
			t.Errorf("%s: %s %.3f, balanced %.3f: want it %s", p.Name, show.what, g, b, map[bool]string{true: "higher", false: "lower"}[show.sign > 0])
		}
	}
}

// add sums into s the counts of o that this test reads.
func (s *stats) add(o *stats) {
	s.hands += o.hands
	for i := range engine.NumSeats {
		s.claims[i] += o.claims[i]
		s.chows[i] += o.chows[i]
		s.handTiles[i] += o.handTiles[i]
		s.suitTiles[i] += o.suitTiles[i]
		s.majorTiles[i] += o.majorTiles[i]
	}
}
