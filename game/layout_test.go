package game

import (
	"fmt"
	"testing"

	"mahjong/engine"
)

var screens = []struct {
	name string
	s    Screen
}{
	{"phone portrait", Screen{W: 390 * 3, H: 844 * 3, Scale: 3}},
	{"phone landscape", Screen{W: 844 * 3, H: 390 * 3, Scale: 3}},
	{"phone portrait 1x", Screen{W: 390, H: 844, Scale: 1}},
	{"desktop", Screen{W: 1280, H: 800, Scale: 1}},
	{"desktop hidpi", Screen{W: 2560, H: 1600, Scale: 2}},
	{"tablet", Screen{W: 768 * 2, H: 1024 * 2, Scale: 2}},
	{"phone landscape 1x", Screen{W: 844, H: 390, Scale: 1}},
	{"desktop 1080p", Screen{W: 1920, H: 1080, Scale: 1}},
}

func TestLayoutInsideScreen(t *testing.T) {
	for _, sc := range screens {
		for _, wall := range []WallMode{WallWhenRoom, WallAlways, WallNever} {
			for _, dp := range []DialogPos{DialogsCentral, DialogsBelow, DialogsPopup} {
				name := fmt.Sprintf("%s/wall%d/dialogs%d", sc.name, wall, dp)
				t.Run(name, func(t *testing.T) {
					l := LayoutTable(sc.s, wall, dp, 0)
					check := func(what string, r Rect) {
						t.Helper()
						if r.Empty() {
							t.Errorf("%s is empty: %+v", what, r)
						}
						if !r.Inside(l.Screen) {
							t.Errorf("%s %+v is outside the screen %+v", what, r, l.Screen)
						}
					}
					for p := range 4 {
						check(fmt.Sprintf("hand %d", p), l.Hands[p])
						check(fmt.Sprintf("sets %d", p), l.Sets[p])
						check(fmt.Sprintf("label %d", p), l.Labels[p])
						check(fmt.Sprintf("discards %d", p), l.Discards[p])
					}
					check("dialog", l.Dialog)
					check("center", l.Center)
					// Our rack holds 14 tiles.
					if n := int(l.Hands[PosBottom].W / l.Tile.W); n < 14 {
						t.Errorf("our rack holds %d tiles, want 14", n)
					}
					// Each side column holds 14 tiles (on a phone, where the
					// backs overlap by half and sets share the row, 13 backs).
					want := 14
					if l.Compact {
						want = 7
					}
					if n := int(l.Hands[PosLeft].H / l.Small.W); n < want {
						t.Errorf("the left column holds %d tiles, want %d", n, want)
					}
					if l.Tile.W < 20*sc.s.Scale {
						t.Errorf("our tiles are %.0f px wide, want at least 20 CSS px", l.Tile.W)
					}
				})
			}
		}
	}
}

func TestLayoutWallWhenRoom(t *testing.T) {
	tests := []struct {
		name string
		s    Screen
		mode WallMode
		want bool
	}{
		{"desktop", Screen{W: 1280, H: 800, Scale: 1}, WallWhenRoom, true},
		{"portrait phone", Screen{W: 390, H: 844, Scale: 1}, WallWhenRoom, false},
		{"landscape phone", Screen{W: 844, H: 390, Scale: 1}, WallWhenRoom, false},
		{"never", Screen{W: 1280, H: 800, Scale: 1}, WallNever, false},
		{"always on a phone", Screen{W: 390, H: 844, Scale: 1}, WallAlways, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := LayoutTable(tt.s, tt.mode, DialogsCentral, 0)
			if l.Wall != tt.want {
				t.Errorf("Wall = %v, want %v", l.Wall, tt.want)
			}
			if l.Wall && !l.WallRing.Inside(l.Table) {
				t.Errorf("wall ring %+v outside the table %+v", l.WallRing, l.Table)
			}
		})
	}
}

