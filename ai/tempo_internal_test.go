package ai

import (
	"math"
	"strings"
	"testing"

	"mahjong/engine"
)

// TestWaiting: the players between a discarder and our next draw.
func TestWaiting(t *testing.T) {
	me := engine.SouthSeat
	for from, want := range map[engine.Seat]int{engine.EastSeat: 0, engine.NorthSeat: 1, engine.WestSeat: 2} {
		if got := waiting(from, me); got != want {
			t.Errorf("waiting(%v, %v) = %d, want %d", from, me, got, want)
		}
	}
}

// TestTempo: with tempo, letting a discard go is priced with only the
// turns of the players between the discarder and us before our draw
// (none from the left player, one from across, two from the right), and
// a claimed kong with its loose tile at once; the claimed sets, after
// which we discard, are priced as before.
func TestTempo(t *testing.T) {
	const pairHeld = "1B 2B 3B 4C 5C 7C 7D 8D 9D 2D 3D 5B 5B"
	weigh := func(tempo float64, hand string, from engine.Seat) (options map[string]Weighed, surv float64) {
		v := position{seat: engine.SouthSeat, hand: hand, used: 30}.view(t)
		r := New(Options{Level: Hard})
		r.params.tempo = tempo
		surv = r.load(v).survAt[0]
		options = map[string]Weighed{}
		r.Explain(func(d *Decision) {
			for _, w := range d.Options {
				options[strings.Fields(w.Action.String())[0]] = w
			}
		})
		r.Respond(v, offer(v, from, mustTile(t, "5B")))
		return options, surv
	}
	for from, m := range map[engine.Seat]int{engine.EastSeat: 0, engine.NorthSeat: 1, engine.WestSeat: 2} {
		off, s := weigh(0, pairHeld, from)
		on, _ := weigh(1, pairHeld, from)
		p0, p1 := off["NoClaim"].Chance, on["NoClaim"].Chance
		want := math.Min(1, p0*math.Pow(s, -float64(3-m)/3))
		if p0 <= 0 || math.Abs(p1-want) > 1e-9 {
			t.Errorf("from %v: passing's chance %.5f with tempo, want %.5f (%.5f without; survival %.3f)", from, p1, want, p0, s)
		}
		if on["Pung"] != off["Pung"] {
			t.Errorf("from %v: the pung weighed %+v with tempo, %+v without", from, on["Pung"], off["Pung"])
		}
	}
	const pungHeld = "1B 2B 3B 4C 5C 7C 7D 8D 9D 2D 5B 5B 5B"
	off, s := weigh(0, pungHeld, engine.WestSeat)
	on, _ := weigh(1, pungHeld, engine.WestSeat)
	k0, k1 := off["Kong"].Chance, on["Kong"].Chance
	if want := math.Min(1, k0/s); k0 <= 0 || math.Abs(k1-want) > 1e-9 {
		t.Errorf("the kong's chance %.5f with tempo, want %.5f (%.5f without)", k1, want, k0)
	}
}
