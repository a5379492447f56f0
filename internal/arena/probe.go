package arena

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"sync"

	"mahjong/ai"
	"mahjong/engine"
)

// A probe asks, decision by decision, whether one of our robots chose
// well: at each of its discards and claims in the first hand of a seeded
// game, each of the options it weighed highest is played out several
// times to the end of the hand (the robot then goes on as usual) and our
// net points for the hand are averaged. The unseen part of the wall is
// shuffled afresh for every play, with the same shuffles for every
// option, so the options are compared on the same draws. An option that
// gains on the chosen one, over many decisions of a kind, shows where the
// robot's judgement can improve; the robot then follows it everywhere
// else, so this measures one-step changes of its play.

// ProbeConfig is a probe of the robot Robot against three Others.
type ProbeConfig struct {
	Robot     Spec // ours (not classic)
	Others    Spec // the three other seats
	Hands     int  // first hands probed, one per seed
	FirstSeed int  // hand h is the first of game FirstSeed+h; our seat cycles with it
	Rollouts  int  // plays of each option at each decision
	Options   int  // options played at each decision, the chosen one included (0: 3)
	Claims    bool // probe claim decisions
	Discards  bool // probe discard decisions
	Jobs      int  // hands probed at once
	Hidden    bool // deal the others' concealed tiles afresh too, not the wall alone
	Match     bool // with Hidden: each other hand dealt as near to ready as the real one (its shanten number)
	Nets      bool // keep every play's net in the records
	Game      []engine.CGameOption
}

// ProbeRecord is one probed decision. Option 0 is the robot's choice;
// Diff[i] is the mean of option i's net minus option 0's over the same
// shuffles, with Half[i] the half-width of its 95 % interval.
type ProbeRecord struct {
	Seed    int       `json:"seed"`
	Seq     int       `json:"seq"`   // the robot's decision number in the hand's game
	Claim   bool      `json:"claim"` // a claim decision (else a discard)
	East    bool      `json:"east"`
	Live    int       `json:"live"` // live tiles left
	Hand    string    `json:"hand"`
	Options []string  `json:"options"`
	Values  []float64 `json:"values"` // the robot's own values
	Mean    []float64 `json:"mean"`   // mean net for the hand
	Diff    []float64 `json:"diff"`
	Half    []float64 `json:"half"`
	Nets    [][]int   `json:"nets,omitempty"` // each option's net for the hand in each play (-nets)
}

// probeForce replaces the robot's action at its decision number at by
// act and shuffles the unseen wall with shuffle (0: no shuffle).
type probeForce struct {
	at      int
	act     engine.Action
	shuffle uint64
}

// Probe probes the decisions of cfg.Hands first hands and calls emit
// (one call at a time) with each probed decision.
func Probe(ctx context.Context, cfg ProbeConfig, emit func(*ProbeRecord)) error {
	if cfg.Robot.Classic != nil {
		return errors.New("arena: probe: the probed robot must be one of ours, not classic")
	}
	if cfg.Options <= 0 {
		cfg.Options = 3
	}
	cfg.Rollouts = max(cfg.Rollouts, 2)
	var mu sync.Mutex
	var failed error
	// playGames shares the hands among the jobs; its records are unused
	playGames(ctx, cfg.Hands, max(cfg.Jobs, 1), nil, func(h int) *GameRecord {
		recs, err := probeHand(ctx, cfg, cfg.FirstSeed+h, h%engine.NumSeats)
		mu.Lock()
		defer mu.Unlock()
		if err != nil && failed == nil {
			failed = err
		}
		for i := range recs {
			emit(&recs[i])
		}
		return &GameRecord{}
	})
	return failed
}

// probeHand probes every decision of the first hand of game seed, our
// robot connecting in place ourIdx.
func probeHand(ctx context.Context, cfg ProbeConfig, seed, ourIdx int) ([]ProbeRecord, error) {
	var recs []ProbeRecord
	var opts [][]engine.Action
	_, err := playFirstHand(cfg, seed, ourIdx, nil, func(d *ai.Decision, v *engine.View) {
		if d.Claim && !cfg.Claims || !d.Claim && !cfg.Discards || len(d.Options) < 2 {
			return
		}
		n := min(len(d.Options), cfg.Options)
		r := ProbeRecord{Seed: seed, Seq: d.Seq, Claim: d.Claim, East: v.Seat() == engine.EastSeat,
			Live: v.Game.LiveLeft(), Hand: handString(v.Me())}
		var acts []engine.Action
		for _, w := range d.Options[:n] {
			r.Options = append(r.Options, w.Action.String())
			r.Values = append(r.Values, w.Value)
			acts = append(acts, w.Action)
		}
		recs = append(recs, r)
		opts = append(opts, acts)
	})
	if err != nil {
		return nil, err
	}
	for i := range recs {
		r := &recs[i]
		nets := make([][]int, len(opts[i]))
		for o, a := range opts[i] {
			for k := range cfg.Rollouts {
				if ctx.Err() != nil {
					return recs[:i], ctx.Err()
				}
				net, err := playFirstHand(cfg, seed, ourIdx, &probeForce{at: r.Seq, act: a, shuffle: uint64(k + 1)}, nil)
				if err != nil {
					return recs[:i], err
				}
				nets[o] = append(nets[o], net)
			}
		}
		for o := range nets {
			sum := 0
			for _, n := range nets[o] {
				sum += n
			}
			d := mean(diffs(nets, o, 0, 1))
			r.Mean = append(r.Mean, float64(sum)/float64(len(nets[o])))
			r.Diff = append(r.Diff, d.Mean)
			r.Half = append(r.Half, d.Half)
		}
		if cfg.Nets {
			r.Nets = nets
		}
	}
	return recs, nil
}

