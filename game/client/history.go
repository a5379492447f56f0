package client

import "mahjong/engine"

// HandRecord is one finished hand of the game, for the Scoring history:
// each player's hand score and gain or loss, by player id.
type HandRecord struct {
	Round   engine.Wind
	East    int         // id of East in that hand
	Scores  map[int]int // hand scores by player id (absent: not scored)
	Gains   map[int]int // the settlement, by player id
	Washout bool        // the hand was washed out (no scores)
}

// History returns the hands finished so far in this game, oldest first.
// The slice is the client's own: read it only.
func (c *Client) History() []HandRecord { return c.hist.hands }

// RestoreHistory gives a resumed game the hands played before it was
// saved: the controller does not send earlier hands again.
func (c *Client) RestoreHistory(hs []HandRecord) { c.hist.Restore(hs) }

// GameOptions returns the game options as the controller last sent them
// (its GameOption lines, with descriptions), in the order they came;
// each name appears once, with its latest value.
func (c *Client) GameOptions() []engine.OptionEntry { return c.options }

// record keeps the history and the option lines; called for every message
// before the view applies it.
func (c *Client) record(ev engine.Event) {
	if m, ok := ev.(engine.CGameOption); ok {
		if m.Entry.Name == "End" {
			return
		}
		for i := range c.options {
			if c.options[i].Name == m.Entry.Name {
				c.options[i] = m.Entry
				return
			}
		}
		c.options = append(c.options, m.Entry)
		return
	}
	c.hist.Record(c.view.Game, ev)
}

// HistoryRecorder builds the Scoring history from the controller's
// messages. The client keeps one for its window; a local game's host
// keeps one beside its autosave, so that a resumed game gets back the
// hands before the one being played.
type HistoryRecorder struct {
	hands []HandRecord
	open  bool // the last record is the hand being scored
}

// Record notes ev, given g, the game as the message finds it (before or
// after applying ev: the players and round do not change with scores).
func (h *HistoryRecorder) Record(g *engine.Game, ev engine.Event) {
	switch m := ev.(type) {
	case engine.CNewHand:
		h.open = false
	case engine.CHandScore:
		r := h.current(g)
		r.Scores[m.ID] = m.Score
	case engine.CSettlement:
		r := h.current(g)
		for s, v := range [engine.NumSeats]int{m.East, m.South, m.West, m.North} {
			if p := g.Players[s]; p != nil {
				r.Gains[p.ID] = v
			}
		}
		h.open = false
	case engine.CWashOut:
		r := h.current(g)
		r.Washout = true
		for _, p := range g.Players {
			if p != nil {
				r.Gains[p.ID] = 0
			}
		}
		h.open = false
	}
}

// Hands returns the records, oldest first (the recorder's own slice).
func (h *HistoryRecorder) Hands() []HandRecord { return h.hands }

// Finished returns a copy of the records without a hand whose scoring
// has begun but not ended (a resumed game sends that hand's scores
// again, and only that hand's).
func (h *HistoryRecorder) Finished() []HandRecord {
	n := len(h.hands)
	if h.open {
		n--
	}
	return append([]HandRecord(nil), h.hands[:n]...)
}

// Restore replaces the records with hs (all finished hands).
func (h *HistoryRecorder) Restore(hs []HandRecord) {
	h.hands = append([]HandRecord(nil), hs...)
	h.open = false
}

// current returns the record of the hand being scored, starting one if
// the last is finished.
func (h *HistoryRecorder) current(g *engine.Game) *HandRecord {
	if !h.open {
		east := 0
		if p := g.Players[engine.EastSeat]; p != nil {
			east = p.ID
		}
		h.hands = append(h.hands, HandRecord{Round: g.Round, East: east, Scores: map[int]int{}, Gains: map[int]int{}})
		h.open = true
	}
	return &h.hands[len(h.hands)-1]
}
