package game

import "math"

// This file holds the table's geometry: small pure functions from a
// screen size to rectangles, so that tests can check that nothing falls
// off a phone's screen without a GPU. Every length is in device pixels;
// Scale is the number of device pixels per CSS pixel.

// Rect is an axis-aligned rectangle in device pixels.
type Rect struct{ X, Y, W, H float64 }

// Contains reports whether the point (x, y) lies in r.
func (r Rect) Contains(x, y float64) bool {
	return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H
}

// Inside reports whether r lies within o (with a little rounding slack).
func (r Rect) Inside(o Rect) bool {
	const e = 0.5
	return r.X >= o.X-e && r.Y >= o.Y-e && r.X+r.W <= o.X+o.W+e && r.Y+r.H <= o.Y+o.H+e
}

// Overlaps reports whether r and o share some area.
func (r Rect) Overlaps(o Rect) bool {
	return r.X < o.X+o.W && o.X < r.X+r.W && r.Y < o.Y+o.H && o.Y < r.Y+r.H
}

// Empty reports whether r has no area.
func (r Rect) Empty() bool { return r.W <= 0 || r.H <= 0 }

// Center returns the middle of r.
func (r Rect) Center() (float64, float64) { return r.X + r.W/2, r.Y + r.H/2 }

// Inset returns r shrunk by d on every side.
func (r Rect) Inset(d float64) Rect {
	return Rect{r.X + d, r.Y + d, math.Max(0, r.W-2*d), math.Max(0, r.H-2*d)}
}

// Size is a width and a height in device pixels.
type Size struct{ W, H float64 }

// TileAspect is a tile's height over its width.
const TileAspect = 1.36

// Positions around the table, relative to us: the seat to our right plays
// after us.
const (
	PosBottom = iota // us
	PosRight
	PosTop
	PosLeft
)

// RelPos returns where seat sits on the screen when we sit at ours.
func RelPos(seat, ours int) int { return ((seat-ours)%4 + 4) % 4 }

// Screen is the drawing surface: its size in device pixels and the number
// of device pixels per CSS pixel.
type Screen struct {
	W, H  float64
	Scale float64
}

// CSS converts a length in CSS pixels to device pixels.
func (s Screen) CSS(v float64) float64 { return v * s.scale() }

func (s Screen) scale() float64 {
	if s.Scale <= 0 {
		return 1
	}
	return s.Scale
}

// Portrait reports whether the screen is taller than wide.
func (s Screen) Portrait() bool { return s.H > s.W }

// Phone reports whether the screen is phone-sized (its short side under
// 560 CSS pixels): the other players' tiles then share one row each.
func (s Screen) Phone() bool { return math.Min(s.W, s.H)/s.scale() < 560 }

// MinButton is the smallest side of a button, in CSS pixels (touch targets).
const MinButton = 44

// minFlatLabel is the narrowest a horizontal player label may be (CSS
// px): room for a wind, a short name and a score.
const minFlatLabel = 150

// TableLayout is where everything of the table goes on one screen.
// Arrays are indexed by position (PosBottom..PosLeft).
type TableLayout struct {
	Screen   Rect
	Tile     Size    // our concealed tiles
	Small    Size    // other players' concealed tiles, everybody's sets
	Disc     Size    // discards
	Font     float64 // body text size
	Big      float64 // claim announcement text size
	Lift     float64 // how far the selected tile rises
	Compact  bool    // phone: each other player's concealed tiles and sets share one row (Hands == Sets)
	Flat     bool    // the left and right players' labels are horizontal, in the top label row
	Hands    [4]Rect // concealed tiles (along the edge)
	Sets     [4]Rect // declared sets and flowers, in front of the concealed tiles
	Labels   [4]Rect // name, wind and score
	Discards [4]Rect // each player's discards
	Center   Rect    // the middle, inside the discards: round, wall count
	Table    Rect    // the area between the four players (discards, wall)
	Wall     bool    // the wall is drawn around the discards
	WallRing Rect    // the wall's outer edge when drawn
	WallTile Size    // one wall stack seen from above (upright, on our side)
	Dialog   Rect    // where a dialog of play is placed
	Menu     Rect    // the menu button (top left corner)
	Bar      Rect    // unused (kept for compatibility): empty
}

