package arena

import (
	"fmt"
	"io"
	"slices"
	"sort"
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
	type acc struct {
		wins  int
		score map[string]int
		n     map[string]int
	}
	by := map[string]*acc{}
	for _, g := range games {
		if g.Failed != "" {
			continue
		}
		for _, h := range g.Records {
			if !h.Won {
				continue
			}
			a := by[h.Label]
			if a == nil {
				a = &acc{score: map[string]int{}, n: map[string]int{}}
				by[h.Label] = a
			}
			a.wins++
			names := h.Why
			if len(names) == 0 {
				names = []string{noDouble}
			}
			seen := make([]string, 0, len(names))
			for _, w := range names {
				if slices.Contains(seen, w) {
					continue // a double named twice is one kind of win
				}
				seen = append(seen, w)
				a.n[w]++
				a.score[w] += h.Score
			}
		}
	}
	out := map[string][]WinKind{}
	for l, a := range by {
		var ks []WinKind
		for name, n := range a.n {
			ks = append(ks, WinKind{
				Name:  name,
				Wins:  n,
				Share: float64(n) / float64(a.wins),
				Mean:  float64(a.score[name]) / float64(n),
			})
		}
		sort.Slice(ks, func(i, j int) bool {
			if ks[i].Wins != ks[j].Wins {
				return ks[i].Wins > ks[j].Wins
			}
			return ks[i].Name < ks[j].Name
		})
		out[l] = ks
	}
	return out
}

// ReportWins prints WinKinds, label by label.
func ReportWins(w io.Writer, games []*GameRecord) {
	kinds := WinKinds(games)
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
	}
}
