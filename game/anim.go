package game

import (
	"math"

	"mahjong/engine"
)

// Ticks (1/60 s) that tiles take to move.
const (
	flightTicks = 12 // a discard
	drawTicks   = 10 // a tile drawn from the wall
	claimTicks  = 16 // a claimed discard going to its set
	dealStagger = 1  // between two tiles of the deal
)

// spriteKey names a sprite that a flight hides until it lands.
type spriteKey struct {
	kind  SpriteKind
	pos   int
	index int
}

func keyOf(sp Sprite) spriteKey { return spriteKey{sp.Kind, sp.Pos, sp.Index} }

// flight is a tile moving across the table: a counter advanced in Update,
// read by Draw. The sprite it becomes is hidden until it lands.
type flight struct {
	tile     engine.Tile
	back     bool
	from, to Rect
	q        int
	hide     spriteKey
	wait     int // ticks before it starts
	t, n     int // ticks done, ticks in all
}

// rect returns where the tile is now: eased between from and to.
func (f flight) rect() Rect {
	if f.n <= 0 {
		return f.to
	}
	u := clamp(float64(f.t)/float64(f.n), 0, 1)
	u = 1 - (1-u)*(1-u)*(1-u) // ease out
	lerp := func(a, b float64) float64 { return a + (b-a)*u }
	return Rect{lerp(f.from.X, f.to.X), lerp(f.from.Y, f.to.Y), lerp(f.from.W, f.to.W), lerp(f.from.H, f.to.H)}
}

// stepFlights advances every flight by one tick and drops the landed
// ones; it reports whether anything moved (the picture changed).
func stepFlights(fs *[]flight) bool {
	if len(*fs) == 0 {
		return false
	}
	out := (*fs)[:0]
	for _, f := range *fs {
		if f.wait > 0 {
			f.wait--
		} else {
			f.t++
		}
		if f.t < f.n {
			out = append(out, f)
		}
	}
	*fs = out
	return true
}

// animKind is what an animation request is about.
type animKind uint8

const (
	animDraw    animKind = iota // a tile from the wall to a hand
	animLoose                   // a loose tile from the dead wall to a hand
	animDiscard                 // a tile from a hand to the discards
	animClaim                   // the latest discard to the claimer's new set
	animSet                     // concealed tiles to a new set (kong, closed sets)
	animFlower                  // a flower or season from the hand to its place
)

// animReq is an animation asked for by a game event; it is started when
// the sprites of the new state are built, from the sprites of the old.
type animReq struct {
	kind animKind
	pos  int         // whose tile it is (screen position)
	tile engine.Tile // the tile, when known
	wall int         // animDraw, animLoose: index of the tile in the wall
}

