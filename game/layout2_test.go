package game

import (
	"fmt"
	"testing"

	"golang.org/x/image/font/gofont/gomono"

	"github.com/golang/freetype/truetype"

	"mahjong/engine"
	"mahjong/game/client"
)

// cssScreens are the sizes the table must work at, in CSS pixels, each at
// a few device pixel ratios.
var cssScreens = []struct {
	name string
	w, h float64
}{
	{"phone portrait", 390, 844},
	{"phone landscape", 844, 390},
	{"tablet", 768, 1024},
	{"laptop", 1280, 800},
	{"desktop", 1920, 1080},
}

func forScreens(t *testing.T, f func(t *testing.T, s Screen, o LayoutOpts)) {
	for _, sc := range cssScreens {
		for _, scale := range []float64{1, 2, 3} {
			for _, dp := range []DialogPos{DialogsCentral, DialogsBelow, DialogsPopup} {
				for _, wall := range []WallMode{WallWhenRoom, WallAlways, WallNever} {
					for _, flat := range []bool{false, true} {
						s := Screen{W: sc.w * scale, H: sc.h * scale, Scale: scale}
						o := LayoutOpts{Wall: wall, Dialogs: dp, FlatLabels: flat}
						t.Run(fmt.Sprintf("%s@%gx/dialogs%d/wall%d/flat%v", sc.name, scale, dp, wall, flat), func(t *testing.T) {
							f(t, s, o)
						})
					}
				}
			}
		}
	}
}

// TestLayoutNoOverlap checks that the parts of the table stay on the
// screen and apart: hands, sets and labels of different players, the
// discard zones, the centre and the menu button.
func TestLayoutNoOverlap(t *testing.T) {
	forScreens(t, func(t *testing.T, s Screen, o LayoutOpts) {
		l := LayoutTableOpts(s, o)
		type part struct {
			name string
			r    Rect
		}
		var parts []part
		for p := range 4 {
			parts = append(parts, part{fmt.Sprintf("hand %d", p), l.Hands[p]}, part{fmt.Sprintf("label %d", p), l.Labels[p]},
				part{fmt.Sprintf("discards %d", p), l.Discards[p]})
			if l.Sets[p] != l.Hands[p] {
				parts = append(parts, part{fmt.Sprintf("sets %d", p), l.Sets[p]})
			}
		}
		parts = append(parts, part{"centre", l.Center}, part{"menu", l.Menu})
		for i, a := range parts {
			if a.r.Empty() || !a.r.Inside(l.Screen) {
				t.Errorf("%s %+v is empty or off the screen", a.name, a.r)
			}
			for _, b := range parts[:i] {
				if a.r.Inset(0.5).Overlaps(b.r.Inset(0.5)) {
					t.Errorf("%s %+v overlaps %s %+v", a.name, a.r, b.name, b.r)
				}
			}
		}
		if l.Menu.W < MinButton*s.Scale-0.5 || l.Menu.H < MinButton*s.Scale-0.5 {
			t.Errorf("the menu button is %.0f×%.0f px", l.Menu.W, l.Menu.H)
		}
		if l.Wall && !l.WallRing.Inside(l.Table) {
			t.Errorf("wall %+v outside the table %+v", l.WallRing, l.Table)
		}
		// Legible tiles: ours at least 24 CSS px wide, discards 14.
		if l.Tile.W < 24*s.Scale {
			t.Errorf("our tiles are %.1f CSS px wide", l.Tile.W/s.Scale)
		}
		minDisc := 14.0
		if o.Wall == WallAlways && l.Wall {
			minDisc = 10 // the player asked for the wall
		}
		if l.Disc.W < minDisc*s.Scale {
			t.Errorf("discards are %.1f CSS px wide", l.Disc.W/s.Scale)
		}
		if l.Small.W < 12*s.Scale {
			t.Errorf("other players' tiles are %.1f CSS px wide", l.Small.W/s.Scale)
		}
		// Labels have room for a wind, a name and a score.
		for p := range 4 {
			if w := l.Labels[p].W / s.Scale; (o.FlatLabels || p == PosTop || p == PosBottom) && w < minFlatLabel-0.5 {
				t.Errorf("label %d is %.0f CSS px wide", p, w)
			}
		}
		// The dialog area is on the screen.
		if !l.Dialog.Inside(l.Screen) {
			t.Errorf("dialog area %+v off the screen", l.Dialog)
		}
	})
}

