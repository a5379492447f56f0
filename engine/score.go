package engine

import (
	"fmt"
	"strings"
)

// This file scores hands exactly as the original server does, text
// included (protocol.md section 12).

// scoreCap is the hard cap the original puts on a doubled score.
const scoreCap = 100000000

// scoreSheet accumulates a hand's score and its explanation in the
// original's three parts: points (with the doubles count), doubles and
// limits.
type scoreSheet struct {
	noLimit   bool
	limit     int
	points    int
	doubles   int
	centiLims int
	pts       strings.Builder // points lines
	dbls      strings.Builder // doubles lines
	lims      strings.Builder // limit lines
}

// add scores one item worth v (centilimits*1000000 + doubles*10000 +
// points). A limit part is used only in a limited game, or in a no-limit
// game when the item has no points or doubles.
func (sh *scoreSheet) add(left string, v int, reason string) {
	pts := v % 10000
	dbls := v / ScoreDouble % 100
	clims := v / 1000000
	if clims == 0 || sh.noLimit {
		if pts != 0 {
			sh.points += pts
			fmt.Fprintf(&sh.pts, "%-12s %2d (%s)\n", left, pts, reason)
		}
		if dbls != 0 {
			sh.doubles += dbls
			fmt.Fprintf(&sh.dbls, "%-12s  %1d dbl (%s)\n", left, dbls, reason)
		}
	}
	if clims != 0 && !(sh.noLimit && (pts != 0 || dbls != 0)) {
		sh.centiLims = max(sh.centiLims, clims)
		if clims == 100 {
			fmt.Fprintf(&sh.lims, "%-10s %4d (%s)\n", "Limit Hand", sh.limit, reason)
		} else {
			fmt.Fprintf(&sh.lims, "%4g Limit %4d (%s)\n", float64(clims)/100, clims*sh.limit/100, reason)
		}
	}
}

func (sh *scoreSheet) double(n int, reason string) { sh.add("", n*ScoreDouble, reason) }
func (sh *scoreSheet) limitHand(reason string)     { sh.add("", ScoreLimitValue, reason) }

// total finishes the sheet: the totals, the doubling, the over-limit
// line, the limit lines, and the SCORE line.
func (sh *scoreSheet) total() (int, string) {
	var b strings.Builder
	b.WriteString(sh.pts.String())
	fmt.Fprintf(&b, "%-11s %3d\n", "total pts", sh.points)
	b.WriteString(sh.dbls.String())
	fmt.Fprintf(&b, "%-12s %2d\n", "total dbls", sh.doubles)
	v := sh.points
	for range sh.doubles {
		v = min(2*v, scoreCap)
	}
	if !sh.noLimit && v > sh.limit {
		fmt.Fprintf(&b, "%-9s %5d (over limit)\n", "score:", v)
		v = sh.limit
	}
	b.WriteString(sh.lims.String())
	if sh.centiLims != 0 {
		lim := sh.centiLims * sh.limit / 100
		if sh.noLimit {
			v = max(v, lim)
		} else {
			v = lim
			b.Reset()
			b.WriteString(sh.lims.String())
		}
	}
	fmt.Fprintf(&b, "%-9s %5d", "SCORE:", v)
	return v, b.String()
}

// setScore returns the points of a set and the reason, as the original's
// table: pungs 2/4 (exposed/concealed) doubled for majors, kongs four
// times a pung, scoring pairs of dragons and own or prevailing wind.
func setScore(m Meld, own, prevailing Wind, kongHas3Types bool) (int, string) {
	d, class := 1, "minors"
	if m.Tile.IsMajor() {
		d, class = 2, "majors"
	}
	switch m.Kind {
	case Pung:
		return 2 * d, "open pung of " + class
	case ClosedPung:
		return 4 * d, "closed pung of " + class
	case Kong:
		kind := "open"
		if kongHas3Types {
			kind = "claimed"
			if m.Annexed {
				kind = "annexed"
			}
		}
		return 8 * d, kind + " kong of " + class
	case ClosedKong:
		return 16 * d, "closed kong of " + class
	case Pair, ClosedPair:
		switch w := Wind(m.Tile.Rank()); {
		case m.Tile.IsDragon():
			return 2, "pair of dragons"
		case m.Tile.IsWind() && w == own && own == prevailing:
			return 4, "pair of own and prevailing wind"
		case m.Tile.IsWind() && w == own:
			return 2, "pair of own wind"
		case m.Tile.IsWind() && w == prevailing:
			return 2, "pair of prevailing wind"
		}
	}
	return 0, ""
}