// diffs is option o's net for the hand minus the robot's choice's, play
// by play, over the plays from, from+step, ...
func diffs(nets [][]int, o, from, step int) []float64 {
	var d []float64
	for k := from; k < len(nets[o]); k += step {
		d = append(d, float64(nets[o][k]-nets[0][k]))
	}
	return d
}

func handString(p *engine.Player) string {
	if p == nil {
		return ""
	}
	s := ""
	for _, t := range p.Concealed[:p.NumConcealed] {
		s += t.String() + " "
	}
	for _, m := range p.Melds {
		if m.Kind != engine.NoMeld {
			s += fmt.Sprintf("[%v %v] ", m.Kind, m.Tile)
		}
	}
	return s
}

// playFirstHand plays the first hand of game seed on our engine, our
// robot connecting in place ourIdx and the others cfg.Others, and returns
// our net for the hand. With force, the robot's decision force.at is
// replaced; seen, if set, is told of every decision of the robot.
func playFirstHand(cfg ProbeConfig, seed, ourIdx int, force *probeForce, seen func(*ai.Decision, *engine.View)) (int, error) {
	c := engine.NewController(engine.ServerOptions{Seed: seed, OptionFile: cfg.Game})
	var seats [engine.NumSeats]localSeat
	byCnx := map[int]int{}
	var ours *ai.Robot
	var decided *ai.Decision
	for i := range seats {
		cnx, _ := c.Accept()
		seats[i] = localSeat{cnx: cnx, view: engine.NewView()}
		if i == ourIdx {
			o := cfg.Robot.Options
			o.Seed = uint64(seed)*4 + uint64(i)
			ours = ai.New(o)
			ours.Explain(func(d *ai.Decision) { decided = d })
			seats[i].robot = ours
		} else {
			seats[i].robot = cfg.Others.NewRobot(uint64(seed)*4 + uint64(i))
		}
		byCnx[cnx] = i
	}
	var queue []localRequest
	net, done := 0, false
	var failure error
	deliver := func(outs []engine.Output) {
		if cfg.Hidden {
			// ours first, so that when it decides nobody else has yet
			// answered the same event with the tiles redeal takes away
			outs = oursFirst(outs, byCnx, ourIdx)
		}
		for _, o := range outs {
			if o.Event == nil || done {
				continue
			}
			i, ok := byCnx[o.Conn]
			if !ok {
				continue
			}
			st := &seats[i]
			if err := st.view.Apply(o.Event); err != nil && failure == nil {
				failure = fmt.Errorf("arena: probe: seat %d cannot apply %q: %w", i, o.Event, err)
			}
			if s, ok := o.Event.(engine.CSettlement); ok && i == ourIdx {
				net = [engine.NumSeats]int{s.East, s.South, s.West, s.North}[st.view.Seat()]
				done = true
				return
			}
			decided = nil
			acts := st.robot.Respond(st.view, o.Event)
			if i == ourIdx && decided != nil {
				if seen != nil {
					seen(decided, st.view)
				}
				if force != nil && decided.Seq == force.at {
					acts = []engine.Action{force.act}
					switch {
					case force.shuffle == 0:
					case cfg.Hidden:
						redeal(c.Game(), &seats, ourIdx, force.shuffle, uint64(seed), cfg.Match)
					default:
						shuffleUnseen(&c.Game().Wall, force.shuffle, uint64(seed))
					}
				}
			}
			for _, a := range acts {
				queue = append(queue, localRequest{seat: i, a: a})
			}
		}
	}
	for i := range seats {
		deliver(c.Handle(seats[i].cnx, engine.PConnect{Version: engine.ProtocolVersion, Name: fmt.Sprintf("p%d", i+1)}))
	}
	for steps := 0; !done && failure == nil; steps++ {
		if len(queue) == 0 || steps > 20000 {
			return 0, fmt.Errorf("arena: probe: hand of seed %d stalled after %d requests", seed, steps)
		}
		q := queue[0]
		queue = queue[1:]
		deliver(c.Handle(seats[q.seat].cnx, q.a))
	}
	return net, failure
}

