package game

import (
	"math"

	"mahjong/engine"
)

// Sprite is one tile as placed on the table.
type Sprite struct {
	Tile  engine.Tile
	Back  bool // face down
	R     Rect // footprint on screen
	Q     int  // quarter turns clockwise (0 upright, 2 upside down)
	Pos   int  // the player's position (PosBottom..PosLeft)
	Kind  SpriteKind
	Index int  // Hand: index in our hand; Discard: index in the row
	Mark  bool // highlighted: selected, latest discard, current player
}

// SpriteKind says what a sprite is part of.
type SpriteKind uint8

// Sprite kinds.
const (
	SpriteHand    SpriteKind = iota // concealed tile
	SpriteSet                       // tile of a declared set
	SpriteFlower                    // flower or season
	SpriteDiscard                   // discard
	SpriteWall                      // wall stack
)

// frame maps positions along a row (d, in pixels from the player's left)
// to screen rectangles for a player at position pos.
type frame struct {
	r   Rect
	pos int
}

// quarter returns the rotation of tiles of the player at pos.
func quarter(pos int) int {
	return [4]int{0, 3, 2, 1}[pos&3]
}

// along returns the length of the row.
func (f frame) along() float64 {
	if f.pos == PosLeft || f.pos == PosRight {
		return f.r.H
	}
	return f.r.W
}

// slot returns the footprint of a tile of size t (upright size) at d
// along the row, pushed off the row's edge by across (towards the centre
// for across > 0 is not needed here).
func (f frame) slot(d float64, t Size, lift float64) Rect {
	r := f.r
	switch f.pos {
	case PosTop:
		return Rect{r.X + r.W - d - t.W, r.Y + lift, t.W, t.H}
	case PosLeft:
		return Rect{r.X + lift, r.Y + d, t.H, t.W}
	case PosRight:
		return Rect{r.X - lift, r.Y + r.H - d - t.W, t.H, t.W}
	}
	return Rect{r.X + d, r.Y - lift, t.W, t.H}
}

// meldTiles lists the tiles of a declared set, and which are face down.
func meldTiles(m engine.Meld) ([]engine.Tile, []bool) {
	n := m.Kind.Size()
	ts := make([]engine.Tile, n)
	down := make([]bool, n)
	for i := range ts {
		ts[i] = m.Tile
		if m.Kind == engine.Chow || m.Kind == engine.ClosedChow {
			ts[i] = m.Tile + engine.Tile(i)
		}
	}
	if m.Kind == engine.ClosedKong {
		down[0], down[3] = true, true
	}
	return ts, down
}

// TableModel is what the sprites are built from: the table as one seat
// sees it, plus our hand's order and selection from the client.
type TableModel struct {
	View     *engine.View
	Hand     []engine.Tile // our concealed tiles, display order
	Selected int           // index in Hand, -1 none
	Lift     int           // Hand index lifted by a drag (-1 none)
}

