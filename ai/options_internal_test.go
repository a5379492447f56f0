package ai

import (
	"testing"

	"mahjong/engine"
)

// optionValue loads ps for Hard with the options set and returns what f
// makes of the context.
func optionValue(t *testing.T, ps position, set map[engine.OptionID]int, f func(*Robot, *context) float64) float64 {
	t.Helper()
	v := ps.view(t)
	for id, val := range set {
		v.Game.Options.Values[id] = val
	}
	r := New(Options{Level: Hard})
	return f(r, r.load(v))
}

func estimateOf(r *Robot, x *context) float64 {
	return r.estimate(x, &x.hand, &x.decl, Shanten(&x.hand, x.shape))
}

func loserOf(r *Robot, x *context) float64 { return r.loserValue(x, &x.hand, &x.decl) }

// TestEstimateFollowsLimit: three exposed dragon kongs price a hand above
// the limit; the estimate stops at the limit in force, and not at all in
// a no-limit game.
func TestEstimateFollowsLimit(t *testing.T) {
	ps := position{hand: "1B 1B 1B 2B"}
	ps.melds[0] = []string{"Kong RD", "Kong GD", "Kong WD"}
	if got := optionValue(t, ps, nil, estimateOf); got != 1000 {
		t.Errorf("default limit: got %v, want 1000", got)
	}
	if got := optionValue(t, ps, map[engine.OptionID]int{engine.OptScoreLimit: 500}, estimateOf); got != 500 {
		t.Errorf("limit 500: got %v", got)
	}
	if got := optionValue(t, ps, map[engine.OptionID]int{engine.OptNoLimit: 1}, estimateOf); got <= 1000 {
		t.Errorf("no limit: got %v, want more than 1000", got)
	}
}

// TestConcealedCreditFollowsOptions: the credit for staying concealed is
// what the options pay for it: nothing when the fully concealed hand
// scores nothing, more when an almost concealed hand (won on a discard)
// scores a double too.
func TestConcealedCreditFollowsOptions(t *testing.T) {
	ps := position{hand: "1B 2B 3B 4C 5C 6C 7D 8D 2D 3D 9B 9B NW"}
	def := optionValue(t, ps, nil, estimateOf)
	none := optionValue(t, ps, map[engine.OptionID]int{engine.OptConcealedFully: 0}, estimateOf)
	almost := optionValue(t, ps, map[engine.OptionID]int{engine.OptConcealedAlmost: engine.ScoreDouble}, estimateOf)
	pts := optionValue(t, ps, map[engine.OptionID]int{engine.OptConcealedFully: 10}, estimateOf)
	if !(none < def && def < almost) {
		t.Errorf("concealed credit: none %v, default %v, almost concealed too %v: want increasing", none, def, almost)
	}
	if !(none < pts && pts < def) {
		t.Errorf("ten points for a concealed hand should be worth more than nothing and less than a double: %v, %v, %v", none, pts, def)
	}
	// an exposed hand gets no credit, whatever the options
	ps.melds[0] = []string{"Chow 1B"}
	ps.hand = "4C 5C 6C 7D 8D 2D 3D 9B 9B NW"
	a := optionValue(t, ps, nil, estimateOf)
	b := optionValue(t, ps, map[engine.OptionID]int{engine.OptConcealedAlmost: engine.ScoreDouble}, estimateOf)
	if a != b {
		t.Errorf("exposed hand: %v with almost concealed scoring, %v without", b, a)
	}
}

// TestLoserPurity: with LosersPurity a losing hand of one suit scores its
// three doubles, one with honours one double, and a concealed one the
// almost concealed hand's score; without the option none of it counts.
func TestLoserPurity(t *testing.T) {
	purity := map[engine.OptionID]int{engine.OptLosersPurity: 1}
	pure := position{hand: "1B 1B 1B 2B 3B 4B 5B 5B 5B 7B 8B 9B 9B"}
	base := optionValue(t, pure, nil, loserOf)
	if base <= 0 {
		t.Fatalf("two pungs should score for a loser: %v", base)
	}
	if got := optionValue(t, pure, purity, loserOf); got != 8*base {
		t.Errorf("one suit under LosersPurity: got %v, want %v", got, 8*base)
	}
	honours := position{hand: "1B 1B 1B 2B 3B 4B 5B 5B 5B 7B 8B NW NW"}
	if b, got := optionValue(t, honours, nil, loserOf), optionValue(t, honours, purity, loserOf); got != 2*b {
		t.Errorf("one suit with honours: got %v, want %v", got, 2*b)
	}
	mixed := position{hand: "1B 1B 1B 2C 3B 4B 5B 5B 5B 7B 8B 9B 9B"}
	if b, got := optionValue(t, mixed, nil, loserOf), optionValue(t, mixed, purity, loserOf); got != b {
		t.Errorf("two suits: got %v, want %v", got, b)
	}
	both := map[engine.OptionID]int{engine.OptLosersPurity: 1, engine.OptConcealedAlmost: engine.ScoreDouble}
	if b, got := optionValue(t, mixed, nil, loserOf), optionValue(t, mixed, both, loserOf); got != 2*b {
		t.Errorf("concealed, almost concealed worth a double: got %v, want %v", got, 2*b)
	}
}
