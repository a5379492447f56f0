package arena

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"

	"mahjong/ai"
	"mahjong/engine"
)

// A calibration sets one of our robots' own estimates beside what
// happened. At each of its discards the robot estimates, for the hand it
// keeps, the chance of going out before anybody else and the score the
// hand makes when it does (ai.Weighed's Chance and Worth); the hand's
// record then says whether it went out and with what score. Grouped by
// the kept hand's shanten number and the live tiles left, the two show
// where the robot's model of the race and of hand values is off.
//
// The comparison is of the robot's estimate against its own play from
// there on, so it measures the model as the robot uses it, not what a
// different choice would have brought (mj-arena probe does that).

// calibSteps and calibLive bound the table: shanten numbers 0 to
// calibSteps-1 (the last row takes the rest), live tiles in bands of
// calibBand. calibWorth bounds the bands of estimated score (the last
// takes the rest).
const (
	calibSteps = 5
	calibBand  = 15
	calibLive  = 6 // bands; the last takes the rest
)

var calibWorth = [...]float64{0, 40, 60, 90, 150, 300}

// CalibCell sums the discards of one shanten number and band of live
// tiles (or of estimated score).
type CalibCell struct {
	Decisions int     // discards
	Chance    float64 // sum of the estimated chances of going out
	Won       int     // discards whose hand went out
	Worth     float64 // sum of the estimated scores, over those that went out
	Score     float64 // sum of the actual scores, over those that went out
}

// Calibration is the table of a calibrated robot's discards.
type Calibration struct {
	Label     string
	Cells     [calibSteps][calibLive]CalibCell
	ByWorth   [len(calibWorth)]CalibCell // by band of the estimated score
	Unmatched int                        // decisions whose hand had no record (should be 0)
	Hands     int                        // hands of the robot's seats that were joined
	Won       int                        // of those, the hands it went out with
}

// calibDecision is one discard as the robot weighed it.
type calibDecision struct {
	hand   int // 1, 2, ... within the game
	live   int
	steps  int
	chance float64
	worth  float64
}

// calibSeat notes each discard of one robot with what it estimated, and
// the hand number and live tiles of the view it decided on.
type calibSeat struct {
	hand      int
	decisions []calibDecision
	stamped   int // decisions[:stamped] have their hand and live tiles
}

// seen notes a decision the robot explained: discards only.
func (cs *calibSeat) seen(d *ai.Decision) {
	if d.Claim || len(d.Options) == 0 {
		return
	}
	w := d.Options[0]
	cs.decisions = append(cs.decisions, calibDecision{steps: w.Steps, chance: w.Chance, worth: w.Worth})
}

// after runs once the robot has answered ev, seen with view v: the
// decisions it made meanwhile were made on v.
func (cs *calibSeat) after(v *engine.View, ev engine.Event) {
	if _, ok := ev.(engine.CNewHand); ok {
		cs.hand++
	}
	for ; cs.stamped < len(cs.decisions); cs.stamped++ {
		d := &cs.decisions[cs.stamped]
		d.hand, d.live = cs.hand, v.Game.LiveLeft()
	}
}

// watch makes cs note rob's discards.
func (cs *calibSeat) watch(rob *ai.Robot) { rob.Explain(cs.seen) }

// calibRobot is a robot at a local table whose discards a calibSeat notes.
type calibRobot struct {
	*calibSeat
	robot *ai.Robot
}

func (cr calibRobot) Respond(v *engine.View, ev engine.Event) []engine.Action {
	acts := cr.robot.Respond(v, ev)
	cr.after(v, ev)
	return acts
}

// calibSeats keeps the calibSeats of a match by game and seat.
type calibSeats struct {
	mu   sync.Mutex
	seat map[[2]int]*calibSeat
}

func (cs *calibSeats) add(g, seat int) *calibSeat {
	s := &calibSeat{}
	cs.mu.Lock()
	if cs.seat == nil {
		cs.seat = map[[2]int]*calibSeat{}
	}
	cs.seat[[2]int{g, seat}] = s
	cs.mu.Unlock()
	return s
}

// joinAll joins the noted decisions of every finished game to its hands;
// id gives the player id of a game's seat.
func (cal *Calibration) joinAll(games []*GameRecord, cs *calibSeats, id func(g *GameRecord, seat int) int) {
	for _, g := range games {
		for seat := range engine.NumSeats {
			if s := cs.seat[[2]int{g.Game, seat}]; s != nil && g.Failed == "" {
				cal.join(g, id(g, seat), s.decisions)
			}
		}
	}
}

// Calibrate plays the local match cfg and calibrates the robots of its
// first spec (which must be one of our levels, not classic). It returns
// the table and the games.
func Calibrate(ctx context.Context, cfg LocalConfig) (*Calibration, []*GameRecord, error) {
	label := cfg.Seats[0].Label
	if cfg.Seats[0].Classic != nil {
		return nil, nil, fmt.Errorf("arena: calibrate: %s has no estimates to check", label)
	}
	cal := &Calibration{Label: label}
	var seats calibSeats
	cfg.Wrap = func(g, seat int, l string, r Responder) Responder {
		rob, ok := r.(*ai.Robot)
		if l != label || !ok {
			return r
		}
		cs := seats.add(g, seat)
		cs.watch(rob)
		return calibRobot{cs, rob}
	}
	games := PlayLocal(ctx, cfg)
	// a fresh game gives ids 1-4 in seating order
	cal.joinAll(games, &seats, func(_ *GameRecord, seat int) int { return seat + 1 })
	return cal, games, nil
}

