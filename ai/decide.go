package ai

import (
	"math"

	"mahjong/engine"
)

// This file holds the decisions of play: which tile to discard, which
// claim to make, whether to declare a kong. Every option is priced by one
// measure, an estimate of the points it is worth (see ev): the chance of
// going out before the others (from the shanten number and the effective
// tiles), times the value of the hand when it goes out (exact through the
// engine's scorer for a ready hand, estimated from its features
// otherwise) and what the winners collect, plus the losing hand's value,
// less the cost of dangerous discards.

// context is what a decision needs to know of the table, gathered once.
type context struct {
	g         *engine.Game
	seat      engine.Seat
	me        *engine.Player
	hand      Counts // our concealed tiles
	unseen    Counts // tiles we have not seen anywhere (less those read as held in pairs, pairFit)
	rawUnseen Counts // ... before that reading (what the reads' features see)
	nUnseen   int
	decl      declInfo
	shape     Shape
	live      int     // live tiles left
	turns     int     // our draws left, roughly
	collect   float64 // points collected per point of our hand value when we win
	keep      float64 // points a win is worth beyond its collection: the payment to another winner it spares (params.spare), the next East hand it keeps (params.eastKeep)
	loserK    float64 // points per point of our losing hand value
	discK     float64 // weight of the extra share we pay when our discard wins for somebody (DiscDoubles)
	feedSkip  float64 // params.feedSkip (feedWeight)
	oppFlag   [engine.NumSeats]engine.DangerFlags
	fresh     bool              // end of the wall: fresh tiles are dangerous
	deep      bool              // look ahead from hands one step from ready
	noPair    uint8             // honours (bit i: kind 27+i) whose pair scores
	survAt    [maxTurns]float64 // chance that nobody else goes out, for each of our turns from now
	lead      float64           // the chance of going out scaled by this: fewer turns of the others before our next draw (params.tempo)
	limit     float64           // the score limit (infinite with NoLimit)
	// what the options pay a concealed hand: fully concealed (the last
	// tile drawn) and almost concealed (won on a discard)
	fully, almost optScore
	purity        bool // LosersPurity: a losing hand scores one suit and concealment too
	// per kind: the others expected to go out on it, and what they would
	// take (read.go)
	dealRisk, dealPay [NumKinds]float64
	// per seat, kinds it let go since its last discard without claiming
	// them: with params.passRead, it holds no pair of them (the original
	// pungs nearly every pair it can)
	passed [engine.NumSeats]uint64
}

// optScore is a packed score option (engine.ScoreDouble) split into its
// points and doubles.
type optScore struct{ pts, dbl float64 }

func optScoreOf(v int) optScore {
	return optScore{pts: float64(v % 10000), dbl: float64(v / engine.ScoreDouble % 100)}
}

// maxTurns bounds the turns a hand looks ahead: about 80 live tiles.
const maxTurns = 24

// declInfo sums up the declared sets for valuing a hand.
type declInfo struct {
	sets, chows, pungs int
	pts                int     // points of the declared sets
	dbl                float64 // doubles they carry (dragons, own and prevailing winds)
	exposed            bool    // a set was made with a claimed tile
	suits              [4]int  // tiles per group (3 suits, honours)
	scoring            bool    // a declared set scores points (spoils the no-score hand)
	nExposed           int     // sets made with a claimed tile
	majors             int     // major tiles in the declared sets
}

// claimed reports whether a set of kind k was made with a claimed tile
// (an annexed kong counts: it grew from a claimed pung).
func claimed(k engine.MeldKind) bool {
	return k == engine.Chow || k == engine.Pung || k == engine.Kong
}

func (d *declInfo) add(m engine.Meld, own, prevailing engine.Wind) {
	if m.Kind == engine.NoMeld {
		return
	}
	t := m.Tile
	k := Kind(t)
	if k < 0 {
		return
	}
	size := m.Kind.Size()
	d.suits[groupOf(k)] += size
	d.majors += majorTiles(m)
	if claimed(m.Kind) {
		d.nExposed++
	}
	switch m.Kind {
	case engine.Chow, engine.ClosedChow:
		d.sets++
		d.chows++
		if m.Kind == engine.Chow {
			d.exposed = true
		}
		return
	case engine.Pair, engine.ClosedPair:
		return
	}
	d.sets++
	d.pungs++
	d.scoring = true
	mult := 1
	if t.IsMajor() {
		mult = 2
	}
	switch m.Kind {
	case engine.Pung:
		d.pts += 2 * mult
		d.exposed = true
	case engine.ClosedPung:
		d.pts += 4 * mult
	case engine.Kong:
		d.pts += 8 * mult
		d.exposed = true
	case engine.ClosedKong:
		d.pts += 16 * mult
	}
	d.dbl += doublesOf(t, own, prevailing)
}

// doublesOf returns the doubles a pung of t earns.
func doublesOf(t engine.Tile, own, prevailing engine.Wind) float64 {
	switch {
	case t.IsDragon():
		return 1
	case t.IsWind():
		d := 0.0
		if engine.Wind(t.Rank()) == own {
			d++
		}
		if engine.Wind(t.Rank()) == prevailing {
			d++
		}
		return d
	}
	return 0
}

