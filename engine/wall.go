package engine

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// WallSize returns the number of tiles in a wall: 144 with flowers and
// seasons, 136 without.
func WallSize(flowers bool) int {
	if flowers {
		return 144
	}
	return 136
}

// TileSet returns the tiles of a full set, unshuffled, in the order the
// original builds them before shuffling: each ordinary tile four times in
// a row in canonical order (AllTiles), then, with flowers, the four
// flowers and the four seasons once each.
func TileSet(flowers bool) Tiles {
	ts := make(Tiles, 0, WallSize(flowers))
	for _, t := range AllTiles {
		if !t.IsSpecial() {
			ts = append(ts, t, t, t, t)
		} else if flowers {
			ts = append(ts, t)
		}
	}
	return ts
}

// ShuffleWall returns a new wall, index 0 first, shuffled exactly as the
// original server shuffles: starting from TileSet, while more than one
// tile is left it takes the tile at r.Index(k-1) of the k remaining, puts
// the last remaining tile in its place, and appends the taken tile to the
// wall; the final tile is appended without a draw. A wall of 144 tiles
// therefore consumes 143 numbers from r, one of 136 consumes 135.
func ShuffleWall(r *Rand, flowers bool) Tiles {
	left := TileSet(flowers)
	wall := make(Tiles, 0, len(left))
	for k := len(left); k > 1; k-- {
		j := r.Index(k - 1)
		wall = append(wall, left[j])
		left[j] = left[k-1]
	}
	return append(wall, left[0])
}

// Dice throws the four dice that say where the deal starts and returns the
// numbers of the NewHand message: the wall to start from (0..3, counted
// from East) and the stack within it (0-based). It draws four numbers
// from r, after the shuffle of the same hand.
//
// prevSize must be the size of the previous hand's wall, and 0 before the
// first hand. The original computes half a side from the wall that is
// still in place when the new hand starts, which at the first hand of a
// server process is no wall at all; that makes the first hand's numbers
// different ((a+b) mod 4 and a+b+c+d, up to 24) and we keep the quirk so
// seeded games match the original.
func Dice(r *Rand, prevSize int) (startWall, startStack int) {
	a, b, c, d := 1+r.Index(5), 1+r.Index(5), 1+r.Index(5), 1+r.Index(5)
	wall := a + b
	stack := wall + c + d + 1 // the dice count to the end of the dead wall
	if half := prevSize / 4 / 2; stack > half {
		stack -= half
		wall++
	}
	return (wall - 1) % 4, stack - 1
}

// ReadWall reads a wall written as whitespace-separated tile codes, index
// 0 first: the format of the original's --wallfile, and of the tile list
// of a Wall message. It accepts exactly 136 or 144 valid tiles (no "--")
// and does not check that they form a proper set, so a test can stack a
// wall as it likes. Which size fits is for the caller to check against
// the Flowers option of each hand (WallSize).
//
// Unlike the original, which reads the file again at every hand and deals
// a blank first hand because it reads as many tiles as the previous
// wall had, a wall read once with ReadWall is meant for every hand,
// the first one included.
func ReadWall(rd io.Reader) (Tiles, error) {
	sc := bufio.NewScanner(rd)
	sc.Split(bufio.ScanWords)
	var ts Tiles
	for sc.Scan() {
		t, err := ParseTile(sc.Text())
		if err != nil {
			return nil, fmt.Errorf("engine: wall tile %d: %w", len(ts)+1, err)
		}
		if t == Blank {
			return nil, fmt.Errorf("engine: wall tile %d is blank", len(ts)+1)
		}
		ts = append(ts, t)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("engine: reading wall: %w", err)
	}
	if len(ts) != WallSize(true) && len(ts) != WallSize(false) {
		return nil, fmt.Errorf("engine: wall has %d tiles, want %d or %d", len(ts), WallSize(false), WallSize(true))
	}
	return ts, nil
}

// Wall is the wall of one hand and how much of it has been used. Live
// tiles are taken from the front (index 0 up), loose tiles from the back
// (the last tile first). The part between LiveEnd and DeadEnd is the dead
// wall, which live draws never reach.
//
// The controller makes each hand's wall as the original server did:
//
//	tiles := ShuffleWall(r, flowers)      // or the tiles of a --wallfile (ReadWall)
//	sw, ss := Dice(r, prevSize)           // the numbers of NewHand
//	prevSize = len(tiles)                 // prevSize is 0 before the first hand
//	w := NewWall(tiles, deadWall, deadWall16)
//
// and consumes it with DrawLive (the deal, ordinary draws and, without
// FlowersLoose, flower replacements) and DrawLoose (after a kong, and
// flower replacements with FlowersLoose). ShuffleWall and Dice draw from
// the one *Rand of the game, in this order, after the --random-seats
// draws (Rand.Seating); any other use of it changes every later hand.
//
// The fields are those of the original's wall record and may be set
// directly, e.g. to restore a saved position; the methods never index
// outside Tiles, so a wall whose Tiles are unknown (nil, or all Blank as a
// seat sees it) still counts draws correctly and yields Blank tiles.
type Wall struct {
	Tiles      Tiles // the whole wall as dealt, index 0 first; Blank where unknown
	LiveUsed   int   // live tiles drawn so far; the next one is Tiles[LiveUsed]
	LiveEnd    int   // live draws stop here; may drop below LiveUsed (see DrawLoose)
	DeadEnd    int   // the next loose tile is Tiles[DeadEnd-1]
	DeadWall   bool  // option DeadWall: play stops at a dead wall
	DeadWall16 bool  // option DeadWall16: the dead wall has 16 tiles, never replenished
}

