package ai

import (
	"sync"
	"sync/atomic"

	"mahjong/engine"
)

// This file holds tile efficiency: the shanten number (how many tile
// exchanges a hand is from complete, minus one) and effective tiles.
//
// A hand is a Counts vector over the 34 tile kinds. The regular shape is
// n sets and a pair, where n is 4 less the sets already declared. Its
// distance is the fewest tiles that a complete target (n sets and a pair,
// at most four of a kind) holds beyond ours; the shanten number is the
// distance less one, so a complete 14-tile hand is at -1 and a ready
// 13-tile hand at 0. The distance splits over the four groups (three
// suits and the honours): each group gets a vector d[m][p], the fewest
// tiles needed to make m sets and p pairs (p = 0 or 1) from that group
// alone, and the groups combine by min-plus convolution. A group's vector
// is found by a small dynamic programme over its positions and kept in a
// table indexed by the group's pattern, filled lazily (a pattern costs
// some tens of microseconds once; a game meets a few thousand), so
// nothing is built at start-up and lookups never allocate.

// NumKinds is the number of tile kinds in play (flowers excluded).
const NumKinds = 34

// Counts holds how many tiles of each kind, indexed by Kind.
type Counts [NumKinds]uint8

// Kind returns the index of t in Counts, or -1 for flowers, seasons and
// blanks.
func Kind(t engine.Tile) int {
	if int(t) >= len(kindOf) {
		return -1
	}
	return int(kindOf[t])
}

// TileOf returns the tile of kind k.
func TileOf(k int) engine.Tile { return tileOf[k] }

var kindOf, tileOf = func() (ko [engine.MaxTile]int8, to [NumKinds]engine.Tile) {
	for i := range ko {
		ko[i] = -1
	}
	k := 0
	for _, s := range []int{engine.Bamboo, engine.Characters, engine.Circles} {
		for r := 1; r <= 9; r++ {
			t := engine.NewTile(s, r)
			ko[t], to[k] = int8(k), t
			k++
		}
	}
	for _, t := range []engine.Tile{engine.EastWind, engine.SouthWind, engine.WestWind, engine.NorthWind,
		engine.RedDragon, engine.WhiteDragon, engine.GreenDragon} {
		ko[t], to[k] = int8(k), t
		k++
	}
	return ko, to
}()

// groupOf returns the group (0-2 suits, 3 honours) of kind k.
func groupOf(k int) int {
	if k >= 27 {
		return 3
	}
	return k / 9
}

// isMajorKind reports whether kind k is a terminal or an honour.
func isMajorKind(k int) bool { return k >= 27 || k%9 == 0 || k%9 == 8 }

// Add adds the tiles of ts (flowers are ignored).
func (c *Counts) Add(ts ...engine.Tile) {
	for _, t := range ts {
		if k := Kind(t); k >= 0 {
			c[k]++
		}
	}
}

// Total returns the number of tiles counted.
func (c *Counts) Total() int {
	n := 0
	for _, x := range c {
		n += int(x)
	}
	return n
}

// String lists the tiles in wire codes.
func (c *Counts) String() string {
	var ts engine.Tiles
	for k, x := range c {
		for range x {
			ts = append(ts, tileOf[k])
		}
	}
	return ts.String()
}

// vec is a group's d[m][p], 4 bits each at (m*2+p)*4, for m 0-4, p 0-1.
type vec uint64

const (
	vecValid = vec(1) << 63
	inf      = 15
)

func (v vec) get(m, p int) int { return int(v>>(uint(m*2+p)*4)) & 15 }

func (v *vec) set(m, p, x int) {
	sh := uint(m*2+p) * 4
	*v = *v&^(15<<sh) | vec(min(x, inf))<<sh
}

// combine is the min-plus convolution of two group vectors.
func combine(a, b vec) vec {
	var r vec
	for m := 0; m <= 4; m++ {
		for p := 0; p <= 1; p++ {
			best := inf
			for m1 := 0; m1 <= m; m1++ {
				for p1 := 0; p1 <= p; p1++ {
					if x := a.get(m1, p1) + b.get(m-m1, p-p1); x < best {
						best = x
					}
				}
			}
			r.set(m, p, best)
		}
	}
	return r
}

