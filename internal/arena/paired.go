package arena

import (
	"fmt"
	"io"
	"math"

	"mahjong/engine"
)

// A paired comparison plays the same deals twice, the second time with a
// variant in the place of the robot under test (LocalConfig.Seats[0], or
// ours on the original server, whose robots play the same game again
// given the same seed and the same moves), and estimates what the
// variant changes on each game. Both plays share the walls and the other
// robots, so much of a game's luck cancels, the more so the more alike
// the two robots play. Against three ai/classic
// robots, 1,000 games: Expert's heavier feed cost in Hard's place gave an
// interval of ± 1.60 points a hand where two separate matches give
// ± 5.44 (correlation 0.91: a tenth of the games for the same
// precision); a look two draws ahead, which changes much more, ± 4.63
// against ± 5.51 (correlation 0.32). Against the original, Expert in
// Hard's place on two blocks of 400 games: ± 2.89 and ± 2.37 against
// ± 8.45 and ± 8.76 (correlation 0.87 and 0.94).

// TestedID returns the player id of the robot under test, Seats[0], in
// the local game of the given seed: it sits where a match against the
// original seats ours, at connection seed mod 4 (id seed mod 4 + 1).
func TestedID(seed int) int { return seatOf(seed) + 1 }

// seatOf is the connection (0-3) at which the first spec of a match sits
// in the game of the given seed.
func seatOf(seed int) int {
	return (seed%engine.NumSeats + engine.NumSeats) % engine.NumSeats
}

// LocalTested is the robot under test in a local game: Seats[0].
func LocalTested(g *GameRecord) int { return TestedID(g.Seed) }

// OursTested is the robot under test in a game on the original server:
// ours, the one player not labelled OriginalLabel (0 in a control game).
func OursTested(g *GameRecord) int {
	for id, l := range g.Labels {
		if l != OriginalLabel {
			return id
		}
	}
	return 0
}

// Paired is the estimated change the variant makes.
type Paired struct {
	Games    int      // games finished in both plays
	PerHand  Estimate // the variant's points a hand less the tested robot's
	Corr     float64  // correlation of the two plays' points a hand over games
	Unpaired float64  // the interval's half-width had the plays been independent
}

// ComparePaired compares the tested robot's results in games a with the
// variant's in games b, game by game (matched by game number; games that
// failed in either play are left out); tested gives the player id of the
// robot under test in a game (LocalTested, OursTested).
func ComparePaired(a, b []*GameRecord, tested func(*GameRecord) int) Paired {
	byGame := map[int]*GameRecord{}
	for _, g := range b {
		if g.Failed == "" {
			byGame[g.Game] = g
		}
	}
	var diff, hands, ra, rb []float64
	for _, ga := range a {
		gb := byGame[ga.Game]
		if ga.Failed != "" || gb == nil {
			continue
		}
		na, ha := netOf(ga, tested(ga))
		nb, hb := netOf(gb, tested(gb))
		if ha == 0 || hb == 0 {
			continue
		}
		diff = append(diff, nb-na)
		hands = append(hands, (ha+hb)/2)
		ra, rb = append(ra, na/ha), append(rb, nb/hb)
	}
	p := Paired{Games: len(diff), PerHand: ratio(diff, hands), Corr: math.NaN(), Unpaired: math.NaN()}
	if len(diff) >= 2 {
		ea, eb := mean(ra), mean(rb)
		p.Unpaired = math.Hypot(ea.Half, eb.Half)
		p.Corr = correlation(ra, rb)
	}
	return p
}

// netOf sums player id's settlements and counts its hands in game g.
func netOf(g *GameRecord, id int) (net, hands float64) {
	for _, h := range g.Records {
		if h.ID == id {
			net += float64(h.Net)
			hands++
		}
	}
	return net, hands
}

// correlation is Pearson's correlation of xs and ys (NaN when either
// does not vary).
func correlation(xs, ys []float64) float64 {
	n := float64(len(xs))
	var mx, my float64
	for i := range xs {
		mx += xs[i]
		my += ys[i]
	}
	mx, my = mx/n, my/n
	var sxy, sxx, syy float64
	for i := range xs {
		dx, dy := xs[i]-mx, ys[i]-my
		sxy += dx * dy
		sxx += dx * dx
		syy += dy * dy
	}
	if sxx == 0 || syy == 0 {
		return math.NaN()
	}
	return sxy / math.Sqrt(sxx*syy)
}

// ReportPaired prints the comparison of the tested robot (label a) and
// the variant (label b).
func ReportPaired(w io.Writer, a, b string, p Paired) {
	fmt.Fprintf(w, "paired: %s instead of %s on the same %d deals: %s points a hand", b, a, p.Games, p.PerHand)
	if !math.IsNaN(p.Corr) {
		fmt.Fprintf(w, " (correlation of the two plays %.2f; two separate matches: ± %.2f)", p.Corr, p.Unpaired)
	}
	fmt.Fprintln(w)
}