// NewWall returns an unused wall of the given tiles (a copy is kept), for
// the options DeadWall and DeadWall16. The live wall ends 14 tiles before
// the end (16 with DeadWall16, 0 without a dead wall).
//
// A seat, which does not see the wall, can follow the consumption with
// NewWall(make(Tiles, WallSize(flowers)), ...).
func NewWall(tiles Tiles, deadWall, deadWall16 bool) *Wall {
	w := &Wall{
		Tiles:      append(Tiles(nil), tiles...),
		DeadWall:   deadWall,
		DeadWall16: deadWall16,
	}
	w.DeadEnd = len(tiles)
	w.LiveEnd = len(tiles)
	if deadWall {
		if deadWall16 {
			w.LiveEnd -= 16
		} else {
			w.LiveEnd -= 14
		}
	}
	return w
}

// Clone returns an independent copy of w (its own Tiles).
func (w *Wall) Clone() *Wall {
	c := *w
	c.Tiles = append(Tiles(nil), w.Tiles...)
	return &c
}

// Size returns the number of tiles the wall was dealt with.
func (w *Wall) Size() int { return len(w.Tiles) }

// tile returns Tiles[i], or Blank when i is outside the wall.
func (w *Wall) tile(i int) Tile {
	if i < 0 || i >= len(w.Tiles) {
		return Blank
	}
	return w.Tiles[i]
}

// LiveLeft returns the number of live tiles that can still be drawn.
func (w *Wall) LiveLeft() int { return max(0, w.LiveEnd-w.LiveUsed) }

// PeekLive returns the tile DrawLive would take, without taking it.
func (w *Wall) PeekLive() (Tile, bool) {
	if w.LiveUsed >= w.LiveEnd {
		return Blank, false
	}
	return w.tile(w.LiveUsed), true
}

// DrawLive takes the next tile from the front of the live wall. It reports
// false, and changes nothing, when the live wall is used up: the hand is
// then washed out.
func (w *Wall) DrawLive() (Tile, bool) {
	t, ok := w.PeekLive()
	if ok {
		w.LiveUsed++
	}
	return t, ok
}

// PeekLoose returns the tile DrawLoose would take, without taking it.
func (w *Wall) PeekLoose() (Tile, bool) {
	switch {
	case w.DeadEnd <= w.LiveUsed:
		// Only reachable without a dead wall: the two ends have met.
		// (With one, the original never got here; we refuse rather than
		// hand out a tile that was drawn already.)
		return Blank, false
	case w.DeadWall && w.DeadEnd <= w.LiveEnd:
		return Blank, false
	}
	return w.tile(w.DeadEnd - 1), true
}

// DrawLoose takes a loose tile from the back of the wall, the last tile
// first. It reports false, and changes nothing, when there is none: with
// a dead wall when the dead wall is empty (which only happens with
// DeadWall16, after 16 loose tiles), without one when nothing is left of
// the wall at all. The hand is then washed out.
//
// After the draw the dead wall keeps its size as in the original: with a
// 14-tile dead wall, whenever fewer than 13 tiles separate the back from
// the live wall, its last two live tiles join the dead wall (LiveEnd -= 2,
// i.e. after every second loose tile), which can put LiveEnd below
// LiveUsed so that the next live draw fails. With DeadWall16 nothing is
// replenished; without a dead wall the live wall simply ends where the
// wall ends.
func (w *Wall) DrawLoose() (Tile, bool) {
	t, ok := w.PeekLoose()
	if !ok {
		return Blank, false
	}
	w.DeadEnd--
	switch {
	case !w.DeadWall:
		w.LiveEnd--
	case !w.DeadWall16 && w.DeadEnd-w.LiveEnd < 13:
		w.LiveEnd -= 2
	}
	return t, true
}

// LastTile reports whether the live wall is used up (LiveUsed >= LiveEnd).
// This is the original's test for the "winning with last tile" double,
// made when the hand is scored: it holds for the last live tile, for the
// discard made after it, and for a loose tile whose replenishment moved
// the end of the live wall back past the tiles already drawn.
func (w *Wall) LastTile() bool { return w.LiveUsed >= w.LiveEnd }

// FindUnused returns the position of the copy of t that SwapTile would
// take: the unused tile equal to t nearest the back, searching from the
// next loose tile (DeadEnd-1) down to the next live tile (LiveUsed).
// Searching from the back spares the live wall.
func (w *Wall) FindUnused(t Tile) (int, bool) {
	for i := min(w.DeadEnd, len(w.Tiles)) - 1; i >= max(w.LiveUsed, 0); i-- {
		if w.Tiles[i] == t {
			return i, true
		}
	}
	return -1, false
}

// SwapTile is the wall's half of the debugging request SwapTile: it finds
// newTile among the unused tiles (see FindUnused) and puts oldTile, which
// the player gives up, in its place. It reports false and changes nothing
// when newTile is not in the unused part of the wall ("No new tile in
// wall"). The caller checks the player's half first, since a refused
// request must change nothing.
func (w *Wall) SwapTile(oldTile, newTile Tile) bool {
	i, ok := w.FindUnused(newTile)
	if ok {
		w.Tiles[i] = oldTile
	}
	return ok
}

// String dumps the wall for test failures: the counters, then the tiles
// with "|" before the next live tile, the start of the dead wall and the
// tiles already taken as loose tiles (markers that coincide are merged).
func (w *Wall) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "LiveUsed=%d LiveEnd=%d DeadEnd=%d:", w.LiveUsed, w.LiveEnd, w.DeadEnd)
	for i, t := range w.Tiles {
		if i == w.LiveUsed || i == w.LiveEnd || i == w.DeadEnd {
			b.WriteString(" |")
		}
		b.WriteByte(' ')
		b.WriteString(t.String())
	}
	return b.String()
}