// handShape collects the properties of a hand that doubles and limits
// depend on.
type handShape struct {
	chows, pairs, pungs, kongs, closedPungs int
	dragonSets, windSets, dragonPairs       int
	windPairs                               int
	allClosed, noScore                      bool
	honours, terminals, majors, green       bool
	bamboo, character, circle               bool // one suit only
	bambooH, characterH, circleH            bool // one suit with honours
	eyes                                    Tile // tile of the (last) pair
	claimedPair                             bool
}

// tile records one tile of the hand (of a set or concealed) in the
// purity tests; green says whether the tile (for a chow, all three) may
// appear in Imperial Jade.
func (h *handShape) tile(t Tile, green bool) {
	switch t.Suit() {
	case Bamboo:
		h.character, h.characterH, h.circle, h.circleH = false, false, false, false
		h.green = h.green && green
	case Characters:
		h.bamboo, h.bambooH, h.circle, h.circleH = false, false, false, false
		h.green = false
	case Circles:
		h.bamboo, h.bambooH, h.character, h.characterH = false, false, false, false
		h.green = false
	case DragonSuit:
		h.bamboo, h.character, h.circle = false, false, false
		h.green = h.green && green
	case WindSuit:
		h.bamboo, h.character, h.circle = false, false, false
		h.green = false
	}
	if !t.IsHonour() {
		h.honours = false
	}
	if !t.IsTerminal() {
		h.terminals = false
	}
	if !t.IsMajor() {
		h.majors = false
	}
}

func (h *handShape) oneSuit() bool { return h.bamboo || h.character || h.circle }

