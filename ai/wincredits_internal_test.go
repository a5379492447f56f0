package ai

import (
	"math"
	"testing"

	"mahjong/engine"
)

// priceWithCredits prices the concealed hand of a Hard robot at seat,
// with the win credits spare and eastKeep set.
func priceWithCredits(t *testing.T, seat engine.Seat, spare, eastKeep float64) priced {
	t.Helper()
	const hand = "1B 2B 3B 4C 5C 6C 7D 8D 9D 2B 3B 5D 5D"
	v := position{seat: seat, hand: hand, used: 20}.view(t)
	r := New(Options{Level: Hard})
	r.params.spare, r.params.eastKeep = spare, eastKeep
	x := r.load(v)
	c := x.hand
	return r.evalHand(x, &c, &x.decl, nil)
}

// TestWinCredits: East keeps the deal when it goes out, so a hand of
// East's is worth its collection plus eastKeep times its chance of going
// out; going out also spares the payment to another winner, so with
// spare any hand is worth spare times its chance more, half as much
// again as East (who pays double). The chance itself does not change.
func TestWinCredits(t *testing.T) {
	for _, seat := range []engine.Seat{engine.EastSeat, engine.SouthSeat} {
		for _, tc := range []struct{ spare, eastKeep, east, other float64 }{
			{0, 40, 40, 0},    // eastKeep alone
			{60, 10, 100, 60}, // spare on top of it
		} {
			off, on := priceWithCredits(t, seat, 0, 0), priceWithCredits(t, seat, tc.spare, tc.eastKeep)
			if off.chance <= 0 || on.chance != off.chance {
				t.Fatalf("seat %v: chance %v and %v, want the same and above 0", seat, off.chance, on.chance)
			}
			want := off.ev + tc.other*off.chance
			if seat == engine.EastSeat {
				want = off.ev + tc.east*off.chance
			}
			if math.Abs(on.ev-want) > 1e-9 {
				t.Errorf("seat %v, spare %v, eastKeep %v: worth %.4f, want %.4f (%.4f without)", seat, tc.spare, tc.eastKeep, on.ev, want, off.ev)
			}
		}
	}
}