// shuffleUnseen shuffles the tiles of the wall nobody has drawn yet, live
// and loose alike: nobody has seen them, so any order is as likely.
func shuffleUnseen(w *engine.Wall, a, b uint64) {
	t := w.Tiles[w.LiveUsed:w.DeadEnd]
	rng := rand.New(rand.NewPCG(a, b))
	rng.Shuffle(len(t), func(i, j int) { t[i], t[j] = t[j], t[i] })
}

// oursFirst returns outs with those to our seat moved to the front, the
// order within each part kept.
func oursFirst(outs []engine.Output, byCnx map[int]int, ourIdx int) []engine.Output {
	sorted := make([]engine.Output, 0, len(outs))
	for _, o := range outs {
		if i, ok := byCnx[o.Conn]; ok && i == ourIdx {
			sorted = append(sorted, o)
		}
	}
	for _, o := range outs {
		if i, ok := byCnx[o.Conn]; !ok || i != ourIdx {
			sorted = append(sorted, o)
		}
	}
	return sorted
}

// redeal shuffles every tile we cannot see — the wall nobody has drawn
// yet and the others' concealed tiles — as a robot that samples the
// hidden tiles would: what it knows of the others' hands (their
// discards, their claims) says nothing here. Flowers and seasons stay in
// the wall, where the others' hands never hold them. The others' views
// of their own hands get the game's new tiles, with any tile the game
// has already taken away and the view has yet to hear of (a discard on
// its way to its player) kept at the end.
//
// With match, each other hand is then brought to the shanten number of
// the real one by swaps with the unseen wall: a uniform deal is as far
// from ready as a fresh hand, while a real hand some turns into play is
// much nearer, so plays on uniform deals underrate the others' speed.
func redeal(g *engine.Game, seats *[engine.NumSeats]localSeat, ourIdx int, a, b uint64, match bool) {
	w := &g.Wall
	var slots []*engine.Tile
	for i := w.LiveUsed; i < w.DeadEnd; i++ {
		if !w.Tiles[i].IsSpecial() {
			slots = append(slots, &w.Tiles[i])
		}
	}
	wall := len(slots)
	type pending struct {
		game, view *engine.Player
		extra      engine.Tiles // in the view, no longer in the game
		shanten    int          // the real hand's, with match
	}
	var others []pending
	for i := range seats {
		if i == ourIdx {
			continue
		}
		p, vp := g.PlayerByID(seats[i].view.ID), seats[i].view.Me()
		left := append(engine.Tiles(nil), p.Concealed[:p.NumConcealed]...)
		var extra engine.Tiles
		for _, t := range vp.Concealed[:vp.NumConcealed] {
			if k := slices.Index(left, t); k >= 0 {
				left = slices.Delete(left, k, k+1)
			} else {
				extra = append(extra, t)
			}
		}
		for k := range p.Concealed[:p.NumConcealed] {
			slots = append(slots, &p.Concealed[k])
		}
		o := pending{game: p, view: vp, extra: extra}
		if match {
			o.shanten = shantenOf(p)
		}
		others = append(others, o)
	}
	rng := rand.New(rand.NewPCG(a, b))
	rng.Shuffle(len(slots), func(i, j int) { *slots[i], *slots[j] = *slots[j], *slots[i] })
	for _, o := range others {
		if match {
			// swaps with the wall alone, so the hands before stay dealt
			matchShanten(o.game, o.shanten, slots[:wall], rng)
		}
		o.view.Concealed = o.game.Concealed
		n := o.game.NumConcealed
		n += copy(o.view.Concealed[n:], o.extra)
		o.view.NumConcealed = n
	}
}

// shantenOf is p's shanten number with its declared sets.
func shantenOf(p *engine.Player) int {
	c, sh := handOf(p)
	return ai.Shanten(&c, sh)
}