// ScoreHand returns the score of the hand in seat s and its explanation,
// exactly as the original's HandScore text (without a trailing newline).
//
// The winner is g.Player when g.Phase is MahJonging. The score uses the
// players' sets, concealed tiles and specials, g.Whence, g.Tile (the
// winning tile), g.Round, g.Wall.LiveUsed/LiveEnd (last tile),
// g.HandsAsEast (East's 13th win), g.Flags&KongUponKongFlag, the
// NoDiscard flags (Heaven's and Earth's Blessing), g.ExposedCount and
// g.Options. noSpecialScores (the server's --no-special-scores) drops
// every flower and season score.
//
// caller is the winner's holdings as they were just before the winning
// tile arrived: the controller copies the player before every draw from
// the wall outside the declaring phase (including the replacement for a
// flower declared in play), before every loose tile after a kong (also in
// the declaring phase), before applying a claimed pung or positioned
// chow, before a mah-jong claim on a discard is granted, before a kong is
// robbed, and East after the first thirteen tiles of the deal. It is
// used for "filling the only place", "almost concealed hand" and Nine
// Gates, which are skipped when caller is nil or another player's (as
// the original does, with a warning, when its snapshot is stale). It may
// be nil for losers.
//
// For the winner ScoreHand also records, in its own entry of
// DangerFlags, the danger categories its final hand achieved (DangerEnd
// always; see Cannoneer). With LosersPurity a loser's own entry also
// gains the one-suit, all-honours and all-terminals categories, as in
// the original (this is harmless).
func ScoreHand(g *Game, s Seat, caller *Player, noSpecialScores bool) (score int, text string) {
	p := g.Players[s]
	o := &g.Options
	sh := scoreSheet{noLimit: o.Bool(OptNoLimit), limit: o.Value(OptScoreLimit)}
	sevenPairs := o.Bool(OptSevenPairs)
	kong3 := o.Bool(OptKongHas3Types)
	purity := o.Bool(OptLosersPurity)
	winner := g.Phase == MahJonging && s == g.Player
	if caller != nil && caller.ID != p.ID {
		caller = nil
	}

	if winner {
		sh.add("basic", o.Value(OptMahJongScore), "going Mah Jong")
		p.DangerFlags[s] = DangerEnd
	}
	flag := func(f DangerFlags) { p.DangerFlags[s] |= f }

	h := handShape{allClosed: true, noScore: true, honours: true, terminals: true, majors: true,
		green: true, bamboo: true, character: true, circle: true, bambooH: true, characterH: true, circleH: true}
	for _, m := range p.Melds {
		if m.Kind == NoMeld {
			continue
		}
		if pts, why := setScore(m, p.Wind, g.Round, kong3); pts != 0 {
			h.noScore = false
			sh.add(m.String(), pts, why)
		}
		switch m.Kind {
		case Chow:
			h.chows++
			h.allClosed = false
			h.terminals, h.honours, h.majors = false, false, false
		case ClosedChow:
			h.chows++
			h.terminals, h.honours, h.majors = false, false, false
		case Pung:
			h.pungs++
			h.allClosed = false
		case ClosedPung:
			h.pungs++
			h.closedPungs++
		case Kong:
			h.kongs++
			if kong3 && !m.Annexed {
				h.closedPungs++
			} else {
				h.allClosed = false
			}
		case ClosedKong:
			h.kongs++
			h.closedPungs++
		case Pair:
			h.pairs++
			h.allClosed = false
			h.claimedPair = true
			h.eyes = m.Tile
		case ClosedPair:
			h.pairs++
			h.eyes = m.Tile
		}
		if m.Kind.Size() >= 3 {
			if m.Tile.IsDragon() {
				h.dragonSets++
			}
			if m.Tile.IsWind() {
				h.windSets++
			}
		} else {
			if m.Tile.IsDragon() {
				h.dragonPairs++
			}
			if m.Tile.IsWind() {
				h.windPairs++
			}
		}
		green := m.Tile.IsGreen()
		if m.Kind == Chow || m.Kind == ClosedChow {
			green = green && (m.Tile + 1).IsGreen() && (m.Tile + 2).IsGreen()
		}
		h.tile(m.Tile, green)
	}
	for _, t := range p.Concealed[:p.NumConcealed] {
		h.tile(t, t.IsGreen())
	}

	if h.pairs == 7 {
		sh.add("basic points", o.Value(OptSevenPairsVal), "seven pairs")
		h.noScore = false
	}
	if p.NumSpecials > 0 && !noSpecialScores {
		label := fmt.Sprintf("%d special", p.NumSpecials)
		if p.NumSpecials > 1 {
			label += "s"
		}
		sh.add(label, 4*p.NumSpecials, "flowers and seasons")
	}
	if winner && g.Whence == FromWall {
		sh.add("extra", 2, "winning from wall")
	}
	if winner && h.eyes == g.Tile && h.pairs == 1 &&
		(h.claimedPair || g.Whence == FromWall || g.Whence == FromLoose) {
		v := 2
		if h.eyes.IsMajor() {
			v = 4
		}
		sh.add("extra", v, "fishing the eyes")
	}
	if winner && h.pairs == 1 && caller != nil && onlyPlace(g, caller, sevenPairs) {
		sh.add("extra", 2, "filling the only place")
	}

	for _, m := range p.Melds {
		if m.Kind.Size() < 3 {
			continue
		}
		if m.Tile.IsDragon() {
			sh.add(m.String(), ScoreDouble, "pung/kong of dragons")
		}
		if m.Tile.IsWind() && Wind(m.Tile.Rank()) == p.Wind {
			sh.add(m.String(), ScoreDouble, "pung/kong of own wind")
		}
		if m.Tile.IsWind() && Wind(m.Tile.Rank()) == g.Round {
			sh.add(m.String(), ScoreDouble, "pung/kong of prevailing wind")
		}
	}

	if !noSpecialScores {
		var ownFlower, ownSeason bool
		var flowers, seasons int
		for _, t := range p.Specials[:p.NumSpecials] {
			own := Wind(t.Rank()) == p.Wind
			switch t.Suit() {
			case FlowerSuit:
				flowers++
				ownFlower = ownFlower || own
			case SeasonSuit:
				seasons++
				ownSeason = ownSeason || own
			}
		}
		if ownFlower {
			sh.add("", o.Value(OptFlowersOwnEach), "own flower")
		}
		if ownSeason {
			sh.add("", o.Value(OptFlowersOwnEach), "own season")
		}
		if ownFlower && ownSeason {
			sh.add("", o.Value(OptFlowersOwnBoth), "own flower and season")
		}
		if flowers == 4 {
			sh.add("", o.Value(OptFlowersBouquet), "all four flowers")
		}
		if seasons == 4 {
			sh.add("", o.Value(OptFlowersBouquet), "all four seasons")
		}
	}

	if h.dragonSets == 3 {
		sh.double(2, "Big Three Dragons")
	} else if h.dragonSets == 2 && h.dragonPairs > 0 {
		sh.double(1, "Little Three Dragons")
	}
	if winner && (h.dragonSets == 3 || h.dragonSets == 2 && h.dragonPairs > 0) {
		flag(DangerDragon)
	}
	if h.windSets == 4 {
		sh.double(2, "Big Four Joys")
	} else if h.windSets == 3 && h.windPairs > 0 {
		sh.double(1, "Little Four Joys")
	}
	if winner && (h.windSets == 4 || h.windSets == 3 && h.windPairs > 0) {
		flag(DangerWind)
	}
	if h.closedPungs >= 3 {
		sh.double(1, "three concealed pungs")
	}
	if winner {
		if h.chows == 0 && h.pairs == 1 {
			sh.double(1, "no chows")
		}
		if h.noScore {
			sh.double(1, "no score hand")
		}
	}
	if winner || purity {
		if h.honours {
			sh.double(2, "all honours")
			flag(DangerHonour)
		} else if h.terminals {
			sh.double(2, "all terminals")
			flag(DangerTerminal)
		}
		if h.majors {
			sh.double(1, "all majors")
		}
	}
	if winner {
		if g.Whence == FromDiscard {
			h.allClosed = false
		}
		if h.allClosed {
			sh.add("", o.Value(OptConcealedFully), "concealed hand")
		} else if caller != nil && !hasOpenSet(caller) {
			sh.add("", o.Value(OptConcealedAlmost), "almost concealed hand")
		}
	} else if h.allClosed && purity {
		sh.add("", o.Value(OptConcealedAlmost), "almost concealed hand")
	}
	if winner || purity {
		if h.oneSuit() {
			sh.double(3, "one suit only")
			if h.bamboo {
				flag(DangerBamboo)
			}
			if h.character {
				flag(DangerCharacter)
			}
			if h.circle {
				flag(DangerCircle)
			}
		} else if !h.honours && (h.bambooH || h.characterH || h.circleH) {
			sh.double(1, "one suit with honours")
		}
	}
	if winner {
		if g.Whence == FromLoose {
			sh.double(1, "winning with loose tile")
		}
		if g.Wall.LiveUsed >= g.Wall.LiveEnd {
			sh.double(1, "winning with last tile")
		}
		if g.Whence == FromRobbedKong {
			sh.double(1, "robbing a kong")
		}
		if p.OriginalCall {
			sh.double(1, "completing Original Call")
		}
		scoreLimits(g, p, caller, &h, &sh)
		if h.green {
			flag(DangerGreen)
		}
	}
	return sh.total()
}

