package ai

import (
	"math"
	"testing"
)

// TestDrawShare: a fully concealed ready hand (13 tiles) waits on 6B or
// 9B. Without drawShare each wait counts by its unseen copies and mixes
// the discard's and the own draw's scores two to one; with it, each
// wait counts by its chance per turn (our own draw plus three of the
// others' discards at the measured outflow) and the two scores mix by
// those parts, so the self-drawn score (the concealed hand's double)
// counts for less. Hard and Expert weigh them so; the levels below keep
// the fixed mix.
func TestDrawShare(t *testing.T) {
	for l := Beginner; l <= Expert; l++ {
		if on := paramsFor(l).drawShare > 0; on != (l >= Hard) {
			t.Errorf("%v: drawShare %v", l, paramsFor(l).drawShare)
		}
	}
	ps := position{hand: "1B 2B 3B 4C 5C 6C RD RD RD 5D 5D 7B 8B", used: 20}
	v := ps.view(t)
	r := New(Options{Level: Hard})
	x := r.load(v)
	c := x.hand
	a := &r.an
	a.Reset(&c, x.shape)
	if s := a.Shanten(); s != 0 {
		t.Fatalf("shanten %d, want a ready hand", s)
	}
	_, mask := a.Effective(0, &x.unseen)
	b6, b9 := Kind(mustTile(t, "6B")), Kind(mustTile(t, "9B"))
	if mask != 1<<b6|1<<b9 {
		t.Fatalf("waits %b, want 6B and 9B", mask)
	}
	r.sc.load(x.g, x.seat)
	r.sc.me.NoDiscard = false // as readyValue prices it
	var want0, want1, w0, w1 float64
	for _, k := range []int{b6, b9} {
		c[k]++
		disc, self := r.winScores(x, &c, x.shape, k, true, nil)
		c[k]--
		if self <= disc {
			t.Fatalf("kind %d: self-drawn %d not above the discard's %d", k, self, disc)
		}
		n := float64(x.unseen[k])
		want0 += n * float64((2*disc+self)/3)
		w0 += n
		own, others := n/float64(x.nUnseen), 3*outflow(k, int(x.unseen[k]), x.live)
		want1 += others*float64(disc) + own*float64(self)
		w1 += others + own
	}
	want0 /= w0
	want1 /= w1
	r.params.drawShare = 0
	got0 := r.readyValue(x, &c, &x.decl, mask, nil)
	r.params.drawShare = 1
	r.resetCaches(x)
	got1 := r.readyValue(x, &c, &x.decl, mask, nil)
	if math.Abs(got0-want0) > 1e-9 || math.Abs(got1-want1) > 1e-9 {
		t.Fatalf("readyValue %.3f and %.3f with drawShare, want %.3f and %.3f", got0, got1, want0, want1)
	}
	t.Logf("two to one %.2f, by how the waits come %.2f", got0, got1)
	if got1 >= got0 {
		t.Errorf("with drawShare %.2f, want below the two-to-one mix %.2f", got1, got0)
	}
}