func TestDialogButtons(t *testing.T) {
	labels := []float64{70, 50, 50, 50, 90} // No claim, Chow, Pung, Kong, Mah Jong!
	for _, sc := range screens {
		for _, dp := range []DialogPos{DialogsCentral, DialogsBelow, DialogsPopup} {
			t.Run(fmt.Sprintf("%s/%d", sc.name, dp), func(t *testing.T) {
				l := LayoutTable(sc.s, WallWhenRoom, dp, 0)
				ws := make([]float64, len(labels))
				for i, w := range labels {
					ws[i] = w * sc.s.Scale
				}
				g := LayoutDialog(sc.s, l.Dialog, l.Font, DialogSpec{Lines: 2, Tile: true, Progress: true, Buttons: ws, TextW: 300 * sc.s.Scale}, l.Tile, dp)
				if !g.Box.Inside(l.Screen) {
					t.Errorf("dialog %+v outside the screen", g.Box)
				}
				for i, b := range g.Buttons {
					if b.W < MinButton*sc.s.Scale-0.5 || b.H < MinButton*sc.s.Scale-0.5 {
						t.Errorf("button %d is %.0f×%.0f px, want at least %d CSS px", i, b.W, b.H, MinButton)
					}
					if !b.Inside(g.Box) {
						t.Errorf("button %d %+v outside the dialog %+v", i, b, g.Box)
					}
					for j := range i {
						if overlap(b, g.Buttons[j]) {
							t.Errorf("buttons %d and %d overlap", i, j)
						}
					}
				}
			})
		}
	}
}

func overlap(a, b Rect) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

func TestStartLayout(t *testing.T) {
	for _, sc := range screens {
		t.Run(sc.name, func(t *testing.T) {
			g := LayoutStart(sc.s)
			scr := Rect{0, 0, sc.s.W, sc.s.H}
			if !g.Panel.Inside(scr) {
				t.Errorf("panel %+v outside the screen", g.Panel)
			}
			rs := []Rect{g.Start, g.Minus, g.Plus, g.Random}
			for _, r := range g.Levels {
				rs = append(rs, r)
			}
			for _, r := range g.Styles {
				rs = append(rs, r)
			}
			for _, r := range g.Fields {
				rs = append(rs, r)
			}
			for i, r := range rs {
				if !r.Inside(g.Panel) {
					t.Errorf("control %d %+v outside the panel %+v", i, r, g.Panel)
				}
				if r.H < MinButton*sc.s.Scale-0.5 {
					t.Errorf("control %d is %.0f px high", i, r.H)
				}
				for j := range i {
					if overlap(r, rs[j]) {
						t.Errorf("controls %d %+v and %d %+v overlap", i, r, j, rs[j])
					}
				}
			}
		})
	}
}

// fullView is a view in the middle of a busy hand: every seat with 13
// tiles, four kongs and eight flowers for us, long discard rows.
func fullView(t *testing.T) (*engine.View, []engine.Tile) {
	t.Helper()
	v := engine.NewView()
	v.ID = 1
	g := v.Game
	hand, err := engine.ParseTiles("1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW RD RD 5B")
	if err != nil {
		t.Fatal(err)
	}
	for s := range engine.NumSeats {
		p := &engine.Player{ID: s + 1, Name: fmt.Sprintf("P%d", s+1), Wind: engine.Seat(s).Wind(), Hidden: s != 0}
		p.NumConcealed = 13
		if s == 0 {
			copy(p.Concealed[:], hand)
		}
		for i := range 4 {
			p.Melds[i] = engine.Meld{Kind: engine.Kong, Tile: engine.NewTile(engine.Circles, i+1)}
		}
		p.NumSpecials = 8
		for i := range 4 {
			p.Specials[i] = engine.NewTile(engine.FlowerSuit, i+1)
			p.Specials[4+i] = engine.NewTile(engine.SeasonSuit, i+1)
		}
		g.Players[s] = p
		for i := range 30 {
			v.Discards[s] = append(v.Discards[s], engine.NewTile(engine.Bamboo, i%9+1))
		}
	}
	g.Phase = engine.Discarded
	g.Player = 2
	g.Round = engine.East
	return v, hand
}