// groupVec computes the vector of one group's counts c (9 suit positions
// with chows, or 7 honour positions without).
func groupVec(c []uint8, chows bool) vec { return groupVecSets(c, chows, true) }

// groupVecSets is groupVec with pungs allowed or not.
func groupVecSets(c []uint8, chows, pungs bool) vec {
	// best[m][p][a][b]: fewest tiles so far with m sets and p pairs made,
	// a chows started at the previous position, b two positions back.
	type state [5][2][5][5]uint8
	var cur, nxt state
	for m := range cur {
		for p := range cur[m] {
			for a := range cur[m][p] {
				for b := range cur[m][p][a] {
					cur[m][p][a][b] = inf
				}
			}
		}
	}
	cur[0][0][0][0] = 0
	n := len(c)
	for i := range n {
		nxt = state{}
		for m := range nxt {
			for p := range nxt[m] {
				for a := range nxt[m][p] {
					for b := range nxt[m][p][a] {
						nxt[m][p][a][b] = inf
					}
				}
			}
		}
		have := int(c[i])
		maxU := 1
		if !pungs {
			maxU = 0
		}
		maxK := 0
		if chows && i <= n-3 {
			maxK = 4
		}
		for m := 0; m <= 4; m++ {
			for p := 0; p <= 1; p++ {
				for a := 0; a <= 4; a++ {
					for b := 0; a+b <= 4; b++ {
						base := cur[m][p][a][b]
						if base >= inf {
							continue
						}
						for k := 0; k <= maxK && m+k <= 4; k++ {
							for u := 0; u <= maxU && m+k+u <= 4; u++ {
								for q := 0; q <= 1-p; q++ {
									need := a + b + k + 3*u + 2*q
									if need > 4 {
										continue
									}
									cost := int(base) + max(0, need-have)
									if cost >= inf {
										continue
									}
									nm, np := m+k+u, p+q
									if cost < int(nxt[nm][np][k][a]) {
										nxt[nm][np][k][a] = uint8(cost)
									}
								}
							}
						}
					}
				}
			}
		}
		cur = nxt
	}
	var v vec
	for m := 0; m <= 4; m++ {
		for p := 0; p <= 1; p++ {
			v.set(m, p, int(cur[m][p][0][0]))
		}
	}
	return v | vecValid
}

// Pattern tables: suit patterns (9 counts summing to at most 14, ranked
// densely) and honour patterns (7 counts, base 5).
const maxGroupTiles = 14

var (
	// nPat[i][s]: number of count sequences for positions i..8 summing to
	// at most s.
	nPat = func() (t [10][maxGroupTiles + 1]int32) {
		for s := range t[9] {
			t[9][s] = 1
		}
		for i := 8; i >= 0; i-- {
			for s := 0; s <= maxGroupTiles; s++ {
				for v := 0; v <= 4 && v <= s; v++ {
					t[i][s] += t[i+1][s-v]
				}
			}
		}
		return t
	}()
	tableOnce   sync.Once
	suitTable   []atomic.Uint64 // by suit rank
	chowTable   []atomic.Uint64 // by suit rank, chows only
	pungTable   []atomic.Uint64 // by suit rank, pungs only
	honourTable []atomic.Uint64 // by base-5 code
)

func tables() {
	tableOnce.Do(func() {
		suitTable = make([]atomic.Uint64, nPat[0][maxGroupTiles])
		chowTable = make([]atomic.Uint64, nPat[0][maxGroupTiles])
		pungTable = make([]atomic.Uint64, nPat[0][maxGroupTiles])
		honourTable = make([]atomic.Uint64, 5*5*5*5*5*5*5)
	})
}

// suitRank returns the dense rank of a suit pattern, or -1 when it holds
// more than maxGroupTiles tiles.
func suitRank(c []uint8) int {
	r, left := int32(0), maxGroupTiles
	for i := range 9 {
		v := int(c[i])
		if v > left || v > 4 {
			return -1
		}
		for x := 0; x < v; x++ {
			r += nPat[i+1][left-x]
		}
		left -= v
	}
	return int(r)
}

