package game

import (
	"math"

	"mahjong/engine"
)

// Sprite is one tile as placed on the table.
type Sprite struct {
	Tile   engine.Tile
	Back   bool // face down
	R      Rect // footprint on screen (a wall stack: its lower tile)
	Q      int  // quarter turns clockwise (0 upright, 2 upside down)
	Pos    int  // the player's position (PosBottom..PosLeft); a wall stack: its side
	Kind   SpriteKind
	Index  int  // Hand: index in the hand; Set, Flower, Discard: index in that row; Wall: stack number from the start of the wall
	Mark   bool // highlighted: selected, latest discard, current player; a wall stack: part of the dead wall
	Layers int  // a wall stack: tiles left in it (1 or 2)
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
	SpriteTong                      // the tong box (East's), showing the round wind
)

func (k SpriteKind) String() string {
	return [...]string{"hand", "set", "flower", "discard", "wall", "tong"}[k]
}

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

	// Where the live wall starts (the NewHand message): the side of the
	// seat StartWall (0 East .. 3 North), StartStack stacks from that
	// side's right end as its owner sees it.
	StartWall, StartStack int
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
		buf = wallSprites(buf, l, g, int(ours), m.StartWall, m.StartStack)
	}
	for s := range engine.NumSeats {
		p := g.Players[s]
		if p == nil {
			continue
		}
		pos := RelPos(s, int(ours))
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
		current := g.Player == engine.Seat(s) && (g.Phase == engine.Discarding || g.Phase == engine.DeclaringSpecials)
		tong := g.HasStarted() && engine.Seat(s) == engine.EastSeat
		if l.Compact && pos != PosBottom {
			buf = compactRow(buf, l, p, pos, tiles, back, current, tong, g.Round)
		} else {
			buf = handRow(buf, l, m, pos, tiles, back, current)
			buf = setRow(buf, l, p, pos, tong, g.Round)
		}
		buf = discardSprites(buf, l, v, s, pos)
	}
	return buf
}

// handRow lays out the concealed tiles of the player at pos in their own
// row.
func handRow(buf []Sprite, l *TableLayout, m TableModel, pos int, tiles []engine.Tile, back, current bool) []Sprite {
	q := quarter(pos)
	hf := frame{l.Hands[pos], pos}
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
	return buf
}

// setRow lays out the declared sets (from the player's left) and the
// flowers and tong box (from the right) of the player at pos.
func setRow(buf []Sprite, l *TableLayout, p *engine.Player, pos int, tong bool, round engine.Wind) []Sprite {
	q := quarter(pos)
	sf := frame{l.Sets[pos], pos}
	n, gaps := setCount(p)
	nf := max(0, min(p.NumSpecials, len(p.Specials)))
	extra := nf
	if tong {
		extra++
	}
	sw := RowFit(sf.along(), n+extra, gaps+1, l.Small.W)
	st := Size{sw, math.Floor(sw * TileAspect)}
	buf, _ = appendSets(buf, sf, p, pos, q, st, 0)
	e := sf.along()
	if tong {
		e -= tongSide(st)
		buf = append(buf, tongSprite(sf, e, st, pos, round))
		e -= math.Floor(sw / 4)
	}
	for i := nf - 1; i >= 0; i-- {
		e -= sw
		buf = append(buf, Sprite{Tile: p.Specials[i], R: sf.slot(e, st, 0), Q: q, Pos: pos, Kind: SpriteFlower, Index: i})
	}
	return buf
}

// compactRow lays out everything of another player in one row (phones):
// sets from their left, then the concealed tiles (backs overlapping by
// half), then flowers and the tong box.
func compactRow(buf []Sprite, l *TableLayout, p *engine.Player, pos int, tiles []engine.Tile, back, current, tong bool, round engine.Wind) []Sprite {
	q := quarter(pos)
	f := frame{l.Hands[pos], pos}
	n, gaps := setCount(p)
	nf := max(0, min(p.NumSpecials, len(p.Specials)))
	step := 1.0
	if back {
		step = 0.5
	}
	units := float64(n) + 0.25*float64(gaps) + float64(nf)
	if len(tiles) > 0 {
		units += step*float64(len(tiles)-1) + 1
	}
	if nf > 0 {
		units += 0.25
	}
	if tong {
		units += 1.45
	}
	w := l.Small.W
	if units > 0 {
		w = math.Min(w, math.Floor(f.along()/units))
	}
	t := Size{w, math.Floor(w * TileAspect)}
	used := units * w
	d := math.Floor((f.along() - used) / 2)
	buf, d = appendSets(buf, f, p, pos, q, t, d)
	for i, tl := range tiles {
		r := f.slot(d, t, 0)
		buf = append(buf, Sprite{Tile: tl, Back: back || tl == engine.Blank, R: r, Q: q, Pos: pos, Kind: SpriteHand, Index: i,
			Mark: current && i == len(tiles)-1})
		if i < len(tiles)-1 {
			d += math.Round(w * step)
		} else {
			d += w
		}
	}
	if nf > 0 {
		d += math.Floor(w / 4)
	}
	for i := range nf {
		buf = append(buf, Sprite{Tile: p.Specials[i], R: f.slot(d, t, 0), Q: q, Pos: pos, Kind: SpriteFlower, Index: i})
		d += w
	}
	if tong {
		d += math.Floor(w / 4)
		buf = append(buf, tongSprite(f, d, t, pos, round))
	}
	return buf
}

// setCount returns the number of tiles in p's declared sets and the
// number of sets.
func setCount(p *engine.Player) (n, sets int) {
	for _, md := range p.Melds {
		if md.Kind == engine.NoMeld {
			continue
		}
		n += md.Kind.Size()
		sets++
	}
	return n, sets
}

