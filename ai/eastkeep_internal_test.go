package ai

import (
	"math"
	"testing"

	"mahjong/engine"
)

// TestEastKeep: East keeps the deal when it goes out, so a hand of
// East's is worth its collection plus eastKeep times its chance of going
// out; another seat's hand is priced as before.
func TestEastKeep(t *testing.T) {
	const hand = "1B 2B 3B 4C 5C 6C 7D 8D 9D 2B 3B 5D 5D"
	for _, seat := range []engine.Seat{engine.EastSeat, engine.SouthSeat} {
		ps := position{seat: seat, hand: hand, used: 20}
		v := ps.view(t)
		price := func(keep float64) priced {
			r := New(Options{Level: Hard})
			r.params.eastKeep = keep
			x := r.load(v)
			c := x.hand
			return r.evalHand(x, &c, &x.decl, nil)
		}
		off, on := price(0), price(40)
		if off.chance <= 0 || on.chance != off.chance {
			t.Fatalf("seat %v: chance %v and %v, want the same and above 0", seat, off.chance, on.chance)
		}
		want := off.ev
		if seat == engine.EastSeat {
			want += 40 * off.chance
		}
		if math.Abs(on.ev-want) > 1e-9 {
			t.Errorf("seat %v: worth %.4f with eastKeep 40, want %.4f (%.4f without)", seat, on.ev, want, off.ev)
		}
	}
}

// TestSpare: going out spares the payment to another winner, so with
// spare a hand is worth spare times its chance of going out more, half as
// much again as East (who pays double), on top of eastKeep.
func TestSpare(t *testing.T) {
	const hand = "1B 2B 3B 4C 5C 6C 7D 8D 9D 2B 3B 5D 5D"
	for _, seat := range []engine.Seat{engine.EastSeat, engine.SouthSeat} {
		v := position{seat: seat, hand: hand, used: 20}.view(t)
		price := func(spare float64) priced {
			r := New(Options{Level: Hard})
			r.params.spare, r.params.eastKeep = spare, 10
			x := r.load(v)
			c := x.hand
			return r.evalHand(x, &c, &x.decl, nil)
		}
		off, on := price(0), price(60)
		if off.chance <= 0 || on.chance != off.chance {
			t.Fatalf("seat %v: chance %v and %v, want the same and above 0", seat, off.chance, on.chance)
		}
		want := off.ev + 60*off.chance
		if seat == engine.EastSeat {
			want = off.ev + 90*off.chance
		}
		if math.Abs(on.ev-want) > 1e-9 {
			t.Errorf("seat %v: worth %.4f with spare 60, want %.4f (%.4f without)", seat, on.ev, want, off.ev)
		}
	}
}
