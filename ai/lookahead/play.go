package lookahead

import (
	"mahjong/ai"
	"mahjong/ai/classic"
	"mahjong/engine"
)

// maxRequests bounds a play: a hand takes a few hundred requests.
const maxRequests = 5000

// responder is a robot as the play-out drives it.
type responder interface {
	Respond(v *engine.View, ev engine.Event) []engine.Action
}

type request struct {
	seat int
	a    engine.Action
}

// PlayOut plays the hand of the complete game g (a Deal of v) to its end
// and returns the points v's seat gains or loses in its settlement (0
// when the wall runs out). Our seat answers the event ev, which g
// already holds, with a and then plays as ours; the other seats play as
// the original's robot would (ai/classic). It reports
// false if the hand cannot be played out: a state the controller
// refuses, a message a seat cannot follow, or a hand that stalls.
func PlayOut(g *engine.Game, v *engine.View, ours *ai.Robot, ev engine.Event, a engine.Action) (net int, ok bool) {
	defer func() {
		// the engine refuses bad states with errors; this is a last
		// guard, so that a search can never take its robot down
		if recover() != nil {
			net, ok = 0, false
		}
	}()
	me := g.SeatOf(v.ID)
	if me == engine.NoSeat {
		return 0, false
	}
	var views [engine.NumSeats]*engine.View
	var robots [engine.NumSeats]responder
	for i := range views {
		views[i] = viewOf(g, i, v)
		if engine.Seat(i) == me {
			robots[i] = ours
		} else {
			robots[i] = classic.New(classic.Options{})
		}
	}
	c, err := engine.NewControllerAt(g, engine.ServerOptions{})
	if err != nil {
		return 0, false
	}
	queue := []request{{int(me), a}}
	for i, r := range robots {
		if engine.Seat(i) != me {
			for _, x := range r.Respond(views[i], ev) {
				queue = append(queue, request{i, x})
			}
		}
	}
	for head := 0; head < len(queue); head++ {
		if head >= maxRequests {
			return 0, false
		}
		q := queue[head]
		for _, o := range c.Handle(q.seat+1, q.a) {
			i := o.Conn - 1
			if o.Event == nil || i < 0 || i >= engine.NumSeats {
				continue
			}
			switch m := o.Event.(type) {
			case engine.CSettlement:
				return [engine.NumSeats]int{m.East, m.South, m.West, m.North}[me], true
			case engine.CWashOut:
				return 0, true
			}
			if views[i].Apply(o.Event) != nil {
				return 0, false
			}
			for _, x := range robots[i].Respond(views[i], o.Event) {
				queue = append(queue, request{i, x})
			}
		}
	}
	return 0, false
}