// load gathers the context of seat v.Seat().
func (r *Robot) load(v *engine.View) *context {
	x := &r.ctx
	g := v.Game
	x.g = g
	x.seat = v.Seat()
	x.me = g.Players[x.seat]
	x.hand = Counts{}
	for _, t := range x.me.Concealed[:x.me.NumConcealed] {
		x.hand.Add(t)
	}
	x.decl = declInfo{}
	for _, m := range x.me.Melds {
		x.decl.add(m, x.me.Wind, g.Round)
	}
	x.shape = Shape{Sets: max(0, 4-x.decl.sets), SevenPairs: g.Options.Bool(engine.OptSevenPairs) && x.decl.sets == 0}
	x.nUnseen = 0
	for k := range NumKinds {
		n := 4 - g.ExposedCount[tileOf[k]] - int(x.hand[k])
		n = max(0, min(4, n))
		x.unseen[k] = uint8(n)
		x.nUnseen += n
	}
	x.nUnseen = max(x.nUnseen, 1)
	x.live = g.LiveLeft()
	r.lockPairs(x)
	x.turns = max(0, (x.live+3)/4)
	o := &g.Options
	east := x.seat == engine.EastSeat
	switch {
	case !o.Bool(engine.OptEastDoubles):
		x.collect = 3
	case east:
		x.collect = 6
	default:
		x.collect = 4
	}
	x.discK = 0
	if o.Bool(engine.OptDiscDoubles) {
		x.collect *= 1.5
		x.discK = r.params.discDealIn
	}
	// going out also spares us what we would pay another winner (East
	// pays and is paid double)
	x.keep = r.params.spare
	if east {
		x.keep = 1.5*r.params.spare + r.params.eastKeep
	}
	if t := r.params.spareThreat; t > 0 {
		x.keep += t * x.threatDoubles()
	}
	x.loserK = 0
	if o.Bool(engine.OptLosersSettle) {
		x.loserK = 2
		switch {
		case !o.Bool(engine.OptEastDoubles):
		case east:
			x.loserK = 4
		default:
			// East, when among the other losers, settles double
			x.loserK += r.params.loserEast
		}
	}
	for i, p := range g.Players {
		x.oppFlag[i] = 0
		if engine.Seat(i) != x.seat {
			x.oppFlag[i] = engine.ExposedDanger(p)
		}
	}
	r.survivals(x)
	x.passed = [engine.NumSeats]uint64{}
	x.feedSkip = r.params.feedSkip
	if r.params.passRead > 0 {
		x.passed = r.read.passed
	}
	x.lead = 1
	r.dealRisks(x)
	x.fresh = x.live <= 4
	x.limit = math.Inf(1)
	if !o.Bool(engine.OptNoLimit) {
		x.limit = float64(o.Value(engine.OptScoreLimit))
	}
	x.fully = optScoreOf(o.Value(engine.OptConcealedFully))
	x.almost = optScoreOf(o.Value(engine.OptConcealedAlmost))
	x.purity = o.Bool(engine.OptLosersPurity)
	x.deep = true
	x.noPair = 0
	for i := range 7 {
		if doublesOf(tileOf[27+i], x.me.Wind, g.Round) > 0 {
			x.noPair |= 1 << i
		}
	}
	r.resetCaches(x)
	return x
}

// handKey is what the cached scores of a seat's hands depend on besides
// the concealed tiles: the declared sets, flowers, winds and the seat.
type handKey struct {
	melds    [engine.MaxMelds]engine.Meld
	specials int
	wind     engine.Wind
	round    engine.Wind
	seat     engine.Seat
}

// resetCaches empties the per-decision caches (they depend on the unseen
// tiles) and, when the hand's context changed, the cache of scores.
func (r *Robot) resetCaches(x *context) {
	k := handKey{melds: x.me.Melds, specials: x.me.NumSpecials, wind: x.me.Wind, round: x.g.Round, seat: x.seat}
	if k != r.hkey {
		r.hkey = k
		clear(r.scores)
	}
	if len(r.ready) > 0 {
		clear(r.ready)
	}
	if len(r.oneAway) > 0 {
		clear(r.oneAway)
	}
}

// dangerous reports whether discarding t could make us liable for a
// cannon: it falls in a category some other player's declared sets make
// dangerous, or it is a fresh tile at the end of the wall.
func (x *context) dangerous(t engine.Tile) bool {
	if x.fresh && int(t) < engine.MaxTile && x.g.DiscardedCount[t] == 0 {
		return true
	}
	for i, f := range x.oppFlag {
		if engine.Seat(i) != x.seat && engine.TileDanger(f, t) != 0 {
			return true
		}
	}
	return false
}

// robbingDanger reports whether the tile t added to our exposed pung
// could make us liable for a cannon if it is robbed: the server judges a
// robbed kong's tile as it judges a discard. Every copy of t is then ours,
// so only a chow can rob it (never an honour); at the end of the wall it
// always counts as fresh, since the original counts only discards and at
// most one copy (the one we punged) was discarded.
func (x *context) robbingDanger(t engine.Tile) bool {
	if t.IsHonour() {
		return false
	}
	return x.fresh || x.dangerous(t)
}

// typicalUkeire is the usual number of effective tiles (of about 120
// unseen) of a hand at each shanten number, for the steps after the next.
var typicalUkeire = [...]float64{6, 20, 35, 48, 58, 66, 72, 76, 80}

// pWin estimates the chance of going out before anybody else, from the
// shanten number s, the effective tiles u and the number of own draws
// left. Each step to ready is a geometric wait: the next at the rate of u
// among the unseen tiles, the later ones at the typical rate for their
// shanten number scaled by how good this hand is; claims multiply the
// rates (a ready hand may take any discard); every turn somebody else
// may go out first.
//
// u2, when not negative, is the known mean number of effective tiles of
// the next step (from a look ahead) in place of the typical one.
func (r *Robot) pWin(x *context, s, u int, u2 float64) float64 { return r.pWinW(x, s, u, u2, -1) }

// claimWeighted weights the effective tiles of mask in hand c by how
// they can arrive: a tile that makes a pung of a pair may be claimed
// from any discarder, one that completes a chow from the left player
// only, the others only drawn. With claimOut, the claims are priced by
// how often the others throw the kind (outflow.go).
func (r *Robot) claimWeighted(x *context, c *Counts, mask uint64) float64 {
	pr := &r.params
	w := 0.0
	for k := range NumKinds {
		if mask&(1<<k) == 0 {
			continue
		}
		f, givers := pr.plainW, 0
		switch {
		case c[k] >= 2:
			f, givers = pr.pungW, 3
		case k < 27 && chowable(c, k):
			f, givers = pr.chowW, 1
		}
		n := float64(x.unseen[k])
		if pr.claimOut > 0 && givers > 0 {
			w += pr.plainW*n + pr.claimOut*float64(givers)*outflow(k, int(x.unseen[k]), x.live)*float64(x.nUnseen)
			continue
		}
		w += f * n
	}
	return w
}

