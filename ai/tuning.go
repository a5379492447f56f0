package ai

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Tuning replaces some of a level's constants, by name, so that a change
// can be measured before it is made (mj-arena's "hard:tune=survival=0.84"
// played as a -variant). Robots in play never set it. The zero value
// changes nothing.
type Tuning struct {
	set []tuned
}

type tuned struct {
	k *tunable
	v float64
}

// A tunable is one constant of params that a Tuning may replace.
type tunable struct {
	name   string
	lo, hi float64
	field  func(*params) *float64
}

// tunables lists the constants worth sweeping: the rates and weights of
// the speed and value estimates, and how strongly a personality tilts
// them. The switches stay with the levels.
var tunables = []tunable{
	{"survival", 0, 1, func(p *params) *float64 { return &p.survival }},
	{"claimRate", 0, 10, func(p *params) *float64 { return &p.claimRate }},
	{"readyRate", 0, 10, func(p *params) *float64 { return &p.readyRate }},
	{"pairPung", 0, 1, func(p *params) *float64 { return &p.pairPung }},
	{"noScore", 0, 5, func(p *params) *float64 { return &p.noScore }},
	{"noScoreNear", 0, 1, func(p *params) *float64 { return &p.noScoreNear }},
	{"noChows", 0, 5, func(p *params) *float64 { return &p.noChows }},
	{"suitHope", 0, 5, func(p *params) *float64 { return &p.suitHope }},
	{"loneHonour", 0, 1, func(p *params) *float64 { return &p.loneHonour }},
	{"loserW", 0, 5, func(p *params) *float64 { return &p.loserW }},
	{"loserPair", 0, 1, func(p *params) *float64 { return &p.loserPair }},
	{"loserEast", 0, 2, func(p *params) *float64 { return &p.loserEast }},
	{"concealed", 0, 5, func(p *params) *float64 { return &p.concealed }},
	{"pungW", 0, 20, func(p *params) *float64 { return &p.pungW }},
	{"chowW", 0, 20, func(p *params) *float64 { return &p.chowW }},
	{"plainW", 0, 20, func(p *params) *float64 { return &p.plainW }},
	{"ukeireBonus", 0, 10, func(p *params) *float64 { return &p.ukeireBonus }},
	{"claimMargin", 0, 1, func(p *params) *float64 { return &p.claimMargin }},
	{"claimFixed", 0, 100, func(p *params) *float64 { return &p.claimFixed }},
	{"chowMargin", -1, 1, func(p *params) *float64 { return &p.chowMargin }},
	{"pungMargin", -1, 1, func(p *params) *float64 { return &p.pungMargin }},
	{"slowPenalty", 0, 1, func(p *params) *float64 { return &p.slowPenalty }},
	{"feedSkip", -1, 1, func(p *params) *float64 { return &p.feedSkip }},
	{"feedCost", 0, 10, func(p *params) *float64 { return &p.feedCost }},
	{"edgeWait", -1, 5, func(p *params) *float64 { return &p.edgeWait }},
	{"midWait", -1, 5, func(p *params) *float64 { return &p.midWait }},
	{"noise", 0, 5, func(p *params) *float64 { return &p.noise }},
	{"qPow", 0, 3, func(p *params) *float64 { return &p.qPow }},
	{"qLo", 0.01, 1, func(p *params) *float64 { return &p.qLo }},
	{"targets", 0, 3, func(p *params) *float64 { return &p.targets }},
	{"targetReach", 0, 3, func(p *params) *float64 { return &p.targetReach }},
	{"targetFar", 0, 1, func(p *params) *float64 { return &p.targetFar }},
	{"pungReach", 0, 3, func(p *params) *float64 { return &p.pungReach }},
	{"pungTgtW", 0, 5, func(p *params) *float64 { return &p.pungTgtW }},
	{"wonders", 0, 2, func(p *params) *float64 { return &p.wonders }},
	{"timeHazard", 0, 1, func(p *params) *float64 { return &p.timeHazard }},
	{"hazScale", 0, 3, func(p *params) *float64 { return &p.hazScale }},
	{"hazExposed", 0, 1, func(p *params) *float64 { return &p.hazExposed }},
	{"dealIn", 0, 10, func(p *params) *float64 { return &p.dealIn }},
	{"dealEV", 0, 1, func(p *params) *float64 { return &p.dealEV }},
	{"discDealIn", 0, 10, func(p *params) *float64 { return &p.discDealIn }},
	{"waitFit", 0, 3, func(p *params) *float64 { return &p.waitFit }},
	{"pairFit", 0, 3, func(p *params) *float64 { return &p.pairFit }},
	{"threatSets", 0, 0.2, func(p *params) *float64 { return &p.threatSets }},
	{"threat", 0, 0.3, func(p *params) *float64 { return &p.threat }},
	{"waitOut", 0, 5, func(p *params) *float64 { return &p.waitOut }},
	{"waitAhead", 0, 1, func(p *params) *float64 { return &p.waitAhead }},
	{"pairOut", 0, 1, func(p *params) *float64 { return &p.pairOut }},
	{"claimOut", 0, 5, func(p *params) *float64 { return &p.claimOut }},
	{"paceK", 0, 10, func(p *params) *float64 { return &p.paceK }},
	{"selfPass", 0, 5, func(p *params) *float64 { return &p.selfPass }},
	{"drawShare", 0, 1, func(p *params) *float64 { return &p.drawShare }},
	{"eastKeep", 0, 500, func(p *params) *float64 { return &p.eastKeep }},
	{"tempo", -2, 2, func(p *params) *float64 { return &p.tempo }},
	{"passRead", 0, 1, func(p *params) *float64 { return &p.passRead }},
	{"spare", 0, 500, func(p *params) *float64 { return &p.spare }},
	{"spareThreat", 0, 500, func(p *params) *float64 { return &p.spareThreat }},
	{"pungFeed", 0, 1000, func(p *params) *float64 { return &p.pungFeed }},
	{"searchN", 0, 4096, func(p *params) *float64 { return &p.searchN }},
	{"searchK", 2, 8, func(p *params) *float64 { return &p.searchK }},
	{"searchClose", 0, 1, func(p *params) *float64 { return &p.searchClose }},
	{"searchZ", 0, 10, func(p *params) *float64 { return &p.searchZ }},
	// how strongly a personality tilts them (1 - 1.2 majClaim stays above 0)
	{"styleW", 0, 1, func(p *params) *float64 { return &p.styleW }},
	{"chowClaim", 0, 3, func(p *params) *float64 { return &p.chowClaim }},
	{"pungClaim", 0, 3, func(p *params) *float64 { return &p.pungClaim }},
	{"majClaim", 0, 0.8, func(p *params) *float64 { return &p.majClaim }},
	{"hideClaim", 0, 1, func(p *params) *float64 { return &p.hideClaim }},
	// the level's own majorness (a style's Majorness replaces it)
	{"major", 0, 1, func(p *params) *float64 { return &p.major }},
	{"suit", 0, 1, func(p *params) *float64 { return &p.suit }},
	{"chow", -1, 1, func(p *params) *float64 { return &p.chow }},
}

// TunableNames returns the names a Tuning accepts, sorted.
func TunableNames() []string {
	out := make([]string, len(tunables))
	for i := range tunables {
		out[i] = tunables[i].name
	}
	sort.Strings(out)
	return out
}

// ParseTuning reads "name=value,name=value" (names in any case, see
// TunableNames). An unknown name, a value that is not a number or one
// outside the constant's range is an error.
func ParseTuning(s string) (Tuning, error) {
	var t Tuning
	if strings.TrimSpace(s) == "" {
		return t, nil
	}
	for _, kv := range strings.Split(s, ",") {
		name, val, ok := strings.Cut(kv, "=")
		if !ok {
			return Tuning{}, fmt.Errorf("ai: tuning %q: want name=value", kv)
		}
		k := findTunable(strings.TrimSpace(name))
		if k == nil {
			return Tuning{}, fmt.Errorf("ai: tuning: unknown constant %q (one of %s)", name, strings.Join(TunableNames(), ", "))
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
		if err != nil || math.IsNaN(v) || v < k.lo || v > k.hi {
			return Tuning{}, fmt.Errorf("ai: tuning: %s=%q is not a number in %g..%g", k.name, val, k.lo, k.hi)
		}
		t.set = append(t.set, tuned{k, v})
	}
	return t, nil
}

func findTunable(name string) *tunable {
	for i := range tunables {
		if equalFold(tunables[i].name, name) {
			return &tunables[i]
		}
	}
	return nil
}

// String writes the tuning back as ParseTuning reads it.
func (t Tuning) String() string {
	parts := make([]string, len(t.set))
	for i, s := range t.set {
		parts[i] = s.k.name + "=" + strconv.FormatFloat(s.v, 'g', -1, 64)
	}
	return strings.Join(parts, ",")
}

// apply replaces the constants of p, later settings winning.
func (t Tuning) apply(p *params) {
	for _, s := range t.set {
		*s.k.field(p) = s.v
	}
}
