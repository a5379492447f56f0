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

// MinButton is the smallest side of a button, in CSS pixels (touch targets).
const MinButton = 44

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
	Hands    [4]Rect // concealed tiles (along the edge)
	Sets     [4]Rect // declared sets and flowers, in front of the concealed tiles
	Labels   [4]Rect // name, wind and score
	Discards [4]Rect // each player's discards
	Center   Rect    // the middle, inside the discards: tong box, wall count
	Table    Rect    // the area between the four players (discards, wall)
	Wall     bool    // the wall is drawn around the discards
	WallRing Rect    // the wall's outer edge when drawn
	Dialog   Rect    // where a dialog of play is placed
	Bar      Rect    // the top bar (menu button, status); empty if none
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

// LayoutTable computes the table's rectangles for screen s. size is the
// preferred length of our rack in tiles (xmj's --size, 14..19; 0 = auto).
func LayoutTable(s Screen, wall WallMode, dpos DialogPos, size int) TableLayout {
	var l TableLayout
	css := s.scale()
	l.Screen = Rect{0, 0, s.W, s.H}
	m := math.Round(4 * css) // margin
	if size < 14 || size > 19 {
		size = 15
	}

	// Font sizes: readable on a phone, a little larger on big screens.
	l.Font = math.Round(clamp(math.Min(s.W, s.H)/css/32, 14, 18) * css)
	l.Big = math.Round(l.Font * 2.2)
	label := math.Round(l.Font * 1.45)
	l.Bar = Rect{}

	below := 0.0
	if dpos == DialogsBelow {
		// One line of text, the timer, and the buttons in one row (two
		// on narrow screens).
		rows := 1.0
		if s.W/css < 520 {
			rows = 2
		}
		below = math.Round(rows*MinButton*css + (rows-1)*8*css + l.Font*1.4 + 2*10*css + 2*8*css + 6*css + 2*m)
	}

	// Our tile: fill the width with the rack, but leave the table room.
	tw := (s.W - 2*m) / (float64(size) + 0.5)
	var th float64
	if s.Portrait() {
		tw = math.Min(tw, (s.H-below)/(TileAspect*9))
	} else {
		tw = math.Min(tw, (s.H-below)/(TileAspect*7.2))
	}
	tw = math.Floor(math.Min(tw, 60*css))
	th = math.Floor(tw * TileAspect)
	l.Tile = Size{tw, th}
	sw := math.Floor(tw * 0.72)
	if s.Portrait() {
		sw = math.Floor(tw * 0.78)
	}
	l.Lift = math.Round(th * 0.16)
	// The side columns hold 14 tiles between the top and bottom areas,
	// which take three rows of small tiles (top rack and sets, our sets).
	k := s.H - below - (m + th + l.Lift + m/2 + label + m) - (3*m + label + m)
	sw = math.Min(sw, math.Floor(k/(14+3*TileAspect)))
	l.Small = Size{sw, math.Floor(sw * TileAspect)}
	sh := l.Small.H

	// Bottom: rack at the edge, sets in front, label in front of those.
	y := s.H - m - below
	l.Hands[PosBottom] = Rect{m, y - th, s.W - 2*m, th}
	y -= th + l.Lift + m/2
	l.Sets[PosBottom] = Rect{m, y - sh, s.W - 2*m, sh}
	y -= sh
	l.Labels[PosBottom] = Rect{m, y - label, s.W - 2*m, label}
	bottomEdge := y - label - m

	// Top: rack at the edge, sets, label.
	y = m
	l.Hands[PosTop] = Rect{m, y, s.W - 2*m, sh}
	y += sh + m
	l.Sets[PosTop] = Rect{m, y, s.W - 2*m, sh}
	y += sh
	l.Labels[PosTop] = Rect{m, y, s.W - 2*m, label}
	topEdge := y + label + m

	// Sides: columns of sideways tiles between the top and bottom areas.
	side := Rect{0, topEdge, s.W, bottomEdge - topEdge}
	x := m
	l.Hands[PosLeft] = Rect{x, side.Y, sh, side.H}
	x += sh + m/2
	l.Sets[PosLeft] = Rect{x, side.Y, sh, side.H}
	x += sh + m/2
	l.Labels[PosLeft] = Rect{x, side.Y, label, side.H}
	leftEdge := x + label + m
	x = s.W - m - sh
	l.Hands[PosRight] = Rect{x, side.Y, sh, side.H}
	x -= sh + m/2
	l.Sets[PosRight] = Rect{x, side.Y, sh, side.H}
	x -= label + m/2
	l.Labels[PosRight] = Rect{x, side.Y, label, side.H}
	rightEdge := x - m

	l.Table = Rect{leftEdge, topEdge, math.Max(0, rightEdge-leftEdge), math.Max(0, bottomEdge-topEdge)}
	inner := l.Table

	// The wall, when drawn, is a ring of stacks around the discards.
	sq := math.Min(inner.W, inner.H)
	wt := math.Floor(sq / 21)                   // wall tile width
	ring := math.Floor(wt*TileAspect*0.8) + 2*m // thickness taken by one side of the wall
	switch wall {
	case WallAlways:
		l.Wall = wt >= 3
	case WallWhenRoom:
		l.Wall = !s.Portrait() && wt >= 14*css && inner.W >= 1.6*inner.H
	}
	if l.Wall {
		side := math.Min(inner.W, inner.H)
		cx, cy := inner.Center()
		l.WallRing = Rect{cx - side/2, cy - side/2, side, side}
		inner = Rect{inner.X, inner.Y + ring, inner.W, inner.H - 2*ring}
		if inner.W > side-2*ring {
			inner = Rect{cx - side/2 + ring, inner.Y, side - 2*ring, inner.H}
		}
	}

	// Discards: a cross of four zones around the centre.
	a := math.Floor(inner.W * 0.24)
	b := math.Floor(inner.H * 0.24)
	if s.Portrait() {
		a = math.Floor(inner.W * 0.22)
		b = math.Floor(inner.H * 0.26)
	}
	l.Discards[PosBottom] = Rect{inner.X + a, inner.Y + inner.H - b, inner.W - 2*a, b}
	l.Discards[PosTop] = Rect{inner.X + a, inner.Y, inner.W - 2*a, b}
	l.Discards[PosLeft] = Rect{inner.X, inner.Y, a, inner.H}
	l.Discards[PosRight] = Rect{inner.X + inner.W - a, inner.Y, a, inner.H}
	l.Center = Rect{inner.X + a, inner.Y + b, inner.W - 2*a, inner.H - 2*b}
	l.Disc = discardSize(l.Discards, l.Tile.W)

	// Dialogs.
	switch dpos {
	case DialogsBelow:
		l.Dialog = Rect{m, s.H - below, s.W - 2*m, below - m}
	case DialogsPopup:
		w := math.Min(s.W-2*m, 460*css)
		l.Dialog = Rect{(s.W - w) / 2, l.Table.Y, w, l.Table.H}
	default:
		w := math.Min(s.W-2*m, math.Max(l.Table.W, 340*css))
		w = math.Min(w, 520*css)
		cx, _ := l.Table.Center()
		l.Dialog = Rect{cx - w/2, l.Table.Y, w, l.Table.H}
	}
	return l
}

// discardSize returns the largest discard tile (at most our tile's width)
// with which every zone holds at least 24 tiles; the side zones hold them
// sideways.
func discardSize(z [4]Rect, max float64) Size {
	for w := math.Floor(max * 0.9); w > 4; w-- {
		h := math.Floor(w * TileAspect)
		ok := true
		for p, r := range z {
			if p == PosLeft || p == PosRight {
				ok = ok && gridCap(r.W, r.H, h, w) >= 24
			} else {
				ok = ok && gridCap(r.W, r.H, w, h) >= 24
			}
		}
		if ok {
			return Size{w, h}
		}
	}
	return Size{4, 4 * TileAspect}
}

func gridCap(w, h, cw, ch float64) int {
	return int(w/cw) * int(h/ch)
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

// FitGrid shrinks t until n tiles fit in z.
func FitGrid(z Rect, t Size, n int) Size {
	for t.W > 4 && gridCap(z.W, z.H, t.W, t.H) < n {
		t = Size{t.W - 1, (t.W - 1) * t.H / t.W}
	}
	return t
}

func clamp(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }
