package client

import (
	"errors"

	"mahjong/engine"
)

// SortMode says how the client keeps our concealed tiles in order (the
// xmj display preference "Sort tiles in hand").
type SortMode uint8

// Sort modes.
const (
	SortAlways SortMode = iota // sorted after every change (until we rearrange by hand this hand)
	SortOnDeal                 // sorted when dealt, then new tiles go to the right end
	SortNever                  // never sorted: tiles stay where they arrive
)

// hand is the display order of our concealed tiles and the selection.
type hand struct {
	mode     SortMode
	tiles    []engine.Tile
	sel      int  // selected index, -1 none
	arranged bool // we moved a tile by hand this hand
	dealt    bool // the deal is over (first sort done)
	scratch  [engine.MaxTile]int
}

func (h *hand) newHand() {
	h.tiles = h.tiles[:0]
	h.sel = -1
	h.arranged = false
	h.dealt = false
}

// sync brings the order in line with the view's concealed tiles after ev,
// and applies xmj's selection rules for the drawn tile.
func (h *hand) sync(v *engine.View, ev engine.Event) {
	me := v.Me()
	if me == nil || me.Hidden {
		h.tiles = h.tiles[:0]
		h.sel = -1
		return
	}
	// Count what the view says we hold, then keep the tiles of our order
	// that are still held, in their order.
	cnt := &h.scratch
	*cnt = [engine.MaxTile]int{}
	for _, t := range me.Concealed[:me.NumConcealed] {
		if t < engine.MaxTile {
			cnt[t]++
		}
	}
	kept := h.tiles[:0]
	selKept := -1
	for i, t := range h.tiles {
		if t < engine.MaxTile && cnt[t] > 0 {
			cnt[t]--
			if i == h.sel {
				selKept = len(kept)
			}
			kept = append(kept, t)
		}
	}
	h.tiles = kept
	h.sel = selKept
	// New tiles, in the view's holding order.
	added := -1
	for _, t := range me.Concealed[:me.NumConcealed] {
		if t < engine.MaxTile && cnt[t] > 0 {
			cnt[t]--
			added = h.insert(t)
		}
	}
	g := v.Game
	if !h.dealt && g.Phase != engine.Dealing && g.Phase != engine.HandComplete {
		h.dealt = true
		if h.mode != SortNever {
			h.sort()
		}
		added = -1
	}
	if h.mode == SortAlways && !h.arranged && h.dealt {
		h.sort()
	}
	if h.sel >= len(h.tiles) {
		h.sel = -1
	}
	switch m := ev.(type) {
	case engine.CPlayerDraws:
		if m.ID == v.ID && g.Phase != engine.Dealing && added >= 0 {
			h.sel = h.find(m.Tile, true)
		}
	case engine.CPlayerDrawsLoose:
		if m.ID == v.ID && added >= 0 {
			h.sel = h.find(m.Tile, true)
		}
	case engine.CPlayerDiscards:
		if m.ID == v.ID {
			h.sel = -1
		}
	}
}

// insert places a new tile: at the right end, or in sorted place when
// sorting is on and the deal is over.
func (h *hand) insert(t engine.Tile) int {
	if h.dealt && h.mode == SortAlways {
		// Before the first copy of the next larger tile held, so that a
		// sorted hand stays sorted and an arranged one is disturbed least.
		i, next := len(h.tiles), engine.Tile(engine.MaxTile)
		for j, x := range h.tiles {
			if x > t && x < next {
				i, next = j, x
			}
		}
		h.tiles = append(h.tiles, 0)
		copy(h.tiles[i+1:], h.tiles[i:])
		h.tiles[i] = t
		if h.sel >= i {
			h.sel++
		}
		return i
	}
	h.tiles = append(h.tiles, t)
	return len(h.tiles) - 1
}

