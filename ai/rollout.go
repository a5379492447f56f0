package ai

import (
	"math"

	"mahjong/engine"
)

// This file plays a hand out from one seat's view: the tiles that seat
// has not seen are dealt at random into the other hands and the wall
// (a determinisation), and all four seats then play a fast policy to the
// end of the hand. Expert compares close discards this way (search.go).
//
// The rollout keeps the rules that move points and drops the rest:
// flowers and seasons drawn from the wall count four points and are
// replaced from the wall; claimed kongs are played as pungs and nobody
// declares a concealed kong; there is no defence and no cannon. The
// winner is scored by the engine's scorer (scorer.bestWin), the losers
// by their sets, pairs of doubling honours and flowers, as a losing hand
// is scored; the settlement follows the options (EastDoubles,
// LosersSettle, DiscDoubles).

// bonusKind marks a flower or season in the rollout's walls.
const bonusKind = 255

// simSeat is one seat in a rollout.
type simSeat struct {
	c        Counts
	melds    [engine.MaxMelds]engine.Meld // declared sets
	nm       int
	sets     int // sets declared
	specials int
	wind     engine.Wind
	an       Analyzer // loaded with c while fresh
	fresh    bool
	sh       int // shanten number of c between turns (when fresh)
}

func (s *simSeat) shape(sevenPairs bool) Shape {
	return Shape{Sets: 4 - s.sets, SevenPairs: sevenPairs && s.sets == 0}
}

// analyzer returns the seat's analyzer loaded with its current hand.
func (s *simSeat) analyzer(sevenPairs bool) *Analyzer {
	if !s.fresh {
		s.an.Reset(&s.c, s.shape(sevenPairs))
		s.sh = s.an.Shanten()
		s.fresh = true
	}
	return &s.an
}

// record adds a set the seat has just claimed (its tiles and its set
// count already moved).
func (s *simSeat) record(kind engine.MeldKind, k int) {
	if s.nm < len(s.melds) {
		s.melds[s.nm] = engine.Meld{Kind: kind, Tile: tileOf[k]}
		s.nm++
	}
	s.fresh = false
}

// rollout is a reusable table for playing hands out.
type rollout struct {
	seats                           [engine.NumSeats]simSeat
	base                            [engine.NumSeats]simSeat // the determinised deal, replayed for each candidate
	pool                            [160]uint8
	baseLive                        [160]uint8
	baseNLive                       int
	next                            int
	me                              engine.Seat
	rng                             uint64
	sc                              scorer
	sevenPairs                      bool
	east, discDoubles, losersSettle bool
	limit                           int
	round                           engine.Wind
}

// deal loads the table of x and deals one determinisation from rng.
func (ro *rollout) deal(x *context, rng uint64) {
	g := x.g
	o := &g.Options
	ro.me = x.seat
	ro.sevenPairs = o.Bool(engine.OptSevenPairs)
	ro.east = o.Bool(engine.OptEastDoubles)
	ro.discDoubles = o.Bool(engine.OptDiscDoubles)
	ro.losersSettle = o.Bool(engine.OptLosersSettle)
	ro.limit = math.MaxInt32
	if !o.Bool(engine.OptNoLimit) {
		ro.limit = o.Value(engine.OptScoreLimit)
	}
	ro.round = g.Round
	ro.sc.load(g, x.seat)
	for i := range ro.sc.players {
		// everybody will have discarded by the time somebody goes out in
		// a rollout (else the blessings' limit would price every win)
		ro.sc.players[i].NoDiscard = false
	}
	ro.rng = rng

	n := 0
	for k, u := range x.unseen {
		for range u {
			if n < len(ro.pool) {
				ro.pool[n] = uint8(k)
				n++
			}
		}
	}
	ro.shuffle(ro.pool[:n])
	used := 0
	specials := 0
	for i, p := range g.Players {
		s := &ro.base[i]
		*s = simSeat{wind: p.Wind, specials: p.NumSpecials}
		specials += p.NumSpecials
		for _, m := range p.Melds {
			if m.Kind == engine.NoMeld || m.Kind == engine.Pair || m.Kind == engine.ClosedPair {
				continue
			}
			if s.nm < len(s.melds) {
				s.melds[s.nm] = m
				s.nm++
			}
			s.sets++
		}
		if engine.Seat(i) == x.seat {
			s.c = x.hand
			continue
		}
		for range p.NumConcealed {
			if used < n {
				s.c[ro.pool[used]]++
				used++
			}
		}
	}
	// the wall: what is left, with the flowers and seasons nobody has
	// declared yet
	rest := ro.pool[used:n]
	if o.Bool(engine.OptFlowers) {
		for range max(0, 8-specials) {
			if n < len(ro.pool) {
				ro.pool[n] = bonusKind
				n++
			}
		}
		rest = ro.pool[used:n]
	}
	ro.shuffle(rest)
	ro.baseNLive = min(len(rest), x.live)
	copy(ro.baseLive[:], rest[:ro.baseNLive])
}

func (ro *rollout) shuffle(a []uint8) {
	for i := len(a) - 1; i > 0; i-- {
		j := int(ro.rand() % uint64(i+1))
		a[i], a[j] = a[j], a[i]
	}
}

func (ro *rollout) rand() uint64 {
	ro.rng = splitmix(ro.rng)
	return ro.rng
}

// reset restores the dealt table before a rollout.
func (ro *rollout) reset(rng uint64) {
	ro.seats = ro.base
	ro.next = 0
	ro.rng = rng
}

// play plays the hand out after our discard of kind k and returns the
// settlement's change to our score.
func (ro *rollout) play(k int) int {
	me := &ro.seats[ro.me]
	me.c[k]--
	me.fresh = false
	from, t := ro.me, k
	for range 200 { // a bound: a hand has far fewer turns
		// claims on t, thrown by from
		if w := ro.mahJongOn(from, t); w != engine.NoSeat {
			return ro.settlement(w, t, false, from)[ro.me]
		}
		if s, ok := ro.pungOn(from, t); ok {
			from, t = s, ro.discard(s)
			continue
		}
		if s := from.Next(); ro.chowOn(s, t) {
			from, t = s, ro.discard(s)
			continue
		}
		// the next player draws
		s := from.Next()
		d, ok := ro.draw(s)
		if !ok {
			return 0 // washout
		}
		st := &ro.seats[s]
		a := st.analyzer(ro.sevenPairs)
		if st.sh == 0 && a.With(d, -1) < 0 {
			st.c[d]++
			return ro.settlement(s, d, true, engine.NoSeat)[ro.me]
		}
		from, t = s, ro.discardDrawn(s, d)
	}
	return 0
}

// draw takes the next live tile for seat s, replacing flowers.
func (ro *rollout) draw(s engine.Seat) (int, bool) {
	for ro.next < ro.baseNLive {
		t := ro.baseLive[ro.next] // the wall does not change in play: no copy
		ro.next++
		if t == bonusKind {
			ro.seats[s].specials++
			continue
		}
		return int(t), true
	}
	return 0, false
}

// mahJongOn returns the first seat after from that goes out with t.
func (ro *rollout) mahJongOn(from engine.Seat, t int) engine.Seat {
	for s := from.Next(); s != from; s = s.Next() {
		st := &ro.seats[s]
		if !ro.couldUse(st, t) {
			continue
		}
		if a := st.analyzer(ro.sevenPairs); st.sh == 0 && a.With(t, -1) < 0 {
			return s
		}
	}
	return engine.NoSeat
}

// couldUse is a quick test that t can join st's hand.
func (ro *rollout) couldUse(st *simSeat, t int) bool {
	if st.c[t] > 0 || st.sets == 0 {
		return true
	}
	if t >= 27 {
		return false
	}
	r := t % 9
	return r > 0 && st.c[t-1] > 0 || r < 8 && st.c[t+1] > 0 || r > 1 && st.c[t-2] > 0 || r < 7 && st.c[t+2] > 0
}

// pungOn returns a seat (not from) that pungs t: one holding a pair of
// it whose hand the pung brings nearer to going out.
func (ro *rollout) pungOn(from engine.Seat, t int) (engine.Seat, bool) {
	for s := from.Next(); s != from; s = s.Next() {
		st := &ro.seats[s]
		if st.c[t] < 2 {
			continue
		}
		st.analyzer(ro.sevenPairs)
		before := st.sh
		st.c[t] -= 2
		st.sets++
		after := ro.bestAfter(st)
		if after < before || after == before && t >= 27 && ro.doubling(st, t) {
			st.record(engine.Pung, t)
			return s, true
		}
		st.c[t] += 2
		st.sets--
		return engine.NoSeat, false
	}
	return engine.NoSeat, false
}

func (ro *rollout) doubling(st *simSeat, t int) bool {
	return doublesOf(tileOf[t], st.wind, ro.round) > 0
}

// chowOn reports whether seat s chows t (it then has declared the chow).
func (ro *rollout) chowOn(s engine.Seat, t int) bool {
	if t >= 27 {
		return false
	}
	st := &ro.seats[s]
	r := t % 9
	before := -2
	best, bestLow := 99, -1
	for low := max(t-2, t-r); low <= min(t, t-r+6); low++ {
		if !chowHeld(&st.c, low, t) {
			continue
		}
		if before == -2 {
			st.analyzer(ro.sevenPairs)
			before = st.sh
		}
		chowMove(&st.c, low, t, -1)
		st.sets++
		if a := ro.bestAfter(st); a < best {
			best, bestLow = a, low
		}
		st.sets--
		chowMove(&st.c, low, t, +1)
	}
	if bestLow < 0 || best >= before || ro.rand()%8 < 3 {
		return false
	}
	chowMove(&st.c, bestLow, t, -1)
	st.sets++
	st.record(engine.Chow, bestLow)
	return true
}

// chowHeld reports whether c holds the two tiles of the chow from low
// that join t.
func chowHeld(c *Counts, low, t int) bool {
	for j := low; j <= low+2; j++ {
		if j != t && c[j] == 0 {
			return false
		}
	}
	return true
}

// chowMove takes those two tiles from c (delta -1) or gives them back (+1).
func chowMove(c *Counts, low, t, delta int) {
	for j := low; j <= low+2; j++ {
		if j != t {
			c[j] = uint8(int(c[j]) + delta)
		}
	}
}

// bestAfter is the lowest shanten number st reaches by one discard, its
// sets as counted now (a claim just made). It leaves st's analyzer stale.
func (ro *rollout) bestAfter(st *simSeat) int {
	st.fresh = false
	a := st.analyzer(ro.sevenPairs)
	st.fresh = false
	best := 99
	for k := range NumKinds {
		if st.c[k] > 0 {
			best = min(best, a.With(-1, k))
		}
	}
	return best
}

// discard chooses and makes seat s's discard after a claim: the tile
// whose loss leaves the lowest shanten number, among those the one least
// connected to the rest of the hand.
func (ro *rollout) discard(s engine.Seat) int {
	st := &ro.seats[s]
	st.fresh = false
	return ro.discardDrawn(s, -1)
}

// discardDrawn is discard for a seat whose analyzer holds its hand
// before it drew d (-1: the analyzer holds the whole hand). The lowest
// shanten number a discard can leave is that of the whole hand, so the
// tiles are tried from the least connected and the first that keeps it
// is thrown.
func (ro *rollout) discardDrawn(s engine.Seat, d int) int {
	st := &ro.seats[s]
	a := st.analyzer(ro.sevenPairs)
	c := &st.c
	target := 0
	if d >= 0 {
		target = a.With(d, -1)
		c[d]++
	} else {
		target = st.sh
	}
	// the held kinds by how much they hold the hand together (ties at
	// random), least first
	var order [NumKinds]int
	n := 0
	noise := ro.rand()
	for k := range NumKinds {
		if c[k] == 0 {
			continue
		}
		key := ro.keepScore(st, k)<<8 | int(noise>>(uint(k)%56)&255)
		key = key<<6 | k
		i := n
		for i > 0 && order[i-1] > key {
			order[i] = order[i-1]
			i--
		}
		order[i] = key
		n++
	}
	best := order[0] & 63
	for _, key := range order[:n] {
		k := key & 63
		var sh int
		switch {
		case d < 0:
			sh = a.With(-1, k)
		case k == d:
			sh = st.sh
		default:
			sh = a.With(d, k)
		}
		if sh <= target {
			best = k
			break
		}
	}
	c[best]--
	if best != d {
		st.fresh = false // the analyzer still holds the old hand
	}
	return best
}

// keepScore is how much a tile of kind k holds the hand together.
func (ro *rollout) keepScore(st *simSeat, k int) int {
	c := &st.c
	n := int(c[k]) - 1
	if k >= 27 {
		v := 3 * n
		if ro.doubling(st, k) {
			v += 1 + 2*n
		}
		return v
	}
	v := 3 * n
	r := k % 9
	if r > 0 {
		v += 2 * int(min(c[k-1], 1))
	}
	if r < 8 {
		v += 2 * int(min(c[k+1], 1))
	}
	if r > 1 {
		v += int(min(c[k-2], 1))
	}
	if r < 7 {
		v += int(min(c[k+2], 1))
	}
	if r > 0 && r < 8 {
		v++
	}
	return v
}

// settlement returns every seat's change when w goes out with t.
func (ro *rollout) settlement(w engine.Seat, t int, selfDrawn bool, from engine.Seat) (delta [engine.NumSeats]int) {
	var vals [engine.NumSeats]int
	ws := &ro.seats[w]
	if !selfDrawn {
		ws.c[t]++
	}
	sc := &ro.sc
	p := *sc.g.Players[w]
	p.Wind = ws.wind
	p.NumSpecials = ws.specials
	p.Melds = ws.melds
	for i := ws.nm; i < len(p.Melds); i++ {
		p.Melds[i] = engine.Meld{}
	}
	sc.me = p
	score, _, _ := sc.bestWin(w, &ws.c, 4-ws.sets, ro.sevenPairs && ws.sets == 0, tileOf[t], selfDrawn, nil)
	if score < 0 {
		return delta
	}
	vals[w] = min(score, ro.limit)
	for i := range ro.seats {
		if engine.Seat(i) != w {
			vals[i] = ro.loserScore(&ro.seats[i])
		}
	}
	east := func(i, j engine.Seat) int {
		if ro.east && (i == engine.EastSeat || j == engine.EastSeat) {
			return 2
		}
		return 1
	}
	for i := range engine.Seat(engine.NumSeats) {
		if i == w {
			continue
		}
		m := vals[w] * east(i, w)
		if ro.discDoubles && (selfDrawn || i == from) {
			m *= 2
		}
		delta[w] += m
		delta[i] -= m
		if !ro.losersSettle {
			continue
		}
		for j := i + 1; j < engine.NumSeats; j++ {
			if j != w {
				d := (vals[i] - vals[j]) * east(i, j)
				delta[i] += d
				delta[j] -= d
			}
		}
	}
	return delta
}

// loserScore is a losing hand's score: its sets, its concealed pungs,
// its pairs of doubling honours and its flowers, with the sets'
// doubles.
func (ro *rollout) loserScore(st *simSeat) int {
	var d declInfo
	for _, m := range st.melds[:st.nm] {
		d.add(m, st.wind, ro.round)
	}
	pts, dbl := d.pts+4*st.specials, d.dbl
	for k, n := range st.c {
		switch {
		case n >= 3:
			pts += 4
			if isMajorKind(k) {
				pts += 4
			}
			dbl += doublesOf(tileOf[k], st.wind, ro.round)
		case n == 2 && k >= 27 && doublesOf(tileOf[k], st.wind, ro.round) > 0:
			pts += 2
		}
	}
	return min(int(float64(pts)*math.Pow(2, dbl)), ro.limit)
}
