package arena

import (
	"fmt"
	"io"
	"maps"
	"math"
	"math/rand/v2"
	"slices"

	"mahjong/ai"
	"mahjong/engine"
)

// A seat's history, replayed: the original robot is deterministic and
// ai/classic makes every decision it makes, so a guess at the tiles
// another seat drew can be checked against everything that seat did. A
// guess that makes the imitation answer any message otherwise than the
// seat did cannot be the truth. How many guesses survive tells how much
// the seat's play gives its hand away (mj-arena read).

// SeatStep is one message a seat received and what it answered.
type SeatStep struct {
	Ev   engine.Event
	Acts []engine.Action
}

// SeatLog is what one seat received since it connected, and its answers.
type SeatLog struct {
	Steps []SeatStep
}

// logSeat wraps r to record into l.
type logSeat struct {
	r Responder
	l *SeatLog
}

func (s logSeat) Respond(v *engine.View, ev engine.Event) []engine.Action {
	acts := s.r.Respond(v, ev)
	s.l.Steps = append(s.l.Steps, SeatStep{Ev: ev, Acts: slices.Clone(acts)})
	return acts
}

// Replay feeds the first n steps of log (with step i's event replaced by
// swap[i], where present) to a fresh view and robot, and returns the
// number of steps answered exactly as logged before the first that is
// not (n when all are), and why that one is not.
func Replay(log *SeatLog, n int, swap map[int]engine.Event, robot Responder) (int, error) {
	k, _, err := replayView(log, n, swap, robot)
	return k, err
}

// replayView is Replay, also returning the view it built.
func replayView(log *SeatLog, n int, swap map[int]engine.Event, robot Responder) (int, *engine.View, error) {
	k, _, v, err := replay(log, n, swap, robot, true)
	return k, v, err
}

// replay feeds the first n steps of log, with the draws of swap, to a
// fresh view and robot. With stop it stops at the first answer that
// differs from the log's; without, it goes on with the logged messages
// and counts such answers (miss). It returns the steps fed, the view,
// and the error that stopped it (a message the view refuses: a guess
// that throws a tile it never drew).
func replay(log *SeatLog, n int, swap map[int]engine.Event, robot Responder, stop bool) (k, miss int, v *engine.View, err error) {
	v = engine.NewView()
	for i, st := range log.Steps[:n] {
		ev := st.Ev
		if e, ok := swap[i]; ok {
			ev = e
		}
		if err := v.Apply(ev); err != nil {
			return i, miss, v, err
		}
		acts := robot.Respond(v, ev)
		if sameActs(acts, st.Acts) {
			continue
		}
		if stop {
			return i, miss, v, fmt.Errorf("after %v answers %v, not %v", ev, acts, st.Acts)
		}
		miss++
	}
	return n, miss, v, nil
}

// sameActs reports whether two answers are the same wire lines.
func sameActs(a, b []engine.Action) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].String() != b[i].String() {
			return false
		}
	}
	return true
}

// privateDraws returns the steps of log, among the first n, at which its
// seat (player id) drew a tile only it could see.
func privateDraws(log *SeatLog, id, n int) []int {
	var out []int
	for i, st := range log.Steps[:n] {
		switch m := st.Ev.(type) {
		case engine.CPlayerDraws:
			if m.ID == id && m.Tile != engine.Blank {
				out = append(out, i)
			}
		case engine.CPlayerDrawsLoose:
			if m.ID == id && m.Tile != engine.Blank {
				out = append(out, i)
			}
		}
	}
	return out
}

// withTile returns the draw event ev with its tile replaced by t.
func withTile(ev engine.Event, t engine.Tile) engine.Event {
	switch m := ev.(type) {
	case engine.CPlayerDraws:
		m.Tile = t
		return m
	case engine.CPlayerDrawsLoose:
		m.Tile = t
		return m
	}
	return ev
}

// playEnd returns the number of steps of log before anybody goes out or
// the hand is washed out: what the seat's play shows of its hand while
// it is still hidden.
func playEnd(log *SeatLog) int {
	for i, st := range log.Steps {
		switch st.Ev.(type) {
		case engine.CPlayerClaimsMahJong, engine.CPlayerMahJongs, engine.CWashOut, engine.CHandScore:
			return i
		}
	}
	return len(log.Steps)
}

// seatID returns the player id the log's seat was given.
func seatID(log *SeatLog) int {
	for _, st := range log.Steps {
		if m, ok := st.Ev.(engine.CConnectReply); ok && m.ID > 0 {
			return m.ID
		}
	}
	return 0
}

// Sharpness is how much one seat's play in a hand narrows its tiles: of
// the guesses that differ from the truth in one drawn tile (every draw
// only the seat saw, every other kind), the share its play still
// explains; split by whether the true tile was still in its hand when
// the play ended.
type Sharpness struct {
	Tried, Explained         int // every draw changed
	HeldTried, HeldExplained int // draws of a kind still held at the end
	Draws                    int // the seat's hidden draws
}

