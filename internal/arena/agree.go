package arena

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"mahjong/ai/classic"
	"mahjong/engine"
	"mahjong/engine/protocol"
	"mahjong/internal/oracle"
)

// Agreement counts how often the classic imitation decides as the
// original mj-player did in logged games: for every decision of every
// robot in a game log (its own turn, its answer to each discard or kong
// and each set it declares after a mah-jong), the classic robot, holding
// the same view and the same strategy options, proposes its answer,
// which is compared with the original's.
// The game follows the log (our controller replays the original's
// messages exactly), so each decision is judged on the true history.
type Agreement struct {
	Games int
	// Counts[kind][original's answer][classic's answer]; kind is "turn",
	// "claim" or "declare", answers are message names ("Discard",
	// "Pung", "Chow Upper", ...), and "Discard (other tile)" for a
	// discard of another tile than the original's.
	Counts                  map[string]map[string]map[string]int
	Discards, SameDiscard   int
	Decisions, SameDecision int

	// Trace, if set, sees every judged decision: the deciding seat's view,
	// the original's answer and the classic robot's.
	Trace func(v *engine.View, robot *classic.Robot, orig, ours engine.Action)

	// Tilt, if set, changes the options each classic robot is given (the
	// logged robot's own options), to ask what another strategy would
	// have done in the same places.
	Tilt func(classic.Options) classic.Options
}

// agreeAnswer names an answer: its message name, and for claims of a
// chow its position.
func agreeAnswer(a engine.Action) string {
	s := a.String()
	name, _, _ := strings.Cut(s, " ")
	if c, ok := a.(engine.PChow); ok {
		name += " " + c.Pos.String()
	}
	return name
}

// decisionKey files an answer under the decision it answers: "turn" for
// the move on one's own turn, "claim S" for discard or kong S; "" for
// anything else (Ready, declarations).
func decisionKey(a engine.Action, phase engine.Phase) string {
	if phase == engine.MahJonging {
		switch m := a.(type) {
		case engine.PFormClosedPung, engine.PFormClosedChow, engine.PFormClosedPair,
			engine.PFormClosedSpecialSet, engine.PShowTiles, engine.PPair, engine.PSpecialSet:
			return "declare"
		case engine.PPung:
			if m.Serial == 0 {
				return "declare"
			}
		case engine.PChow:
			if m.Serial == 0 {
				return "declare"
			}
		}
	}
	switch m := a.(type) {
	case engine.PDiscard, engine.PDeclareClosedKong, engine.PAddToPung:
		return "turn"
	case engine.PDeclareSpecial:
		if phase == engine.Discarding {
			return "turn"
		}
	case engine.PMahJong:
		if m.Serial == 0 {
			return "turn"
		}
		return "claim " + strconv.Itoa(m.Serial)
	case engine.PNoClaim:
		return "claim " + strconv.Itoa(m.Serial)
	case engine.PPung:
		if m.Serial > 0 {
			return "claim " + strconv.Itoa(m.Serial)
		}
	case engine.PChow:
		if m.Serial > 0 {
			return "claim " + strconv.Itoa(m.Serial)
		}
	case engine.PKong:
		return "claim " + strconv.Itoa(m.Serial)
	}
	return ""
}

// robotOptions reads an mj-player command line's strategy options.
func robotOptions(args string) (classic.Options, error) {
	var o classic.Options
	f := strings.Fields(args)
	for i := 0; i < len(f); i++ {
		if i+1 >= len(f) {
			return o, fmt.Errorf("arena: %q: %s wants a value", args, f[i])
		}
		var xs []float64
		for _, s := range strings.Split(f[i+1], ",") {
			x, err := strconv.ParseFloat(s, 64)
			if err != nil {
				return o, fmt.Errorf("arena: %q: %w", args, err)
			}
			xs = append(xs, x)
		}
		switch f[i] {
		case "--chowness":
			o.Chowness = xs
		case "--hiddenness":
			o.Hiddenness = xs
		case "--majorness":
			o.Majorness = xs
		case "--suitness":
			o.Suitness = xs
		case "--hysteresis":
			o.Hysteresis = xs[0]
		default:
			return o, fmt.Errorf("arena: %q: unknown option %s", args, f[i])
		}
		i++
	}
	return o, o.Validate()
}