// matchShanten swaps tiles of p's concealed hand with the wall's (slots)
// until its shanten number is want: a swap is kept when it brings the
// number no further from want. It gives up after a bounded number of
// tries, leaving the nearest hand found.
func matchShanten(p *engine.Player, want int, wall []*engine.Tile, rng *rand.Rand) {
	n := p.NumConcealed
	if n == 0 || len(wall) == 0 {
		return
	}
	dist := func() int { return abs(shantenOf(p) - want) }
	d := dist()
	for try := 0; d > 0 && try < 4000; try++ {
		i, j := rng.IntN(n), rng.IntN(len(wall))
		if p.Concealed[i] == *wall[j] {
			continue
		}
		p.Concealed[i], *wall[j] = *wall[j], p.Concealed[i]
		if nd := dist(); nd <= d {
			d = nd
			continue
		}
		p.Concealed[i], *wall[j] = *wall[j], p.Concealed[i]
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// ProbeReport prints, per kind of decision and of alternative, how much
// the alternatives gained on the robot's choices, with 95 % intervals
// (decisions taken as independent); groups of fewer than ten are left
// out.
func ProbeReport(w io.Writer, recs []*ProbeRecord) {
	groups := map[string][]float64{}
	for _, r := range recs {
		stage := "early"
		switch {
		case r.Live < 30:
			stage = "late"
		case r.Live < 60:
			stage = "middle"
		}
		kind := "discard"
		if r.Claim {
			kind = "claim"
		}
		for i := 1; i < len(r.Options); i++ {
			var k string
			if r.Claim {
				k = fmt.Sprintf("claim: %s instead of %s", verb(r.Options[i]), verb(r.Options[0]))
			} else {
				k = fmt.Sprintf("discard: a %s instead of a %s", tileClass(r.Options[i]), tileClass(r.Options[0]))
			}
			for _, g := range []string{k, "any " + kind, "any " + kind + ", " + stage + " in the wall"} {
				groups[g] = append(groups[g], r.Diff[i])
			}
		}
	}
	keys := make([]string, 0, len(groups))
	for k, v := range groups {
		if len(v) >= 10 {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	fmt.Fprintf(w, "%d decisions probed; what the alternative gained on the robot's choice (points for the hand):\n", len(recs))
	for _, k := range keys {
		fmt.Fprintf(w, "  %-46s %6d  %s\n", k, len(groups[k]), mean(groups[k]))
	}
}

// verb is the name of an action: Pung, Chow, NoClaim...
func verb(action string) string {
	v, _, _ := strings.Cut(action, " ")
	return v
}

// tileClass names the class of the tile an action discards: dragon,
// wind, terminal or simple.
func tileClass(action string) string {
	var t engine.Tile
	for _, f := range strings.Fields(action) {
		if x, err := engine.ParseTile(f); err == nil {
			t = x
			break
		}
	}
	switch {
	case t.IsDragon():
		return "dragon"
	case t.IsWind():
		return "wind"
	case t.IsMajor():
		return "terminal"
	}
	return "simple"
}

// SearchReport prints, for records that keep every play's net (-nets),
// what a search of the probed decisions would gain: at each decision it
// decides on half of the plays (even or odd), switching from the
// robot's choice to the option whose mean gain on it is largest when
// that gain is more than z standard errors, and is judged on the other
// half, so that the luck it chose on does not count; both halves take
// their turn. The gain is per hand probed (hands: how many), with a 95 %
// interval over the hands.
func SearchReport(w io.Writer, recs []*ProbeRecord, hands int) {
	var kept []*ProbeRecord
	for _, r := range recs {
		if len(r.Nets) == len(r.Options) && len(r.Nets) > 1 && len(r.Nets[0]) >= 4 {
			kept = append(kept, r)
		}
	}
	if len(kept) == 0 || hands <= 0 {
		return
	}
	fmt.Fprintf(w, "a search of half the plays, judged on the other half, over %d decisions (points a hand probed):\n", len(kept))
	for _, kind := range []bool{true, false} {
		for _, z := range []float64{1, 1.5, 2, 2.5, 3} {
			gain, switched, n := searchGain(kept, kind, z)
			if n == 0 {
				break
			}
			// one value per hand probed, none for the hands without a
			// decision of the kind (their order does not matter)
			byHand := make([]float64, max(hands, len(gain)))
			i := 0
			for _, g := range gain {
				byHand[i] = g
				i++
			}
			name := "discards"
			if kind {
				name = "claims"
			}
			fmt.Fprintf(w, "  %-8s switching at %.1f standard errors: %s (%.1f %% of %d changed)\n",
				name, z, mean(byHand), 100*float64(switched)/float64(n), n)
		}
	}
}

// searchGain returns the judged gain of a search (SearchReport) by
// probed hand, how many of its choices switched and how many it made,
// over the claim (claim true) or discard decisions of recs.
func searchGain(recs []*ProbeRecord, claim bool, z float64) (gain map[int]float64, switched, n int) {
	gain = map[int]float64{}
	for _, r := range recs {
		if r.Claim != claim {
			continue
		}
		for half := range 2 {
			n++
			best, bestGain := 0, 0.0
			for o := 1; o < len(r.Nets); o++ {
				e := mean(diffs(r.Nets, o, half, 2))
				if e.Mean > z*e.Half/z95 && e.Mean > bestGain {
					best, bestGain = o, e.Mean
				}
			}
			if best == 0 {
				continue
			}
			switched++
			gain[r.Seed] += mean(diffs(r.Nets, best, 1-half, 2)).Mean / 2
		}
	}
	return gain, switched, n
}
