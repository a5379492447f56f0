package client_test

import (
	"errors"
	"sync"
	"testing"

	"mahjong/engine"
	"mahjong/engine/protocol"
	"mahjong/internal/scripted"
)

// host runs a controller with three scripted seats, in one goroutine,
// and gives our seat's end of a pipe. The scripted seats answer at once,
// inside the host, so games run without clocks.
type host struct {
	c    *engine.Controller
	ours protocol.LineConn
	end  protocol.LineConn
	wg   sync.WaitGroup
	err  error
}

func startHost(t *testing.T, opts engine.ServerOptions) *host {
	t.Helper()
	h := &host{c: engine.NewController(opts)}
	h.end, h.ours = protocol.Pipe()
	h.wg.Add(1)
	go h.run()
	t.Cleanup(func() {
		h.end.Close()
		h.wg.Wait()
	})
	return h
}

type robotSeat struct {
	cnx  int
	g    *engine.Game
	id   int
	last string
}

func (h *host) run() {
	defer h.wg.Done()
	defer h.end.Close()
	c := h.c
	us, _ := c.Accept()
	robots := map[int]*robotSeat{}
	var queue []engine.Output
	deliver := func(outs []engine.Output) { queue = append(queue, outs...) }
	// pump delivers queued outputs: ours to the pipe, the robots' to their
	// views, whose answers go back to the controller.
	pump := func() error {
		for len(queue) > 0 {
			o := queue[0]
			queue = queue[1:]
			if o.Event == nil {
				continue
			}
			if o.Conn == us {
				if err := h.end.WriteLine(o.Event.String()); err != nil {
					return err
				}
				continue
			}
			r := robots[o.Conn]
			if r == nil {
				continue
			}
			if cr, ok := o.Event.(engine.CConnectReply); ok {
				r.id = cr.ID
			}
			if err := r.g.Apply(o.Event, false); err != nil {
				return err
			}
			if e, ok := o.Event.(engine.CError); ok && !c.GameOver() {
				return errors.New("robot refused: " + e.Text + " after " + r.last)
			}
			for _, a := range scripted.Respond(r.g, r.id, o.Event) {
				r.last = a.String() + " on " + o.Event.String()
				deliver(c.Handle(o.Conn, a))
			}
		}
		return nil
	}
	names := []string{"Bob", "Cat", "Dan"}
	for {
		line, err := h.end.ReadLine()
		if err != nil {
			return
		}
		a, err := protocol.ParseAction(line)
		if err != nil {
			deliver(c.BadLine(us))
		} else {
			deliver(c.Handle(us, a))
			if _, ok := a.(engine.PConnect); ok && len(robots) == 0 {
				for _, n := range names {
					cnx, _ := c.Accept()
					robots[cnx] = &robotSeat{cnx: cnx, g: engine.NewGame()}
					deliver(c.Handle(cnx, engine.PConnect{Version: engine.ProtocolVersion, Name: n}))
					if err := pump(); err != nil {
						h.err = err
						return
					}
				}
			}
		}
		if err := pump(); err != nil {
			h.err = err
			return
		}
		if c.GameOver() {
			// Leave the pipe open until the client has read everything;
			// closing our end lets it read the rest and then EOF.
			return
		}
	}
}
