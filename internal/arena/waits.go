package arena

import (
	"context"
	"fmt"
	"io"
	"math"
	"sync"

	"mahjong/ai"
	"mahjong/engine"
)

// Fitting the read of the others' waits (ai/waitread.go). A local match
// is played, and at every discard of the robots labelled label, each
// other seat and each kind the robot holds make one row: the robot's
// wait features, from what its seat sees, and whether that seat's true
// hand would go out on the kind. A logistic regression of the one on the
// other is the read.

// WaitRow is one row: the features of a seat and a kind, and whether
// the seat's hand would go out on that kind.
type WaitRow struct {
	Game int
	F    []float32
	Win  bool
	W    float32 // weight (the negatives are sampled)
}

// CollectWaits plays cfg and returns the rows of the robots labelled
// label, keeping one row in keepNeg of those that would not go out. With
// pairs, the rows are of the kinds with two or more copies unseen, and a
// row is true when the seat holds two or more of them concealed.
func CollectWaits(ctx context.Context, cfg LocalConfig, label string, keepNeg int, pairs bool) []WaitRow {
	keepNeg = max(keepNeg, 1)
	truthOf := goesOutOn
	if pairs {
		truthOf = holdsPair
	}
	var mu sync.Mutex
	var rows []WaitRow
	cfg.Peek = func(g, seat int, v *engine.View, truth *engine.Game, r Responder, acts []engine.Action) {
		rob, ok := r.(*ai.Robot)
		if !ok || !isDiscard(acts) || cfg.SpecAt(g, seat).Label != label {
			return
		}
		var local []WaitRow
		n := 0
		rob.WaitRows(v, pairs, func(s engine.Seat, k int, f []float64) {
			win := truthOf(truth.Players[s], k)
			n++
			if !win && n%keepNeg != 0 {
				return
			}
			row := WaitRow{Game: g, Win: win, W: 1, F: make([]float32, len(f))}
			if !win {
				row.W = float32(keepNeg)
			}
			for i, x := range f {
				row.F[i] = float32(x)
			}
			local = append(local, row)
		})
		mu.Lock()
		rows = append(rows, local...)
		mu.Unlock()
	}
	PlayLocal(ctx, cfg)
	return rows
}

func isDiscard(acts []engine.Action) bool {
	for _, a := range acts {
		if _, ok := a.(engine.PDiscard); ok {
			return true
		}
	}
	return false
}

// goesOutOn reports whether p's hand is complete with a tile of kind k
// added.
func goesOutOn(p *engine.Player, k int) bool {
	if p == nil || p.Hidden || k < 0 || k >= ai.NumKinds {
		return false
	}
	c, sh := handOf(p)
	c[k]++
	return ai.Shanten(&c, sh) == -1
}

// handOf returns p's concealed tiles by kind and the shape left to make
// beside its declared sets.
func handOf(p *engine.Player) (ai.Counts, ai.Shape) {
	var c ai.Counts
	c.Add(p.Concealed[:p.NumConcealed]...)
	sets := 0
	for _, m := range p.Melds {
		if m.Kind != engine.NoMeld {
			sets++
		}
	}
	return c, ai.Shape{Sets: max(0, 4-sets)}
}

// holdsPair reports whether p holds two or more concealed copies of
// kind k.
func holdsPair(p *engine.Player, k int) bool {
	if p == nil || p.Hidden {
		return false
	}
	n := 0
	for _, t := range p.Concealed[:p.NumConcealed] {
		if ai.Kind(t) == k {
			n++
		}
	}
	return n >= 2
}

// WaitFit is a fitted read: its coefficients, and how well it predicts
// the rows it was fitted on (even games) and the others (odd games).
type WaitFit struct {
	Beta              []float64
	Fitted, HeldOut   WaitScore
	Iterations, Train int
}

// WaitScore is how well a fit predicts some rows: its log loss per row
// against a constant rate's, and its calibration by bands of the fitted
// chance.
type WaitScore struct {
	Rows          int
	Rate          float64 // the weighted share that goes out
	Loss, Loss0   float64 // log loss per row: the fit, the constant rate
	Share, Caught [len(waitBands) - 1]float64
	Fit, True     [len(waitBands) - 1]float64 // mean fitted chance, share that goes out
}

var waitBands = [...]float64{0, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.4, 1.01}

