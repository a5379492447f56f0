package engine

import "fmt"

// View is what one seat knows of the game, built only from the messages
// that seat receives. The table UI and the robots both read it. It keeps
// the table state (a Game in which only this seat's tiles are known) and
// what a player sees besides: the discards of each player in order, the
// scoring texts of the last hand, the options in force and the chat.
type View struct {
	Game     *Game
	ID       int                 // our player id (0 until ConnectReply)
	Names    map[int]string      // player names by id
	Discards [NumSeats][]Tile    // each seat's discards still on the table, oldest first
	Scores   map[int]CHandScore  // the last hand's scores by player id
	Settled  *CSettlement        // the last hand's settlement, until the next hand
	Messages []CMessage          // chat received
	Errors   []CError            // errors received (our refused requests)
	Dangers  []CDangerousDiscard // dangerous discards announced this hand
	Washout  string              // reason, if the hand was washed out
	Over     bool                // GameOver received
	Calling  [NumSeats]bool      // seats that made an Original Call
}

// NewView returns the view of a player not yet connected.
func NewView() *View {
	return &View{Game: NewGame(), Names: map[int]string{}, Scores: map[int]CHandScore{}}
}

// Seat returns our seat in the current hand (NoSeat before the game).
func (v *View) Seat() Seat { return v.Game.SeatOf(v.ID) }

// Me returns our player record (nil before we are seated).
func (v *View) Me() *Player { return v.Game.PlayerByID(v.ID) }

// Apply records one message received by this seat. Messages that do not
// fit the state (a confused or hostile controller) return an error and
// leave the view as it was as far as the table is concerned.
func (v *View) Apply(ev Event) error {
	g := v.Game
	switch m := ev.(type) {
	case CConnectReply:
		if m.ID == 0 {
			return nil
		}
		v.ID = m.ID
	case CPlayer:
		if m.Name == "" {
			delete(v.Names, m.ID)
		} else {
			v.Names[m.ID] = m.Name
		}
	case CNewHand:
		v.Discards = [NumSeats][]Tile{}
		v.Scores = map[int]CHandScore{}
		v.Settled = nil
		v.Dangers = nil
		v.Washout = ""
		v.Calling = [NumSeats]bool{}
	case CHandScore:
		v.Scores[m.ID] = m
	case CSettlement:
		mc := m
		v.Settled = &mc
	case CMessage:
		v.Messages = append(v.Messages, m)
		return nil
	case CError:
		v.Errors = append(v.Errors, m)
		return nil
	case CDangerousDiscard:
		v.Dangers = append(v.Dangers, m)
	case CWashOut:
		v.Washout = m.Text
	case CGameOver:
		v.Over = true
	}
	// A claimed discard leaves its discarder's row on the table.
	claimed := false
	switch m := ev.(type) {
	case CPlayerPungs:
		claimed = g.Phase == Discarded
	case CPlayerKongs:
		claimed = g.Phase == Discarded
	case CPlayerChows:
		claimed = g.Phase == Discarded && m.Pos != AnyPos
	case CPlayerMahJongs:
		claimed = m.Tile == Blank && g.Phase == Discarded
	}
	discarder := g.Player
	if err := g.Apply(ev, false); err != nil {
		return fmt.Errorf("engine: view of player %d: %w", v.ID, err)
	}
	switch m := ev.(type) {
	case CPlayerDiscards:
		if s := g.SeatOf(m.ID); s != NoSeat {
			v.Discards[s] = append(v.Discards[s], m.Tile)
			if m.Calling {
				v.Calling[s] = true
			}
		}
	}
	if claimed && discarder != NoSeat {
		if row := v.Discards[discarder]; len(row) > 0 {
			v.Discards[discarder] = row[:len(row)-1]
		}
	}
	return nil
}

// String dumps the view for test failures: each seat's holdings as this
// seat sees them.
func (v *View) String() string {
	s := fmt.Sprintf("view of %d: phase %s, player %d, tile %s, wall %d left\n",
		v.ID, v.Game.Phase, v.Game.Player, v.Game.Tile, v.Game.LiveLeft())
	for i, p := range v.Game.Players {
		s += fmt.Sprintf("  %s %d %q: %s | discards %s\n", Seat(i).Wind(), p.ID, p.Name,
			p.TilesString(p.ID != v.ID), Tiles(v.Discards[i]))
	}
	return s
}