// scoreLimits adds the winner's limit hands.
func scoreLimits(g *Game, p *Player, caller *Player, h *handShape, sh *scoreSheet) {
	if g.Player == EastSeat && p.NoDiscard {
		sh.limitHand("Heaven's Blessing")
	}
	if g.Player != EastSeat && p.NoDiscard && g.Whence == FromDiscard {
		earth := true
		for _, q := range g.Players[SouthSeat:] {
			earth = earth && q.NoDiscard
		}
		if earth {
			sh.limitHand("Earth's Blessing")
		}
	}
	if g.Whence == FromLoose && g.Tile == NewTile(Circles, 5) {
		sh.limitHand("Gathering Plum Blossom from the Roof")
	}
	if g.Tile == NewTile(Circles, 1) && g.Wall.LiveUsed == g.Wall.LiveEnd && g.Whence == FromWall {
		sh.limitHand("Catching the Moon from the Bottom of the Sea")
	}
	if g.Whence == FromRobbedKong && g.Tile == NewTile(Bamboo, 2) {
		sh.limitHand("Scratching a Carrying Pole")
	}
	if g.Flags&KongUponKongFlag != 0 {
		sh.limitHand("Kong upon Kong")
	}
	if h.kongs == 4 {
		sh.limitHand("Fourfold Plenty")
	}
	if h.allClosed && h.pungs+h.kongs == 4 {
		sh.limitHand("Buried Treasure")
	}
	if p.CanThirteenWonders(Blank) {
		sh.limitHand("Thirteen Unique Wonders")
	}
	if h.dragonSets == 3 && h.chows == 0 {
		sh.limitHand("Three Great Scholars")
	}
	if h.windSets == 4 {
		sh.limitHand("Four Blessing o'er the Door")
	}
	if h.honours {
		sh.limitHand("All Honours")
	}
	if h.terminals {
		sh.limitHand("Heads and Tails")
	}
	if h.allClosed && h.oneSuit() {
		sh.limitHand("Concealed Clear Suit")
	}
	if g.HandsAsEast == 12 && g.Player == EastSeat {
		sh.limitHand("East's 13th consecutive win")
	}
	if h.green {
		sh.limitHand("Imperial Jade")
	}
	if h.oneSuit() && caller != nil && nineGates(caller, g.Tile) {
		sh.limitHand("Nine Gates")
	}
	if h.oneSuit() && wrigglingSnake(p) {
		sh.limitHand("Wriggling Snake")
	}
}