// TestDialogAllPositions lays out the largest dialog (a claim with five
// buttons, a tile and the timer) everywhere: on the screen, buttons of 44
// CSS px, apart and inside the dialog; a popup's title bar and hide
// button too, however far it has been dragged.
func TestDialogAllPositions(t *testing.T) {
	labels := []float64{70, 50, 50, 50, 90}
	forScreens(t, func(t *testing.T, s Screen, o LayoutOpts) {
		l := LayoutTableOpts(s, o)
		ws := make([]float64, len(labels))
		for i, w := range labels {
			ws[i] = w * s.Scale
		}
		for _, side := range []int{PosTop, PosLeft, PosRight} {
			for _, off := range [][2]float64{{0, 0}, {-1e5, -1e5}, {1e5, 1e5}} {
				spec := DialogSpec{Lines: 2, Tile: true, TileSide: side, Progress: true, Buttons: ws, TextW: 300 * s.Scale, DX: off[0], DY: off[1]}
				g := LayoutDialog(s, l.Dialog, l.Font, spec, l.Small, o.Dialogs)
				if !g.Box.Inside(l.Screen) {
					t.Fatalf("side %d offset %v: dialog %+v off the screen", side, off, g.Box)
				}
				rs := append([]Rect(nil), g.Buttons...)
				if o.Dialogs == DialogsPopup {
					if g.Title.Empty() || g.Hide.Empty() {
						t.Fatal("the popup has no title bar or hide button")
					}
					rs = append(rs, g.Hide)
				}
				for i, b := range rs {
					if b.W < MinButton*s.Scale-0.5 || b.H < MinButton*s.Scale-0.5 {
						t.Errorf("button %d is %.0f×%.0f px", i, b.W, b.H)
					}
					if !b.Inside(g.Box) {
						t.Errorf("button %d %+v outside the dialog %+v", i, b, g.Box)
					}
					for j := range i {
						if overlap(b, rs[j]) {
							t.Errorf("buttons %d and %d overlap", i, j)
						}
					}
				}
				if !g.Tile.Empty() {
					for i, b := range rs {
						if overlap(g.Tile, b) {
							t.Errorf("the tile %+v overlaps button %d %+v", g.Tile, i, b)
						}
					}
				}
			}
		}
	})
}

func TestWallStack(t *testing.T) {
	tests := []struct {
		k, startWall, startStack int
		seat, j                  int
	}{
		{0, 0, 5, 0, 5},
		{12, 0, 5, 0, 17},
		{13, 0, 5, 3, 0}, // clockwise: East's wall, then North's
		{13 + 18, 0, 5, 2, 0},
		{0, 2, 20, 1, 2}, // a first hand's long count wraps
		{71, 1, 0, 2, 17},
	}
	for _, tt := range tests {
		seat, j := WallStack(tt.k, 72, tt.startWall, tt.startStack)
		if seat != tt.seat || j != tt.j {
			t.Errorf("WallStack(%d, 72, %d, %d) = %d, %d, want %d, %d", tt.k, tt.startWall, tt.startStack, seat, j, tt.seat, tt.j)
		}
	}
}

// TestWallSprites checks the wall's stacks: inside the ring, apart, the
// drawn ones gone from the start, the loose ones from the end, the dead
// wall marked.
func TestWallSprites(t *testing.T) {
	for _, sc := range []Screen{{W: 1280, H: 800, Scale: 1}, {W: 1920 * 2, H: 1080 * 2, Scale: 2}, {W: 390, H: 844, Scale: 1}} {
		l := LayoutTableOpts(sc, LayoutOpts{Wall: WallAlways})
		if !l.Wall {
			t.Fatalf("%v: no wall", sc)
		}
		v := engine.NewView()
		g := v.Game
		g.Wall = *engine.NewWall(make(engine.Tiles, 144), true, false)
		for range 53 {
			g.Wall.DrawLive()
		}
		g.Wall.DrawLoose()
		sp := wallSprites(nil, &l, g, 1, 2, 7)
		if len(sp) != 72-26-0 {
			// 53 live tiles: 26 stacks gone and one half; one loose tile: the last stack halved.
			t.Errorf("%v: %d stacks, want %d", sc, len(sp), 72-26)
		}
		dead := 0
		for i, s := range sp {
			if !s.R.Inside(l.WallRing) || !WallUpper(s).Inside(l.Table) {
				t.Errorf("%v: stack %d %+v outside the wall %+v", sc, s.Index, s.R, l.WallRing)
			}
			for _, o := range sp[:i] {
				if s.R.Inset(0.5).Overlaps(o.R.Inset(0.5)) {
					t.Errorf("%v: stacks %d and %d overlap", sc, s.Index, o.Index)
				}
			}
			if s.Mark {
				dead++
			}
			switch s.Index {
			case 26, 71:
				if s.Layers != 1 {
					t.Errorf("stack %d has %d tiles, want 1", s.Index, s.Layers)
				}
			default:
				if s.Layers != 2 {
					t.Errorf("stack %d has %d tiles, want 2", s.Index, s.Layers)
				}
			}
		}
		if dead != 7 {
			t.Errorf("%v: %d dead wall stacks, want 7", sc, dead)
		}
		if r, ok := WallTileRect(&l, g, 53, 1, 2, 7); !ok || !r.Inside(l.Table) {
			t.Errorf("WallTileRect(53) = %+v, %v", r, ok)
		}
	}
}

