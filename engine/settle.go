package engine

import (
	"fmt"
	"strings"
)

// settleName is a seat's name as the settlement text writes it, padded to
// five characters.
func settleName(s Seat) string {
	return [NumSeats]string{"East ", "South", "West ", "North"}[s]
}

// Settle computes the settlement of a won hand: the change to each
// seat's cumulative score (indexed E, S, W, N, the numbers of the
// Settlement message) and the explanation text, exactly as the original
// (protocol.md sections 10-12). It changes nothing; applying the deltas
// is the Settlement message's job.
//
// Preconditions: every player's HandScore is set (all four HandScore
// messages sent), g.Player is the winner and ScoreHand has scored the
// winner (which records the categories its hand achieved, see
// Cannoneer).
//
// Inputs read from g:
//   - Players[i].HandScore: the hand values;
//   - Player, Whence, Supplier: the winner, where the winning tile came
//     from and, when Whence is FromDiscard, who discarded it. A robbed
//     kong or a loose tile counts as self-drawn;
//   - the winner's DangerFlags: who let off a cannon (Cannoneer);
//   - Options EastDoubles, LosersSettle, DiscDoubles.
//
// Each loser owes the winner its hand value, doubled when East pays or
// receives (EastDoubles), and doubled again with DiscDoubles when the
// win was self-drawn or the loser discarded the winning tile. A player
// who let off a cannon pays every loser's debt and the losers do not
// settle among themselves; otherwise, with LosersSettle, each pair of
// losers settles the difference of their hand values (doubled for East).
func Settle(g *Game) (deltas [NumSeats]int, text string) {
	o := &g.Options
	eastDoubles := o.Bool(OptEastDoubles)
	losersSettle := o.Bool(OptLosersSettle)
	discDoubles := o.Bool(OptDiscDoubles)
	w := g.Player
	cannon := Cannoneer(g)

	var b strings.Builder
	if cannon != NoSeat {
		fmt.Fprintf(&b, "%s let off a cannon\n\n", settleName(cannon))
	}
	for i := range Seat(NumSeats) {
		if i == w {
			continue
		}
		m := g.Players[w].HandScore
		if eastDoubles && (i == EastSeat || w == EastSeat) {
			m *= 2
		}
		if discDoubles && (g.Whence != FromDiscard || i == g.Supplier) {
			m *= 2
		}
		payer := i
		if cannon != NoSeat {
			payer = cannon
		}
		deltas[w] += m
		deltas[payer] -= m
		fmt.Fprintf(&b, "%s pays %s", settleName(payer), settleName(w))
		if payer != i {
			fmt.Fprintf(&b, " (for %s)", settleName(i))
		}
		fmt.Fprintf(&b, " %5d\n", m)
	}
	fmt.Fprintf(&b, "%s GAINS %5d\n\n", settleName(w), deltas[w])

	for i := range Seat(NumSeats) {
		if i == w {
			continue
		}
		for j := i + 1; j < NumSeats && cannon == NoSeat && losersSettle; j++ {
			if j == w {
				continue
			}
			m := g.Players[i].HandScore - g.Players[j].HandScore
			if eastDoubles && (i == EastSeat || j == EastSeat) {
				m *= 2
			}
			deltas[i] += m
			deltas[j] -= m
			switch {
			case m > 0:
				fmt.Fprintf(&b, "%s pays %s %5d\n", settleName(j), settleName(i), m)
			case m < 0:
				fmt.Fprintf(&b, "%s pays %s %5d\n", settleName(i), settleName(j), -m)
			default:
				fmt.Fprintf(&b, "%s and %s are even\n", settleName(i), settleName(j))
			}
		}
		verb, m := "GAINS", deltas[i]
		if m < 0 {
			verb, m = "LOSES", -m
		}
		fmt.Fprintf(&b, "%s %s %5d\n\n", settleName(i), verb, m)
	}
	return deltas, b.String()
}