// FitWaits fits the logistic regression, with a ridge penalty l2, by
// Newton's method on the rows of even games and scores it on both halves.
func FitWaits(rows []WaitRow, l2 float64) (WaitFit, error) {
	var train, test []WaitRow
	for _, r := range rows {
		if r.Game%2 == 0 {
			train = append(train, r)
		} else {
			test = append(test, r)
		}
	}
	if len(train) == 0 {
		return WaitFit{}, fmt.Errorf("arena: waits: no rows to fit")
	}
	n := len(train[0].F)
	fit := WaitFit{Beta: make([]float64, n), Train: len(train)}
	for fit.Iterations < 30 {
		fit.Iterations++
		grad, hess := make([]float64, n), make([][]float64, n)
		for i := range hess {
			hess[i] = make([]float64, n)
		}
		for _, r := range train {
			p := chance(fit.Beta, r.F)
			y := 0.0
			if r.Win {
				y = 1
			}
			g, h := float64(r.W)*(y-p), float64(r.W)*p*(1-p)
			for i, xi := range r.F {
				if xi == 0 {
					continue
				}
				grad[i] += g * float64(xi)
				for j, xj := range r.F {
					hess[i][j] += h * float64(xi) * float64(xj)
				}
			}
		}
		for i := range n {
			grad[i] -= l2 * fit.Beta[i]
			hess[i][i] += l2 + 1e-9
		}
		step := solve(hess, grad)
		if step == nil {
			return fit, fmt.Errorf("arena: waits: the fit is singular")
		}
		size := 0.0
		for i := range fit.Beta {
			fit.Beta[i] += step[i]
			size = max(size, math.Abs(step[i]))
		}
		if size < 1e-6 {
			break
		}
	}
	fit.Fitted, fit.HeldOut = scoreWaits(fit.Beta, train), scoreWaits(fit.Beta, test)
	return fit, nil
}

func chance(beta []float64, f []float32) float64 {
	z := 0.0
	for i, x := range f {
		z += beta[i] * float64(x)
	}
	return 1 / (1 + math.Exp(-z))
}

func scoreWaits(beta []float64, rows []WaitRow) WaitScore {
	s := WaitScore{Rows: len(rows)}
	var pos, tot float64
	for _, r := range rows {
		if r.Win {
			pos += float64(r.W)
		}
		tot += float64(r.W)
	}
	if tot == 0 || pos == 0 {
		return s
	}
	s.Rate = pos / tot
	var nb [len(waitBands) - 1]float64
	for _, r := range rows {
		w := float64(r.W)
		p := min(max(chance(beta, r.F), 1e-12), 1-1e-12)
		b := 0
		for b < len(nb)-1 && p >= waitBands[b+1] {
			b++
		}
		nb[b] += w
		s.Fit[b] += w * p
		if r.Win {
			s.Loss -= w * math.Log(p)
			s.Loss0 -= w * math.Log(s.Rate)
			s.Caught[b] += w
			s.True[b] += w
		} else {
			s.Loss -= w * math.Log(1-p)
			s.Loss0 -= w * math.Log(1-s.Rate)
		}
	}
	s.Loss, s.Loss0 = s.Loss/tot, s.Loss0/tot
	for b := range nb {
		if nb[b] > 0 {
			s.Fit[b] /= nb[b]
			s.True[b] /= nb[b]
		}
		s.Share[b] = nb[b] / tot
		s.Caught[b] /= pos
	}
	return s
}

// Report prints the fit's scores and coefficients.
func (f WaitFit) Report(w io.Writer) {
	for _, h := range []struct {
		name string
		s    WaitScore
	}{{"fitted on (even games)", f.Fitted}, {"held out (odd games)", f.HeldOut}} {
		s := h.s
		fmt.Fprintf(w, "%s: %d rows, %.2f %% go out; log loss %.5f a row (a constant rate %.5f): %.1f %% of it explained\n",
			h.name, s.Rows, 100*s.Rate, s.Loss, s.Loss0, 100*(1-s.Loss/max(s.Loss0, 1e-12)))
		for b := range s.Share {
			if s.Share[b] > 0 {
				fmt.Fprintf(w, "  fitted %.3f-%.3f: %5.2f %% of rows, %5.1f %% of those that go out; fitted %.4f, true %.4f\n",
					waitBands[b], waitBands[b+1], 100*s.Share[b], 100*s.Caught[b], s.Fit[b], s.True[b])
			}
		}
	}
	fmt.Fprintf(w, "coefficients (%d Newton steps on %d rows):", f.Iterations, f.Train)
	for i, b := range f.Beta {
		if i%6 == 0 {
			fmt.Fprintf(w, "\n\t")
		}
		fmt.Fprintf(w, "%.4f, ", b)
	}
	fmt.Fprintln(w)
}

// solve returns x with a x = b (Gauss-Jordan elimination with partial
// pivoting), or nil if a is singular.
func solve(a [][]float64, b []float64) []float64 {
	n := len(b)
	m := make([][]float64, n)
	for i := range m {
		m[i] = append(append([]float64(nil), a[i]...), b[i])
	}
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[p][c]) {
				p = r
			}
		}
		if math.Abs(m[p][c]) < 1e-12 {
			return nil
		}
		m[c], m[p] = m[p], m[c]
		for r := range n {
			if r == c {
				continue
			}
			f := m[r][c] / m[c][c]
			for k := c; k <= n; k++ {
				m[r][k] -= f * m[c][k]
			}
		}
	}
	x := make([]float64, n)
	for i := range n {
		x[i] = m[i][n] / m[i][i]
	}
	return x
}