// planFlights turns the requests into flights, from the old sprites to
// the new. slot is the tick at which the next staggered flight may start
// (tiles of the deal leave one after the other); it returns the new slot.
func planFlights(fs []flight, reqs []animReq, old, cur []Sprite, center Rect, wallAt func(i int) (Rect, bool), tick, slot int) ([]flight, int) {
	used := map[spriteKey]bool{}
	for _, f := range fs {
		used[f.hide] = true
	}
	count := func(sp []Sprite, kind SpriteKind, pos int) int {
		n := 0
		for _, s := range sp {
			if s.Kind == kind && s.Pos == pos {
				n++
			}
		}
		return n
	}
	// find returns the first sprite of cur satisfying ok that no flight
	// targets yet.
	find := func(sp []Sprite, ok func(s Sprite) bool) (Sprite, bool) {
		for _, s := range sp {
			if ok(s) && !used[keyOf(s)] {
				return s, true
			}
		}
		return Sprite{}, false
	}
	last := func(sp []Sprite, kind SpriteKind, pos int) (Sprite, bool) {
		for i := len(sp) - 1; i >= 0; i-- {
			if sp[i].Kind == kind && sp[i].Pos == pos {
				return sp[i], true
			}
		}
		return Sprite{}, false
	}
	// handFrom returns where a tile leaves a hand: the old sprite of that
	// tile (ours), else the middle of the old hand.
	handFrom := func(pos int, t engine.Tile) Rect {
		if pos == PosBottom && t != engine.Blank {
			for _, s := range old {
				if s.Kind == SpriteHand && s.Pos == pos && s.Tile == t && s.Mark {
					return s.R
				}
			}
			for _, s := range old {
				if s.Kind == SpriteHand && s.Pos == pos && s.Tile == t {
					return s.R
				}
			}
		}
		var hs []Sprite
		for _, s := range old {
			if s.Kind == SpriteHand && s.Pos == pos {
				hs = append(hs, s)
			}
		}
		if len(hs) == 0 {
			return center
		}
		return hs[len(hs)/2].R
	}
	wallFrom := func(i int) Rect {
		if wallAt != nil {
			if r, ok := wallAt(i); ok {
				return r
			}
		}
		cx, cy := center.Center()
		return Rect{cx, cy, 0, 0}
	}
	add := func(tile engine.Tile, back bool, from Rect, to Sprite, n int, stagger bool) {
		f := flight{tile: tile, back: back, from: fitRect(from, to.R), to: to.R, q: to.Q, hide: keyOf(to), n: n}
		if stagger {
			slot = max(slot, tick)
			f.wait = slot - tick
			slot += dealStagger
		}
		used[f.hide] = true
		fs = append(fs, f)
	}
	for _, r := range reqs {
		switch r.kind {
		case animDraw, animLoose:
			var to Sprite
			var ok bool
			if r.pos == PosBottom && r.tile != engine.Blank {
				to, ok = find(cur, func(s Sprite) bool {
					return s.Kind == SpriteHand && s.Pos == PosBottom && s.Tile == r.tile && s.Mark
				})
				if !ok {
					to, ok = find(cur, func(s Sprite) bool { return s.Kind == SpriteHand && s.Pos == PosBottom && s.Tile == r.tile })
				}
			} else {
				// The rightmost tile not yet arriving.
				for i := len(cur) - 1; i >= 0; i-- {
					s := cur[i]
					if s.Kind == SpriteHand && s.Pos == r.pos && !used[keyOf(s)] {
						to, ok = s, true
						break
					}
				}
			}
			if ok {
				add(to.Tile, to.Back, wallFrom(r.wall), to, drawTicks, true)
			}
		case animDiscard:
			if to, ok := last(cur, SpriteDiscard, r.pos); ok {
				add(to.Tile, false, handFrom(r.pos, r.tile), to, flightTicks, false)
			}
		case animFlower:
			if to, ok := find(cur, func(s Sprite) bool { return s.Kind == SpriteFlower && s.Pos == r.pos && s.Tile == r.tile }); ok {
				add(to.Tile, false, handFrom(r.pos, r.tile), to, flightTicks, false)
			}
		case animClaim, animSet:
			n0 := count(old, SpriteSet, r.pos)
			var from Rect
			claimed := false
			if r.kind == animClaim {
				// The discard that went: a row that got shorter.
				for p := range 4 {
					if count(cur, SpriteDiscard, p) < count(old, SpriteDiscard, p) {
						if s, ok := last(old, SpriteDiscard, p); ok {
							from, claimed = s.R, true
						}
					}
				}
			}
			for _, s := range cur {
				if s.Kind != SpriteSet || s.Pos != r.pos || s.Index < n0 || used[keyOf(s)] {
					continue
				}
				if claimed && s.Tile == r.tile {
					add(s.Tile, s.Back, from, s, claimTicks, false)
					claimed = false
					continue
				}
				add(s.Tile, s.Back, handFrom(r.pos, s.Tile), s, claimTicks, false)
			}
		}
	}
	return fs, slot
}

// fitRect returns a rectangle centred on from with the shape of to (the
// tile keeps its orientation in flight) and about from's size.
func fitRect(from, to Rect) Rect {
	cx, cy := from.Center()
	k := 1.0
	if m := math.Max(to.W, to.H); m > 0 && math.Max(from.W, from.H) > 0 {
		k = math.Max(from.W, from.H) / m
	}
	w, h := to.W*k, to.H*k
	return Rect{cx - w/2, cy - h/2, w, h}
}
