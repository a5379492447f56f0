package engine_test

import (
	"fmt"
	"slices"
	"testing"

	"mahjong/engine"
	"mahjong/internal/scripted"
)

// TestControllerAt checks that a controller started at a copy of a game
// in progress (NewControllerAt) is indistinguishable from the one that got
// there: after every request of a few scripted games' hands a copy is
// started, and
// from then to the end of the hand it is handed the same requests and
// must send every player the same messages.
func TestControllerAt(t *testing.T) {
	for seed := 1; seed <= 3; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			opts := engine.ServerOptions{Seed: seed}
			if seed == 3 {
				opts.OptionFile = noFlowers(t)
			}
			c := engine.NewController(opts)
			tb := scripted.NewTable(c)
			type fork struct {
				c     *engine.Controller
				cnxOf map[int]int // its connection by player id
			}
			var forks []*fork
			started, checked, refused := 0, 0, 0
			idOf := func(cnx int) int { // the player on a connection of the game
				for _, s := range tb.Seats {
					if s.Cnx == cnx {
						return s.ID
					}
				}
				return -1
			}
			tb.Trace = func(cnx int, a engine.Action, outs []engine.Output) {
				id := idOf(cnx)
				want := heard(outs, idOf)
				kept := forks[:0]
				for _, f := range forks {
					fg := f.c.Game()
					got := heard(f.c.Handle(f.cnxOf[id], a), func(cnx int) int { return fg.Players[cnx-1].ID })
					if !slices.Equal(got, want) {
						t.Fatalf("after %s from player %d, the copy sent\n%q\nthe game sent\n%q", a, id, got, want)
					}
					checked++
					if !handOver(outs) {
						kept = append(kept, f)
					}
				}
				forks = kept
				g := c.Game().Clone()
				fc, err := engine.NewControllerAt(g, opts)
				if err != nil {
					refused++
					return
				}
				f := &fork{c: fc, cnxOf: map[int]int{}}
				for i, p := range g.Players {
					f.cnxOf[p.ID] = i + 1
				}
				forks = append(forks, f)
				started++
			}
			if err := tb.Connect(ctlNames); err != nil {
				t.Fatal(err)
			}
			for tb.Hands() < 4 && !c.GameOver() {
				ok, err := tb.Step()
				if err != nil || !ok {
					t.Fatalf("step %d: %v (pending %v)", tb.Steps(), err, ok)
				}
			}
			if started < 500 || checked < 10000 || refused < 20 {
				t.Fatalf("only %d copies started, %d requests compared, %d states refused", started, checked, refused)
			}
		})
	}
}

// TestGameClone checks that a copy shares nothing with its game.
func TestGameClone(t *testing.T) {
	c := engine.NewController(engine.ServerOptions{Seed: 9})
	tb := scripted.NewTable(c)
	if err := tb.Connect(ctlNames); err != nil {
		t.Fatal(err)
	}
	for tb.Hands() < 1 || c.Game().Phase != engine.Discarded {
		if ok, err := tb.Step(); err != nil || !ok {
			t.Fatal(err)
		}
	}
	g := c.Game()
	before := fmt.Sprint(*g.Players[0], g.Wall.Tiles)
	cp := g.Clone()
	cp.Players[0].Concealed[0] = engine.Blank
	cp.Players[0].NumConcealed = 0
	cp.Wall.Tiles[0] = engine.Blank
	if after := fmt.Sprint(*g.Players[0], g.Wall.Tiles); after != before {
		t.Fatalf("changing the copy changed the game")
	}
}

// heard lists each output as "id: message", the id found by idOf.
func heard(outs []engine.Output, idOf func(cnx int) int) []string {
	var s []string
	for _, o := range outs {
		if o.Event != nil {
			s = append(s, fmt.Sprintf("%d: %s", idOf(o.Conn), o.Event))
		}
	}
	return s
}

func handOver(outs []engine.Output) bool {
	for _, o := range outs {
		switch o.Event.(type) {
		case engine.CSettlement, engine.CWashOut:
			return true
		}
	}
	return false
}