// BuildSprites places every tile of the table for layout l. The result
// is appended to buf. Tiles that do not fit their area are shrunk.
func BuildSprites(buf []Sprite, l *TableLayout, m TableModel) []Sprite {
	v := m.View
	g := v.Game
	ours := v.Seat()
	if ours == engine.NoSeat {
		ours = 0
	}
	if l.Wall {
		buf = wallSprites(buf, l, g)
	}
	for s := range engine.NumSeats {
		p := g.Players[s]
		if p == nil {
			continue
		}
		pos := RelPos(s, int(ours))
		q := quarter(pos)
		// Concealed tiles.
		hf := frame{l.Hands[pos], pos}
		var tiles []engine.Tile
		back := p.Hidden
		if s == int(ours) && p.ID == v.ID {
			tiles = m.Hand
			back = false
		} else {
			tiles = p.Concealed[:max(0, min(p.NumConcealed, engine.MaxConcealed))]
			if back {
				tiles = tiles[:0:0]
				for range p.NumConcealed {
					tiles = append(tiles, engine.Blank)
				}
			}
		}
		size := l.Small
		if pos == PosBottom {
			size = l.Tile
		}
		w := RowFit(hf.along(), len(tiles), 0, size.W)
		t := Size{w, math.Floor(w * TileAspect)}
		start := math.Floor((hf.along() - w*float64(len(tiles))) / 2)
		if pos == PosBottom {
			start = 0
		}
		current := g.Player == engine.Seat(s) && (g.Phase == engine.Discarding || g.Phase == engine.DeclaringSpecials)
		for i, tl := range tiles {
			lift := 0.0
			mark := false
			if pos == PosBottom && i == m.Selected {
				lift, mark = math.Min(math.Round(t.H*0.18), l.Lift), true
			}
			if pos != PosBottom && current && i == len(tiles)-1 {
				mark = true
			}
			r := hf.slot(start+float64(i)*w, t, lift)
			buf = append(buf, Sprite{Tile: tl, Back: back || tl == engine.Blank, R: r, Q: q, Pos: pos, Kind: SpriteHand, Index: i, Mark: mark})
		}
		// Sets to the player's left, flowers to the right.
		sf := frame{l.Sets[pos], pos}
		var sets []Sprite
		n := 0
		gaps := 0
		for _, md := range p.Melds {
			if md.Kind == engine.NoMeld {
				continue
			}
			n += md.Kind.Size()
			gaps++
		}
		nf := max(0, min(p.NumSpecials, len(p.Specials)))
		tong := g.Players[s] != nil && engine.Seat(s) == engine.EastSeat
		extra := nf
		if tong {
			extra++
		}
		sw := RowFit(sf.along(), n+extra, gaps+1, l.Small.W)
		st := Size{sw, math.Floor(sw * TileAspect)}
		d := 0.0
		for _, md := range p.Melds {
			if md.Kind == engine.NoMeld {
				continue
			}
			ts, down := meldTiles(md)
			for i, tl := range ts {
				sets = append(sets, Sprite{Tile: tl, Back: down[i], R: sf.slot(d, st, 0), Q: q, Pos: pos, Kind: SpriteSet})
				d += sw
			}
			d += math.Floor(sw / 4)
		}
		// Flowers from the right end.
		e := sf.along()
		if tong {
			e -= sw + math.Floor(sw/4)
		}
		for i := nf - 1; i >= 0; i-- {
			e -= sw
			sets = append(sets, Sprite{Tile: p.Specials[i], R: sf.slot(e, st, 0), Q: q, Pos: pos, Kind: SpriteFlower})
		}
		buf = append(buf, sets...)
		// Discards.
		buf = discardSprites(buf, l, v, s, pos)
	}
	return buf
}

// TongRect returns where the tong box of the East player at pos goes.
func TongRect(l *TableLayout, pos int) Rect {
	f := frame{l.Sets[pos], pos}
	sw := l.Small.W
	r := f.slot(f.along()-sw, Size{sw, sw}, 0)
	// Square, centred in the row's thickness.
	switch pos {
	case PosLeft, PosRight:
		r.X += (l.Small.H - sw) / 2
	default:
		r.Y += (l.Small.H - sw) / 2
	}
	return r
}

