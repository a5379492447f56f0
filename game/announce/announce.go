package announce

import (
	"fmt"
	"strings"
	"unicode"

	"mahjong/engine"
	"mahjong/game/client"
)

// who names a player: "You" (or "you" when lower) for ourselves.
func who(v *engine.View, id int, lower bool) string {
	if id == v.ID && id != 0 {
		if lower {
			return "you"
		}
		return "You"
	}
	if n := v.Names[id]; n != "" {
		return n
	}
	if p := v.Game.PlayerByID(id); p != nil && p.Name != "" {
		return p.Name
	}
	return fmt.Sprintf("Player %d", id)
}

// possessive: "your" / "Bob's".
func whose(v *engine.View, id int) string {
	if id == v.ID && id != 0 {
		return "your"
	}
	return who(v, id, false) + "'s"
}

// verb picks the form for ourselves or another: verb(v, id, "discard", "discards").
func verb(v *engine.View, id int, you, other string) string {
	if id == v.ID && id != 0 {
		return you
	}
	return other
}

func say(v *engine.View, id int, you, other, rest string) string {
	return who(v, id, false) + " " + verb(v, id, you, other) + rest
}

func chowTiles(low engine.Tile) string {
	return fmt.Sprintf("%s, %s, %s", low.Name(), (low + 1).Name(), (low + 2).Name())
}

func tileList(ts []engine.Tile) string {
	if len(ts) == 0 {
		return "none"
	}
	names := make([]string, len(ts))
	for i, t := range ts {
		names[i] = t.Name()
	}
	return strings.Join(names, ", ")
}

func signed(n int) string {
	if n > 0 {
		return fmt.Sprintf("+%d", n)
	}
	return fmt.Sprint(n)
}

