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

// actorID returns the player a message is about, or 0.
func actorID(ev engine.Event) int {
	switch m := ev.(type) {
	case engine.CPlayerReady:
		return m.ID
	case engine.CPlayerDraws:
		return m.ID
	case engine.CPlayerDrawsLoose:
		return m.ID
	case engine.CPlayerDeclaresSpecial:
		return m.ID
	case engine.CPlayerDiscards:
		return m.ID
	case engine.CPlayerDoesntClaim:
		return m.ID
	case engine.CClaimDenied:
		return m.ID
	case engine.CPlayerClaimsPung:
		return m.ID
	case engine.CPlayerClaimsKong:
		return m.ID
	case engine.CPlayerClaimsChow:
		return m.ID
	case engine.CPlayerClaimsMahJong:
		return m.ID
	case engine.CPlayerPungs:
		return m.ID
	case engine.CPlayerKongs:
		return m.ID
	case engine.CPlayerChows:
		return m.ID
	case engine.CPlayerDeclaresClosedKong:
		return m.ID
	case engine.CPlayerAddsToPung:
		return m.ID
	case engine.CPlayerRobsKong:
		return m.ID
	case engine.CPlayerMahJongs:
		return m.ID
	case engine.CPlayerPairs:
		return m.ID
	case engine.CPlayerFormsClosedPair:
		return m.ID
	case engine.CPlayerFormsClosedPung:
		return m.ID
	case engine.CPlayerFormsClosedChow:
		return m.ID
	case engine.CPlayerFormsClosedSpecialSet:
		return m.ID
	case engine.CPlayerSpecialSet:
		return m.ID
	case engine.CPlayerShowsTiles:
		return m.ID
	case engine.CHandScore:
		return m.ID
	}
	return 0
}