// Add sums b into a.
func (a *Sharpness) Add(b Sharpness) {
	a.Tried += b.Tried
	a.Explained += b.Explained
	a.HeldTried += b.HeldTried
	a.HeldExplained += b.HeldExplained
	a.Draws += b.Draws
}

// MeasureSharpness replays log with each single-draw change, a fresh
// robot from mk for each. It returns an error when the log itself does
// not replay (the robot is not the one that played it).
func MeasureSharpness(log *SeatLog, mk func() Responder) (Sharpness, error) {
	var sh Sharpness
	n := playEnd(log)
	k, v, err := replayView(log, n, nil, mk())
	if err != nil {
		return sh, fmt.Errorf("arena: the log does not replay at step %d: %w", k, err)
	}
	id := seatID(log)
	held := heldOf(v)
	draws := privateDraws(log, id, n)
	sh.Draws = len(draws)
	for _, i := range draws {
		orig := drawnTile(log.Steps[i].Ev)
		if orig.IsSpecial() {
			continue
		}
		for k := range ai.NumKinds {
			t := ai.TileOf(k)
			if t == orig {
				continue
			}
			ok := explained(log, n, i, t, mk)
			sh.Tried++
			if ok {
				sh.Explained++
			}
			if held[orig] > 0 {
				sh.HeldTried++
				if ok {
					sh.HeldExplained++
				}
			}
		}
	}
	return sh, nil
}

// explained reports whether the log's first n steps replay with draw
// step i given tile t.
func explained(log *SeatLog, n, i int, t engine.Tile, mk func() Responder) bool {
	k, v, _ := replayView(log, n, map[int]engine.Event{i: withTile(log.Steps[i].Ev, t)}, mk())
	if k < n {
		return false
	}
	return copiesOK(v) // a fifth copy is no guess at all
}

func drawnTile(ev engine.Event) engine.Tile {
	switch m := ev.(type) {
	case engine.CPlayerDraws:
		return m.Tile
	case engine.CPlayerDrawsLoose:
		return m.Tile
	}
	return engine.Blank
}

// PlayLogged plays game g of cfg as PlayLocalGame does and returns, with
// its record, what each seat received and answered (by connection).
func PlayLogged(cfg LocalConfig, g int) (*GameRecord, [engine.NumSeats]*SeatLog) {
	var logs [engine.NumSeats]*SeatLog
	wrap := cfg.Wrap
	cfg.Wrap = func(gm, seat int, label string, r Responder) Responder {
		if wrap != nil {
			r = wrap(gm, seat, label, r)
		}
		logs[seat] = &SeatLog{}
		return logSeat{r: r, l: logs[seat]}
	}
	rec := PlayLocalGame(cfg, g)
	return rec, logs
}

// Drift is a walk away from a seat's true draws by changes its play
// still explains: how many of its concealed tiles at the cut the walk's
// later guesses share with the truth, against a hand dealt blind from
// the tiles nobody has shown. If the play pinned the hand down, the
// guesses would stay near the truth; a walk of changes accepted only
// when the imitation answers every message as the seat did samples the
// hands its play allows, each as likely (it starts at the truth, so
// short walks flatter the read).
type Drift struct {
	Tried, Accepted int     // changes proposed and explained
	Shared, Guesses float64 // tiles shared with the truth, summed over the guesses of the walk's second half
	Blind, Hands    float64 // tiles a blind deal shares, summed over the hands walked
}

// Add sums b into a.
func (a *Drift) Add(b Drift) {
	a.Tried += b.Tried
	a.Accepted += b.Accepted
	a.Shared += b.Shared
	a.Guesses += b.Guesses
	a.Blind += b.Blind
	a.Hands += b.Hands
}

// MeasureDrift walks steps changes (one or two draws given other kinds)
// from the truth of log, cut at frac of its play, a fresh robot from mk
// for each replay.
func MeasureDrift(log *SeatLog, frac float64, steps int, rng *rand.Rand, mk func() Responder) Drift {
	var d Drift
	end := int(float64(playEnd(log)) * frac)
	draws := privateDraws(log, seatID(log), end)
	if len(draws) == 0 {
		return d
	}
	_, v, _ := replayView(log, end, nil, mk())
	truth := heldOf(v)
	change := func(g map[int]engine.Event) map[int]engine.Event {
		next := maps.Clone(g)
		for range 1 + rng.IntN(2) {
			i := draws[rng.IntN(len(draws))]
			if !drawnTile(log.Steps[i].Ev).IsSpecial() {
				next[i] = withTile(log.Steps[i].Ev, ai.TileOf(rng.IntN(ai.NumKinds)))
			}
		}
		return next
	}
	d.Tried = steps
	d.Accepted, d.Shared, d.Guesses = walk(log, end, map[int]engine.Event{}, truth, truth, steps, steps/2, change, mk)
	d.Blind += float64(blindOverlap(v, truth, rng))
	d.Hands++
	return d
}