// DialogPos is where the dialogs of play appear.
type DialogPos int

// Dialog positions, as xmj's --dialogs-central, --dialogs-below, --dialogs-popup.
const (
	DialogsCentral DialogPos = iota
	DialogsBelow
	DialogsPopup
)

// WallMode says when the wall is drawn.
type WallMode int

// Wall display modes, as xmj's display option ShowWall.
const (
	WallWhenRoom WallMode = iota
	WallAlways
	WallNever
)

// LayoutOpts are the display options the table's geometry depends on.
type LayoutOpts struct {
	Wall       WallMode
	Dialogs    DialogPos
	Size       int  // rack length in tiles, 14..19; 0: automatic
	FlatLabels bool // do not rotate the left and right players' labels
}

// LayoutTable computes the table's rectangles for screen s. size is the
// preferred length of our rack in tiles (xmj's --size, 14..19; 0 = auto).
func LayoutTable(s Screen, wall WallMode, dpos DialogPos, size int) TableLayout {
	return LayoutTableOpts(s, LayoutOpts{Wall: wall, Dialogs: dpos, Size: size})
}

// wallStacks is the number of stacks on each side of a wall of 144 tiles.
const wallStacks = 18

// LayoutTableOpts computes the table's rectangles for screen s.
func LayoutTableOpts(s Screen, o LayoutOpts) TableLayout {
	var l TableLayout
	css := s.scale()
	cw, ch := s.W/css, s.H/css
	l.Screen = Rect{0, 0, s.W, s.H}
	l.Compact = s.Phone()
	l.Flat = o.FlatLabels
	m := math.Round(4 * css) // margin
	size := float64(o.Size)
	if o.Size < 14 || o.Size > 19 {
		size = 14.6 // 14 tiles and the gap before a drawn one
		if !l.Compact {
			size = 15.5
		}
	}

	// Font sizes: readable on a phone, a little larger on big screens.
	l.Font = math.Round(clamp(math.Min(cw, ch)/30, 13, 18) * css)
	l.Big = math.Round(l.Font * 2.4)
	label := math.Round(l.Font * 1.45)
	l.Menu = Rect{m, m, math.Round(MinButton * css), math.Round(MinButton * css)}

	below := 0.0
	if o.Dialogs == DialogsBelow {
		// One line of text, the timer, and the buttons in one row (two
		// on narrow screens).
		rows := 1.0
		if cw < 520 {
			rows = 2
		}
		below = math.Round(rows*MinButton*css + (rows-1)*8*css + l.Font*1.4 + 2*10*css + 2*8*css + 6*css + 2*m)
	}
	avail := s.H - below

	// Our tile: fill the width with the rack, but leave the table room.
	tw := (s.W - 2*m) / size
	switch {
	case s.Portrait():
		tw = math.Min(tw, avail/(TileAspect*9))
	case l.Compact:
		tw = math.Min(tw, avail/(TileAspect*8.4))
	default:
		tw = math.Min(tw, avail/(TileAspect*7.2))
	}
	tw = math.Floor(math.Min(tw, 60*css))
	th := math.Floor(tw * TileAspect)
	l.Tile = Size{tw, th}
	l.Lift = math.Round(th * 0.16)

	// The other players' tiles and everybody's sets.
	sw := math.Floor(tw * 0.72)
	if l.Compact {
		sw = math.Floor(math.Min(tw*0.85, 26*css))
	}
	sw = math.Max(sw, math.Floor(12*css))
	bottomH := m + th + l.Lift + m/2 + label + m // rack, lift, label (sets added below)
	topH := m + label + m                        // label (rows added below)
	rows := 2.0                                  // rows of the top player and of our sets
	if l.Compact {
		rows = 1
	}
	// The side columns hold their tiles between the top and bottom
	// areas: 14 concealed (a row of its own), or, compact, about 21 tile
	// lengths (backs overlap by half) in one row.
	need := 14.5
	if l.Compact {
		need = 21
	}
	k := avail - bottomH - topH - (rows+1)*sw*TileAspect
	if !l.Compact || s.Portrait() {
		sw = math.Min(sw, math.Floor(k/(need+(rows+1)*TileAspect)))
	} else {
		// A landscape phone: the short side columns shrink their own
		// tiles as they fill; the rows above and below set the size.
		sw = math.Min(sw, math.Floor(0.72*tw))
	}
	sw = math.Max(math.Floor(12*css), sw)
	l.Small = Size{sw, math.Floor(sw * TileAspect)}
	sh := l.Small.H

	// On a wide screen the players sit around a table not much wider than
	// it is high (and at least as wide as our rack); the rest is margin.
	fx, fw := m, s.W-2*m
	if !l.Compact && !s.Portrait() {
		sideBlock := 2*sh + m/2 + m
		if !l.Flat {
			sideBlock += label + m/2
		}
		tableH := avail - bottomH - sh - topH - 2*sh - m
		fw = clamp(math.Max(1.15*tableH+2*sideBlock, math.Ceil(size*tw)), 0, s.W-2*m)
		fx = math.Round((s.W - fw) / 2)
	}

	// Bottom: rack at the edge, sets in front, label in front of those.
	y := avail - m
	l.Hands[PosBottom] = Rect{fx, y - th, fw, th}
	y -= th + l.Lift + m/2
	l.Sets[PosBottom] = Rect{fx, y - sh, fw, sh}
	y -= sh
	l.Labels[PosBottom] = Rect{fx, y - label, fw, label}
	bottomEdge := y - label - m/2

	// Top: rack at the edge (clear of the menu button), sets, label.
	inset := math.Max(0, l.Menu.X+l.Menu.W+m-fx)
	y = m
	l.Hands[PosTop] = Rect{fx + inset, y, fw - 2*inset, sh}
	if l.Compact {
		l.Sets[PosTop] = l.Hands[PosTop]
		y += sh
	} else {
		y += sh + m/2
		l.Sets[PosTop] = Rect{fx + inset, y, fw - 2*inset, sh}
		y += sh
	}
	y = math.Max(y, l.Menu.Y+l.Menu.H-label)
	lx, lw := fx+inset, fw-2*inset // clear of the menu button
	l.Labels[PosTop] = Rect{lx, y, lw, label}
	topEdge := y + label + m/2
	if l.Flat {
		// The three other labels share the top row when each gets room
		// for a name and a score; on a narrow screen the side players'
		// labels take a second row, half the width each.
		third := math.Floor(lw / 3)
		if third >= minFlatLabel*css {
			l.Labels[PosLeft] = Rect{lx, y, third, label}
			l.Labels[PosTop] = Rect{lx + third, y, lw - 2*third, label}
			l.Labels[PosRight] = Rect{lx + lw - third, y, third, label}
		} else {
			y2 := y + label
			half := math.Floor((fw - m) / 2)
			l.Labels[PosLeft] = Rect{fx, y2, half, label}
			l.Labels[PosRight] = Rect{fx + fw - half, y2, half, label}
			topEdge += label
		}
	}

	// Sides: columns of sideways tiles between the top and bottom areas.
	side := Rect{0, topEdge, s.W, bottomEdge - topEdge}
	x := fx
	l.Hands[PosLeft] = Rect{x, side.Y, sh, side.H}
	if l.Compact {
		l.Sets[PosLeft] = l.Hands[PosLeft]
		x += sh
	} else {
		x += sh + m/2
		l.Sets[PosLeft] = Rect{x, side.Y, sh, side.H}
		x += sh
	}
	if !l.Flat {
		x += m / 2
		l.Labels[PosLeft] = Rect{x, side.Y, label, side.H}
		x += label
	}
	leftEdge := x + m
	x = fx + fw - sh
	l.Hands[PosRight] = Rect{x, side.Y, sh, side.H}
	if l.Compact {
		l.Sets[PosRight] = l.Hands[PosRight]
	} else {
		x -= sh + m/2
		l.Sets[PosRight] = Rect{x, side.Y, sh, side.H}
	}
	if !l.Flat {
		x -= label + m/2
		l.Labels[PosRight] = Rect{x, side.Y, label, side.H}
	}
	rightEdge := x - m

	l.Table = Rect{leftEdge, topEdge, math.Max(0, rightEdge-leftEdge), math.Max(0, bottomEdge-topEdge)}
	maxDisc := math.Min(tw*0.9, math.Max(sw, 30*css))
	minCenter := Size{math.Round(100 * css), math.Round(l.Font * 3.6)}

	// Room for a central dialog: in the middle of the discards if that
	// costs little, else (portrait) in a band of the table below them.
	dlgC := Size{math.Min(l.Table.W*0.8, 280*css), math.Round(120 * css)}
	place := func(inner Rect) ([4]Rect, Rect, Size, Rect) {
		z, c, d := discardZones(inner, maxDisc, minCenter)
		if o.Dialogs != DialogsCentral {
			return z, c, d, Rect{}
		}
		if bz, bc, bd := discardZones(inner, maxDisc, Size{math.Max(minCenter.W, dlgC.W), math.Max(minCenter.H, dlgC.H)}); bd.W >= 0.75*d.W {
			return bz, bc, bd, bc
		}
		band := math.Round(150 * css)
		if s.Portrait() && inner.H > 2.5*band {
			up := Rect{inner.X, inner.Y, inner.W, inner.H - band}
			z, c, d = discardZones(up, maxDisc, minCenter)
			return z, c, d, Rect{inner.X, inner.Y + inner.H - band, inner.W, band}
		}
		if wb := math.Round(330 * css); !s.Portrait() && inner.W > 2*wb {
			// Beside the discards, on the right.
			left := Rect{inner.X, inner.Y, inner.W - wb, inner.H}
			if bz, bc, bd := discardZones(left, maxDisc, minCenter); bd.W >= 0.65*d.W {
				return bz, bc, bd, Rect{inner.X + inner.W - wb, inner.Y, wb, inner.H}
			}
		}
		return z, c, d, Rect{}
	}

	// Discards without the wall.
	zones, center, disc, dlgArea := place(l.Table)
	l.Discards, l.Center, l.Disc = zones, center, disc

	// The wall, when drawn, is a square of stacks around the discards.
	if o.Wall != WallNever {
		sq := math.Min(l.Table.W, l.Table.H) - 2*m
		wt := math.Floor(sq / (wallStacks + 1.6*TileAspect))
		depth := math.Floor(wt * TileAspect)
		thick := math.Floor(depth * 1.2) // a stack with its upper tile
		side := float64(wallStacks)*wt + thick
		cx, cy := l.Table.Center()
		ring := Rect{math.Round(cx - side/2), math.Round(cy - side/2), side, side}
		inner := ring.Inset(thick + m)
		wz, wc, wd, wa := place(inner)
		// Always means as long as the discards inside stay legible.
		show := wt >= 3 && !inner.Empty() && wd.W >= 10*css
		if o.Wall == WallWhenRoom {
			show = show && !l.Compact && wt >= 12*css && wd.W >= math.Max(22*css, 0.8*disc.W)
		}
		if show {
			l.Wall = true
			l.WallRing = ring
			l.WallTile = Size{wt, depth}
			l.Discards, l.Center, l.Disc = wz, wc, wd
			dlgArea = wa
		}
	}

	// Dialogs.
	switch o.Dialogs {
	case DialogsBelow:
		l.Dialog = Rect{m, s.H - below, s.W - 2*m, below - m}
	case DialogsPopup:
		// A floating panel near our hand (LayoutDialog puts it at the
		// bottom right of this area; the player may move it).
		top := l.Table.Y
		l.Dialog = Rect{m, top, s.W - 2*m, l.Labels[PosBottom].Y - m/2 - top}
	default:
		w := math.Min(s.W-2*m, math.Max(l.Table.W, 340*css))
		w = math.Min(w, 560*css)
		cx, _ := l.Table.Center()
		l.Dialog = Rect{math.Max(m, cx-w/2), l.Table.Y, w, l.Table.H}
		if !dlgArea.Empty() && dlgArea.W < 0.95*l.Table.W {
			// In the middle of the discards, or beside them.
			l.Dialog = dlgArea
		} else if !dlgArea.Empty() {
			// Centred on its band, as wide as the screen allows.
			_, cy := dlgArea.Center()
			h := math.Max(dlgArea.H, 120*css)
			l.Dialog = Rect{math.Max(m, cx-w/2), math.Max(l.Table.Y, cy-h/2), w, h}
		}
	}
	return l
}