// Agree replays the logged game in dir (laid out like shared/oracle/gNNN,
// with meta.json naming the robots' options) and adds its decisions to a.
// Only the robots whose options satisfy keep are judged (nil: all).
func (a *Agreement) Agree(dir string, keep func(args string) bool) error {
	opts, err := oracle.ServerOptions(dir)
	if err != nil {
		return err
	}
	meta, err := readMeta(dir)
	if err != nil {
		return err
	}
	log, err := oracle.ReadGz(filepath.Join(dir, "game.log.gz"))
	if err != nil {
		return err
	}
	recs, err := protocol.ReadLog(bytes.NewReader(log))
	if err != nil {
		return err
	}
	if a.Counts == nil {
		a.Counts = map[string]map[string]map[string]int{}
	}
	type seat struct {
		view    *engine.View
		robot   *classic.Robot
		pending map[string]engine.Action
	}
	seats := map[int]*seat{}
	for i, args := range meta.Robots {
		if keep != nil && !keep(args) {
			continue
		}
		o, err := robotOptions(args)
		if err != nil {
			return err
		}
		if a.Tilt != nil {
			o = a.Tilt(o)
		}
		seats[i+1] = &seat{view: engine.NewView(), robot: classic.New(o), pending: map[string]engine.Action{}}
	}
	c := engine.NewController(opts)
	accepted := map[int]bool{}
	for _, r := range recs {
		if r.Sent {
			continue
		}
		if !accepted[r.Conn] {
			n, _ := c.Accept()
			if n != r.Conn {
				return fmt.Errorf("arena: %s: connection %d accepted as %d", dir, r.Conn, n)
			}
			accepted[r.Conn] = true
		}
		var outs []engine.Output
		if r.Line == "(null)" {
			outs = c.Lost(r.Conn)
			accepted[r.Conn] = false
		} else if act, err := protocol.ParseAction(r.Line); err != nil {
			outs = c.BadLine(r.Conn)
		} else {
			if st := seats[r.Conn]; st != nil {
				if key := decisionKey(act, c.Game().Phase); key != "" {
					if want, ok := st.pending[key]; ok {
						a.count(key, act, want)
						if a.Trace != nil {
							a.Trace(st.view, st.robot, act, want)
						}
						delete(st.pending, key)
					}
				}
			}
			outs = c.Handle(r.Conn, act)
		}
		for _, o := range outs {
			st := seats[o.Conn]
			if st == nil || o.Event == nil {
				continue
			}
			if err := st.view.Apply(o.Event); err != nil {
				return fmt.Errorf("arena: %s: player %d: %w", dir, o.Conn, err)
			}
			for _, act := range st.robot.Respond(st.view, o.Event) {
				if key := decisionKey(act, st.view.Game.Phase); key != "" {
					st.pending[key] = act
				}
			}
		}
	}
	a.Games++
	return nil
}

func (a *Agreement) count(key string, orig, ours engine.Action) {
	kind, _, _ := strings.Cut(key, " ")
	o, w := agreeAnswer(orig), agreeAnswer(ours)
	m := a.Counts[kind]
	if m == nil {
		m = map[string]map[string]int{}
		a.Counts[kind] = m
	}
	if m[o] == nil {
		m[o] = map[string]int{}
	}
	a.Decisions++
	same := SameAnswer(orig, ours)
	if _, ok := orig.(engine.PDiscard); ok {
		if _, ok := ours.(engine.PDiscard); ok {
			a.Discards++
			if same {
				a.SameDiscard++
			} else {
				w = "Discard (other tile)"
			}
		}
	}
	m[o][w]++
	if same {
		a.SameDecision++
	}
}

// Report prints the agreement: overall, discards, and for each kind of
// decision the original's answers against the classic robot's.
func (a *Agreement) Report(w io.Writer) {
	pct := func(n, d int) float64 {
		if d == 0 {
			return 0
		}
		return 100 * float64(n) / float64(d)
	}
	fmt.Fprintf(w, "%d games; %d decisions, %.1f %% identical; discards: %d, %.1f %% the same tile\n",
		a.Games, a.Decisions, pct(a.SameDecision, a.Decisions), a.Discards, pct(a.SameDiscard, a.Discards))
	for _, kind := range []string{"turn", "claim"} {
		m := a.Counts[kind]
		var origs []string
		for o := range m {
			origs = append(origs, o)
		}
		sort.Strings(origs)
		for _, o := range origs {
			var ours []string
			n := 0
			for x, k := range m[o] {
				ours = append(ours, fmt.Sprintf("%s %d", x, k))
				n += k
			}
			sort.Strings(ours)
			fmt.Fprintf(w, "  %-5s original %-14s %6d: classic %s (%.1f %% the same)\n", kind, o, n,
				strings.Join(ours, ", "), pct(m[o][o], n))
		}
	}
}