// TestPlanFlights checks that a drawn tile flies from the wall to its
// place in the hand, hiding it until it lands, and that a discard flies
// from the hand to the last discard.
func TestPlanFlights(t *testing.T) {
	l := LayoutTableOpts(Screen{W: 1280, H: 800, Scale: 1}, LayoutOpts{Wall: WallAlways})
	v, hand := fullView(t)
	v.Game.Wall = *engine.NewWall(make(engine.Tiles, 144), true, false)
	old := BuildSprites(nil, &l, TableModel{View: v, Hand: hand[:13], Selected: -1})
	cur := BuildSprites(nil, &l, TableModel{View: v, Hand: hand, Selected: 13})
	wallAt := func(i int) (Rect, bool) { return WallTileRect(&l, v.Game, i, 0, 0, 0) }
	fs, slot := planFlights(nil, []animReq{{kind: animDraw, pos: PosBottom, tile: hand[13], wall: 60}}, old, cur, l.Center, wallAt, 100, 0)
	if len(fs) != 1 {
		t.Fatalf("%d flights, want 1", len(fs))
	}
	f := fs[0]
	want, _ := wallAt(60)
	if cx, cy := f.from.Center(); !want.Contains(cx, cy) {
		t.Errorf("the draw starts at %+v, want the wall tile %+v", f.from, want)
	}
	if f.hide != (spriteKey{SpriteHand, PosBottom, 13}) || f.tile != hand[13] || f.back {
		t.Errorf("the draw flight is %+v", f)
	}
	if slot != 101 {
		t.Errorf("next slot %d, want 101", slot)
	}
	for range f.n + f.wait {
		stepFlights(&fs)
	}
	if len(fs) != 0 {
		t.Errorf("the flight has not landed after %d ticks", f.n)
	}
	// A discard by the right-hand player.
	fs, _ = planFlights(nil, []animReq{{kind: animDiscard, pos: PosRight, tile: engine.Blank}}, old, cur, l.Center, wallAt, 0, 0)
	if len(fs) != 1 || fs[0].hide != (spriteKey{SpriteDiscard, PosRight, 29}) {
		t.Fatalf("discard flights %+v", fs)
	}
	if !fs[0].from.Overlaps(l.Hands[PosRight]) {
		t.Errorf("the discard starts at %+v, not in the hand %+v", fs[0].from, l.Hands[PosRight])
	}
}

// TestMonoColumns checks that the Scoring window's font has one advance
// for every character, so that the controller's columns line up.
func TestMonoColumns(t *testing.T) {
	if _, err := truetype.Parse(gomono.TTF); err != nil {
		t.Fatal(err)
	}
	g := newGfx()
	adv := g.monoAdvance(14)
	if adv <= 0 {
		t.Fatalf("advance %v", adv)
	}
	fc := g.monoFace(14)
	for _, r := range "iW0 .(" {
		a, ok := fc.GlyphAdvance(r)
		if !ok || float64(a)/64 != adv {
			t.Errorf("advance of %q is %v, want %v", r, float64(a)/64, adv)
		}
	}
}

func TestMahJongPossible(t *testing.T) {
	hand, err := engine.ParseTiles("1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW RD RD")
	if err != nil {
		t.Fatal(err)
	}
	v := engine.NewView()
	v.ID = 1
	p := &engine.Player{ID: 1, Wind: engine.East, NumConcealed: 13}
	copy(p.Concealed[:], hand)
	v.Game.Players[0] = p
	mj := []client.Button{{Act: client.ActNoClaim, Enabled: true}, {Act: client.ActMahJong, Enabled: true}}
	tests := []struct {
		name string
		p    client.Prompt
		want bool
	}{
		{"claim completing", client.Prompt{Kind: client.Claim, Tile: engine.RedDragon, Buttons: mj}, true},
		{"claim not completing", client.Prompt{Kind: client.Claim, Tile: engine.WhiteDragon, Buttons: mj}, false},
		{"no mah-jong button", client.Prompt{Kind: client.Claim, Tile: engine.RedDragon, Buttons: mj[:1]}, false},
		{"ready", client.Prompt{Kind: client.Ready}, false},
	}
	for _, tt := range tests {
		if got := mahJongPossible(v, &tt.p); got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
	// Our turn with the drawn tile completing the hand.
	p.Concealed[13] = engine.EastWind
	p.NumConcealed = 14
	d := client.Prompt{Kind: client.Discard, Buttons: []client.Button{{Act: client.ActDiscard}, {Act: client.ActMahJong, Enabled: true}}}
	if !mahJongPossible(v, &d) {
		t.Error("a complete hand on our turn: no alert")
	}
}