// discardZones lays out the discards in area inner as a compact cross
// around the centre: a row zone above and below the centre (the top and
// bottom players'), a column zone on each side spanning both. It finds the
// largest discard tile, at most max wide, with which every zone holds 24
// tiles and the centre keeps at least minCenter; the cross is centred in
// inner and each zone gets up to a row more outwards for long hands.
func discardZones(inner Rect, max float64, minCenter Size) ([4]Rect, Rect, Size) {
	const want = 24
	for w := math.Floor(max); w >= 4; w-- {
		h := math.Floor(w * TileAspect)
		for cols := 1; cols <= 4; cols++ {
			a := float64(cols) * h
			cW := math.Min(inner.W-2*a, math.Max(minCenter.W, 12*w))
			if cW < minCenter.W {
				break
			}
			perRow := int(cW / w)
			if perRow <= 0 {
				continue
			}
			rows := (want + perRow - 1) / perRow
			b := float64(rows) * h
			perCol := (want + cols - 1) / cols
			cH := math.Max(minCenter.H, float64(perCol)*w-2*b)
			if cH+2*b > inner.H {
				continue
			}
			// Spare room outwards, up to a row.
			ea := math.Min(h, math.Floor((inner.W-2*a-cW)/2))
			eb := math.Min(h, math.Floor((inner.H-2*b-cH)/2))
			ix, iy := inner.Center()
			c := Rect{math.Round(ix - cW/2), math.Round(iy - cH/2), math.Round(cW), math.Round(cH)}
			var z [4]Rect
			z[PosTop] = Rect{c.X, c.Y - b - eb, c.W, b + eb}
			z[PosBottom] = Rect{c.X, c.Y + c.H, c.W, b + eb}
			z[PosLeft] = Rect{c.X - a - ea, c.Y - b - eb, a + ea, c.H + 2*(b+eb)}
			z[PosRight] = Rect{c.X + c.W, c.Y - b - eb, a + ea, c.H + 2*(b+eb)}
			return z, c, Size{w, h}
		}
	}
	// Nothing fits: tiny tiles, no centre to speak of.
	var z [4]Rect
	w := 4.0
	a := math.Floor(inner.W * 0.25)
	b := math.Floor(inner.H * 0.25)
	z[PosBottom] = Rect{inner.X + a, inner.Y + inner.H - b, inner.W - 2*a, b}
	z[PosTop] = Rect{inner.X + a, inner.Y, inner.W - 2*a, b}
	z[PosLeft] = Rect{inner.X, inner.Y, a, inner.H}
	z[PosRight] = Rect{inner.X + inner.W - a, inner.Y, a, inner.H}
	return z, Rect{inner.X + a, inner.Y + b, inner.W - 2*a, inner.H - 2*b}, Size{w, w * TileAspect}
}

