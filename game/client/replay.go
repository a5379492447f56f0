package client

import (
	"errors"
	"fmt"
	"strings"

	"mahjong/engine"
	"mahjong/engine/protocol"
)

// Replay shows a finished hand that the controller will not send again:
// a game resumed between hands. lines are the messages our seat was sent
// during that hand, after a header that seats a fresh view as at the deal
// (game/local's Saved.Shown, in wire form). Call it after New and before
// the first Poll. The view, our tiles and the Scoring texts then stand as
// at the end of that hand; the history (RestoreHistory) is not touched
// and nothing is sent. On error nothing changes.
func (c *Client) Replay(lines string) error {
	if c.view.ID != 0 || c.replayed {
		return errors.New("client: replay: the table is not fresh")
	}
	sc := protocol.NewScanner(strings.NewReader(lines))
	var evs []engine.Event
	for sc.Scan() {
		evs = append(evs, sc.Event())
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("client: replay: %w", err)
	}
	if len(evs) == 0 {
		return errors.New("client: replay: no messages")
	}
	// Try on a copy first: a damaged log leaves the client as it was.
	trial := engine.NewView()
	dealt, ended := false, false
	for _, ev := range evs {
		if err := trial.Apply(ev); err != nil {
			return fmt.Errorf("client: replay: %w", err)
		}
		switch ev.(type) {
		case engine.CNewHand:
			dealt = true
		case engine.CSettlement, engine.CWashOut:
			ended = dealt
		}
	}
	if !ended || trial.ID == 0 || trial.Game.Phase != engine.HandComplete || trial.Me() == nil {
		return errors.New("client: replay: not a finished hand of ours")
	}
	c.replaying = true
	for _, ev := range evs {
		c.apply(ev)
	}
	c.replaying = false
	c.replayed = true
	c.dirty = true
	return nil
}

// applyAfterReplay applies a message from the controller to a view that
// shows a replayed hand. Our admission (ConnectReply) is not applied to
// the table: the replay has seated us already, and the engine would put
// our id on the first seat. A Game message keeps the hand's last turn.
// The next deal ends the replay.
func (c *Client) applyAfterReplay(ev engine.Event) {
	v := c.view
	switch m := ev.(type) {
	case engine.CConnectReply:
		if m.ID == v.ID {
			return
		}
	case engine.CNewHand:
		c.replayed = false
	}
	player, serial := v.Game.Player, v.Game.Serial
	if err := v.Apply(ev); err != nil {
		c.badLine = ev.String()
		return
	}
	if _, ok := ev.(engine.CGame); ok && c.replayed && v.Game.Phase == engine.HandComplete {
		v.Game.Player, v.Game.Serial = player, serial
	}
}
