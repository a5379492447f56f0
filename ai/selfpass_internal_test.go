package ai

import (
	"testing"

	"mahjong/engine"
)

// claimAnswer is a Hard robot's answer, with selfPass as given, to the
// discard d by the player before us in position ps.
func claimAnswer(t *testing.T, ps position, d string, selfPass float64) string {
	t.Helper()
	v := ps.view(t)
	v.Game.Players[ps.seat].NoDiscard = false
	ev := offer(v, (ps.seat+3)%engine.NumSeats, mustTile(t, d))
	r := New(Options{Level: Hard})
	r.params.selfPass = selfPass
	return actionsString(r.Respond(v, ev))
}

// TestSelfPass: a fully concealed hand, ready on 6B or 9B with a
// concealed pung of dragons, is offered a 6B. Early in the hand, with
// the others far from going out, waiting for a drawn winning tile (the
// concealed hand's double) is worth more, and the robot lets the
// discard go; late in the hand, or with an exposed set (no concealed
// double to wait for), or with selfPass off, it goes out.
func TestSelfPass(t *testing.T) {
	const ready = "1B 2B 3B 4C 5C 6C RD RD RD 5D 5D 7B 8B"
	early := position{hand: ready, used: 20, discarded: "EW EW EW EW SW SW SW SW"}
	late := position{hand: ready, used: 40, discarded: midHand}
	if got := claimAnswer(t, early, "6B", 1); got != "NoClaim 7" {
		t.Errorf("early, selfPass 1: %q, want the discard let go", got)
	}
	if got := claimAnswer(t, early, "6B", 0); got != "MahJong 7" {
		t.Errorf("early, selfPass 0: %q, want mah-jong", got)
	}
	if got := claimAnswer(t, late, "6B", 1); got != "MahJong 7" {
		t.Errorf("late: %q, want mah-jong", got)
	}
	// a wait on two pairs, one of them a dragon: the cheap 6B is let go
	// whole (not punged instead), the dragon taken
	pairs := early
	pairs.hand = "1B 2B 3B 4C 5C 6C RD RD RD GD GD 6B 6B"
	if got := claimAnswer(t, pairs, "6B", 1); got != "NoClaim 7" {
		t.Errorf("a wait on two pairs, the 6B early: %q, want it let go", got)
	}
	if got := claimAnswer(t, pairs, "GD", 1); got != "MahJong 7" {
		t.Errorf("a wait on two pairs, the dragon early: %q, want mah-jong", got)
	}
	v := pairs.view(t)
	v.Game.Players[0].NoDiscard = false
	if pass, keep := New(Options{Level: Hard}).passMahJong(v, mustTile(t, "6B")); !pass || !keep {
		t.Errorf("passMahJong: pass %v, keep %v; want the hand kept as it is", pass, keep)
	}
	open := early
	open.hand = "1B 2B 3B 4C 5C 6C 5D 5D 7B 8B"
	open.melds[0] = []string{"Pung RD"}
	if got := claimAnswer(t, open, "6B", 1); got != "MahJong 7" {
		t.Errorf("with an exposed set: %q, want mah-jong", got)
	}
}

// TestSelfPassLevels: Hard and Expert price letting a discard go; the
// levels below never do.
func TestSelfPassLevels(t *testing.T) {
	for l := Beginner; l <= Expert; l++ {
		if on := paramsFor(l).selfPass > 0; on != (l >= Hard) {
			t.Errorf("%v: selfPass %v", l, paramsFor(l).selfPass)
		}
	}
}

// TestGoOnTempo: after letting a discard go, only the players seated
// between the discarder and us play before our next draw, so going on
// is worth more the fewer of them there are; three in between is a
// whole round, as is any number without the correction.
func TestGoOnTempo(t *testing.T) {
	ps := position{hand: "1B 2B 3B 4C 5C 6C RD RD RD 5D 5D 7B 8B", used: 20, discarded: "EW EW EW EW SW SW SW SW"}
	v := ps.view(t)
	r := New(Options{Level: Hard})
	if r.params.tempo != 1 {
		t.Fatalf("Hard's tempo %v, want 1", r.params.tempo)
	}
	var on [4]float64
	for m := range on {
		on[m] = r.goOnValue(r.load(v), m)
	}
	if !(on[0] > on[1] && on[1] > on[2] && on[2] > on[3] && on[3] > 0) {
		t.Errorf("going on with 0..3 players before our draw: %v, want falling and positive", on)
	}
	r.params.tempo = 0
	for m := range on {
		if got := r.goOnValue(r.load(v), m); got != on[3] {
			t.Errorf("without the correction, %d before our draw: %v, want a whole round's %v", m, got, on[3])
		}
	}
}
