package ai

import "mahjong/engine"

// The race against the other three: pWin discounts every future turn by
// the chance that nobody else goes out during it. A constant chance
// (params.survival) is wrong at both ends of a hand: measured over
// 44,775 hands of one Hard robot against three original mj-players
// (seed 230,001), nobody goes out in the first eight discards, about
// 3 % of the hands still going end in a round of four discards at the
// twentieth, 10 % at the thirty-second and 20 % from the fifty-second
// on. A hand that starts slow but rich is therefore worth more early
// than the constant says, and a quick hand late is worth more too.
// Measured in play, neither table alone beat the tuned constant against
// the original robots, but half the time shape blended with the
// constant, with the big-hand targets weighed more, did (levels.go has
// the figures): Hard and Expert use that blend (timeHazard 0.5). The
// tunables timeHazard, hazScale and hazExposed vary it for a match.

// hazardBy is the chance that one of the three others goes out during
// the round of four discards starting at discard 4i, in hands still
// going (measured as above).
var hazardBy = [...]float64{0, 0, 0.003, 0.009, 0.019, 0.034, 0.057, 0.081, 0.102, 0.126,
	0.147, 0.161, 0.184, 0.193, 0.203, 0.225, 0.23, 0.24}

// hazardAt returns the others' chance of going out in the round that
// starts at discard d, interpolated.
func hazardAt(d float64) float64 {
	j, f := roundOf(d, len(hazardBy))
	return hazardBy[j]*(1-f) + hazardBy[min(j+1, len(hazardBy)-1)]*f
}

// hazard is the others' chance of going out in the round that starts at
// discard d, as measured (hazardAt), scaled by params.hazScale and by
// the table's pace (paceScale).
func (r *Robot) hazard(d float64) float64 {
	return min(0.95, r.params.hazScale*r.paceScale()*hazardAt(d))
}

// roundOf places discard d between the rounds of a table of n rounds:
// round j, and the fraction f of the way to round j+1 (0 at either end).
func roundOf(d float64, n int) (j int, f float64) {
	i := d / 4
	switch {
	case i <= 0:
		return 0, 0
	case i >= float64(n-1):
		return n - 1, 0
	}
	j = int(i)
	return j, i - float64(j)
}

// hazardOpp is one other player's chance of going out during the round
// of four discards starting at discard 4i, by the sets they have
// exposed (0 to 4): measured over 2,400 games of one Hard robot against
// three ai/classic robots (seed 5,100,000; about nine million
// observations), smoothed. A player with three exposed sets is three to
// six times as likely to go out in the middle of the hand as one with
// none.
var hazardOpp = [...][5]float64{
	{0, 0.001, 0.003, 0.01, 0.02},
	{0, 0.001, 0.005, 0.02, 0.04},
	{0.001, 0.003, 0.010, 0.032, 0.06},
	{0.002, 0.005, 0.017, 0.045, 0.08},
	{0.004, 0.009, 0.023, 0.060, 0.10},
	{0.007, 0.014, 0.029, 0.065, 0.10},
	{0.010, 0.019, 0.037, 0.075, 0.10},
	{0.015, 0.025, 0.045, 0.075, 0.10},
	{0.020, 0.031, 0.052, 0.083, 0.105},
	{0.027, 0.038, 0.055, 0.087, 0.11},
	{0.032, 0.044, 0.060, 0.087, 0.11},
	{0.037, 0.049, 0.066, 0.089, 0.11},
	{0.045, 0.055, 0.069, 0.093, 0.11},
	{0.048, 0.057, 0.074, 0.094, 0.11},
	{0.053, 0.060, 0.075, 0.094, 0.11},
	{0.057, 0.065, 0.075, 0.094, 0.11},
	{0.060, 0.068, 0.076, 0.094, 0.11},
	{0.062, 0.070, 0.077, 0.094, 0.11},
}

// oppHazardAt returns the chance that a player with e exposed sets goes
// out in the round that starts at discard d, interpolated.
func oppHazardAt(d float64, e int) float64 {
	e = min(e, len(hazardOpp[0])-1)
	j, f := roundOf(d, len(hazardOpp))
	return hazardOpp[j][e]*(1-f) + hazardOpp[min(j+1, len(hazardOpp)-1)][e]*f
}

// exposedSets counts the sets p made with claimed tiles.
func exposedSets(p *engine.Player) int {
	n := 0
	for _, m := range p.Melds {
		if claimed(m.Kind) {
			n++
		}
	}
	return n
}

// survivals fills x.survAt: for each of our turns from now, the chance
// that nobody else goes out during it. With timeHazard 0 that is the
// level's constant survival; with 1 the measured shape, scaled by
// hazScale; in between a blend.
func (r *Robot) survivals(x *context) {
	pr := &r.params
	w := pr.timeHazard
	// the pace moves only between hands: one constant for every turn,
	// lowered by the others' declared threat
	base := r.survivalNow() - r.threatDrop(x)
	if w <= 0 {
		for t := range x.survAt {
			x.survAt[t] = base
		}
		return
	}
	d := x.discards()
	scale := pr.hazScale * r.paceScale()
	var exposed [engine.NumSeats]int
	for i, p := range x.g.Players {
		exposed[i] = exposedSets(p)
	}
	for t := range x.survAt {
		at := float64(d + 4*t)
		s := 1 - r.hazard(at)
		if e := pr.hazExposed; e > 0 {
			se := 1.0
			for i := range x.g.Players {
				if engine.Seat(i) != x.seat {
					se *= 1 - min(0.95, scale*oppHazardAt(at, exposed[i]))
				}
			}
			s = (1-e)*s + e*se
		}
		x.survAt[t] = (1-w)*base + w*s
	}
}

// threatDrop is how much the others' declared sets lower our survival
// per turn (threat, threatSets); the counts are skipped while their
// weights are zero, as for every level today.
func (r *Robot) threatDrop(x *context) float64 {
	d := 0.0
	if w := r.params.threat; w > 0 {
		d += w * x.threatDoubles()
	}
	if w := r.params.threatSets; w > 0 {
		d += w * x.threatSets()
	}
	return d
}

// threatDoubles counts the doubles the others' declared sets already
// carry (dragons, their own and the prevailing wind), at most two: a
// player holding them ends the hand on a rich win, which a quick win of
// ours forestalls.
func (x *context) threatDoubles() float64 {
	n := 0.0
	for i, p := range x.g.Players {
		if engine.Seat(i) == x.seat || p == nil {
			continue
		}
		var d declInfo
		for _, m := range p.Melds {
			d.add(m, p.Wind, x.g.Round)
		}
		n += d.dbl
	}
	return min(n, 2)
}

// threatSets counts the claimed sets of the other players beyond the
// first of each, at most three: a player with three claimed sets holds
// only four or five tiles and is usually one tile from going out.
func (x *context) threatSets() float64 {
	n := 0
	for i, p := range x.g.Players {
		if engine.Seat(i) != x.seat && p != nil {
			n += max(0, exposedSets(p)-1)
		}
	}
	return float64(min(n, 3))
}

// discards counts the discards made so far this hand.
func (x *context) discards() int { return discardsMade(x.g) }

// discardsMade counts the discards made so far in g's hand.
func discardsMade(g *engine.Game) int {
	d := 0
	for _, n := range g.DiscardedCount {
		d += n
	}
	return d
}
