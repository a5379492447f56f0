package local

import (
	"mahjong/engine"
)

// seatLog keeps what our seat has been sent since the current hand was
// dealt, after a header that sets the table up as it stood at the deal.
//
// Why: a game saved between hands resumes without its last hand. The
// controller (like the original) replays a hand to a returning player
// only while the hand is under way, so after a reload between hands the
// table would be bare and the Scoring window empty. Saving this log
// beside such a save lets the client show the finished hand again
// (client.Client.Replay) exactly as our seat saw it.
type seatLog struct {
	evs  []engine.Event
	kept string // the log a resumed game was given, kept as it came
}

// record notes ev, sent to our seat (id me); g is the controller's game
// after applying ev.
func (l *seatLog) record(g *engine.Game, me int, ev engine.Event) {
	switch ev.(type) {
	case engine.CNewHand:
		l.evs = append(l.evs[:0], header(g, me)...)
		l.kept = ""
	case engine.CMessage, engine.CError, engine.CConnectReply, engine.CStateSaved,
		engine.CPlayerOptionSet, engine.CAuthReqd, engine.CRedirect, engine.CGameOver:
		// Chat and replies about our connection: not the table's.
		return
	}
	if len(l.evs) > 0 {
		l.evs = append(l.evs, ev)
	}
}

// header returns the messages that seat a fresh view as at the deal of
// the hand g has just dealt: our id, the players' names, the game (seats
// as dealt, so the NewHand that follows rotates nothing) and the options.
func header(g *engine.Game, me int) []engine.Event {
	ps := g.Players
	evs := []engine.Event{engine.CConnectReply{Version: g.ProtVersion, ID: me}}
	for _, p := range ps {
		if p.ID != me { // as the controller: never our own Player line
			evs = append(evs, engine.CPlayer{ID: p.ID, Name: p.Name})
		}
	}
	evs = append(evs, engine.CGame{
		East: ps[0].ID, South: ps[1].ID, West: ps[2].ID, North: ps[3].ID,
		Round: g.Round, HandsAsEast: g.HandsAsEast, FirstEast: g.FirstEast,
		EastScore: ps[0].CumulativeScore, SouthScore: ps[1].CumulativeScore,
		WestScore: ps[2].CumulativeScore, NorthScore: ps[3].CumulativeScore,
		ProtVersion: g.ProtVersion, Manager: g.Manager,
	})
	for _, e := range g.Options.Lines() {
		evs = append(evs, engine.CGameOption{Entry: e})
	}
	return evs
}

// finished returns the log as wire lines (FormatGame's form) once the
// hand is over (settled or washed out), else "".
func (l *seatLog) finished(g *engine.Game) string {
	switch {
	case g.Phase != engine.HandComplete:
		return ""
	case l.kept != "":
		return l.kept
	case len(l.evs) == 0:
		return ""
	}
	return FormatGame(l.evs)
}
