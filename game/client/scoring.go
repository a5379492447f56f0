package client

import "mahjong/engine"

// HandScore is one player's score for a hand, as the controller explains it.
type HandScore struct {
	ID    int
	Name  string
	Wind  engine.Wind // seat wind in that hand
	Score int
	Text  string // the controller's explanation, several lines
}

// Scoring is the content of xmj's Scoring window: the hand scores in the
// order they came, then the settlement. It stays until the next hand is
// scored (or washed out), so it can be shown again at any time.
type Scoring struct {
	Hands      []HandScore
	Settlement *engine.CSettlement // nil until the hand is settled
	Washout    string              // the reason, if the last hand was washed out
}

// Complete reports whether the hand has been settled.
func (s Scoring) Complete() bool { return s.Settlement != nil }

// Scoring returns the scoring texts of the last scored hand.
func (c *Client) Scoring() Scoring { return c.scoring }
