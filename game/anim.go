package game

import "mahjong/engine"

// flight is a tile moving across the table: a counter advanced in Update,
// read by Draw.
type flight struct {
	tile     engine.Tile
	from, to Rect
	q        int
	seat     int // whose discard (hidden at its place until it lands)
	index    int // its index in the discards
	t, n     int // ticks done, ticks in all
}

// rect returns where the tile is now: eased between from and to.
func (f flight) rect() Rect {
	if f.n <= 0 {
		return f.to
	}
	u := float64(f.t) / float64(f.n)
	u = 1 - (1-u)*(1-u) // ease out
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
		f.t++
		if f.t < f.n {
			out = append(out, f)
		}
	}
	*fs = out
	return true
}
