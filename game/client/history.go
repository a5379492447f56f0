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
func (c *Client) History() []HandRecord { return c.history }

// GameOptions returns the game options as the controller last sent them
// (its GameOption lines, with descriptions), in the order they came;
// each name appears once, with its latest value.
func (c *Client) GameOptions() []engine.OptionEntry { return c.options }

// record keeps the history and the option lines; called for every message
// before the view applies it.
func (c *Client) record(ev engine.Event) {
	g := c.view.Game
	switch m := ev.(type) {
	case engine.CGameOption:
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
	case engine.CNewHand:
		c.histOpen = false
	case engine.CHandScore:
		h := c.current()
		h.Scores[m.ID] = m.Score
	case engine.CSettlement:
		h := c.current()
		for s, v := range [engine.NumSeats]int{m.East, m.South, m.West, m.North} {
			if p := g.Players[s]; p != nil {
				h.Gains[p.ID] = v
			}
		}
		c.histOpen = false
	case engine.CWashOut:
		h := c.current()
		h.Washout = true
		for _, p := range g.Players {
			if p != nil {
				h.Gains[p.ID] = 0
			}
		}
		c.histOpen = false
	}
}

// current returns the record of the hand being scored, starting one if
// the last is finished.
func (c *Client) current() *HandRecord {
	g := c.view.Game
	if !c.histOpen {
		east := 0
		if p := g.Players[engine.EastSeat]; p != nil {
			east = p.ID
		}
		c.history = append(c.history, HandRecord{Round: g.Round, East: east, Scores: map[int]int{}, Gains: map[int]int{}})
		c.histOpen = true
	}
	return &c.history[len(c.history)-1]
}