// onlyPlace reports whether at most one kind of tile would have
// completed the caller's hand, not counting kinds of which all four are
// on the table (unless it is the winning tile, which was not all on the
// table when the winner called).
func onlyPlace(g *Game, caller *Player, sevenPairs bool) bool {
	n := 0
	for _, t := range AllTiles {
		if t.IsSpecial() || g.ExposedCount[t] == 4 && g.Tile != t {
			continue
		}
		if caller.CanMahJong(t, sevenPairs) {
			n++
			if n > 1 {
				return false
			}
		}
	}
	return true
}

// hasOpenSet reports whether p has a set made with a claimed tile (an
// exposed chow, pung, kong or pair). A claimed kong counts even under
// KongHas3Types, as in the original.
func hasOpenSet(p *Player) bool {
	for _, m := range p.Melds {
		switch m.Kind {
		case Chow, Pung, Kong, Pair:
			return true
		}
	}
	return false
}

// nineGates reports whether the caller held 1-1-1-2-3-4-5-6-7-8-9-9-9 of
// the suit of the winning tile.
func nineGates(caller *Player, t Tile) bool {
	if t.IsHonour() || caller.NumConcealed < 13 {
		return false
	}
	ts := caller.Concealed
	sortTiles(ts[:caller.NumConcealed])
	suit := t.Suit()
	for i, r := range [13]int{1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9} {
		if ts[i] != NewTile(suit, r) {
			return false
		}
	}
	return true
}

// wrigglingSnake reports whether p's sets are pungs or kongs of 1 and 9,
// and a pair of 2, 5 or 8 with the two chows that fill the run.
func wrigglingSnake(p *Player) bool {
	var set1, set9, pair2, pair5, pair8, chow2, chow3, chow5, chow6 bool
	for _, m := range p.Melds {
		r := m.Tile.Rank()
		switch m.Kind {
		case Pung, ClosedPung, Kong, ClosedKong:
			set1 = set1 || r == 1
			set9 = set9 || r == 9
		case Pair, ClosedPair:
			pair2 = pair2 || r == 2
			pair5 = pair5 || r == 5
			pair8 = pair8 || r == 8
		case Chow, ClosedChow:
			chow2 = chow2 || r == 2
			chow3 = chow3 || r == 3
			chow5 = chow5 || r == 5
			chow6 = chow6 || r == 6
		}
	}
	return set1 && set9 && (pair2 && chow3 && chow6 || pair5 && chow2 && chow6 || pair8 && chow2 && chow5)
}