func TestSpritesInsideScreen(t *testing.T) {
	v, hand := fullView(t)
	for _, sc := range screens {
		for _, wall := range []WallMode{WallNever, WallAlways} {
			t.Run(fmt.Sprintf("%s/%d", sc.name, wall), func(t *testing.T) {
				l := LayoutTable(sc.s, wall, DialogsCentral, 0)
				sp := BuildSprites(nil, &l, TableModel{View: v, Hand: hand, Selected: 3})
				counts := map[SpriteKind]int{}
				for _, s := range sp {
					counts[s.Kind]++
					// Each tile stays in its row (the selected tile rises
					// out of ours by the lift).
					var area Rect
					switch s.Kind {
					case SpriteHand:
						area = l.Hands[s.Pos]
						if s.Pos == PosBottom {
							area.Y -= l.Lift
							area.H += l.Lift
						}
					case SpriteSet, SpriteFlower, SpriteTong:
						area = l.Sets[s.Pos]
					case SpriteDiscard:
						area = l.Discards[s.Pos]
					}
					if !area.Empty() && !s.R.Inside(area) {
						t.Errorf("%v sprite %d of pos %d %+v outside its area %+v", s.Kind, s.Index, s.Pos, s.R, area)
					}
					if !s.R.Inside(l.Screen) {
						t.Errorf("%v sprite at %d (pos %d) %+v outside the screen", s.Kind, s.Index, s.Pos, s.R)
					}
				}
				if counts[SpriteHand] != 14+3*13 {
					t.Errorf("%d concealed tiles drawn, want %d", counts[SpriteHand], 14+3*13)
				}
				if counts[SpriteSet] != 4*16 || counts[SpriteFlower] != 4*8 {
					t.Errorf("sets %d flowers %d, want 64 and 32", counts[SpriteSet], counts[SpriteFlower])
				}
				if counts[SpriteTong] != 1 {
					t.Errorf("%d tong boxes, want 1", counts[SpriteTong])
				}
				if counts[SpriteDiscard] != 4*30 {
					t.Errorf("%d discards, want 120", counts[SpriteDiscard])
				}
				// No two tiles of one player's discards overlap.
				for i, a := range sp {
					for _, b := range sp[:i] {
						if a.Kind == SpriteDiscard && b.Kind == SpriteDiscard && overlap(a.R.Inset(0.5), b.R.Inset(0.5)) {
							t.Fatalf("discards overlap: %+v and %+v", a, b)
						}
					}
				}
				// Hit testing finds our tiles.
				for _, s := range sp {
					if s.Kind == SpriteHand && s.Pos == PosBottom {
						cx, cy := s.R.Center()
						if got := HandIndexAt(sp, cx, cy); got != s.Index {
							t.Errorf("HandIndexAt(centre of %d) = %d", s.Index, got)
						}
					}
				}
			})
		}
	}
}

func TestRelPos(t *testing.T) {
	tests := []struct{ seat, ours, want int }{
		{0, 0, PosBottom}, {1, 0, PosRight}, {2, 0, PosTop}, {3, 0, PosLeft},
		{0, 1, PosLeft}, {2, 3, PosLeft}, {3, 2, PosRight},
	}
	for _, tt := range tests {
		if got := RelPos(tt.seat, tt.ours); got != tt.want {
			t.Errorf("RelPos(%d, %d) = %d, want %d", tt.seat, tt.ours, got, tt.want)
		}
	}
}

func BenchmarkBuildSprites(b *testing.B) {
	v := engine.NewView()
	l := LayoutTable(Screen{W: 1280, H: 800, Scale: 1}, WallAlways, DialogsCentral, 0)
	var sp []Sprite
	for b.Loop() {
		sp = BuildSprites(sp[:0], &l, TableModel{View: v, Selected: -1})
	}
}
