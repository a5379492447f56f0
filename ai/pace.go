package ai

import (
	"math"

	"mahjong/engine"
)

// The table's pace. Hard's survival (the chance per turn that nobody else
// goes out) is tuned against three original mj-players; a faster table
// ends hands sooner and wants more speed (at a table of three Hards, on
// the first hands of 20,000 games each: survival 0.80 +2.46 ± 2.54
// points a hand, 0.84 +0.95 ± 1.79, 0.90 -1.65 ± 1.89 against 0.87).
// The robot counts, hand by hand through the game, how often another
// player went out per discard made, and scales the others' chance per
// turn by that rate against the original table's (paceRef), with a
// prior worth pacePrior hands won by another, so that one quick hand
// moves it little.

// paceRef is the rate at which another player goes out per discard made
// at a table of one Hard and three original mj-players: 14,797 wins by
// the others over 922,000 discards (22,385 hands from seed 490,001).
const paceRef = 0.0161

// pacePrior is the weight of paceRef, in others' wins.
const pacePrior = 8

// pace counts the others' wins and the discards made in the hands of
// this game seen so far.
type pace struct {
	wins     float64 // hands another player won
	discards float64 // discards made in the hands seen to their end
	open     bool    // the current hand is still to be counted
}

// observe counts a hand when it ends: at its mah-jong (a win by
// another player if not ours) or its washout, once.
func (p *pace) observe(v *engine.View, ev engine.Event) {
	switch e := ev.(type) {
	case engine.CNewHand:
		p.open = true
		return
	case engine.CPlayerMahJongs:
		if p.open && e.ID != v.ID {
			p.wins++
		}
	case engine.CWashOut:
	default:
		return
	}
	if p.open {
		p.open = false
		p.discards += float64(discardsMade(v.Game))
	}
}

// ratio is the table's rate of others' wins per discard against
// paceRef, shrunk towards 1 by the prior.
func (p *pace) ratio() float64 {
	return (p.wins + pacePrior) / (p.discards*paceRef + pacePrior)
}

// paceScale is the factor on the others' chance of going out at this
// table: the pace ratio to the power params.paceK (1 with paceK 0).
// Every estimate of that chance goes through it: the constant survival
// (survivalNow) and the measured hazard (Robot.hazard).
func (r *Robot) paceScale() float64 {
	if k := r.params.paceK; k > 0 {
		return math.Pow(r.pace.ratio(), k)
	}
	return 1
}

// survivalNow is the level's survival for this table: the others' chance
// per turn (1 - survival) scaled by paceScale.
func (r *Robot) survivalNow() float64 {
	pr := &r.params
	if pr.paceK <= 0 {
		return pr.survival
	}
	return 1 - min(0.5, (1-pr.survival)*r.paceScale())
}