// chowable reports whether kind k (a suit tile) makes a chow with two
// tiles of c.
func chowable(c *Counts, k int) bool {
	r := k % 9
	has := func(d int) bool { return r+d >= 0 && r+d <= 8 && c[k+d] > 0 }
	return has(-2) && has(-1) || has(-1) && has(1) || has(1) && has(2)
}

// pWinW is pWin with the first step's rate taken from uw, the effective
// tiles weighted by claimWeighted, when not negative.
func (r *Robot) pWinW(x *context, s, u int, u2, uw float64) float64 {
	if s < 0 {
		return 1
	}
	if s >= len(typicalUkeire) {
		s = len(typicalUkeire) - 1
	}
	pr := &r.params
	fu := float64(max(u, 1))
	q := max(pr.qLo, min(1/pr.qLo, math.Pow(fu/typicalUkeire[s], pr.qPow)))
	var rate [len(typicalUkeire)]float64
	for j := 0; j <= s; j++ {
		m := pr.claimRate
		if s-j == 0 {
			m = pr.readyRate
		}
		switch {
		case j == 0 && uw >= 0:
			rate[j] = max(uw, 1) / float64(x.nUnseen)
		case j == 0:
			rate[j] = fu * m / float64(x.nUnseen)
		case j == 1 && u2 >= 0:
			rate[j] = max(u2, 1) * m / float64(x.nUnseen)
		default:
			rate[j] = typicalUkeire[s-j] * q * m / 120
		}
		rate[j] = min(0.9, rate[j])
	}
	var dist [len(typicalUkeire) + 1]float64 // probability of j steps made so far
	dist[0] = 1
	total, surv := 0.0, 1.0
	steps := s + 1
	for t := 0; t < x.turns; t++ {
		surv *= x.survAt[min(t, maxTurns-1)]
		for j := steps - 1; j >= 0; j-- {
			moved := dist[j] * rate[j]
			dist[j] -= moved
			if j+1 == steps {
				total += moved * surv
			} else {
				dist[j+1] += moved
			}
		}
	}
	return total
}

// estimate values a hand that is not yet ready: the expected score if it
// goes out, from the sets declared, the concealed pungs and pairs, the
// chances of the no-score hand, one suit and a concealed hand.
func (r *Robot) estimate(x *context, c *Counts, d *declInfo, s int) float64 {
	pr := &r.params
	if !pr.value {
		return 30
	}
	own, prev := x.me.Wind, x.g.Round
	pts := float64(x.g.Options.Value(engine.OptMahJongScore)%10000) + float64(d.pts) + 4*float64(x.me.NumSpecials)
	dbl := d.dbl
	triplets, dblPairs := 0, 0
	for k, n := range c {
		if n == 0 {
			continue
		}
		t := tileOf[k]
		dd := doublesOf(t, own, prev)
		if n >= 3 {
			triplets++
			if isMajorKind(k) {
				pts += 8
			} else {
				pts += 4
			}
			dbl += dd
		} else if n == 2 && dd > 0 {
			dblPairs++
			switch {
			case x.unseen[k] == 0:
			case pr.pairOut > 0:
				// the chance it is punged before the wall runs out, at
				// the rate the others throw its kind (outflow.go)
				dbl += dd * pr.pairOut * (1 - math.Pow(1-min(0.9, x.outRate(k, 3, 1)), float64(x.turns)))
			default:
				dbl += dd * pr.pairPung
			}
			pts += 1
		} else if n == 1 && dd > 0 && x.unseen[k] >= 2 {
			// it may still pair, then be punged
			dbl += dd * pr.loneHonour
		}
	}
	// no-score hand: nothing but chows and a plain pair, while it is as
	// near as the hand's best shape (or one step further)
	switch {
	case d.scoring || pr.noScore <= 0:
	case !pr.noScoreShape:
		// nothing but chows and a plain pair so far
		if triplets == 0 && dblPairs == 0 {
			dbl += pr.noScore / float64(1+max(0, s-1))
		}
	default:
		ns := noScoreDistance(c, max(0, 4-d.sets), x.noPair) - 1
		switch {
		case ns <= s:
			dbl += pr.noScore
		case ns == s+1:
			dbl += pr.noScore * pr.noScoreNear
		}
	}
	// no chows: pungs and a pair
	if d.chows == 0 && pr.noChows > 0 {
		if nc := noChowsDistance(c, max(0, 4-d.sets)) - 1; nc <= s {
			dbl += pr.noChows
		} else if nc == s+1 {
			dbl += pr.noChows * pr.noScoreNear
		}
	}
	// one suit, with or without honours
	groups, _ := tileGroups(c, d)
	best, sum := 0, groups[0]+groups[1]+groups[2]
	for i := range 3 {
		best = max(best, groups[i])
	}
	off := sum - best
	switch {
	case off == 0 && groups[3] == 0:
		dbl += 3
	case off == 0:
		dbl += 1
	case off <= 2 && s >= 1:
		dbl += pr.suitHope * float64(3-off) / 3
	}
	if !d.exposed {
		// the fully concealed hand's score when self-drawn, and three
		// times the almost concealed hand's (a discard wins three times
		// as often as a draw)
		dbl += pr.concealed * (x.fully.dbl + 3*x.almost.dbl)
		pts += pr.concealed * (x.fully.pts + 3*x.almost.pts)
	}
	return min(pts*math.Pow(2, dbl), x.limit)
}

// tileGroups counts the tiles of hand c and declared sets d in each
// group (the three suits, the honours), and the major tiles among them.
func tileGroups(c *Counts, d *declInfo) (groups [4]int, majors int) {
	groups, majors = d.suits, d.majors
	for k, n := range c {
		groups[groupOf(k)] += int(n)
		if isMajorKind(k) {
			majors += int(n)
		}
	}
	return groups, majors
}

// loserValue is the losing hand's score: declared and concealed pungs,
// scoring pairs and flowers, with the doubles of dragon and wind pungs,
// and part of the pungs its pairs may still become.
func (r *Robot) loserValue(x *context, c *Counts, d *declInfo) float64 {
	own, prev := x.me.Wind, x.g.Round
	pts := float64(d.pts) + 4*float64(x.me.NumSpecials)
	dbl := d.dbl
	for k, n := range c {
		t := tileOf[k]
		switch {
		case n >= 3:
			if isMajorKind(k) {
				pts += 8
			} else {
				pts += 4
			}
			dbl += doublesOf(t, own, prev)
		case n == 2:
			dd := doublesOf(t, own, prev)
			if dd > 0 {
				pts += 2
			}
			// the pung it may become, claimed from anybody: its points
			// and doubles, in proportion to the copies still unseen
			if f := r.params.loserPair * float64(x.unseen[k]); f > 0 {
				if isMajorKind(k) {
					pts += 4 * f
				} else {
					pts += 2 * f
				}
				dbl += f * dd
			}
		}
	}
	if x.purity {
		p, dd := loserPurity(x, c, d)
		pts += p
		dbl += dd
	}
	return min(pts*math.Pow(2, dbl), x.limit)
}

// loserPurity is what LosersPurity adds to a losing hand as it stands:
// the one-suit doubles (three, or one with honours), all majors, and
// the almost concealed hand's score while nothing is exposed.
func loserPurity(x *context, c *Counts, d *declInfo) (pts, dbl float64) {
	groups, majors := tileGroups(c, d)
	suits := 0
	for i := range 3 {
		if groups[i] > 0 {
			suits++
		}
	}
	switch {
	case suits == 1 && groups[3] == 0:
		dbl += 3
	case suits == 1:
		dbl++
	}
	if all := groups[0] + groups[1] + groups[2] + groups[3]; all > 0 && majors == all {
		dbl++
	}
	if !d.exposed {
		pts += x.almost.pts
		dbl += x.almost.dbl
	}
	return pts, dbl
}

// readyValue is the mean score of the ready hand c over its waits (mask),
// through the engine's scorer. Each wait counts by its unseen copies,
// and its score mixes going out on a discard and on our own draw two to
// one; with drawShare, each wait counts by its chance per turn instead
// and mixes the two by how it comes: our own draw (its unseen copies)
// against the others' discards (outflow.go).
func (r *Robot) readyValue(x *context, c *Counts, d *declInfo, mask uint64, extra []engine.Meld) float64 {
	var sc *scorer = &r.sc
	sc.load(x.g, x.seat)
	// the hands priced here go out after our next discard: no blessing of
	// heaven or earth
	sc.me.NoDiscard = false
	total, weight := 0.0, 0.0
	sp := x.shape.SevenPairs && len(extra) == 0
	sets := 4 - d.sets
	for k := range NumKinds {
		if mask&(1<<k) == 0 {
			continue
		}
		c[k]++
		key := scoreKey{c: *c, sets: int8(sets), extra: int8(len(extra)), seat: int8(x.seat)}
		if len(extra) > 0 {
			key.xm = extra[0]
		}
		v, ok := r.scores[key]
		if !ok {
			disc, self := r.winScores(x, c, Shape{Sets: sets, SevenPairs: sp}, k, !d.exposed && len(extra) == 0, extra)
			if disc < 0 {
				disc = int(r.estimate(x, c, d, 0))
				self = disc
			}
			v = winPair{disc: int32(disc), self: int32(self)}
			if len(r.scores) > 4096 {
				clear(r.scores)
			}
			r.scores[key] = v
		}
		c[k]--
		n := int(x.unseen[k])
		if r.params.drawShare > 0 {
			own, others := waitRates(k, n, float64(x.nUnseen), x.live)
			total += others*float64(v.disc) + own*float64(v.self)
			weight += others + own
			continue
		}
		total += float64(n) * float64((2*v.disc+v.self)/3)
		weight += float64(n)
	}
	if weight == 0 {
		return r.estimate(x, c, d, 0)
	}
	return total / weight
}

// winPair is a complete hand's best score going out on a discard and on
// its own draw.
type winPair struct{ disc, self int32 }

// winScores returns the best scores of the complete counts c (shape sh,
// with extra melds being claimed) going out on kind k by a discard and
// by its own draw; the latter only when concealed, else the discard's
// stands in for it (leaving out the wall's two points, which measured
// to change nothing: levels.go). Below zero: no win. The scorer r.sc
// must be loaded.
func (r *Robot) winScores(x *context, c *Counts, sh Shape, k int, concealed bool, extra []engine.Meld) (disc, self int) {
	disc, _, _ = r.sc.bestWin(x.seat, c, sh.Sets, sh.SevenPairs, tileOf[k], false, extra)
	self = disc
	if concealed {
		self, _, _ = r.sc.bestWin(x.seat, c, sh.Sets, sh.SevenPairs, tileOf[k], true, extra)
	}
	return disc, self
}

// scoreKey caches readyValue's scores within a hand.
type scoreKey struct {
	c     Counts
	sets  int8
	extra int8
	seat  int8
	xm    engine.Meld
}

// priced is what evalHand makes of a hand: its worth in expected points
// (ev), its shanten number and effective tiles, and the two estimates ev
// is built on: the chance of going out with it and its score when it
// does.
type priced struct {
	ev          float64
	s, u        int
	chance, val float64
}

// weighed reports option a, worth value, priced as h.
func (h priced) weighed(a engine.Action, value float64) Weighed {
	return Weighed{Action: a, Value: value, Steps: h.s, Chance: h.chance, Worth: h.val}
}

// evalHand prices a 13-tile-shaped hand c (declared sets d, plus extra
// melds being claimed).
func (r *Robot) evalHand(x *context, c *Counts, d *declInfo, extra []engine.Meld) priced {
	sh := Shape{Sets: max(0, 4-d.sets), SevenPairs: x.shape.SevenPairs && d.sets == 0}
	a := &r.an
	a.Reset(c, sh)
	s := a.Shanten()
	u, mask := a.Effective(s, &x.unseen)
	pr := &r.params
	var val float64
	u2 := -1.0
	switch {
	case s == 0 && pr.exact:
		val = r.readyInfo(x, c, d, extra, sh).val
	case s == 1 && pr.twoStep && x.deep:
		ri := r.oneAwayInfo(x, c, d, extra, sh, mask)
		val, u2 = ri.val, ri.u
	default:
		val = r.estimate(x, c, d, s)
	}
	uw := -1.0
	if pr.claimW && s > 0 {
		uw = r.claimWeighted(x, c, mask)
	}
	switch {
	case s == 0 && pr.waitOut > 0:
		uw = r.waitRate(x, mask) * float64(x.nUnseen)
	case s == 0 && (pr.edgeWait != 0 || pr.midWait != 0):
		u = r.waitWeight(x, mask)
	}
	p := r.pWinW(x, s, u, u2, uw)
	if pr.targets > 0 && s >= 1 {
		if t, ok := r.bestTarget(x, c, d, s); ok && t.worth() > p*val {
			p, val = t.p, t.val
		}
	}
	if x.lead != 1 {
		p = min(1, p*x.lead)
	}
	ev := p*val*x.collect + p*x.keep + 0.1*float64(u)*pr.ukeireBonus
	if pr.loser && x.loserK > 0 {
		ev += (1 - p) * r.loserValue(x, c, d) * x.loserK * pr.loserW
	}
	return priced{ev: ev, s: s, u: u, chance: p, val: val}
}

// waitWeight counts the unseen copies of a ready hand's waits (mask),
// those of terminals and honours and those of the middle kinds 3 to 7
// weighted up. The weights are measured (levels.go), not derived; the
// likely reason is that the other hands keep a 2 or an 8 to build on
// and let a terminal or an honour go.
func (r *Robot) waitWeight(x *context, mask uint64) int {
	pr := &r.params
	w := 0.0
	for k := range NumKinds {
		if mask&(1<<k) == 0 {
			continue
		}
		f := 1.0
		if isMajorKind(k) {
			f += pr.edgeWait
		} else if d := k % 9; d >= 2 && d <= 6 {
			f += pr.midWait
		}
		w += f * float64(x.unseen[k])
	}
	return int(w + 0.5)
}

// waitRate is the chance per turn that a ready hand's waits (mask) come
// to it, from the wall or from any of the others (outflow.go), scaled by
// waitOut.
func (r *Robot) waitRate(x *context, mask uint64) float64 {
	w := 0.0
	for k := range NumKinds {
		if mask&(1<<k) != 0 {
			w += x.outRate(k, 3, 1)
		}
	}
	return w * r.params.waitOut
}

// readyInfo is what a hand at shanten 0 or 1 is worth: its mean score
// when it goes out (val) and its effective tiles (u; for a hand one step
// from ready, the mean effective tiles of the ready hand it leads to).
type readyInfo struct {
	val, u float64
}

func (r *Robot) handKeyOf(x *context, c *Counts, sh Shape, extra []engine.Meld) scoreKey {
	key := scoreKey{c: *c, sets: int8(sh.Sets), extra: int8(len(extra)), seat: int8(x.seat)}
	if len(extra) > 0 {
		key.xm = extra[0]
	}
	return key
}

// readyInfo returns the value and waits of the ready hand c, cached for
// the decision.
func (r *Robot) readyInfo(x *context, c *Counts, d *declInfo, extra []engine.Meld, sh Shape) readyInfo {
	key := r.handKeyOf(x, c, sh, extra)
	if ri, ok := r.ready[key]; ok {
		return ri
	}
	a := &r.an3
	a.Reset(c, sh)
	u, mask := a.Effective(0, &x.unseen)
	ri := readyInfo{u: float64(u), val: r.readyValue(x, c, d, mask, extra)}
	if pr := &r.params; pr.waitOut > 0 && pr.waitAhead > 0 && pr.readyRate > 0 {
		// the waits as the plain count that gives their chance per turn
		ri.u = r.waitRate(x, mask) * float64(x.nUnseen) / pr.readyRate
	}
	if len(r.ready) > 4096 {
		clear(r.ready)
	}
	r.ready[key] = ri
	return ri
}

// oneAwayInfo values a hand one step from ready by looking one draw
// ahead: for every effective draw, the best discard that leaves a ready
// hand (priced by its chance of going out times its exact value); the
// value and the waits are the means over the draws, weighted by the
// unseen copies.
func (r *Robot) oneAwayInfo(x *context, c *Counts, d *declInfo, extra []engine.Meld, sh Shape, mask uint64) readyInfo {
	key := r.handKeyOf(x, c, sh, extra)
	if ri, ok := r.oneAway[key]; ok {
		return ri
	}
	a := &r.an2
	var sumV, sumU, sumW float64
	for k := range NumKinds {
		if mask&(1<<k) == 0 {
			continue
		}
		w := float64(x.unseen[k])
		c[k]++
		a.Reset(c, sh)
		bestScore, best := -1.0, readyInfo{}
		for j := range NumKinds {
			if c[j] == 0 || j == k {
				continue
			}
			if a.With(-1, j) != 0 {
				continue
			}
			c[j]--
			ri := r.readyInfo(x, c, d, extra, sh)
			c[j]++
			if sc := r.pWin(x, 0, int(ri.u), -1) * ri.val; sc > bestScore {
				bestScore, best = sc, ri
			}
		}
		c[k]--
		if bestScore < 0 {
			continue
		}
		sumV += w * best.val
		sumU += w * best.u
		sumW += w
	}
	ri := readyInfo{val: r.estimate(x, c, d, 1), u: -1}
	if sumW > 0 {
		ri = readyInfo{val: sumV / sumW, u: sumU / sumW}
	}
	if len(r.oneAway) > 4096 {
		clear(r.oneAway)
	}
	r.oneAway[key] = ri
	return ri
}

// cand is an option being weighed.
type cand struct {
	kind   int  // tile kind (discard) or option index
	priced      // its value (ev) and what it is built on
	bad    bool // a dangerous discard
}

// pick returns the index of the best candidate, with the level's noise.
func (r *Robot) pick(x *context, cs []cand) int {
	best, bestV := -1, math.Inf(-1)
	temp := r.params.noise
	var rng uint64
	if temp > 0 {
		rng = r.opts.Seed ^ uint64(x.g.Serial)*0x9e3779b97f4a7c15 ^ uint64(x.live)<<32 ^ uint64(x.seat)<<48
		for k, n := range x.hand {
			rng = rng*31 + uint64(n)*uint64(k+1)
		}
	}
	for i, c := range cs {
		// log(1+ev) is the scale the noise works on; below 0 (an option
		// whose costs exceed its prospects) the value goes on linearly,
		// so that the least bad of them still wins
		v := c.ev
		if v > 0 {
			v = math.Log1p(v)
		}
		if temp > 0 {
			rng = splitmix(rng)
			uf := (float64(rng>>11) + 0.5) / (1 << 53)
			v += temp * -math.Log(-math.Log(uf))
		}
		if c.bad {
			v -= 1000
		}
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	z := x
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// discardOptions fills r.cands with the discards of the hand c (after
// any claimed set, declared sets d), and returns the index of the best.
func (r *Robot) discardOptions(x *context, c *Counts, d *declInfo, extra []engine.Meld) int {
	r.cands = r.cands[:0]
	pr := &r.params
	anySafe := false
	// the shanten number after each discard, to look ahead only from the
	// fastest ones
	var after [NumKinds]int8
	minAfter := 99
	{
		sh := Shape{Sets: max(0, 4-d.sets), SevenPairs: x.shape.SevenPairs && d.sets == 0}
		a := &r.an
		a.Reset(c, sh)
		for k := range NumKinds {
			if c[k] > 0 {
				after[k] = int8(a.With(-1, k))
				minAfter = min(minAfter, int(after[k]))
			}
		}
	}
	defer func() { x.deep = true }()
	for k := range NumKinds {
		if c[k] == 0 {
			continue
		}
		bad := pr.defence && x.dangerous(tileOf[k])
		if !bad {
			anySafe = true
		}
		x.deep = int(after[k]) == minAfter
		c[k]--
		h := r.evalHand(x, c, d, extra)
		h.ev *= r.styleFactor(c, d) // 1 for the zero style
		c[k]++
		if pr.feedCost > 0 {
			h.ev -= r.feedCost(x, k)
		}
		if pr.pungFeed > 0 {
			h.ev -= pr.pungFeed * x.pairsHeld(k)
		}
		if r.dealAsked(x) {
			h.ev -= r.dealCost(x, k, h.ev)
		}
		r.cands = append(r.cands, cand{kind: k, priced: h, bad: bad})
	}
	if !anySafe {
		for i := range r.cands {
			r.cands[i].bad = false
		}
	}
	minS := 99
	for _, c := range r.cands {
		minS = min(minS, c.s)
	}
	for i := range r.cands {
		c := &r.cands[i]
		switch {
		case c.s == minS:
		case pr.shantenFirst:
			// the weakest levels look only at speed
			c.ev = -1
		default:
			// the model underrates a lost step; do not trust it far
			c.ev *= math.Pow(pr.slowPenalty, float64(c.s-minS))
		}
	}
	return r.pick(x, r.cands)
}

// feedCost is the cost of giving kind k to a player who may pung it for
// a double: dragons, and winds that are somebody's own or the prevailing
// wind, while enough copies are unseen for somebody to hold a pair.
func (r *Robot) feedCost(x *context, k int) float64 {
	if k < 27 || x.unseen[k] < 2 {
		return 0
	}
	t := tileOf[k]
	dbl := 0.0
	if t.IsDragon() {
		dbl = 1
	} else {
		for i, p := range x.g.Players {
			if engine.Seat(i) != x.seat {
				dbl = math.Max(dbl, doublesOf(t, p.Wind, x.g.Round))
			}
		}
	}
	if dbl == 0 {
		return 0
	}
	late := 1 - float64(x.live)/80
	p := 0.12 * float64(x.unseen[k]-1)
	return r.params.feedCost * p * dbl * (0.5 + late)
}

// pairsHeld is the expected number of pairs among the unseen copies of
// kind k that lie in one of the other players' hands, each hand taken as
// a random share of the unseen tiles: the pungs a discard of k may give.
func (x *context) pairsHeld(k int) float64 {
	u := float64(x.unseen[k])
	if u < 2 {
		return 0
	}
	sum := 0.0
	for i, p := range x.g.Players {
		if engine.Seat(i) == x.seat || x.passed[i]&(1<<k) != 0 {
			continue
		}
		f := float64(p.NumConcealed) / float64(x.nUnseen)
		sum += u * (u - 1) / 2 * f * f * x.feedWeight(engine.Seat(i))
	}
	return sum
}

// feedWeight weighs a pung that seat s may make of our discard by the
// turns it skips before our next draw (feedSkip): one by the player
// after us skips nobody, one by the player before us skips the other
// two and brings our draw at once. The three weights sum to three.
func (x *context) feedWeight(s engine.Seat) float64 {
	return 1 + x.feedSkip*float64(waiting(s, x.seat)-1)
}

// chooseDiscard returns the tile to throw and whether to make an
// Original Call with it.
func (r *Robot) chooseDiscard(v *engine.View) (engine.Tile, bool) {
	x := r.load(v)
	p := x.me
	if x.hand.Total() == 0 {
		return p.Concealed[0], false
	}
	r.switchStyle(&x.hand, &x.decl)
	i := r.discardOptions(x, &x.hand, &x.decl, nil)
	if r.params.searchN > 0 {
		i = r.searchDiscard(x, i)
	}
	if r.explain != nil {
		r.explainDiscard(i)
	}
	c := r.cands[i]
	t := tileOf[c.kind]
	if !p.CanDiscard(t) {
		for _, q := range p.Concealed[:p.NumConcealed] {
			if p.CanDiscard(q) {
				return q, false
			}
		}
	}
	calling := r.params.call && p.NoDiscard && p.NumConcealed == engine.MaxConcealed && !p.Calling &&
		c.s == 0 && c.u >= 6 && x.live > 40
	return t, calling
}

// claim answers another player's discard t.
func (r *Robot) claim(v *engine.View, t engine.Tile, serial int) {
	g := v.Game
	p := v.Me()
	no := engine.PNoClaim{Serial: serial}
	if p == nil || p.Hidden {
		r.buf = append(r.buf, no)
		return
	}
	if p.CanMahJong(t, g.Options.Bool(engine.OptSevenPairs)) {
		switch pass, keep := r.passMahJong(v, t); {
		case !pass:
			r.buf = append(r.buf, engine.PMahJong{Serial: serial})
			return
		case keep:
			// let go to stay concealed: no other claim either
			r.buf = append(r.buf, no)
			return
		}
	}
	k := Kind(t)
	if p.Calling || k < 0 {
		r.buf = append(r.buf, no)
		return
	}
	x := r.load(v)
	canPung := p.CanPung(t)
	canKong := p.CanKong(t)
	// the players whose turns come before our draw if we let it go: none
	// when the discarder is on our left, the only one we may chow from
	between := waiting(g.Player, x.seat)
	canChow := false
	if between == 0 && k < 27 {
		for pos := engine.Lower; pos <= engine.Upper; pos++ {
			canChow = canChow || p.CanChow(t, pos)
		}
	}
	if !canPung && !canChow {
		r.buf = append(r.buf, no)
		return
	}
	pr := &r.params
	r.weighed = r.weighed[:0]
	// passing: the hand as it is, our next draw coming after the players
	// between the discarder and us
	pass := r.evalAfter(x, between, &x.hand, &x.decl, nil)
	pass.ev *= r.styleFactor(&x.hand, &x.decl)
	// the best claim so far, as a value: boxing every candidate as an
	// engine.Action would allocate on each claim decision
	best, bestEV, bestS := claimChoice{}, pass.ev*(1+pr.claimMargin)+pr.claimFixed, pass.s
	if pr.shantenFirst {
		bestEV = math.Inf(1)
	}
	consider := func(a claimChoice, m engine.Meld, used [3]int) {
		c := x.hand
		for _, u := range used {
			if u >= 0 {
				c[u]--
			}
		}
		d := x.decl
		d.add(m, p.Wind, g.Round)
		extra := [1]engine.Meld{m}
		i := r.discardOptions(x, &c, &d, extra[:])
		cd := r.cands[i]
		ev := r.claimValue(cd.ev, m, pass.ev)
		if r.weighing() {
			r.weighed = append(r.weighed, cd.weighed(a.action(serial), ev))
		}
		if pr.shantenFirst {
			if cd.s < bestS {
				best, bestS = a, cd.s
			}
			return
		}
		if ev > bestEV {
			best, bestEV = a, ev
		}
	}
	if canKong {
		// a claimed kong: no discard follows, a loose tile does
		c := x.hand
		c[k] -= 3
		d := x.decl
		m := engine.Meld{Kind: engine.Kong, Tile: t}
		d.add(m, p.Wind, g.Round)
		extra := [1]engine.Meld{m}
		h := r.evalAfter(x, 0, &c, &d, extra[:]) // the loose tile comes at once
		ev := r.claimValue(h.ev, m, pass.ev)
		if r.weighing() {
			r.weighed = append(r.weighed, h.weighed(engine.PKong{Serial: serial}, ev))
		}
		if pr.shantenFirst && h.s <= bestS || !pr.shantenFirst && ev > bestEV {
			best, bestEV, bestS = claimChoice{kind: engine.Kong}, ev, h.s
		}
	}
	if canPung {
		consider(claimChoice{kind: engine.Pung}, engine.Meld{Kind: engine.Pung, Tile: t}, [3]int{k, k, -1})
	}
	if canChow {
		for pos := engine.Lower; pos <= engine.Upper; pos++ {
			if !p.CanChow(t, pos) {
				continue
			}
			lo := Kind(t) - int(pos)
			used := [3]int{-1, -1, -1}
			for i := range 3 {
				if lo+i != k {
					used[i] = lo + i
				}
			}
			consider(claimChoice{kind: engine.Chow, pos: pos}, engine.Meld{Kind: engine.Chow, Tile: tileOf[lo]}, used)
		}
	}
	a := best.action(serial)
	if r.opts.Search != nil {
		a = r.searchClaim(v, a, pass.weighed(no, pass.ev))
	}
	if r.explain != nil {
		r.explainClaim(a, no, pass)
	}
	r.buf = append(r.buf, a)
}

// claimValue is what claiming set m is worth against passing (worth
// pass): the hand's value ev after the claim, tilted by the personality,
// less the extra share of passing's value a set of its kind must beat
// passing by on top of the common margin (params.chowMargin, pungMargin).
func (r *Robot) claimValue(ev float64, m engine.Meld, pass float64) float64 {
	margin := 0.0
	switch m.Kind {
	case engine.Chow:
		margin = r.params.chowMargin
	case engine.Pung, engine.Kong:
		margin = r.params.pungMargin
	}
	return ev*r.styleClaim(m) - margin*math.Max(pass, 0)
}

// weighing reports whether the claim options are kept as they are
// weighed (boxing each as an engine.Action costs an allocation).
func (r *Robot) weighing() bool { return r.explain != nil || r.opts.Search != nil }

// searchClaim hands the model's choice a and its runner-up (passing, as
// pass, or another claim) to the search, and returns the option it takes.
func (r *Robot) searchClaim(v *engine.View, a engine.Action, pass Weighed) engine.Action {
	first, second := pass, pass
	if pass.Action == a {
		second.Action = nil
	}
	for _, w := range r.weighed {
		if w.Action == a {
			first = w
		} else if second.Action == nil || w.Value > second.Value {
			second = w
		}
	}
	// no runner-up, or a choice the model did not weigh: nothing to
	// compare, so the model's answer stands
	if second.Action == nil || first.Action != a {
		return a
	}
	opts := [2]Weighed{first, second}
	i := r.opts.Search.Claim(r, v, r.event, opts[:])
	if i < 0 || i >= len(opts) {
		return a
	}
	return opts[i].Action
}

// styleClaim is the personality's taste for a claimed set, as a factor
// on the claim's value (params.chowClaim and the next three set how
// strong it is).
func (r *Robot) styleClaim(m engine.Meld) float64 {
	st := r.style()
	f := 1.0
	switch m.Kind {
	case engine.Chow:
		f *= math.Exp(r.params.chowClaim * st.chow)
		if st.major > 0 {
			f *= 1 - 1.2*r.params.majClaim*st.major
		}
	case engine.Pung, engine.Kong:
		f *= math.Exp(-r.params.pungClaim * st.chow)
		if st.major > 0 && !m.Tile.IsMajor() {
			f *= 1 - r.params.majClaim*st.major
		}
	}
	f *= 1 - r.params.hideClaim*st.hidden
	return f
}

// passMahJong reports whether to let a winning discard go, hoping to
// draw a winning tile: for a concealed personality with many outs early,
// and when the price of waiting for the draw says so (selfpass.go); keep
// when the hand is to stay as it is (no other claim of the tile).
func (r *Robot) passMahJong(v *engine.View, t engine.Tile) (pass, keep bool) {
	st := r.style()
	if st.hidden < 0.7 {
		pass = r.params.selfPass > 0 && r.passForSelf(r.load(v), t)
		return pass, pass
	}
	x := r.load(v)
	if x.decl.exposed || x.live < 30 {
		return false, false
	}
	k := Kind(t)
	return k >= 0 && int(x.unseen[k]) >= 2 && st.hidden*float64(x.unseen[k])*float64(x.live)/float64(x.nUnseen) >= 1.5, false
}

// chooseChow answers a chow granted without a position.
func (r *Robot) chooseChow(v *engine.View, t engine.Tile) {
	g := v.Game
	p := v.Me()
	x := r.load(v)
	best, bestEV := engine.AnyPos, math.Inf(-1)
	k := Kind(t)
	for pos := engine.Lower; pos <= engine.Upper; pos++ {
		if !p.CanChow(t, pos) {
			continue
		}
		c := x.hand
		lo := k - int(pos)
		for i := range 3 {
			if lo+i != k {
				c[lo+i]--
			}
		}
		d := x.decl
		m := engine.Meld{Kind: engine.Chow, Tile: tileOf[lo]}
		d.add(m, p.Wind, g.Round)
		extra := [1]engine.Meld{m}
		i := r.discardOptions(x, &c, &d, extra[:])
		if ev := r.cands[i].ev; ev > bestEV {
			best, bestEV = pos, ev
		}
	}
	if best == engine.AnyPos {
		best = engine.Lower // cannot happen: the claim was granted
	}
	r.buf = append(r.buf, engine.PChow{Serial: g.Serial, Pos: best})
}

// claimChoice is a claim being weighed: a pung, a kong or a chow at
// pos; the zero value is no claim.
type claimChoice struct {
	kind engine.MeldKind
	pos  engine.ChowPos
}

// action is the request that makes the claim.
func (c claimChoice) action(serial int) engine.Action {
	switch c.kind {
	case engine.Pung:
		return engine.PPung{Serial: serial}
	case engine.Kong:
		return engine.PKong{Serial: serial}
	case engine.Chow:
		return engine.PChow{Serial: serial, Pos: c.pos}
	}
	return engine.PNoClaim{Serial: serial}
}

// chooseKong returns a concealed kong to declare or a pung to add to,
// when it does not slow the hand.
func (r *Robot) chooseKong(v *engine.View) (engine.Tile, bool) {
	g := v.Game
	p := v.Me()
	if p == nil || p.Hidden || p.Calling {
		return engine.Blank, false
	}
	x := r.load(v)
	if x.live <= 1 {
		return engine.Blank, false
	}
	base := regularDistance(&x.hand, x.shape.Sets)
	if x.shape.Sets == 4 {
		base = min(base, Shanten(&x.hand, x.shape)+1)
	}
	for k := range NumKinds {
		t := tileOf[k]
		switch {
		case x.hand[k] == 4 && p.CanDeclareClosedKong(t):
			c := x.hand
			c[k] = 0
			if r.params.shantenFirst || regularDistance(&c, max(0, x.shape.Sets-1)) <= base {
				return t, true
			}
		case x.hand[k] >= 1 && p.CanAddToPung(t) && g.Whence != engine.FromDiscard:
			if r.params.defence && x.robbingDanger(t) {
				continue
			}
			c := x.hand
			c[k]--
			if r.params.shantenFirst || regularDistance(&c, x.shape.Sets) <= base {
				return t, true
			}
		}
	}
	return engine.Blank, false
}