// walk moves from guess cur (whose concealed tiles are held) by steps
// changes from change, keeping those the whole of the first end steps
// of the play explains without a fifth copy of a kind. It returns the
// changes kept and the tiles the guesses from step from on share with
// truth, and their number.
func walk(log *SeatLog, end int, cur map[int]engine.Event, held, truth map[engine.Tile]int, steps, from int,
	change func(map[int]engine.Event) map[int]engine.Event, mk func() Responder) (kept int, shared, guesses float64) {
	for step := range steps {
		next := change(cur)
		if k, v, _ := replayView(log, end, next, mk()); k == end && copiesOK(v) {
			kept++
			cur, held = next, heldOf(v)
		}
		if step >= from {
			shared += float64(overlap(held, truth))
			guesses++
		}
	}
	return kept, shared, guesses
}

// Report prints the drift's figures.
func (d Drift) Report(w io.Writer) {
	fmt.Fprintf(w, "changes explained %d of %d (%.1f %%); a guess shares %.2f of the concealed tiles with the truth, a blind deal %.2f (%.0f hands)\n",
		d.Accepted, d.Tried, 100*float64(d.Accepted)/float64(max(1, d.Tried)), d.Shared/max(1, d.Guesses), d.Blind/max(1, d.Hands), d.Hands)
}

// heldOf returns the view's own concealed tiles by kind.
func heldOf(v *engine.View) map[engine.Tile]int {
	out := map[engine.Tile]int{}
	if p := v.Me(); p != nil {
		for _, c := range p.Concealed[:p.NumConcealed] {
			out[c]++
		}
	}
	return out
}

// copiesOK reports whether the view's seat holds no fifth copy of a kind.
func copiesOK(v *engine.View) bool {
	for t, n := range heldOf(v) {
		if n+v.Game.ExposedCount[t] > 4 {
			return false
		}
	}
	return true
}

// overlap counts the tiles two hands share.
func overlap(a, b map[engine.Tile]int) int {
	s := 0
	for t, n := range a {
		s += min(n, b[t])
	}
	return s
}

// blindOverlap deals as many tiles as truth holds from those the view's
// table has not shown (the seat's own concealed tiles among them, as
// another seat would count) and returns how many truth shares.
func blindOverlap(v *engine.View, truth map[engine.Tile]int, rng *rand.Rand) int {
	pool := unshownPool(v)
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	n := 0
	for _, c := range truth {
		n += c
	}
	h := map[engine.Tile]int{}
	for _, c := range pool[:min(n, len(pool))] {
		h[c]++
	}
	return overlap(h, truth)
}

// Reading is a guess at a seat's hand drawn without the truth to start
// from: every tile the seat has shown placed in a draw before it was
// shown, the other draws dealt from the tiles nobody has shown, then
// changed (one draw's kind, or two draws swapped) by simulated
// annealing on the number of answers the imitation gives otherwise than
// the seat did, until it gives none; then a walk among such guesses.
type Reading struct {
	Hands, Found    int     // seat-hands read, and those where a guess explaining all the play was found
	Steps           int     // annealing steps taken to find it, summed
	Shared, Guesses float64 // tiles the walk's guesses share with the truth, summed over them
	Blind           float64 // tiles a blind deal shares, summed over the hands found
	Start           float64 // tiles the starting deal shares, summed over the hands found
	Left            int     // answers still unexplained where no guess was found, summed
}

// Add sums b into a.
func (a *Reading) Add(b Reading) {
	a.Hands += b.Hands
	a.Found += b.Found
	a.Steps += b.Steps
	a.Shared += b.Shared
	a.Guesses += b.Guesses
	a.Blind += b.Blind
	a.Start += b.Start
	a.Left += b.Left
}

// Report prints the reading's figures.
func (a Reading) Report(w io.Writer) {
	fmt.Fprintf(w, "explaining guesses found for %d of %d seat-hands (%.0f annealing steps a hand; %d answers left unexplained in the others); a guess shares %.2f of the concealed tiles with the truth, the starting deal %.2f, a blind deal %.2f\n",
		a.Found, a.Hands, float64(a.Steps)/float64(max(1, a.Hands)), a.Left, a.Shared/max(1, a.Guesses), a.Start/float64(max(1, a.Found)), a.Blind/float64(max(1, a.Found)))
}

// annealCool is the annealing's temperature factor per step.
var annealCool = 0.9995