// suitVec returns the vector of a suit pattern, from the table.
func suitVec(c []uint8) vec {
	r := suitRank(c)
	if r < 0 {
		return groupVec(c, true)
	}
	if v := vec(suitTable[r].Load()); v&vecValid != 0 {
		return v
	}
	v := groupVec(c, true)
	suitTable[r].Store(uint64(v))
	return v
}

// honourVec returns the vector of the honour counts, from the table.
func honourVec(c []uint8) vec {
	code := 0
	for i := 6; i >= 0; i-- {
		if c[i] > 4 {
			return groupVec(c, false)
		}
		code = code*5 + int(c[i])
	}
	if v := vec(honourTable[code].Load()); v&vecValid != 0 {
		return v
	}
	v := groupVec(c, false)
	honourTable[code].Store(uint64(v))
	return v
}

// chowVec returns the vector of a suit pattern made of chows only (and
// a pair), from its own table.
func chowVec(c []uint8) vec {
	r := suitRank(c)
	if r < 0 {
		return groupVecSets(c, true, false)
	}
	if v := vec(chowTable[r].Load()); v&vecValid != 0 {
		return v
	}
	v := groupVecSets(c, true, false)
	chowTable[r].Store(uint64(v))
	return v
}

// pungVec returns the vector of a suit pattern made of pungs only (and
// a pair), from its own table.
func pungVec(c []uint8) vec {
	r := suitRank(c)
	if r < 0 {
		return groupVecSets(c, false, true)
	}
	if v := vec(pungTable[r].Load()); v&vecValid != 0 {
		return v
	}
	v := groupVecSets(c, false, true)
	pungTable[r].Store(uint64(v))
	return v
}

// noChowsDistance returns the distance of c to n pungs and a pair.
func noChowsDistance(c *Counts, n int) int {
	tables()
	v := combine(combine(pungVec(c[0:9]), pungVec(c[9:18])), combine(pungVec(c[18:27]), honourVec(c[27:34])))
	return v.get(n, 1)
}

// noScoreDistance returns the distance of c to n chows and a pair that
// scores nothing (not a dragon, nor the seat's own or the prevailing
// wind: noPair marks the honour kinds, 0-6, that may not be the pair):
// the shape of the no-score hand.
func noScoreDistance(c *Counts, n int, noPair uint8) int {
	tables()
	var h vec
	for m := 0; m <= 4; m++ {
		h.set(m, 0, inf)
		h.set(m, 1, inf)
	}
	h.set(0, 0, 0)
	best := inf
	for i := range 7 {
		if noPair&(1<<i) == 0 {
			best = min(best, max(0, 2-int(c[27+i])))
		}
	}
	h.set(0, 1, best)
	v := combine(combine(chowVec(c[0:9]), chowVec(c[9:18])), combine(chowVec(c[18:27]), h))
	return v.get(n, 1)
}

// groupVecOf returns the vector of group g of c.
func groupVecOf(c *Counts, g int) vec {
	if g == 3 {
		return honourVec(c[27:34])
	}
	return suitVec(c[g*9 : g*9+9])
}

// regularDistance returns the distance of c to n sets and a pair.
func regularDistance(c *Counts, n int) int {
	tables()
	v := combine(combine(groupVecOf(c, 0), groupVecOf(c, 1)), combine(groupVecOf(c, 2), groupVecOf(c, 3)))
	return v.get(n, 1)
}

// sevenPairsShanten returns the shanten number of c as seven pairs.
func sevenPairsShanten(c *Counts) int {
	pairs, kinds := 0, 0
	for _, x := range c {
		if x >= 2 {
			pairs++
		}
		if x >= 1 {
			kinds++
		}
	}
	return 6 - pairs + max(0, 7-kinds)
}

// wondersShanten returns the shanten number of c as Thirteen Unique
// Wonders.
func wondersShanten(c *Counts) int {
	kinds, pair := 0, 0
	for k, x := range c {
		if !isMajorKind(k) || x == 0 {
			continue
		}
		kinds++
		if x >= 2 {
			pair = 1
		}
	}
	return 13 - kinds - pair
}

// Shape says which hand shapes count.
type Shape struct {
	Sets       int  // sets still to make (4 less the sets declared)
	SevenPairs bool // seven pairs allowed (only with nothing declared)
}