// Event returns the sentence for one message, or "" when it is not worth
// saying. v is our view AFTER it has applied ev (client.Poll does so).
func Event(v *engine.View, ev engine.Event) string {
	g := v.Game
	switch m := ev.(type) {
	case engine.CPlayer:
		if m.Name != "" && m.ID != v.ID && !g.HasStarted() {
			return m.Name + " joins the table."
		}
	case engine.CGame:
		var parts []string
		for i, p := range g.Players {
			parts = append(parts, engine.Seat(i).Wind().Name()+" "+who(v, p.ID, false))
		}
		return "The game begins. Seats: " + strings.Join(parts, ", ") + "."
	case engine.CNewRound:
		return "New round: " + m.Wind.Name() + " wind."
	case engine.CNewHand:
		s := fmt.Sprintf("New hand. East is %s. Round: %s wind.", who(v, m.East, false), g.Round.Name())
		if me := v.Seat(); me != engine.NoSeat {
			s += " You are " + me.Wind().Name() + "."
		}
		return s
	case engine.CPlayerDeclaresSpecial:
		if m.Tile != engine.Blank {
			return say(v, m.ID, "declare", "declares", " "+m.Tile.Name()+".")
		}
	case engine.CPlayerDraws:
		if m.ID == v.ID && g.Phase != engine.Dealing && m.Tile != engine.Blank {
			return "You drew " + m.Tile.Name() + "."
		}
	case engine.CPlayerDrawsLoose:
		if m.ID == v.ID && m.Tile != engine.Blank {
			return "You drew a loose tile: " + m.Tile.Name() + "."
		}
	case engine.CPlayerDiscards:
		s := say(v, m.ID, "discard", "discards", " "+m.Tile.Name())
		if m.Calling {
			s += verb(v, m.ID, " and call", " and calls")
		}
		return s + "."
	case engine.CClaimDenied:
		if m.ID == v.ID {
			return "Your claim failed: " + strings.TrimSuffix(m.Text, ".") + "."
		}
	case engine.CPlayerDoesntClaim:
		if m.ID == v.ID && m.Timeout {
			return "Time is up: no claim."
		}
	case engine.CDangerousDiscard:
		return "That was a dangerous discard by " + who(v, m.ID, true) + "."
	case engine.CPlayerClaimsPung:
		return say(v, m.ID, "claim", "claims", " pung.")
	case engine.CPlayerClaimsKong:
		return say(v, m.ID, "claim", "claims", " kong.")
	case engine.CPlayerClaimsChow:
		return say(v, m.ID, "claim", "claims", " chow.")
	case engine.CPlayerClaimsMahJong:
		return say(v, m.ID, "claim", "claims", " mah-jong.")
	case engine.CPlayerPungs:
		return say(v, m.ID, "pung", "pungs", " "+m.Tile.Name()+".")
	case engine.CPlayerKongs:
		return say(v, m.ID, "kong", "kongs", " "+m.Tile.Name()+".")
	case engine.CPlayerChows:
		if m.Pos == engine.AnyPos {
			return ""
		}
		low := m.Tile - engine.Tile(m.Pos)
		return say(v, m.ID, "chow", "chows", " "+m.Tile.Name()+": "+chowTiles(low)+".")
	case engine.CPlayerDeclaresClosedKong:
		return say(v, m.ID, "declare", "declares", " a concealed kong of "+m.Tile.Name()+".")
	case engine.CPlayerAddsToPung:
		return say(v, m.ID, "add", "adds", " "+m.Tile.Name()+" to a pung.")
	case engine.CPlayerRobsKong:
		return say(v, m.ID, "rob", "robs", " the kong of "+m.Tile.Name()+"!")
	case engine.CPlayerMahJongs:
		return say(v, m.ID, "go", "goes", " Mah-Jong!")
	case engine.CWashOut:
		t := m.Text
		if t == "" {
			t = "no winner"
		}
		return "The hand is washed out: " + t + "."
	case engine.CPlayerPairs:
		return say(v, m.ID, "make", "makes", " a pair of "+m.Tile.Name()+".")
	case engine.CPlayerFormsClosedPair:
		return say(v, m.ID, "set", "sets", " out a concealed pair of "+m.Tile.Name()+".")
	case engine.CPlayerFormsClosedPung:
		return say(v, m.ID, "set", "sets", " out a concealed pung of "+m.Tile.Name()+".")
	case engine.CPlayerFormsClosedChow:
		return say(v, m.ID, "set", "sets", " out a concealed chow: "+chowTiles(m.Tile)+".")
	case engine.CPlayerSpecialSet, engine.CPlayerFormsClosedSpecialSet:
		id := 0
		if s, ok := m.(engine.CPlayerSpecialSet); ok {
			id = s.ID
		} else {
			id = m.(engine.CPlayerFormsClosedSpecialSet).ID
		}
		return say(v, id, "declare", "declares", " a special hand.")
	case engine.CPlayerShowsTiles:
		return say(v, m.ID, "show", "shows", ": "+tileList(m.Tiles)+".")
	case engine.CHandScore:
		return fmt.Sprintf("Scoring: %s hand scores %d.", whose(v, m.ID), m.Score)
	case engine.CSettlement:
		var parts []string
		for i, d := range [engine.NumSeats]int{m.East, m.South, m.West, m.North} {
			parts = append(parts, who(v, g.Players[i].ID, false)+" "+signed(d))
		}
		return "Scoring: settlement " + strings.Join(parts, ", ") + "."
	case engine.CGameOver:
		var parts []string
		for _, p := range g.Players {
			parts = append(parts, fmt.Sprintf("%s %d", who(v, p.ID, false), p.CumulativeScore))
		}
		return "Game over. Final scores: " + strings.Join(parts, ", ") + "."
	case engine.CError:
		return "Refused: " + strings.TrimSuffix(m.Text, ".") + "."
	case engine.CMessage:
		if m.Sender == 0 {
			return "Message: " + m.Text
		}
		return "Message from " + who(v, m.Sender, false) + ": " + m.Text
	case engine.CStopPlay:
		return "Play stopped: " + m.Text
	}
	return ""
}

// meldWords describes a declared set.
func meldWords(m engine.Meld) string {
	switch m.Kind {
	case engine.Chow:
		return "chow " + chowTiles(m.Tile)
	case engine.ClosedChow:
		return "concealed chow " + chowTiles(m.Tile)
	case engine.Pung:
		return "pung of " + m.Tile.Name()
	case engine.ClosedPung:
		return "concealed pung of " + m.Tile.Name()
	case engine.Kong:
		return "kong of " + m.Tile.Name()
	case engine.ClosedKong:
		return "concealed kong of " + m.Tile.Name()
	case engine.Pair:
		return "pair of " + m.Tile.Name()
	case engine.ClosedPair:
		return "concealed pair of " + m.Tile.Name()
	}
	return ""
}

// Selection says which of our tiles is selected (index i of hand, -1 for
// none): a screen reader user moving the selection with the arrow keys
// hears each tile as they reach it.
func Selection(hand []engine.Tile, i int) string {
	if i < 0 || i >= len(hand) {
		return "No tile selected."
	}
	return fmt.Sprintf("Selected %s, %d of %d.", hand[i].Name(), i+1, len(hand))
}