// sort puts the tiles in the canonical order, keeping the selected tile
// selected.
func (h *hand) sort() {
	selTile, selNth := engine.Blank, 0
	if h.sel >= 0 && h.sel < len(h.tiles) {
		selTile = h.tiles[h.sel]
		for _, t := range h.tiles[:h.sel] {
			if t == selTile {
				selNth++
			}
		}
	}
	ts := h.tiles
	for i := 1; i < len(ts); i++ {
		for j := i; j > 0 && ts[j] < ts[j-1]; j-- {
			ts[j], ts[j-1] = ts[j-1], ts[j]
		}
	}
	if selTile != engine.Blank {
		for i, t := range ts {
			if t == selTile {
				if selNth == 0 {
					h.sel = i
					break
				}
				selNth--
			}
		}
	}
}

// find returns the index of t (the last copy when last is set), or -1.
func (h *hand) find(t engine.Tile, last bool) int {
	idx := -1
	for i, x := range h.tiles {
		if x == t {
			idx = i
			if !last {
				break
			}
		}
	}
	return idx
}

// Hand returns our concealed tiles in display order (nil before we have
// any). The slice is the client's own: read it only, until the next Poll
// or rearrangement.
func (c *Client) Hand() []engine.Tile { return c.hand.tiles }

// Selected returns the index in Hand of the selected tile, or -1.
func (c *Client) Selected() int { return c.hand.sel }

// SelectedTile returns the selected tile, or engine.Blank.
func (c *Client) SelectedTile() engine.Tile {
	if s := c.hand.sel; s >= 0 && s < len(c.hand.tiles) {
		return c.hand.tiles[s]
	}
	return engine.Blank
}

// Select selects the tile at index i of Hand; -1 (or any index outside the
// hand) clears the selection.
func (c *Client) Select(i int) {
	if i < 0 || i >= len(c.hand.tiles) {
		i = -1
	}
	if i != c.hand.sel {
		c.hand.sel = i
		c.dirty = true
	}
}

// ToggleSelect selects the tile at i, or clears the selection if it is
// already selected (a single click in xmj).
func (c *Client) ToggleSelect(i int) {
	if i == c.hand.sel {
		c.Select(-1)
		return
	}
	c.Select(i)
}

// MoveSelection moves the selection d places (Left: -1, Right: +1),
// stopping at the ends; with nothing selected it selects the first tile
// (d > 0) or the last (d < 0).
func (c *Client) MoveSelection(d int) {
	n := len(c.hand.tiles)
	if n == 0 {
		return
	}
	s := c.hand.sel
	switch {
	case s < 0 && d > 0:
		s = 0
	case s < 0:
		s = n - 1
	default:
		s = min(max(s+d, 0), n-1)
	}
	c.Select(s)
}

// ErrNoSelection is returned when a move needs a selected tile.
var ErrNoSelection = errors.New("client: no tile selected")

// MoveTile moves the selected tile d places left (negative) or right
// (Shift-Left/Right in xmj); it stays selected. Moving a tile by hand
// stops SortAlways from re-sorting until the next hand.
func (c *Client) MoveTile(d int) error {
	s := c.hand.sel
	if s < 0 {
		return ErrNoSelection
	}
	return c.MoveTileTo(s, s+d)
}

// MoveTileTo moves the tile at index from to index to (a drag), shifting
// the tiles between; the moved tile becomes the selection. Indexes
// outside the hand are clamped (to), or refused (from).
func (c *Client) MoveTileTo(from, to int) error {
	ts := c.hand.tiles
	if from < 0 || from >= len(ts) {
		return errors.New("client: no tile at that place")
	}
	to = min(max(to, 0), len(ts)-1)
	t := ts[from]
	if from < to {
		copy(ts[from:to], ts[from+1:to+1])
	} else {
		copy(ts[to+1:from+1], ts[to:from])
	}
	ts[to] = t
	c.hand.sel = to
	if from != to {
		c.hand.arranged = true
	}
	c.dirty = true
	return nil
}

// SortMode returns the sorting preference.
func (c *Client) SortMode() SortMode { return c.hand.mode }

// SetSortMode changes the sorting preference; SortAlways sorts at once.
func (c *Client) SetSortMode(m SortMode) {
	c.hand.mode = m
	if m == SortAlways {
		c.hand.arranged = false
		c.hand.sort()
	}
	c.dirty = true
}

// SortHand sorts our tiles now, whatever the mode.
func (c *Client) SortHand() {
	c.hand.sort()
	c.hand.arranged = false
	c.dirty = true
}