// appendSets lays out p's declared sets along f from d; it returns the
// position after them (and a quarter-tile gap).
func appendSets(buf []Sprite, f frame, p *engine.Player, pos, q int, st Size, d float64) ([]Sprite, float64) {
	k := 0
	for _, md := range p.Melds {
		if md.Kind == engine.NoMeld {
			continue
		}
		ts, down := meldTiles(md)
		for i, tl := range ts {
			buf = append(buf, Sprite{Tile: tl, Back: down[i], R: f.slot(d, st, 0), Q: q, Pos: pos, Kind: SpriteSet, Index: k})
			d += st.W
			k++
		}
		d += math.Floor(st.W / 4)
	}
	return buf, d
}

// tongSprite is the tong box at d along f: a square of the row's tile
// width, centred in the row's thickness.
func tongSprite(f frame, d float64, t Size, pos int, round engine.Wind) Sprite {
	k := tongSide(t)
	r := f.slot(d, Size{k, k}, 0)
	if pos == PosLeft || pos == PosRight {
		r.X += (t.H - k) / 2
	} else {
		r.Y += (t.H - k) / 2
	}
	return Sprite{Kind: SpriteTong, R: r, Pos: pos, Index: int(round), Back: true}
}

// tongSide is the side of the tong box in a row of tiles of size t.
func tongSide(t Size) float64 { return math.Floor(math.Min(t.H, t.W*1.2)) }

// TongRect returns where the tong box of the East player at pos goes when
// that player has no flowers and the row is not shrunk.
func TongRect(l *TableLayout, pos int) Rect {
	f := frame{l.Sets[pos], pos}
	sw := l.Small.W
	t := Size{sw, l.Small.H}
	return tongSprite(f, f.along()-tongSide(t), t, pos, 0).R
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

// WallStack returns where stack k (counted from the start of the live
// wall) of a wall of the given number of stacks lies: the seat whose side
// it is on and its place on that side, counted from that side's right end
// as its owner sees it. The wall is used clockwise, as seen from above.
func WallStack(k, stacks, startWall, startStack int) (seat, j int) {
	per := max(1, stacks/4)
	seat = ((startWall % 4) + 4) % 4
	j = max(0, startStack) + k
	for j >= per {
		j -= per
		seat = (seat + 3) % 4
	}
	return seat, j
}

// wallSprites lays out the wall as a square of stacks of two tiles, one
// side in front of each player, seen from above: stacks already drawn
// leave gaps, live tiles from the start (StartWall, StartStack) going
// clockwise, loose tiles from the other end. Stacks of the dead wall are
// marked.
func wallSprites(buf []Sprite, l *TableLayout, g *engine.Game, ours, startWall, startStack int) []Sprite {
	size := g.Wall.Size()
	if size == 0 {
		return buf
	}
	stacks := (size + 1) / 2
	w := &g.Wall
	for k := range stacks {
		left := 0
		for _, i := range [2]int{2 * k, 2*k + 1} {
			if i < size && i >= w.LiveUsed && i < w.DeadEnd {
				left++
			}
		}
		if left == 0 {
			continue
		}
		r, pos := wallStackRect(l, k, stacks, ours, startWall, startStack)
		buf = append(buf, Sprite{Back: true, R: r, Q: quarter(pos), Pos: pos, Kind: SpriteWall, Index: k,
			Layers: left, Mark: 2*k >= w.LiveEnd})
	}
	return buf
}

// wallStackRect returns the footprint of the lower tile of wall stack k
// (of stacks in all) and the screen side it is on.
func wallStackRect(l *TableLayout, k, stacks, ours, startWall, startStack int) (Rect, int) {
	per := max(1, stacks/4)
	ring := l.WallRing
	wt, depth := l.WallTile.W, l.WallTile.H
	thick := math.Floor(depth * 1.2)
	off := math.Floor(float64(wallStacks-per) * wt / 2)
	seat, j := WallStack(k, stacks, startWall, startStack)
	pos := RelPos(seat, ours)
	d := off + float64(j)*wt
	switch pos {
	case PosBottom: // right to left
		return Rect{ring.X + ring.W - d - wt, ring.Y + ring.H - depth, wt, depth}, pos
	case PosLeft: // bottom to top
		return Rect{ring.X + (thick-depth)/2, ring.Y + ring.H - d - wt, depth, wt}, pos
	case PosTop: // left to right
		return Rect{ring.X + d, ring.Y + thick - depth, wt, depth}, pos
	}
	// The right side, top to bottom.
	return Rect{ring.X + ring.W - thick + (thick-depth)/2, ring.Y + d, depth, wt}, pos
}

// WallTileRect returns where wall tile i (an index in the wall) lies on
// the table for layout l, if the wall is drawn.
func WallTileRect(l *TableLayout, g *engine.Game, i, ours, startWall, startStack int) (Rect, bool) {
	size := g.Wall.Size()
	if !l.Wall || size == 0 || i < 0 || i >= size {
		return Rect{}, false
	}
	r, pos := wallStackRect(l, i/2, (size+1)/2, ours, startWall, startStack)
	return WallUpper(Sprite{R: r, Q: quarter(pos)}), true
}

// WallUpper returns where the upper tile of a wall stack sprite is drawn:
// a little higher on the screen than the lower one.
func WallUpper(sp Sprite) Rect {
	r := sp.R
	if sp.Q%2 == 0 {
		r.Y -= math.Round(r.H * 0.2)
	} else {
		r.Y -= math.Round(r.H * 0.16)
	}
	return r
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