// CalibrateOriginal plays the match cfg on the original server and
// calibrates our robot (cfg.Ours, one of our levels).
func CalibrateOriginal(ctx context.Context, cfg OriginalConfig) (*Calibration, []*GameRecord, error) {
	if cfg.Ours == nil || cfg.Ours.Classic != nil || cfg.OursRun != nil {
		return nil, nil, errors.New("arena: calibrate: the match needs one of our levels playing in-process")
	}
	cal := &Calibration{Label: cfg.Ours.Label}
	var seats calibSeats
	cfg.Watch = func(g int, rob *ai.Robot) func(*engine.View, engine.Event) {
		cs := seats.add(g, 0)
		cs.watch(rob)
		return cs.after
	}
	games := PlayOriginal(ctx, cfg)
	cal.joinAll(games, &seats, func(g *GameRecord, _ int) int { return OursTested(g) })
	return cal, games, nil
}

// join adds the decisions of player id in game g to the table.
func (cal *Calibration) join(g *GameRecord, id int, ds []calibDecision) {
	hands := map[int]*HandRecord{}
	for i := range g.Records {
		if h := &g.Records[i]; h.ID == id {
			hands[h.Hand] = h
		}
	}
	cal.Hands += len(hands)
	for _, h := range hands {
		if h.Won {
			cal.Won++
		}
	}
	for _, d := range ds {
		h := hands[d.hand]
		if h == nil {
			cal.Unmatched++
			continue
		}
		b := 0
		for b+1 < len(calibWorth) && d.worth >= calibWorth[b+1] {
			b++
		}
		for _, c := range []*CalibCell{&cal.Cells[min(max(d.steps, 0), calibSteps-1)][min(d.live/calibBand, calibLive-1)], &cal.ByWorth[b]} {
			c.Decisions++
			c.Chance += d.chance
			if h.Won {
				c.Won++
				c.Worth += d.worth
				c.Score += float64(h.Score)
			}
		}
	}
}

// Report prints the table: by shanten number, the mean estimated chance
// of going out against the share of hands that did, and, over those, the
// mean estimated score against the actual; then the chances by band of
// live tiles.
func (cal *Calibration) Report(w io.Writer) {
	fmt.Fprintf(w, "calibration of %s: %d hands (%d went out), %d discards not joined to a hand\n", cal.Label, cal.Hands, cal.Won, cal.Unmatched)
	fmt.Fprintf(w, "%-9s %9s %9s %9s %9s %9s\n", "shanten", "discards", "chance", "went out", "worth", "score")
	for s := range calibSteps {
		var t CalibCell
		for l := range calibLive {
			t.add(cal.Cells[s][l])
		}
		if t.Decisions == 0 {
			continue
		}
		fmt.Fprintf(w, "%-9s %9d %8.1f%% %8.1f%% %9s %9s\n", stepName(s), t.Decisions,
			100*t.Chance/float64(t.Decisions), 100*float64(t.Won)/float64(t.Decisions), perWin(t.Worth, t.Won), perWin(t.Score, t.Won))
	}
	fmt.Fprintf(w, "by the score estimated for the hand kept:\n%-9s %9s %9s %9s %9s %9s\n", "estimate", "discards", "chance", "went out", "worth", "score")
	for b, c := range cal.ByWorth {
		if c.Decisions == 0 {
			continue
		}
		name := fmt.Sprintf("%.0f+", calibWorth[b])
		if b+1 < len(calibWorth) {
			name = fmt.Sprintf("%.0f-%.0f", calibWorth[b], calibWorth[b+1])
		}
		fmt.Fprintf(w, "%-9s %9d %8.1f%% %8.1f%% %9s %9s\n", name, c.Decisions,
			100*c.Chance/float64(c.Decisions), 100*float64(c.Won)/float64(c.Decisions), perWin(c.Worth, c.Won), perWin(c.Score, c.Won))
	}
	fmt.Fprintf(w, "chance estimated / went out, by live tiles left:\n%-9s", "shanten")
	for l := range calibLive {
		lo := l * calibBand
		if l == calibLive-1 {
			fmt.Fprintf(w, " %13s", fmt.Sprintf("%d+", lo))
		} else {
			fmt.Fprintf(w, " %13s", fmt.Sprintf("%d-%d", lo, lo+calibBand-1))
		}
	}
	fmt.Fprintln(w)
	for s := range calibSteps {
		fmt.Fprintf(w, "%-9s", stepName(s))
		for l := range calibLive {
			c := cal.Cells[s][l]
			if c.Decisions < 100 { // too few to say anything
				fmt.Fprintf(w, " %13s", "-")
				continue
			}
			fmt.Fprintf(w, " %13s", fmt.Sprintf("%.0f/%.0f%%", 100*c.Chance/float64(c.Decisions), 100*float64(c.Won)/float64(c.Decisions)))
		}
		fmt.Fprintln(w)
	}
}

func (c *CalibCell) add(o CalibCell) {
	c.Decisions += o.Decisions
	c.Chance += o.Chance
	c.Won += o.Won
	c.Worth += o.Worth
	c.Score += o.Score
}

func stepName(s int) string {
	if s == calibSteps-1 {
		return fmt.Sprintf("%d+", s)
	}
	return fmt.Sprint(s)
}

func perWin(sum float64, n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f", sum/float64(n))
}