// Shanten returns c's shanten number for shape sh: -1 complete, 0 ready.
func Shanten(c *Counts, sh Shape) int {
	s := regularDistance(c, sh.Sets) - 1
	if sh.Sets == 4 {
		s = min(s, wondersShanten(c))
		if sh.SevenPairs {
			s = min(s, sevenPairsShanten(c))
		}
	}
	return s
}

// Analyzer evaluates a hand's shanten number quickly under single-tile
// changes: it keeps each group's vector and the combinations of the
// other three, so that a draw or a discard costs one table lookup and
// one convolution.
type Analyzer struct {
	c       Counts
	sh      Shape
	g       [4]vec
	others  [4]vec // combination of the groups other than i
	special bool   // the special shapes apply
}

// Reset loads hand c with shape sh.
func (a *Analyzer) Reset(c *Counts, sh Shape) {
	tables()
	a.c, a.sh = *c, sh
	for i := range a.g {
		a.g[i] = groupVecOf(&a.c, i)
	}
	a.others[0] = combine(a.g[1], combine(a.g[2], a.g[3]))
	a.others[1] = combine(a.g[0], combine(a.g[2], a.g[3]))
	a.others[2] = combine(a.g[3], combine(a.g[0], a.g[1]))
	a.others[3] = combine(a.g[2], combine(a.g[0], a.g[1]))
	a.special = sh.Sets == 4
}

// Counts returns the hand loaded.
func (a *Analyzer) Counts() *Counts { return &a.c }

// Shanten returns the loaded hand's shanten number.
func (a *Analyzer) Shanten() int {
	s := combine(a.g[0], a.others[0]).get(a.sh.Sets, 1) - 1
	if a.special {
		s = min(s, a.specialShanten())
	}
	return s
}

func (a *Analyzer) specialShanten() int {
	s := wondersShanten(&a.c)
	if a.sh.SevenPairs {
		s = min(s, sevenPairsShanten(&a.c))
	}
	return s
}

// With returns the shanten number of the loaded hand with add added
// (add -1: nothing) and del removed (-1: nothing). The hand must hold
// del.
func (a *Analyzer) With(add, del int) int {
	c := &a.c
	if add >= 0 {
		c[add]++
	}
	if del >= 0 {
		c[del]--
	}
	var v vec
	switch {
	case add < 0 && del < 0:
		v = combine(a.g[0], a.others[0])
	case add < 0 || del < 0 || groupOf(add) == groupOf(del):
		k := add
		if k < 0 {
			k = del
		}
		g := groupOf(k)
		v = combine(groupVecOf(c, g), a.others[g])
	default:
		ga, gd := groupOf(add), groupOf(del)
		v = groupVecOf(c, ga)
		v = combine(v, groupVecOf(c, gd))
		for g := range 4 {
			if g != ga && g != gd {
				v = combine(v, a.g[g])
			}
		}
	}
	s := v.get(a.sh.Sets, 1) - 1
	if a.special {
		s = min(s, a.specialShanten())
	}
	if add >= 0 {
		c[add]--
	}
	if del >= 0 {
		c[del]++
	}
	return s
}

// Effective returns the number of unseen tiles (by unseen) whose draw
// lowers the loaded hand's shanten number below base (pass the hand's
// Shanten), and sets mask bit k for each such kind.
func (a *Analyzer) Effective(base int, unseen *Counts) (n int, mask uint64) {
	for k := range NumKinds {
		if unseen[k] == 0 || a.c[k] >= 4 {
			continue
		}
		if !a.useful(k) {
			continue
		}
		if a.With(k, -1) < base {
			n += int(unseen[k])
			mask |= 1 << k
		}
	}
	return n, mask
}

// useful is a quick necessary test for drawing kind k to help: it must
// join a held tile of its kind or a suit neighbour within two, or the
// special shapes must apply.
func (a *Analyzer) useful(k int) bool {
	if a.special {
		return true
	}
	if a.c[k] > 0 {
		return true
	}
	if k >= 27 {
		return false
	}
	r := k % 9
	for d := -2; d <= 2; d++ {
		if d != 0 && r+d >= 0 && r+d <= 8 && a.c[k+d] > 0 {
			return true
		}
	}
	return false
}