// RowFit returns the tile width with which n tiles (and gaps extra gap
// widths of a quarter tile) fit along length, at most want.
func RowFit(length float64, n int, gaps int, want float64) float64 {
	if n <= 0 {
		return want
	}
	need := float64(n) + float64(gaps)*0.25
	return math.Min(want, math.Floor(length/need))
}

// GridSlot returns the rectangle of the i-th tile in a zone filled in rows
// of tiles of size t (unrotated footprint), left to right, rows top down.
// It returns false when the zone is full.
func GridSlot(z Rect, t Size, i int) (Rect, bool) {
	cols := int(z.W / t.W)
	rows := int(z.H / t.H)
	if cols <= 0 || rows <= 0 || i >= cols*rows {
		return Rect{}, false
	}
	c, r := i%cols, i/cols
	return Rect{z.X + float64(c)*t.W, z.Y + float64(r)*t.H, t.W, t.H}, true
}

func gridCap(w, h, cw, ch float64) int {
	return int(w/cw) * int(h/ch)
}

// FitGrid shrinks t until n tiles fit in z.
func FitGrid(z Rect, t Size, n int) Size {
	for t.W > 4 && gridCap(z.W, z.H, t.W, t.H) < n {
		t = Size{t.W - 1, (t.W - 1) * t.H / t.W}
	}
	return t
}

func clamp(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }
