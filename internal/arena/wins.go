package arena

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
)

// WinKind is one kind of win of one label: the wins whose score holds a
// double (by the server's name for it), or those with none.
type WinKind struct {
	Name  string
	Wins  int
	Share float64 // of the label's wins
	Mean  float64 // mean winning score of these wins
}

// Part is what these wins add to the label's mean winning score: a
// kind's share times its mean. A robot's mean winning score is the
// mean of its wins, so a robot that wins more cheap hands has a lower
// mean even when its big hands are as many per hand played; the parts
// show which kinds make the difference.
func (k WinKind) Part() float64 { return k.Share * k.Mean }

// noDouble names the wins without a double.
const noDouble = "(no double)"

// WinKinds groups each label's wins by the doubles they hold, the
// commonest first; a win with several doubles counts under each.
func WinKinds(games []*GameRecord) map[string][]WinKind {
	return groupWins(games, func(h *HandRecord) []string {
		if len(h.Why) == 0 {
			return []string{noDouble}
		}
		return h.Why
	})
}

// groupWins groups each label's wins (in games that finished) under the
// names that names gives each; a win named nil is left out, and one
// given a name twice counts under it once. Shares are of the wins that
// have names.
func groupWins(games []*GameRecord, names func(*HandRecord) []string) map[string][]WinKind {
	type acc struct {
		wins     int
		n, score map[string]int
	}
	by := map[string]*acc{}
	for _, g := range games {
		if g.Failed != "" {
			continue
		}
		for i := range g.Records {
			h := &g.Records[i]
			if !h.Won {
				continue
			}
			ns := names(h)
			if len(ns) == 0 {
				continue
			}
			a := by[h.Label]
			if a == nil {
				a = &acc{score: map[string]int{}, n: map[string]int{}}
				by[h.Label] = a
			}
			a.wins++
			for j, w := range ns {
				if slices.Contains(ns[:j], w) {
					continue // a double named twice is one kind of win
				}
				a.n[w]++
				a.score[w] += h.Score
			}
		}
	}
	out := map[string][]WinKind{}
	for l, a := range by {
		out[l] = kindsOf(a.wins, a.n, a.score)
	}
	return out
}

// kindsOf turns counts and summed scores by name, out of wins in all,
// into kinds, the commonest first.
func kindsOf(wins int, n, score map[string]int) []WinKind {
	ks := make([]WinKind, 0, len(n))
	for name, c := range n {
		ks = append(ks, WinKind{
			Name:  name,
			Wins:  c,
			Share: float64(c) / float64(wins),
			Mean:  float64(score[name]) / float64(c),
		})
	}
	sort.Slice(ks, func(i, j int) bool {
		if ks[i].Wins != ks[j].Wins {
			return ks[i].Wins > ks[j].Wins
		}
		return ks[i].Name < ks[j].Name
	})
	return ks
}

// NoDoubleSets groups each label's wins without a double by the scoring
// sets and pairs they hold (HandRecord.Sets), the commonest first. Such
// a win of chows alone with a plain pair would have been the no-score
// hand, a double; the groups show what stood in the way (a claimed
// minor pung, a concealed one, a pair of dragons, ...). Shares are of
// the label's wins without a double.
func NoDoubleSets(games []*GameRecord) map[string][]WinKind {
	return groupWins(games, func(h *HandRecord) []string {
		if len(h.Why) > 0 {
			return nil
		}
		return []string{setsName(h.Sets)}
	})
}

// setsName names a collection of sets: each name once, sorted, with a
// count when it repeats ("2 × open pung of minors + pair of dragons").
func setsName(sets []string) string {
	if len(sets) == 0 {
		return "(no scoring set)"
	}
	sorted := slices.Sorted(slices.Values(sets))
	var names []string
	for i := 0; i < len(sorted); {
		n := 1
		for i+n < len(sorted) && sorted[i+n] == sorted[i] {
			n++
		}
		name := sorted[i]
		if n > 1 {
			name = fmt.Sprintf("%d × %s", n, name)
		}
		names = append(names, name)
		i += n
	}
	return strings.Join(names, " + ")
}

// ReportWins prints WinKinds, label by label.
func ReportWins(w io.Writer, games []*GameRecord) {
	kinds, plain := WinKinds(games), NoDoubleSets(games)
	labels := make([]string, 0, len(kinds))
	for l := range kinds {
		labels = append(labels, l)
	}
	sort.Strings(labels)
	for _, l := range labels {
		fmt.Fprintf(w, "\n%s: wins by double (share of wins, mean score, part of the mean winning score)\n", l)
		for _, k := range kinds[l] {
			fmt.Fprintf(w, "  %-34s %6.2f %%  %7.1f  %6.2f  (%d)\n", k.Name, 100*k.Share, k.Mean, k.Part(), k.Wins)
		}
		sets := plain[l]
		if len(sets) == 0 {
			continue
		}
		fmt.Fprintf(w, "%s: wins without a double by their scoring sets (share of those wins, mean score)\n", l)
		for i, k := range sets {
			if i == maxSetRows {
				fmt.Fprintf(w, "  (%d more groups)\n", len(sets)-i)
				break
			}
			fmt.Fprintf(w, "  %-52s %6.2f %%  %7.1f  (%d)\n", k.Name, 100*k.Share, k.Mean, k.Wins)
		}
	}
}

// maxSetRows bounds the groups of wins without a double that the report
// prints for a label: the rest are rare.
const maxSetRows = 12