// Hand describes our hand: "Your hand: <concealed tiles>. Declared: <sets>.
// Flowers and seasons: <tiles>." The concealed tiles are given in order
// (pass client.Hand() to follow our arrangement; nil: sorted).
func Hand(v *engine.View, order []engine.Tile) string {
	me := v.Me()
	if me == nil || me.Hidden {
		return "You have no tiles."
	}
	ts := order
	if ts == nil {
		ts = append([]engine.Tile(nil), me.Concealed[:me.NumConcealed]...)
		for i := 1; i < len(ts); i++ {
			for j := i; j > 0 && ts[j] < ts[j-1]; j-- {
				ts[j], ts[j-1] = ts[j-1], ts[j]
			}
		}
	}
	s := "Your hand: " + tileList(ts) + "."
	var sets []string
	for _, m := range me.Melds {
		if w := meldWords(m); w != "" {
			sets = append(sets, w)
		}
	}
	if len(sets) > 0 {
		s += " Declared: " + strings.Join(sets, "; ") + "."
	}
	if me.NumSpecials > 0 {
		s += " Flowers and seasons: " + tileList(me.Specials[:me.NumSpecials]) + "."
	}
	return s
}

// keys lists the buttons: "No claim (N), Pung (P)".
func keys(p *client.Prompt) string {
	var parts []string
	for _, b := range p.Buttons {
		s := b.Label
		if b.Act == client.ActChow && p.Kind == client.ChooseChow {
			s = chowTiles(b.Chow)
		}
		if b.Key != 0 {
			s += " (" + string(unicode.ToUpper(b.Key)) + ")"
		}
		if b.UsesSelection && !b.Enabled {
			s += " (select a tile)"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

// Prompt describes what we are asked, with the actions open to us and
// their keys; "" for client.None. v gives the names.
func Prompt(v *engine.View, p client.Prompt) string {
	var lead string
	switch p.Kind {
	case client.None:
		return ""
	case client.GameOver:
		return "Game over."
	case client.Ready:
		t := p.Text
		if t == "" {
			t = "to continue"
		}
		lead = "Ready " + t + "?"
	case client.Declare:
		lead = "Your turn: declare flowers, seasons and concealed kongs."
	case client.Discard:
		lead = "Your turn: discard."
	case client.Claim:
		lead = fmt.Sprintf("Claim window: %s discarded %s.", who(v, p.From, false), p.Tile.Name())
		if p.Timeout > 0 {
			lead += fmt.Sprintf(" %d seconds.", int(p.Timeout.Seconds()))
		}
	case client.Rob:
		lead = fmt.Sprintf("Rob the kong: %s konged %s.", who(v, p.From, false), p.Tile.Name())
	case client.ChooseChow:
		lead = "Choose the chow with " + p.Tile.Name() + "."
	case client.ChooseForm:
		lead = "Mah-Jong: say what " + p.Tile.Name() + " completes."
	case client.DeclareSets:
		if p.Winner {
			lead = "Declare your concealed sets."
		} else {
			lead = "Declare your concealed sets, then Finished."
		}
	}
	s := lead
	if k := keys(&p); k != "" {
		s += " You may: " + k + "."
	}
	return s
}

// Announcer turns what a client's Poll returns into the lines for the
// live region: one line per message worth saying, then the prompt's line
// whenever the prompt changes (a change of selection alone says
// nothing).
type Announcer struct {
	last client.Prompt
	have bool
}

// Update returns the lines for evs (as returned by Poll, applied to v) and
// for the prompt p, in order. The slice is new at each call.
func (a *Announcer) Update(v *engine.View, evs []engine.Event, p client.Prompt) []string {
	var lines []string
	for _, ev := range evs {
		if s := Event(v, ev); s != "" {
			lines = append(lines, s)
		}
	}
	if !a.have || !samePrompt(&a.last, &p) {
		a.have = true
		a.last = p
		a.last.Buttons = append([]client.Button(nil), p.Buttons...)
		if s := Prompt(v, p); s != "" {
			lines = append(lines, s)
		}
	}
	return lines
}

func samePrompt(p, q *client.Prompt) bool {
	if p.Kind != q.Kind || p.Tile != q.Tile || p.Serial != q.Serial || p.From != q.From ||
		p.Text != q.Text || len(p.Buttons) != len(q.Buttons) || p.Requests != q.Requests {
		return false
	}
	for i := range p.Buttons {
		if p.Buttons[i].Act != q.Buttons[i].Act || p.Buttons[i].Pos != q.Buttons[i].Pos {
			return false
		}
	}
	return true
}
