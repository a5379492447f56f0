package arena

import (
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"
)

// Estimate is a mean with the half-width of its 95 % confidence interval.
type Estimate struct {
	Mean, Half float64
	N          int // clusters (games) behind it
}

func (e Estimate) String() string {
	if e.N == 0 || math.IsNaN(e.Mean) {
		return "n/a"
	}
	if e.N < 2 || math.IsNaN(e.Half) {
		return fmt.Sprintf("%.2f", e.Mean)
	}
	return fmt.Sprintf("%.2f ± %.2f", e.Mean, e.Half)
}

// pct formats a rate as a percentage.
func (e Estimate) pct() string {
	return Estimate{Mean: 100 * e.Mean, Half: 100 * e.Half, N: e.N}.String() + " %"
}

const z95 = 1.959964

// ratio estimates Σnum/Σden from clusters (one per game) with the
// cluster-robust (ratio estimator) standard error, so that hands of one
// game are not taken as independent.
func ratio(num, den []float64) Estimate {
	n := len(num)
	var sn, sd float64
	for i := range num {
		sn += num[i]
		sd += den[i]
	}
	if n == 0 || sd == 0 {
		return Estimate{Mean: math.NaN()}
	}
	r := sn / sd
	if n < 2 {
		return Estimate{Mean: r, Half: math.NaN(), N: n}
	}
	var ss float64
	for i := range num {
		d := num[i] - r*den[i]
		ss += d * d
	}
	mean := sd / float64(n)
	se := math.Sqrt(ss/float64(n*(n-1))) / mean
	return Estimate{Mean: r, Half: z95 * se, N: n}
}

// mean estimates the mean of independent values.
func mean(xs []float64) Estimate {
	ones := make([]float64, len(xs))
	for i := range ones {
		ones[i] = 1
	}
	return ratio(xs, ones)
}

// Summary is the statistics of one label (robot kind) over a match.
type Summary struct {
	Label       string
	Games       int // games with at least one seat of this label
	SeatGames   int
	Hands       int // seat-hands
	PerHand     Estimate
	PerGame     Estimate // per seat and game
	WinRate     Estimate
	WinScore    Estimate
	SelfDrawn   Estimate // share of wins
	NoDouble    Estimate // share of wins without a double
	NoScore     Estimate // share of wins with the no-score hand (the original's robots: about 30 %)
	DealIn      Estimate
	Claims      Estimate // per hand
	Dangerous   Estimate // avoidable dangerous discards per 100 hands
	NoChoice    Estimate // no-choice dangerous discards per 100 hands
	Cannons     Estimate // per 100 hands
	CannonCount int
	LossScore   Estimate // mean hand score when not winning (washouts excluded)
	EastPerHand Estimate
	Outcomes    [numOutcomes]Outcome
	Latency     Hist
}

// outcome is how a hand ended for one seat. The points a robot makes
// per hand are the sum of what each outcome adds, so the split shows
// whether an edge comes from winning more, winning bigger or losing
// less (the settlement between losers rides on the last two).
type outcome int

const (
	ownWin    outcome = iota
	dealtIn           // another went out on our discard (or robbed our kong)
	othersWin         // another went out on somebody else's tile
	washout           // nobody went out
	numOutcomes
)

var outcomeNames = [numOutcomes]string{"own win", "dealt in", "another's win", "washout"}

func outcomeOf(h *HandRecord) outcome {
	switch {
	case h.Won:
		return ownWin
	case h.Washout:
		return washout
	case h.DealIn:
		return dealtIn
	}
	return othersWin
}

// Outcome is one way of ending a hand: how often, its mean points and
// what it adds to the points per hand (Share × Mean).
type Outcome struct {
	Share   Estimate // of the label's hands
	Mean    Estimate // points per hand ending so
	PerHand Estimate // points it adds per hand played
}

// Summarize groups the finished games' records by label.
func Summarize(games []*GameRecord) []Summary {
	type acc struct {
		s                                        Summary
		net, hands, wins, winScore, self, dealIn []float64
		claims, dang, noch, cannons, loss, lossN []float64
		eastNet, eastN, gameNet, ones, noDbl     []float64
		noScore                                  []float64
		outN, outNet                             [numOutcomes][]float64
	}
	byLabel := map[string]*acc{}
	get := func(l string) *acc {
		a := byLabel[l]
		if a == nil {
			a = &acc{s: Summary{Label: l}}
			byLabel[l] = a
		}
		return a
	}
	for _, g := range games {
		if g.Failed != "" {
			continue
		}
		type cl struct {
			net, hands, wins, winScore, self, dealIn, claims, dang, noch, cannons, loss, lossN, eastNet, eastN float64
			noDbl, noScore                                                                                     float64
			outN, outNet                                                                                       [numOutcomes]float64
			seats                                                                                              map[int]bool
		}
		per := map[string]*cl{}
		for _, h := range g.Records {
			c := per[h.Label]
			if c == nil {
				c = &cl{seats: map[int]bool{}}
				per[h.Label] = c
			}
			c.seats[h.ID] = true
			c.hands++
			c.net += float64(h.Net)
			o := outcomeOf(&h)
			c.outN[o]++
			c.outNet[o] += float64(h.Net)
			if h.Won {
				c.wins++
				c.winScore += float64(h.Score)
				if h.SelfDrawn {
					c.self++
				}
				if h.Doubles == 0 {
					c.noDbl++
				}
				if slices.Contains(h.Why, "no score hand") {
					c.noScore++
				}
			} else if !h.Washout {
				c.loss += float64(h.Score)
				c.lossN++
			}
			if h.DealIn {
				c.dealIn++
			}
			c.claims += float64(h.Claims)
			c.dang += float64(h.Dangerous)
			c.noch += float64(h.NoChoice)
			if h.Cannon {
				c.cannons++
			}
			if h.East {
				c.eastNet += float64(h.Net)
				c.eastN++
			}
		}
		for l, c := range per {
			a := get(l)
			a.s.Games++
			a.s.SeatGames += len(c.seats)
			a.s.Hands += int(c.hands)
			a.s.CannonCount += int(c.cannons)
			a.net = append(a.net, c.net)
			a.hands = append(a.hands, c.hands)
			a.wins = append(a.wins, c.wins)
			a.winScore = append(a.winScore, c.winScore)
			a.self = append(a.self, c.self)
			a.noDbl = append(a.noDbl, c.noDbl)
			a.noScore = append(a.noScore, c.noScore)
			a.dealIn = append(a.dealIn, c.dealIn)
			a.claims = append(a.claims, c.claims)
			a.dang = append(a.dang, 100*c.dang)
			a.noch = append(a.noch, 100*c.noch)
			a.cannons = append(a.cannons, 100*c.cannons)
			a.loss = append(a.loss, c.loss)
			a.lossN = append(a.lossN, c.lossN)
			a.eastNet = append(a.eastNet, c.eastNet)
			a.eastN = append(a.eastN, c.eastN)
			a.gameNet = append(a.gameNet, c.net)
			a.ones = append(a.ones, float64(len(c.seats)))
			for o := range numOutcomes {
				a.outN[o] = append(a.outN[o], c.outN[o])
				a.outNet[o] = append(a.outNet[o], c.outNet[o])
			}
		}
		for l, lat := range g.Latency {
			get(l).s.Latency.Merge(lat)
		}
	}
	var out []Summary
	for _, a := range byLabel {
		s := a.s
		s.PerHand = ratio(a.net, a.hands)
		s.PerGame = ratio(a.gameNet, a.ones)
		s.WinRate = ratio(a.wins, a.hands)
		s.WinScore = ratio(a.winScore, a.wins)
		s.SelfDrawn = ratio(a.self, a.wins)
		s.NoDouble = ratio(a.noDbl, a.wins)
		s.NoScore = ratio(a.noScore, a.wins)
		s.DealIn = ratio(a.dealIn, a.hands)
		s.Claims = ratio(a.claims, a.hands)
		s.Dangerous = ratio(a.dang, a.hands)
		s.NoChoice = ratio(a.noch, a.hands)
		s.Cannons = ratio(a.cannons, a.hands)
		s.LossScore = ratio(a.loss, a.lossN)
		s.EastPerHand = ratio(a.eastNet, a.eastN)
		for o := range numOutcomes {
			s.Outcomes[o] = Outcome{
				Share:   ratio(a.outN[o], a.hands),
				Mean:    ratio(a.outNet[o], a.outN[o]),
				PerHand: ratio(a.outNet[o], a.hands),
			}
		}
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Label < out[j].Label })
	return out
}

// quantile of sorted xs.
func quantile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	i := int(math.Ceil(q*float64(len(xs)))) - 1
	return xs[max(0, min(i, len(xs)-1))]
}

// Report prints the match summary.
func Report(w io.Writer, games []*GameRecord) {
	var ok, failed, retried, errs, oursErrs, mismatched, hands int
	var wall []float64
	for _, g := range games {
		if g.Failed != "" {
			failed++
			fmt.Fprintf(w, "game %d (seed %d) failed: %s\n", g.Game, g.Seed, g.Failed)
			continue
		}
		ok++
		if len(g.Retried) > 0 {
			retried++
			fmt.Fprintf(w, "game %d (seed %d) passed when played again; it failed first: %s\n", g.Game, g.Seed, strings.Join(g.Retried, "; "))
		}
		errs += g.Errors
		oursErrs += g.OursErrors
		hands += g.Hands
		wall = append(wall, g.WallTime)
		if g.Mismatch != "" {
			mismatched++
			fmt.Fprintf(w, "game %d (seed %d): settlements do not add up: %s\n", g.Game, g.Seed, g.Mismatch)
		}
	}
	slices.Sort(wall)
	fmt.Fprintf(w, "games: %d finished (%d of them played again after a failure), %d failed; %d hands; protocol errors: %d to our robots, %d to others; settlement mismatches: %d; wall per game p50 %.2fs\n",
		ok, retried, failed, hands, oursErrs, errs-oursErrs, mismatched, quantile(wall, 0.5))
	for _, s := range Summarize(games) {
		fmt.Fprintf(w, "\n%s: %d games (%d seat-games), %d hands\n", s.Label, s.Games, s.SeatGames, s.Hands)
		row := func(name, v string) { fmt.Fprintf(w, "  %-26s %s\n", name, v) }
		row("points per hand", s.PerHand.String())
		row("points per game", s.PerGame.String())
		row("win rate", s.WinRate.pct())
		row("mean winning score", s.WinScore.String())
		row("self-drawn share of wins", s.SelfDrawn.pct())
		row("wins without a double", s.NoDouble.pct())
		row("wins with no-score hand", s.NoScore.pct())
		row("deal-in rate", s.DealIn.pct())
		row("claims per hand", s.Claims.String())
		row("dangerous/100h avoidable", s.Dangerous.String())
		row("dangerous/100h no choice", s.NoChoice.String())
		row("cannons/100h", fmt.Sprintf("%s (%d in all)", s.Cannons, s.CannonCount))
		row("mean losing-hand score", s.LossScore.String())
		row("points per hand as East", s.EastPerHand.String())
		fmt.Fprintf(w, "  %-26s %-18s %-18s %s\n", "points by outcome", "share of hands", "mean points", "adds per hand")
		for o, oc := range s.Outcomes {
			fmt.Fprintf(w, "    %-24s %-18s %-18s %s\n", outcomeNames[o], oc.Share.pct(), oc.Mean.String(), oc.PerHand.String())
		}
		if h := &s.Latency; h.N > 0 {
			row("decision latency", fmt.Sprintf("p50 %v  p99 %v  max %v  (%d decisions)",
				h.Quantile(0.5), h.Quantile(0.99), h.Max, h.N))
		}
	}
}

// labelsString lists a game's labels by id, for messages.
func labelsString(labels map[int]string) string {
	var parts []string
	for id := 1; id <= 4; id++ {
		parts = append(parts, fmt.Sprintf("%d=%s", id, labels[id]))
	}
	return strings.Join(parts, " ")
}