// MeasureReading reads the seat of log at frac of its play: up to anneal
// annealing steps to find a guess its play explains, then walkSteps
// among such guesses; the truth is used only to score the guesses.
func MeasureReading(log *SeatLog, frac float64, anneal, walkSteps int, rng *rand.Rand, mk func() Responder) Reading {
	r := Reading{Hands: 1}
	end := int(float64(playEnd(log)) * frac)
	slots := privateDraws(log, seatID(log), end)
	shown, truthView := shownTiles(log, end)
	if truthView == nil || len(slots) == 0 {
		return r
	}
	truth := heldOf(truthView)
	cur, ok := startGuess(log, slots, shown, truthView, rng)
	if !ok {
		return r
	}
	_, miss, v, err := replay(log, end, cur, mk(), false)
	if err != nil {
		return r
	}
	held := heldOf(v)
	r.Start = float64(overlap(held, truth))
	change := func(g map[int]engine.Event) map[int]engine.Event { return changeGuess(log, g, slots, rng) }
	temp := 2.0
	for step := 0; miss > 0 && step < anneal; step++ {
		r.Steps++
		next := change(cur)
		_, m, nv, err := replay(log, end, next, mk(), false)
		if err != nil || !copiesOK(nv) {
			continue
		}
		if m <= miss || rng.Float64() < math.Exp(float64(miss-m)/temp) {
			cur, miss, held = next, m, heldOf(nv)
		}
		temp = max(0.05, temp*annealCool)
	}
	if miss > 0 {
		r.Start = 0
		r.Left += miss
		return r
	}
	r.Found = 1
	_, r.Shared, r.Guesses = walk(log, end, cur, held, truth, walkSteps, 0, change, mk)
	r.Blind = float64(blindOverlap(truthView, truth, rng))
	return r
}

// shownTiles replays the true log to its first n steps and returns, for
// each step, the tiles the seat took out of its concealed hand there (a
// discard, the tiles of a set it exposed, a flower), in tile order: what
// everybody saw it show. It also returns the view at step n.
func shownTiles(log *SeatLog, n int) (map[int][]engine.Tile, *engine.View) {
	v := engine.NewView()
	out := map[int][]engine.Tile{}
	held := heldOf(v)
	for i, st := range log.Steps[:n] {
		if err := v.Apply(st.Ev); err != nil {
			return nil, nil
		}
		after := heldOf(v)
		// in tile order, not the map's, so that a read is the same for
		// the same seed
		for _, t := range slices.Sorted(maps.Keys(held)) {
			for range held[t] - after[t] {
				out[i] = append(out[i], t)
			}
		}
		held = after
	}
	return out, v
}

// startGuess places each shown tile in a free draw before it was shown
// (earliest shown first), and deals the other draws from the tiles the
// table has not shown.
func startGuess(log *SeatLog, slots []int, shown map[int][]engine.Tile, v *engine.View, rng *rand.Rand) (map[int]engine.Event, bool) {
	g := map[int]engine.Event{}
	steps := slices.Sorted(maps.Keys(shown))
	for _, s := range steps {
		for _, t := range shown[s] {
			placed := false
			for j := len(slots) - 1; j >= 0 && !placed; j-- {
				if _, used := g[slots[j]]; !used && slots[j] < s {
					g[slots[j]] = withTile(log.Steps[slots[j]].Ev, t)
					placed = true
				}
			}
			if !placed {
				return nil, false
			}
		}
	}
	pool := unshownPool(v)
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for _, s := range slots {
		if _, used := g[s]; used {
			continue
		}
		if len(pool) == 0 {
			return nil, false
		}
		g[s] = withTile(log.Steps[s].Ev, pool[0])
		pool = pool[1:]
	}
	return g, true
}

// unshownPool lists the copies of each plain kind the table has not shown.
func unshownPool(v *engine.View) []engine.Tile {
	var pool []engine.Tile
	for _, c := range engine.AllTiles {
		if c.IsSpecial() {
			continue
		}
		for range 4 - v.Game.ExposedCount[c] {
			pool = append(pool, c)
		}
	}
	return pool
}

// changeGuess returns g with one draw given another plain kind, or two
// draws swapped. A flower stays where it is.
func changeGuess(log *SeatLog, g map[int]engine.Event, slots []int, rng *rand.Rand) map[int]engine.Event {
	next := maps.Clone(g)
	a := slots[rng.IntN(len(slots))]
	ta := drawnTile(next[a])
	if ta.IsSpecial() {
		return next
	}
	if rng.IntN(2) == 0 {
		next[a] = withTile(log.Steps[a].Ev, ai.TileOf(rng.IntN(ai.NumKinds)))
		return next
	}
	b := slots[rng.IntN(len(slots))]
	tb := drawnTile(next[b])
	if tb.IsSpecial() {
		return next
	}
	next[a], next[b] = withTile(log.Steps[a].Ev, tb), withTile(log.Steps[b].Ev, ta)
	return next
}
