package game

import "math"

// DialogGeom is the geometry of one dialog of play inside its area.
type DialogGeom struct {
	Box      Rect   // the dialog's panel
	Title    Rect   // popup: the title bar, by which it is moved; else empty
	Hide     Rect   // popup: the button that hides it; else empty
	Lines    []Rect // text lines (title first)
	Tile     Rect   // the tile shown (claims), empty if none
	Progress Rect   // the claim timer's bar, empty if none
	Buttons  []Rect // buttons in order, wrapped into rows
}

// DialogSpec says what a dialog holds, for LayoutDialog.
type DialogSpec struct {
	Lines    int       // lines of text (title included)
	Tile     bool      // show a tile
	TileSide int       // where the tile goes: PosTop (above the text, the default), PosLeft or PosRight (beside it)
	Progress bool      // show a progress bar
	Buttons  []float64 // natural width of each button's label, device pixels
	TextW    float64   // widest text line, device pixels
	DX, DY   float64   // popup: how far the player has moved it
}

// LayoutDialog places a dialog in area (a TableLayout's Dialog) for screen
// s with text size font. Buttons are at least MinButton CSS pixels on each
// side and wrap into several rows when one row is too narrow. A central
// dialog is centred in the area, one below sits at its bottom, and a popup
// (with a title bar to move it by and a button to hide it) starts at the
// bottom right of the area, moved by (DX, DY) but kept on the screen.
func LayoutDialog(s Screen, area Rect, font float64, d DialogSpec, tileSz Size, dpos DialogPos) DialogGeom {
	var g DialogGeom
	css := s.scale()
	pad := math.Round(10 * css)
	gap := math.Round(8 * css)
	bh := math.Max(MinButton*css, math.Round(font*2.4))
	lineH := math.Round(font * 1.4)
	titleH := 0.0
	if dpos == DialogsPopup {
		titleH = math.Round(MinButton * css)
	}
	side := d.Tile && dpos != DialogsBelow && (d.TileSide == PosLeft || d.TileSide == PosRight)
	sideW := 0.0
	if side {
		sideW = tileSz.W + gap
	}

	maxW := area.W - sideW
	// Button widths.
	bw := make([]float64, len(d.Buttons))
	for i, w := range d.Buttons {
		bw[i] = math.Max(MinButton*css, math.Ceil(w+2*font))
		bw[i] = math.Min(bw[i], maxW-2*pad)
	}
	// Rows of buttons, greedily.
	var rows [][]int
	var cur []int
	curW := 0.0
	for i, w := range bw {
		if len(cur) > 0 && curW+gap+w > maxW-2*pad {
			rows = append(rows, cur)
			cur, curW = nil, 0
		}
		if len(cur) > 0 {
			curW += gap
		}
		cur = append(cur, i)
		curW += w
	}
	if len(cur) > 0 {
		rows = append(rows, cur)
	}
	rowW := 0.0
	for _, r := range rows {
		w := 0.0
		for j, i := range r {
			if j > 0 {
				w += gap
			}
			w += bw[i]
		}
		rowW = math.Max(rowW, w)
	}

	inner := math.Max(rowW, math.Min(d.TextW, maxW-2*pad))
	inner = math.Max(inner, 200*css)
	inner = math.Min(inner, maxW-2*pad)
	need := func(tile bool, lines int) float64 {
		h := 2*pad + titleH
		if tile && !side {
			h += tileSz.H + gap
		}
		h += float64(lines) * lineH
		if d.Progress {
			h += gap + math.Round(6*css)
		}
		if len(rows) > 0 {
			h += gap + float64(len(rows))*bh + float64(len(rows)-1)*gap
		}
		if tile && side {
			h = math.Max(h, titleH+2*pad+tileSz.H)
		}
		return h
	}
	// Too tall for its area: drop the tile, then all but the first line,
	// then let it grow over the table.
	showTile, lines := d.Tile, d.Lines
	if showTile && need(true, lines) > area.H {
		showTile = false
		if side {
			side, sideW = false, 0
		}
	}
	for lines > 1 && need(showTile, lines) > area.H {
		lines--
	}
	h := need(showTile, lines)
	if h > area.H {
		cy := area.Y + area.H/2
		area.H = math.Min(h, s.H)
		area.Y = clamp(cy-area.H/2, 0, s.H-area.H)
	}
	w := inner + 2*pad + sideW
	h = math.Min(h, s.H)

	cx, cy := area.Center()
	var box Rect
	switch dpos {
	case DialogsBelow:
		box = Rect{cx - w/2, area.Y + area.H - h, w, h}
	case DialogsPopup:
		box = Rect{area.X + area.W - w + d.DX, area.Y + area.H - h + d.DY, w, h}
		box.X = clamp(box.X, 0, s.W-w)
		box.Y = clamp(box.Y, 0, s.H-h)
	default:
		box = Rect{cx - w/2, cy - h/2, w, h}
	}
	box.X, box.Y = math.Round(box.X), math.Round(box.Y)
	g.Box = box
	if titleH > 0 {
		g.Title = Rect{box.X, box.Y, box.W - titleH, titleH}
		g.Hide = Rect{box.X + box.W - titleH, box.Y, titleH, titleH}
	}

	x0 := box.X + pad
	if side && showTile {
		ty := math.Round(box.Y + titleH + (box.H-titleH-tileSz.H)/2)
		if d.TileSide == PosLeft {
			g.Tile = Rect{box.X + pad, ty, tileSz.W, tileSz.H}
			x0 += sideW
		} else {
			g.Tile = Rect{box.X + box.W - pad - tileSz.W, ty, tileSz.W, tileSz.H}
		}
	}
	ccx := x0 + inner/2
	y := box.Y + titleH + pad
	if showTile && !side {
		g.Tile = Rect{math.Round(ccx - tileSz.W/2), y, tileSz.W, tileSz.H}
		y += tileSz.H + gap
	}
	for range lines {
		g.Lines = append(g.Lines, Rect{x0, y, inner, lineH})
		y += lineH
	}
	if d.Progress {
		y += gap
		g.Progress = Rect{x0, y, inner, math.Round(6 * css)}
		y += math.Round(6 * css)
	}
	if len(rows) > 0 {
		y += gap
	}
	g.Buttons = make([]Rect, len(bw))
	for _, r := range rows {
		w := 0.0
		for j, i := range r {
			if j > 0 {
				w += gap
			}
			w += bw[i]
		}
		x := math.Round(ccx - w/2)
		for _, i := range r {
			g.Buttons[i] = Rect{x, y, bw[i], bh}
			x += bw[i] + gap
		}
		y += bh + gap
	}
	return g
}
