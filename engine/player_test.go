package engine_test

import (
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"mahjong/engine"
)

// mustHand builds a visible player from a description in wire codes, in
// the shape of the original's tile summaries: concealed tiles in holding
// order, "*", the sets ("5C-5C-5C", "4C+4C+4C", "5C-5C-5C+5C" claimed
// kong, "5C-5C-5C-5C" annexed kong, "5C+5C+5C+5C", "1C-2C-3C",
// "1C+2C+3C", "RD-RD", "RD+RD"), "*", the specials. Trailing parts may be
// left out. A concealed part of "?N" makes a hidden player holding N
// tiles.
func mustHand(t testing.TB, desc string) *engine.Player {
	t.Helper()
	p := &engine.Player{ID: 1}
	p.NewHand(engine.East)
	parts := strings.Split(desc, "*")
	conc := strings.TrimSpace(parts[0])
	if n, ok := strings.CutPrefix(conc, "?"); ok {
		for range mustAtoi(t, n) {
			if err := p.DrawsTile(engine.Blank); err != nil {
				t.Fatal(err)
			}
		}
	} else {
		p.Hidden = false
		ts, err := engine.ParseTiles(conc)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range ts {
			if err := p.DrawsTile(x); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(parts) > 1 {
		for i, f := range strings.Fields(parts[1]) {
			p.Melds[i] = mustMeld(t, f)
		}
	}
	if len(parts) > 2 {
		ts, err := engine.ParseTiles(parts[2])
		if err != nil {
			t.Fatal(err)
		}
		p.NumSpecials = copy(p.Specials[:], ts)
	}
	return p
}

func mustMeld(t testing.TB, s string) engine.Meld {
	t.Helper()
	var ts engine.Tiles
	var seps []byte
	for i := 0; i < len(s); i += 3 {
		x := mustTile(t, s[i:i+2])
		ts = append(ts, x)
		if i+2 < len(s) {
			seps = append(seps, s[i+2])
		}
	}
	closed := seps[0] == '+'
	m := engine.Meld{Tile: ts[0]}
	switch {
	case len(ts) == 3 && ts[1] != ts[0]:
		m.Kind = ifElse(closed, engine.ClosedChow, engine.Chow)
	case len(ts) == 2:
		m.Kind = ifElse(closed, engine.ClosedPair, engine.Pair)
	case len(ts) == 3:
		m.Kind = ifElse(closed, engine.ClosedPung, engine.Pung)
	case len(ts) == 4:
		m.Kind = ifElse(closed, engine.ClosedKong, engine.Kong)
		m.Annexed = !closed && seps[2] == '-'
	default:
		t.Fatalf("bad set %q", s)
	}
	if got := m.String(); got != s {
		t.Fatalf("set %q reads back as %q", s, got)
	}
	return m
}

func ifElse[T any](c bool, a, b T) T {
	if c {
		return a
	}
	return b
}

// describeHand writes p in mustHand's notation, concealed tiles in holding
// order, with the flags that the moves change.
func describeHand(p *engine.Player) string {
	var b strings.Builder
	if p.Hidden {
		b.WriteString("?" + strconv.Itoa(p.NumConcealed))
	} else {
		b.WriteString(engine.Tiles(p.Concealed[:p.NumConcealed]).String())
	}
	b.WriteString(" *")
	for _, m := range p.Melds {
		if m.Kind != engine.NoMeld {
			b.WriteString(" " + m.String())
		}
	}
	b.WriteString(" * " + engine.Tiles(p.Specials[:p.NumSpecials]).String())
	if p.HandDeclared {
		b.WriteString(" declared")
	}
	if !p.NoDiscard {
		b.WriteString(" discarded")
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

func TestPlayerMoves(t *testing.T) {
	tests := []struct {
		name string
		hand string
		hint int // DiscardHint, if not 0
		move func(p *engine.Player, x engine.Tile) error
		tile string
		want string // resulting hand; "" = unchanged with an error
	}{
		{"draw appends", "5B 1C", 0, (*engine.Player).DrawsTile, "2B", "5B 1C 2B *  *"},
		{"draw loose appends", "5B 1C", 0, (*engine.Player).DrawsLooseTile, "9D", "5B 1C 9D *  *"},
		{"hidden draw counts", "?3", 0, (*engine.Player).DrawsTile, "--", "?4 *  *"},
		{"discard first copy", "1B 2B 1B 3B", 0, (*engine.Player).Discards, "1B", "2B 1B 3B *  * discarded"},
		{"discard at hint", "1B 2B 1B 3B", 2, (*engine.Player).Discards, "1B", "1B 2B 3B *  * discarded"},
		{"bad hint ignored", "1B 2B 1B 3B", 3, (*engine.Player).Discards, "1B", "2B 1B 3B *  * discarded"},
		{"hidden discard", "?14", 0, (*engine.Player).Discards, "5B", "?13 *  * discarded"},
		{"pung", "5C 1B 5C 2B", 0, (*engine.Player).Pungs, "5C", "1B 2B * 5C-5C-5C *"},
		{"pung declares last tiles", "5C 5C", 0, (*engine.Player).Pungs, "5C", "* 5C-5C-5C * declared"},
		{"closed pung", "4C 1B 4C 4C", 0, (*engine.Player).FormsClosedPung, "4C", "1B * 4C+4C+4C *"},
		{"pair", "RD 1B", 0, (*engine.Player).Pairs, "RD", "1B * RD-RD *"},
		{"closed pair", "RD 1B RD", 0, (*engine.Player).FormsClosedPair, "RD", "1B * RD+RD *"},
		{"kong", "5C 5C 1B 5C", 0, (*engine.Player).Kongs, "5C", "1B * 5C-5C-5C+5C *"},
		{"kong never declares", "5C 5C 5C", 0, (*engine.Player).Kongs, "5C", "* 5C-5C-5C+5C *"},
		{"closed kong", "5C 5C 1B 5C 5C", 0, (*engine.Player).DeclaresClosedKong, "5C", "1B * 5C+5C+5C+5C *"},
		{"add to pung", "1B 5C * 2B-3B-4B 5C-5C-5C", 0, (*engine.Player).AddsToPung, "5C", "1B * 2B-3B-4B 5C-5C-5C-5C *"},
		{"kong robbed", "1B * 5C-5C-5C-5C", 0, (*engine.Player).KongIsRobbed, "5C", "1B * 5C-5C-5C *"},
		{"closed kong robbed", "1B * 5C+5C+5C+5C", 0, (*engine.Player).KongIsRobbed, "5C", "1B * 5C+5C+5C *"},
		{"special", "1B 2F 3B", 0, (*engine.Player).DeclaresSpecial, "2F", "1B 3B *  * 2F"},
		{"hidden special", "?14 * * 1S", 0, (*engine.Player).DeclaresSpecial, "2F", "?13 *  * 1S 2F"},
		{"hidden pung", "?4", 0, (*engine.Player).Pungs, "EW", "?2 * EW-EW-EW *"},
		{"hidden pair declares", "?1", 0, (*engine.Player).Pairs, "EW", "?0 * EW-EW * declared"},
		{"chow lower", "7D 3D 2D 4D", 0, chowMove(engine.Lower), "2D", "7D 2D * 2D-3D-4D *"},
		{"chow middle", "7D 3D 2D 4D", 0, chowMove(engine.Middle), "3D", "7D 3D * 2D-3D-4D *"},
		{"chow upper", "7D 3D 2D 4D", 0, chowMove(engine.Upper), "4D", "7D 4D * 2D-3D-4D *"},
		{"closed chow", "7D 3D 2D 4D", 0, closedChowMove(engine.Lower), "2D", "7D * 2D+3D+4D *"},
		{"closed chow from the top", "7D 3D 2D 4D", 0, closedChowMove(engine.Upper), "4D", "7D * 2D+3D+4D *"},
		{"swap", "1B 2B 1B", 0, swapMove("9D"), "1B", "2B 1B 9D *  *"},
		{"shows tiles of hidden", "?3 * 1B-1B-1B", 0, showMove("1C 2C 3C"), "--", "1C 2C 3C * 1B-1B-1B * declared"},
		{"shows tiles of visible keeps them", "7B 8B", 0, showMove("1C 2C"), "--", "7B 8B * * declared"},
		// errors
		{"draw a 15th tile", "1B 1B 1B 2B 2B 2B 3B 3B 3B 4B 4B 4B 5B 5B", 0, (*engine.Player).DrawsTile, "6B", ""},
		{"visible draws blank", "1B", 0, (*engine.Player).DrawsTile, "--", ""},
		{"discard missing tile", "1B 2B", 0, (*engine.Player).Discards, "3B", ""},
		{"hidden discard without tiles", "?0", 0, (*engine.Player).Discards, "3B", ""},
		{"pung with one", "5C 1B", 0, (*engine.Player).Pungs, "5C", ""},
		{"closed pung with two", "5C 5C", 0, (*engine.Player).FormsClosedPung, "5C", ""},
		{"pair without tile", "5C", 0, (*engine.Player).Pairs, "6C", ""},
		{"kong with two", "5C 5C", 0, (*engine.Player).Kongs, "5C", ""},
		{"closed kong with three", "5C 5C 5C", 0, (*engine.Player).DeclaresClosedKong, "5C", ""},
		{"add without pung", "5C * 5C+5C+5C", 0, (*engine.Player).AddsToPung, "5C", ""},
		{"add without tile", "1B * 5C-5C-5C", 0, (*engine.Player).AddsToPung, "5C", ""},
		{"rob without kong", "1B * 5C-5C-5C", 0, (*engine.Player).KongIsRobbed, "5C", ""},
		{"declare a suit tile", "1B", 0, (*engine.Player).DeclaresSpecial, "1B", ""},
		{"declare missing special", "1B", 0, (*engine.Player).DeclaresSpecial, "1F", ""},
		{"chow an honour", "EW SW WW", 0, chowMove(engine.Lower), "EW", ""},
		{"chow lower of 8", "9B 7B", 0, chowMove(engine.Lower), "8B", ""},
		{"chow middle of 1", "2B 3B", 0, chowMove(engine.Middle), "1B", ""},
		{"chow upper of 2", "1B 3B", 0, chowMove(engine.Upper), "2B", ""},
		{"chow AnyPos", "3B 4B", 0, chowMove(engine.AnyPos), "2B", ""},
		{"chow missing tile", "3B 5B", 0, chowMove(engine.Lower), "2B", ""},
		{"closed chow needs the tile", "3B 4B", 0, closedChowMove(engine.Lower), "2B", ""},
		{"no room for an eighth set", "5C 5C * 1B+1B 2B+2B 3B+3B 4B+4B 5B+5B 6B+6B 7B+7B", 0, (*engine.Player).Pungs, "5C", ""},
		{"swap missing tile", "1B", 0, swapMove("9D"), "2B", ""},
		{"swap hidden", "?3", 0, swapMove("9D"), "2B", ""},
		{"show too many", "?1", 0, showMove("1B 1B 1B 2B 2B 2B 3B 3B 3B 4B 4B 4B 5B 5B 5B"), "--", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustHand(t, tt.hand)
			if tt.hint != 0 {
				p.DiscardHint = tt.hint
			}
			before := *p
			err := tt.move(p, mustTile(t, tt.tile))
			if tt.want == "" {
				if err == nil {
					t.Fatalf("no error; hand %s", describeHand(p))
				}
				if !strings.HasPrefix(err.Error(), "engine: ") {
					t.Errorf("error %q lacks the package prefix", err)
				}
				if *p != before {
					t.Errorf("failed move changed the player: %s", describeHand(p))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got, want := describeHand(p), strings.Join(strings.Fields(tt.want), " "); got != want {
				t.Errorf("got %q, want %q", got, want)
			}
		})
	}
}

func chowMove(pos engine.ChowPos) func(*engine.Player, engine.Tile) error {
	return func(p *engine.Player, x engine.Tile) error { return p.Chows(x, pos) }
}

func closedChowMove(pos engine.ChowPos) func(*engine.Player, engine.Tile) error {
	return func(p *engine.Player, x engine.Tile) error { return p.FormsClosedChow(x, pos) }
}

func swapMove(new string) func(*engine.Player, engine.Tile) error {
	return func(p *engine.Player, x engine.Tile) error {
		n, err := engine.ParseTile(new)
		if err != nil {
			return err
		}
		return p.SwapTile(x, n)
	}
}

func showMove(s string) func(*engine.Player, engine.Tile) error {
	return func(p *engine.Player, _ engine.Tile) error {
		ts, err := engine.ParseTiles(s)
		if err != nil {
			return err
		}
		return p.ShowsTiles(ts)
	}
}

func TestFirstTileDecidesHidden(t *testing.T) {
	var p engine.Player
	p.NewHand(engine.South)
	if !p.Hidden || !p.NoDiscard || p.HandScore != -1 || p.DiscardHint != -1 {
		t.Fatalf("NewHand: %+v", p)
	}
	if err := p.DrawsTile(mustTile(t, "5B")); err != nil || p.Hidden {
		t.Fatalf("real first tile: hidden %v, err %v", p.Hidden, err)
	}
	p.NewHand(engine.South)
	if err := p.DrawsTile(engine.Blank); err != nil || !p.Hidden || p.CountTile(engine.Blank) != -1 {
		t.Fatalf("blank first tile: hidden %v, err %v", p.Hidden, err)
	}
}

func TestCanMoves(t *testing.T) {
	p := mustHand(t, "2B 3B 5B 5B 5B 9D RD 1F * 7C-7C-7C")
	checks := []struct {
		name string
		ok   bool
		want bool
	}{
		{"pung 5B", p.CanPung(mustTile(t, "5B")), true},
		{"pung 9D", p.CanPung(mustTile(t, "9D")), false},
		{"closed pung 5B", p.CanFormClosedPung(mustTile(t, "5B")), true},
		{"kong 5B", p.CanKong(mustTile(t, "5B")), true},
		{"closed kong 5B", p.CanDeclareClosedKong(mustTile(t, "5B")), false},
		{"pair RD", p.CanPair(mustTile(t, "RD")), true},
		{"closed pair RD", p.CanFormClosedPair(mustTile(t, "RD")), false},
		{"chow 4B any", p.CanChow(mustTile(t, "4B"), engine.AnyPos), true},
		{"chow 4B lower", p.CanChow(mustTile(t, "4B"), engine.Lower), false},
		{"chow 1B any", p.CanChow(mustTile(t, "1B"), engine.AnyPos), true},
		{"chow 6B any", p.CanChow(mustTile(t, "6B"), engine.AnyPos), false},
		{"closed chow 3B any", p.CanFormClosedChow(mustTile(t, "3B"), engine.AnyPos), false},
		{"add 7C", p.CanAddToPung(mustTile(t, "7C")), false},
		{"special 1F", p.CanDeclareSpecial(mustTile(t, "1F")), true},
		{"special 2F", p.CanDeclareSpecial(mustTile(t, "2F")), false},
		{"discard RD", p.CanDiscard(mustTile(t, "RD")), true},
		{"discard WD", p.CanDiscard(mustTile(t, "WD")), false},
	}
	before := *p
	for _, c := range checks {
		if c.ok != c.want {
			t.Errorf("%s: got %v, want %v", c.name, c.ok, c.want)
		}
	}
	if *p != before {
		t.Error("a Can method changed the player")
	}
}

func TestMeldString(t *testing.T) {
	tests := []struct {
		m    engine.Meld
		want string
	}{
		{engine.Meld{Kind: engine.Pung, Tile: mustTile(t, "6C")}, "6C-6C-6C"},
		{engine.Meld{Kind: engine.ClosedPung, Tile: mustTile(t, "4C")}, "4C+4C+4C"},
		{engine.Meld{Kind: engine.Kong, Tile: mustTile(t, "5C")}, "5C-5C-5C+5C"},
		{engine.Meld{Kind: engine.Kong, Tile: mustTile(t, "5C"), Annexed: true}, "5C-5C-5C-5C"},
		{engine.Meld{Kind: engine.ClosedKong, Tile: mustTile(t, "5C")}, "5C+5C+5C+5C"},
		{engine.Meld{Kind: engine.Chow, Tile: mustTile(t, "1C")}, "1C-2C-3C"},
		{engine.Meld{Kind: engine.ClosedChow, Tile: mustTile(t, "7D")}, "7D+8D+9D"},
		{engine.Meld{Kind: engine.Pair, Tile: mustTile(t, "RD")}, "RD-RD"},
		{engine.Meld{Kind: engine.ClosedPair, Tile: mustTile(t, "RD")}, "RD+RD"},
		{engine.Meld{}, ""},
	}
	for _, tt := range tests {
		if got := tt.m.String(); got != tt.want {
			t.Errorf("%+v: got %q, want %q", tt.m, got, tt.want)
		}
	}
}

func TestTilesString(t *testing.T) {
	p := mustHand(t, "9D 1B 5C 1B * 6C-6C-6C 1C+2C+3C * 1F 3S")
	if got, want := p.TilesString(false), "1B 1B 5C 9D * 6C-6C-6C 1C+2C+3C * 1F 3S"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := p.TilesString(true), "-- -- -- -- * 6C-6C-6C 1C+2C+3C * 1F 3S"; got != want {
		t.Errorf("hidden: got %q, want %q", got, want)
	}
	if got := engine.Tiles(p.Concealed[:p.NumConcealed]).String(); got != "9D 1B 5C 1B" {
		t.Errorf("TilesString reordered the hand: %s", got)
	}
	q := mustHand(t, "?2")
	if got, want := q.TilesString(false), "-- -- * * "; got != want {
		t.Errorf("hidden player: got %q, want %q", got, want)
	}
	q = mustHand(t, "")
	if got, want := q.TilesString(false), " * * "; got != want {
		t.Errorf("empty: got %q, want %q", got, want)
	}
}

func TestSortTiles(t *testing.T) {
	p := mustHand(t, "RD 9D 1B 5C 1B 1F EW")
	p.SortTiles()
	if got, want := engine.Tiles(p.Concealed[:p.NumConcealed]).String(), "1B 1B 5C 9D EW RD 1F"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestCanMahJong(t *testing.T) {
	tests := []struct {
		hand       string
		tile       string
		sevenPairs bool
		want       bool
	}{
		{"1B 2B 3B 4C 4C 4C 7D 8D 9D EW EW RD RD", "RD", false, true},
		{"1B 2B 3B 4C 4C 4C 7D 8D 9D EW EW RD RD", "EW", false, true},
		{"1B 2B 3B 4C 4C 4C 7D 8D 9D EW EW RD RD", "WD", false, false},
		{"1B 2B 3B 4C 4C 4C 7D 8D 9D EW EW RD RD RD", "--", false, true},
		{"1B 1B 1B 2B 3B 4B 5B 6B 7B 8B 9B 9B 9B", "5B", false, true},
		{"1B 1B 1B 2B 3B 4B 5B 6B 7B 8B 9B 9B 9B", "1C", false, false},
		{"2B 3B * 5C-5C-5C 7D-8D-9D EW-EW-EW+EW * 1F", "GD", false, false},
		{"2B 3B GD * 5C-5C-5C 7D-8D-9D EW-EW-EW+EW * 1F", "GD", false, false},
		{"2B 3B GD GD * 5C-5C-5C 7D-8D-9D EW-EW-EW+EW", "4B", false, true},
		{"GD * 5C-5C-5C 7D-8D-9D EW-EW-EW+EW 1B-2B-3B", "GD", false, true},
		{"* 5C-5C-5C 7D-8D-9D EW-EW-EW+EW 1B-2B-3B GD-GD", "--", false, true},
		{"1B 1B 3C 3C 5D 5D EW EW RD RD 9B 9B 2C", "2C", false, false},
		{"1B 1B 3C 3C 5D 5D EW EW RD RD 9B 9B 2C", "2C", true, true},
		{"1B 1B 1B 1B 5D 5D EW EW RD RD 9B 9B 2C", "2C", true, true},
		{"1B 9B 1C 9C 1D 9D EW SW WW NW RD WD GD", "GD", false, true},
		{"1B 9B 1C 9C 1D 9D EW SW WW NW RD WD GD", "5B", false, false},
		{"1B 9B 1C 9C 1D 9D EW SW WW NW RD WD GD GD", "--", false, true},
		{"1B 9B 1C 9C 1D 9D EW SW WW RD WD GD GD", "NW", false, true},
		{"1B 9B 1C 9C 1D 9D EW SW WW RD WD GD GD", "GD", false, false},
		{"1F 2B 3B 4C 4C 4C 7D 8D 9D EW EW RD RD", "RD", false, false},
		{"?13", "RD", false, true},
		{"?13", "--", false, false},
		{"?14", "--", false, true},
		{"?2 * 5C-5C-5C 7D-8D-9D EW-EW-EW+EW 1B-2B-3B", "--", false, true},
		{"?1 * 5C-5C-5C 7D-8D-9D EW-EW-EW+EW 1B-2B-3B", "RD", false, true},
		{"?1 * 5C-5C-5C 7D-8D-9D EW-EW-EW+EW", "RD", false, false},
		{"?9 * RD+RD 5B+5B", "RD", true, true},
		{"?9 * RD+RD 5B+5B", "RD", false, false},
		{"", "--", false, false},
		{"", "RD", false, false},
	}
	for _, tt := range tests {
		p := mustHand(t, tt.hand)
		before := *p
		if got := p.CanMahJong(mustTile(t, tt.tile), tt.sevenPairs); got != tt.want {
			t.Errorf("%s + %s (seven pairs %v): got %v, want %v", tt.hand, tt.tile, tt.sevenPairs, got, tt.want)
		}
		if got := originalCanMahJong(p, mustTile(t, tt.tile), tt.sevenPairs); !p.Hidden && got != tt.want {
			t.Errorf("%s + %s: the original's search says %v", tt.hand, tt.tile, got)
		}
		if *p != before {
			t.Errorf("%s: CanMahJong changed the player", tt.hand)
		}
	}
}

// originalCanMahJong is the original's depth-first search written with
// the Player methods on copies, as slow and thorough as the original:
// use the tile in a pung, chow or pair, then form closed pungs, chows and
// pairs from each concealed tile in turn.
func originalCanMahJong(p *engine.Player, t engine.Tile, sevenPairs bool) bool {
	ok := false
	switch {
	case t == engine.Blank && p.NumConcealed <= 1:
		sets, pairs := 0, 0
		for _, m := range p.Melds {
			if m.Kind != engine.NoMeld {
				sets++
			}
			if m.Kind.Size() == 2 {
				pairs++
			}
		}
		ok = p.NumConcealed == 0 && (sets == 5 && pairs == 1 || sevenPairs && sets == 7 && pairs == 7)
	case t != engine.Blank:
		for _, use := range []func(*engine.Player) error{
			func(c *engine.Player) error { return c.Pungs(t) },
			func(c *engine.Player) error { return c.Chows(t, engine.Lower) },
			func(c *engine.Player) error { return c.Chows(t, engine.Middle) },
			func(c *engine.Player) error { return c.Chows(t, engine.Upper) },
			func(c *engine.Player) error { return c.Pairs(t) },
		} {
			c := *p
			if use(&c) == nil && originalCanMahJong(&c, engine.Blank, sevenPairs) {
				ok = true
				break
			}
		}
	default:
		// (Trying each kind once gives the original's answer faster
		// than trying each tile.)
		var tried [engine.MaxTile]bool
	search:
		for i := range p.NumConcealed {
			x := p.Concealed[i]
			if tried[x] {
				continue
			}
			tried[x] = true
			for _, form := range []func(*engine.Player) error{
				func(c *engine.Player) error { return c.FormsClosedPung(x) },
				func(c *engine.Player) error { return c.FormsClosedChow(x, engine.Lower) },
				func(c *engine.Player) error { return c.FormsClosedPair(x) },
			} {
				c := *p
				if form(&c) == nil && originalCanMahJong(&c, engine.Blank, sevenPairs) {
					ok = true
					break search
				}
			}
		}
	}
	if !ok && (p.NumConcealed == 13 && t != engine.Blank || p.NumConcealed == 14 && t == engine.Blank) {
		ok = p.CanThirteenWonders(t)
	}
	return ok
}

// TestCanMahJongMatchesOriginalSearch compares the fast search with the
// original's on random near-complete hands.
func TestCanMahJongMatchesOriginalSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	kinds := engine.AllTiles[:34]
	n := 2000
	if testing.Short() {
		n = 200
	}
	agree := [2]int{}
	for range n {
		// A few sets declared, the rest concealed, drawn from a
		// small range of tiles so that complete hands are common.
		base := rng.IntN(len(kinds) - 8)
		p := &engine.Player{}
		p.NewHand(engine.East)
		p.Hidden = false
		sets := rng.IntN(3)
		for i := range sets {
			p.Melds[i] = engine.Meld{Kind: engine.Pung, Tile: kinds[rng.IntN(len(kinds))]}
		}
		var count [engine.MaxTile]int
		for p.NumConcealed < 13-3*sets {
			x := kinds[base+rng.IntN(8)]
			if count[x] < 4 {
				count[x]++
				_ = p.DrawsTile(x)
			}
		}
		x := kinds[base+rng.IntN(8)]
		sp := rng.IntN(2) == 0
		got, want := p.CanMahJong(x, sp), originalCanMahJong(p, x, sp)
		if got != want {
			t.Fatalf("%s + %v (seven pairs %v): got %v, original %v", describeHand(p), x, sp, got, want)
		}
		agree[boolInt(got)]++
	}
	t.Logf("%d complete, %d incomplete", agree[1], agree[0])
}

func TestThirteenWonders(t *testing.T) {
	p := mustHand(t, "1B 9B 1C 9C 1D 9D EW SW WW NW RD WD")
	if p.CanThirteenWonders(mustTile(t, "GD")) {
		t.Error("12 + 1 tiles without a pair")
	}
	if p.CanThirteenWonders(engine.Blank) {
		t.Error("12 tiles")
	}
	_ = p.DrawsTile(mustTile(t, "GD"))
	if !p.CanThirteenWonders(mustTile(t, "1B")) {
		t.Error("13 + 1B")
	}
	if p.CanThirteenWonders(mustTile(t, "2B")) {
		t.Error("13 + 2B")
	}
}

func TestErrorsWrap(t *testing.T) {
	p := mustHand(t, "5C 1B")
	if err := p.Pungs(mustTile(t, "5C")); !errors.Is(err, engine.ErrNotEnoughTiles) {
		t.Errorf("got %v", err)
	}
	if err := p.Discards(mustTile(t, "9D")); !errors.Is(err, engine.ErrNoSuchTile) {
		t.Errorf("got %v", err)
	}
}

func BenchmarkCanMahJong(b *testing.B) {
	p := mustHand(b, "1B 1B 1B 2B 3B 4B 5B 6B 7B 8B 9B 9B 9B")
	q := mustHand(b, "1B 2B 3B 4C 4C 4C 7D 8D 9D EW SW RD RD")
	for b.Loop() {
		for _, x := range engine.AllTiles[:34] {
			p.CanMahJong(x, true)
			q.CanMahJong(x, false)
		}
	}
}

// mustAtoi reads a decimal number in a test fixture.
func mustAtoi(t testing.TB, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("bad number %q: %v", s, err)
	}
	return n
}

// mustTile reads a tile's wire code in a test fixture.
func mustTile(t testing.TB, s string) engine.Tile {
	t.Helper()
	x, err := engine.ParseTile(s)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// boolInt counts a bool as 0 or 1.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