// SameAnswer reports whether the classic robot's answer ours is the
// original's orig: the same message, and for a discard the same tile.
func SameAnswer(orig, ours engine.Action) bool {
	if d, ok := orig.(engine.PDiscard); ok {
		x, ok := ours.(engine.PDiscard)
		return ok && x.Tile == d.Tile
	}
	return agreeAnswer(orig) == agreeAnswer(ours)
}

// TraceDecision prints one judged decision on a line: the hand, the
// declared sets, the strategy in force, the live wall and the tile in
// play, then both answers; for two different discards also the values
// the classic robot gave each (all their digits, since ties decide) and
// the copies of each it had not seen.
func TraceDecision(w io.Writer, v *engine.View, r *classic.Robot, orig, ours engine.Action) {
	p := v.Me()
	if p == nil {
		return
	}
	ch, hi, ma, su := r.Strategy()
	var melds []string
	for _, m := range p.Melds {
		if m.Kind != engine.NoMeld {
			melds = append(melds, m.String())
		}
	}
	fmt.Fprintf(w, "hand %v sets [%s] wind %v round %v strategy %g/%g/%g/%g wall %d tile %v: original %v, classic %v",
		engine.Tiles(p.Concealed[:p.NumConcealed]), strings.Join(melds, " "), p.Wind, v.Game.Round, ch, hi, ma, su,
		v.Game.LiveLeft(), v.Game.Tile, orig, ours)
	d, ok1 := orig.(engine.PDiscard)
	x, ok2 := ours.(engine.PDiscard)
	if ok1 && ok2 {
		ts, vs := r.DiscardValues(v)
		for i, t := range ts {
			if t == d.Tile || t == x.Tile {
				fmt.Fprintf(w, "; %v %.17g (%d live)", t, vs[i], liveOf(v, t))
			}
		}
	}
	fmt.Fprintln(w)
}

// liveOf counts the copies of t the seat of v has not seen.
func liveOf(v *engine.View, t engine.Tile) int {
	p := v.Me()
	n := 4 - v.Game.ExposedCount[t]
	for _, x := range p.Concealed[:p.NumConcealed] {
		if x == t {
			n--
		}
	}
	return n
}

// oracleMeta is what a logged game's meta.json says of it.
type oracleMeta struct {
	Robots []string       `json:"robots"`       // each robot's strategy options, in order of connection
	Finals map[string]int `json:"final_scores"` // by name: Robot1 connected first
}

func readMeta(dir string) (oracleMeta, error) {
	var meta oracleMeta
	b, err := os.ReadFile(filepath.Join(dir, "meta.json"))
	if err != nil {
		return meta, err
	}
	if err := json.Unmarshal(b, &meta); err != nil {
		return meta, fmt.Errorf("arena: %s: %w", dir, err)
	}
	return meta, nil
}

// Mirror plays a logged game of the original robots again on our engine,
// in process, with the classic imitation in each robot's seat and the
// game's own seed, options and server flags, and returns the final
// scores by player id beside the logged ones. The two agree when the
// imitation, our controller and our wall are all the original's.
func Mirror(dir string) (got, want map[int]int, err error) {
	opts, err := oracle.ServerOptions(dir)
	if err != nil {
		return nil, nil, err
	}
	meta, err := readMeta(dir)
	if err != nil {
		return nil, nil, err
	}
	if len(meta.Robots) != engine.NumSeats {
		return nil, nil, fmt.Errorf("arena: %s: %d robots", dir, len(meta.Robots))
	}
	cfg := LocalConfig{Games: 1, FirstSeed: opts.Seed, Jobs: 1, Server: &opts, Fixed: true}
	for i, args := range meta.Robots {
		o, err := robotOptions(args)
		if err != nil {
			return nil, nil, err
		}
		cfg.Seats[i] = Spec{Label: fmt.Sprintf("Robot%d", i+1), Classic: &o}
	}
	want = map[int]int{}
	for name, v := range meta.Finals {
		id, err := strconv.Atoi(strings.TrimPrefix(name, "Robot"))
		if err != nil {
			return nil, nil, fmt.Errorf("arena: %s: player %q", dir, name)
		}
		want[id] = v
	}
	games := PlayLocal(context.Background(), cfg)
	if len(games) != 1 {
		return nil, nil, fmt.Errorf("arena: %s: the game was not played", dir)
	}
	if g := games[0]; g.Failed != "" || g.Errors > 0 {
		return g.Finals, want, fmt.Errorf("arena: %s: failed %q, %d errors", dir, g.Failed, g.Errors)
	}
	return games[0].Finals, want, nil
}
