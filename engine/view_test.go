package engine_test

import (
	"compress/gzip"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"mahjong/engine"
	"mahjong/engine/protocol"
	"mahjong/internal/oracle"
)

// TestViewsFollowController replays original games through the
// controller, gives every seat exactly the messages sent to it, and
// checks after every request that each seat's view agrees with the
// controller: its own tiles in holding order, everybody's declared sets
// and flowers, the others' tile counts, the phase and the wall.
func TestViewsFollowController(t *testing.T) {
	root, ok := oracle.Root()
	if !ok {
		t.Skip("no shared/oracle beside the repository")
	}
	dirs := []string{"g001", "g003", "scenarios/s07", "scenarios/s09"}
	for _, d := range dirs {
		dir := filepath.Join(root, d)
		t.Run(d, func(t *testing.T) { checkViews(t, dir) })
	}
}

func checkViews(t *testing.T, dir string) {
	opts, err := oracle.ServerOptions(dir)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(dir, "game.log.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := protocol.ReadLog(z)
	if err != nil {
		t.Fatal(err)
	}
	c := engine.NewController(opts)
	views := map[int]*engine.View{}
	for i, r := range recs {
		if r.Sent {
			continue
		}
		if views[r.Conn] == nil {
			c.Accept()
			views[r.Conn] = engine.NewView()
		}
		var outs []engine.Output
		if r.Line == "(null)" {
			outs = c.Lost(r.Conn)
		} else if a, err := protocol.ParseAction(r.Line); err != nil {
			outs = c.BadLine(r.Conn)
		} else {
			outs = c.Handle(r.Conn, a)
		}
		for _, o := range outs {
			if o.Event == nil {
				continue
			}
			if err := views[o.Conn].Apply(o.Event); err != nil {
				t.Fatalf("record %d: %v", i, err)
			}
		}
		if c.GameOver() {
			return
		}
		for _, v := range views {
			compareView(t, i, c.Game(), v)
		}
	}
}

func compareView(t *testing.T, rec int, g *engine.Game, v *engine.View) {
	t.Helper()
	if v.ID == 0 || g.Round == engine.NoWind || v.Game.Round == engine.NoWind {
		return
	}
	vg := v.Game
	if vg.Phase != g.Phase || vg.Player != g.Player || vg.LiveLeft() != g.LiveLeft() {
		t.Fatalf("record %d: view %d phase %s/%d/%d, controller %s/%d/%d\n%s", rec, v.ID,
			vg.Phase, vg.Player, vg.LiveLeft(), g.Phase, g.Player, g.LiveLeft(), v)
	}
	for s := range g.Players {
		cp, vp := g.Players[s], vg.Players[s]
		if cp.ID != vp.ID || cp.NumConcealed != vp.NumConcealed || cp.Melds != vp.Melds ||
			cp.Specials != vp.Specials || cp.CumulativeScore != vp.CumulativeScore {
			t.Fatalf("record %d: view %d disagrees about seat %d:\ncontroller %s\nview       %s\n%s",
				rec, v.ID, s, cp.TilesString(false), vp.TilesString(false), v)
		}
		if cp.ID == v.ID && !slices.Equal(cp.Concealed[:cp.NumConcealed], vp.Concealed[:vp.NumConcealed]) {
			t.Fatalf("record %d: view %d own tiles %s, controller %s", rec, v.ID,
				engine.Tiles(vp.Concealed[:vp.NumConcealed]), engine.Tiles(cp.Concealed[:cp.NumConcealed]))
		}
	}
}