// discardSprites lays out the discards of seat s at position pos.
func discardSprites(buf []Sprite, l *TableLayout, v *engine.View, s, pos int) []Sprite {
	row := v.Discards[s]
	if len(row) == 0 {
		return buf
	}
	z := l.Discards[pos]
	t := l.Disc
	g := v.Game
	latest := g.Phase == engine.Discarded && int(g.Player) == s && g.Konging == engine.NotKonging
	foot := t
	if pos == PosLeft || pos == PosRight {
		foot = Size{t.H, t.W}
	}
	// Shrink when a long hand overflows the zone.
	foot = FitGrid(z, foot, len(row))
	t = foot
	if pos == PosLeft || pos == PosRight {
		t = Size{foot.H, foot.W}
	}
	along := z.W
	if pos == PosLeft || pos == PosRight {
		along = z.H
	}
	cols := max(1, int(along/t.W))
	// Centre the rows along the zone.
	off := math.Floor((along - float64(min(cols, len(row)))*t.W) / 2)
	if len(row) > cols {
		off = math.Floor((along - float64(cols)*t.W) / 2)
	}
	for i, tl := range row {
		c, r := i%cols, i/cols
		d := off + float64(c)*t.W
		a := float64(r) * t.H
		var rr Rect
		switch pos {
		case PosBottom: // rows from the centre (top of the zone) down
			rr = Rect{z.X + d, z.Y + a, t.W, t.H}
		case PosTop:
			rr = Rect{z.X + z.W - d - t.W, z.Y + z.H - a - t.H, t.W, t.H}
		case PosLeft:
			rr = Rect{z.X + z.W - a - t.H, z.Y + d, t.H, t.W}
		case PosRight:
			rr = Rect{z.X + a, z.Y + z.H - d - t.W, t.H, t.W}
		}
		buf = append(buf, Sprite{Tile: tl, R: rr, Q: quarter(pos), Pos: pos, Kind: SpriteDiscard, Index: i,
			Mark: latest && i == len(row)-1})
	}
	return buf
}

// wallSprites draws the wall as a square ring of stacks: index 0 is at
// the right end of our side and the wall runs anticlockwise as seen from
// above (the order in which it is dealt). Drawn tiles leave gaps.
func wallSprites(buf []Sprite, l *TableLayout, g *engine.Game) []Sprite {
	size := g.Wall.Size()
	if size == 0 {
		return buf
	}
	stacks := (size + 1) / 2
	side := (stacks + 3) / 4
	ring := l.WallRing
	wt := math.Floor(ring.W / float64(side+2))
	th := math.Floor(wt * TileAspect * 0.8)
	used := g.Wall.LiveUsed
	end := g.Wall.DeadEnd
	for k := range stacks {
		left := 0
		for _, i := range [2]int{2 * k, 2*k + 1} {
			if i < size && i >= used && i < end {
				left++
			}
		}
		if left == 0 {
			continue
		}
		sd, j := k/side, k%side
		var r Rect
		x0 := ring.X + (ring.W-float64(side)*wt)/2
		y0 := ring.Y + (ring.H-float64(side)*wt)/2
		q := 0
		switch sd {
		case 0: // our side, right to left
			r = Rect{x0 + float64(side-1-j)*wt, ring.Y + ring.H - th, wt, th}
		case 1: // right side, bottom to top
			r = Rect{ring.X + ring.W - th, y0 + float64(side-1-j)*wt, th, wt}
			q = 1
		case 2: // across, left to right
			r = Rect{x0 + float64(j)*wt, ring.Y, wt, th}
		default: // left side, top to bottom
			r = Rect{ring.X, y0 + float64(j)*wt, th, wt}
			q = 1
		}
		buf = append(buf, Sprite{Back: true, R: r, Q: q, Kind: SpriteWall, Index: left})
	}
	return buf
}

// HandIndexAt returns the index in our hand of the tile at (x, y), or -1.
func HandIndexAt(sp []Sprite, x, y float64) int {
	for _, s := range sp {
		if s.Kind == SpriteHand && s.Pos == PosBottom && s.R.Contains(x, y) {
			return s.Index
		}
	}
	return -1
}

// HandInsertAt returns the index in our hand where a tile dropped at x
// goes (the nearest slot).
func HandInsertAt(sp []Sprite, x float64) int {
	best, bd := -1, math.Inf(1)
	for _, s := range sp {
		if s.Kind == SpriteHand && s.Pos == PosBottom {
			cx, _ := s.R.Center()
			if d := math.Abs(cx - x); d < bd {
				best, bd = s.Index, d
			}
		}
	}
	return best
}

// SpriteAt returns the topmost face-up sprite at (x, y).
func SpriteAt(sp []Sprite, x, y float64) (Sprite, bool) {
	for i := len(sp) - 1; i >= 0; i-- {
		if !sp[i].Back && sp[i].Tile.Valid() && sp[i].R.Contains(x, y) {
			return sp[i], true
		}
	}
	return Sprite{}, false
}
