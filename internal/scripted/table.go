package scripted

import (
	"errors"
	"fmt"

	"mahjong/engine"
)

// Seat is one scripted player at a Table.
type Seat struct {
	Cnx  int          // connection number given by the controller
	ID   int          // player id (0 until ConnectReply)
	View *engine.Game // what the seat knows, built from the messages it received
}

// request is an action waiting to be handled.
type request struct {
	cnx int
	a   engine.Action
}

// Table plays four scripted seats against a controller in-process. Every
// output is applied to the addressed seat's view and shown to its policy
// (Respond); the answers wait in one first-in first-out queue, so a game
// is a pure function of the controller's options.
type Table struct {
	C     *engine.Controller
	Seats [engine.NumSeats]Seat

	// AllowErrors lets seats receive Error messages (they ignore them);
	// by default an Error sent to a seat fails the game.
	AllowErrors bool
	// Trace, if set, sees every request handled by Send or Step and the
	// outputs it caused (the Connects included), in order.
	Trace func(cnx int, a engine.Action, outs []engine.Output)

	byCnx   [engine.MaxConnections]int8 // seat index+1 by connection, 0 none
	queue   []request                   // pending answers; queue[head:] are waiting
	head    int
	scratch []engine.Action
	steps   int // requests handled
	hands   int // NewHand messages seen
}

// Sentinel errors of a table run; the returned errors wrap them.
var (
	ErrRefused = errors.New("scripted: a seat was sent an error")
	ErrStalled = errors.New("scripted: game stalled")
	ErrSteps   = errors.New("scripted: step limit reached")
)

// NewTable returns a table for c with no seat connected yet.
func NewTable(c *engine.Controller) *Table {
	return &Table{C: c, queue: make([]request, 0, 16), scratch: make([]engine.Action, 0, 4)}
}

// Connect accepts four connections and sends a Connect for each seat in
// turn, so that the seats get ids 1-4 in a fresh game.
func (t *Table) Connect(names [engine.NumSeats]string) error {
	for i := range t.Seats {
		cnx, outs := t.C.Accept()
		if cnx < 0 {
			return fmt.Errorf("scripted: connection refused: %v", outs)
		}
		t.Seats[i] = Seat{Cnx: cnx, View: engine.NewGame()}
		t.byCnx[cnx] = int8(i + 1)
	}
	for i := range t.Seats {
		a := engine.PConnect{Version: engine.ProtocolVersion, Name: names[i]}
		if err := t.Send(t.Seats[i].Cnx, a); err != nil {
			return err
		}
		if t.Seats[i].ID == 0 {
			return fmt.Errorf("scripted: seat %d (%q) not accepted", i, names[i])
		}
	}
	return nil
}

// Send hands one request to the controller and delivers the outputs.
func (t *Table) Send(cnx int, a engine.Action) error {
	outs := t.C.Handle(cnx, a)
	t.steps++
	if t.Trace != nil {
		t.Trace(cnx, a, outs)
	}
	return t.Deliver(outs)
}

// Deliver applies each output to the addressed seat's view and queues
// the seat's answer. Outputs for connections without a seat are dropped.
func (t *Table) Deliver(outs []engine.Output) error {
	for _, o := range outs {
		if o.Event == nil || o.Conn <= 0 || o.Conn >= len(t.byCnx) || t.byCnx[o.Conn] == 0 {
			continue
		}
		st := &t.Seats[t.byCnx[o.Conn]-1]
		switch m := o.Event.(type) {
		case engine.CConnectReply:
			if m.ID != 0 {
				st.ID = m.ID
			}
		case engine.CError:
			if !t.AllowErrors {
				return fmt.Errorf("%w: cnx%d %q", ErrRefused, o.Conn, m.String())
			}
		case engine.CNewHand:
			if o.Logged {
				t.hands++
			}
		}
		if err := st.View.Apply(o.Event, false); err != nil {
			return fmt.Errorf("scripted: cnx%d cannot apply %q: %w", o.Conn, o.Event.String(), err)
		}
		t.scratch = AppendResponse(t.scratch[:0], st.View, st.ID, o.Event)
		for _, a := range t.scratch {
			t.queue = append(t.queue, request{cnx: o.Conn, a: a})
		}
	}
	return nil
}

// Next removes and returns the oldest pending answer, for a caller that
// hands it to the controller itself (and then calls Deliver).
func (t *Table) Next() (cnx int, a engine.Action, ok bool) {
	if t.head == len(t.queue) {
		t.queue, t.head = t.queue[:0], 0
		return 0, nil, false
	}
	r := t.queue[t.head]
	t.queue[t.head] = request{}
	t.head++
	return r.cnx, r.a, true
}

// Forget drops the pending answers of connection cnx, as if the seat had
// changed its mind, and returns how many there were. Tests use it to
// make a seat's move themselves.
func (t *Table) Forget(cnx int) int {
	n := 0
	kept := t.queue[:t.head]
	for _, r := range t.queue[t.head:] {
		if r.cnx == cnx {
			n++
			continue
		}
		kept = append(kept, r)
	}
	clear(t.queue[len(kept):])
	t.queue = kept
	return n
}

// Pending returns the number of answers waiting.
func (t *Table) Pending() int { return len(t.queue) - t.head }

// Step handles the oldest pending answer. It reports false when nothing
// was pending.
func (t *Table) Step() (bool, error) {
	cnx, a, ok := t.Next()
	if !ok {
		return false, nil
	}
	return true, t.Send(cnx, a)
}

// Steps returns the number of requests handled so far.
func (t *Table) Steps() int { return t.steps }

// Hands returns the number of hands begun so far.
func (t *Table) Hands() int { return t.hands }

// Run steps until the game is over. It fails when a seat is sent an
// error, when nothing is pending before the end, or after maxSteps
// requests in all.
func (t *Table) Run(maxSteps int) error {
	for !t.C.GameOver() {
		if t.steps >= maxSteps {
			return fmt.Errorf("%w (%d)", ErrSteps, maxSteps)
		}
		ok, err := t.Step()
		if err != nil {
			return err
		}
		if !ok {
			g := t.C.Game()
			return fmt.Errorf("%w: phase %v, player %d, after %d requests", ErrStalled, g.Phase, g.Player, t.steps)
		}
	}
	return nil
}

// Play connects four scripted seats with the given names to c and plays
// until the game is over, handling at most maxSteps requests.
func Play(c *engine.Controller, names [engine.NumSeats]string, maxSteps int) error {
	t := NewTable(c)
	if err := t.Connect(names); err != nil {
		return err
	}
	return t.Run(maxSteps)
}
