// Package clienttest plays a client like a person would, using only the
// client's Prompt, selection and Press: a scripted "human" for tests of
// the client, the local game and the UI. Its choices are random (seeded)
// but always among the buttons offered, so any refusal by the controller
// shows a prompt that offered something illegal.
package clienttest

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"mahjong/engine"
	"mahjong/game/client"
)

// Stats counts what happened in a game.
type Stats struct {
	Prompts map[client.Kind]int // prompts acted on, by kind
	Presses map[string]int      // buttons pressed, "Kind/Act"
	Events  int                 // messages received
	Hands   int                 // NewHand messages
	Scored  int                 // Settlements
}

func (s *Stats) press(k client.Kind, a client.Act) {
	s.Presses[k.String()+"/"+a.String()]++
}

// Player is the scripted human.
type Player struct {
	C     *client.Client
	R     *rand.Rand
	Stats Stats
	// OnEvent, if set, sees every message after Poll applied it.
	OnEvent func(ev engine.Event)
	// OnPrompt, if set, sees every prompt acted on.
	OnPrompt func(p client.Prompt)
}

// New returns a player for c with the given seed.
func New(c *client.Client, seed uint64) *Player {
	return &Player{C: c, R: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
		Stats: Stats{Prompts: map[client.Kind]int{}, Presses: map[string]int{}}}
}

// ErrRefused is returned when the controller refuses one of our requests.
var ErrRefused = errors.New("clienttest: the controller refused a request")

// Play plays until GameOver, the end of the connection or the deadline.
// It fails on any refusal (CError) from the controller.
func (pl *Player) Play(deadline time.Time) error {
	c := pl.C
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	for {
		for _, ev := range c.Poll() {
			pl.Stats.Events++
			switch m := ev.(type) {
			case engine.CError:
				return fmt.Errorf("%w: %q\n%v", ErrRefused, m.Text, c.View())
			case engine.CNewHand:
				pl.Stats.Hands++
			case engine.CSettlement:
				pl.Stats.Scored++
			}
			if pl.OnEvent != nil {
				pl.OnEvent(ev)
			}
		}
		p := c.Prompt()
		if p.Kind == client.GameOver {
			return nil
		}
		if p.Kind != client.None {
			if pl.OnPrompt != nil {
				pl.OnPrompt(p)
			}
			pl.Stats.Prompts[p.Kind]++
			if err := pl.Act(p); err != nil {
				return fmt.Errorf("clienttest: %v prompt: %w\n%v", p.Kind, err, c.View())
			}
			continue
		}
		if err := c.Err(); err != nil {
			return fmt.Errorf("clienttest: connection ended before the game was over: %w", err)
		}
		select {
		case <-c.Pending():
		case <-timer.C:
			return fmt.Errorf("clienttest: deadline passed; prompt %v %q\n%v", p.Kind, p.Text, c.View())
		}
	}
}

func (pl *Player) press(p client.Prompt, a client.Act) error {
	b, ok := p.Button(a)
	if !ok {
		return fmt.Errorf("no %v button", a)
	}
	pl.Stats.press(p.Kind, a)
	return pl.C.Press(b)
}

// selectFor selects a tile for which button a is enabled; false if none.
func (pl *Player) selectFor(a client.Act) bool {
	c := pl.C
	n := len(c.Hand())
	start := pl.R.IntN(max(n, 1))
	for k := range n {
		c.Select((start + k) % n)
		p := c.Prompt()
		if b, ok := p.Button(a); ok && b.Enabled {
			return true
		}
	}
	return false
}

func (pl *Player) chance(pct int) bool { return pl.R.IntN(100) < pct }

// Act answers one prompt.
func (pl *Player) Act(p client.Prompt) error {
	c := pl.C
	switch p.Kind {
	case client.Ready:
		pl.Stats.press(p.Kind, client.ActReady)
		return c.PressDefault()
	case client.Declare:
		if p.Has(client.ActKong) && pl.chance(80) && pl.selectFor(client.ActKong) {
			return pl.press(c.Prompt(), client.ActKong)
		}
		if b, ok := p.Button(client.ActDeclare); ok {
			if b.Enabled || pl.selectFor(client.ActDeclare) {
				return pl.press(c.Prompt(), client.ActDeclare)
			}
		}
		return pl.press(p, client.ActFinish)
	case client.Discard:
		if p.Has(client.ActMahJong) {
			return pl.press(p, client.ActMahJong)
		}
		if p.Has(client.ActKong) && pl.chance(80) && pl.selectFor(client.ActKong) {
			return pl.press(c.Prompt(), client.ActKong)
		}
		// A flower or season is declared with the Discard button.
		for i, t := range c.Hand() {
			if t.IsSpecial() {
				c.Select(i)
				if q := c.Prompt(); q.Buttons != nil && declareOffered(&q) {
					return pl.press(c.Prompt(), client.ActDiscard)
				}
			}
		}
		i := pl.worst()
		// Half the time keep the preselected (drawn) tile when it is as bad.
		if s := c.Selected(); s < 0 || !pl.chance(20) {
			c.Select(i)
		}
		q := c.Prompt()
		if q.Has(client.ActCalling) && pl.chance(30) {
			if b, _ := q.Button(client.ActCalling); b.Enabled {
				return pl.press(q, client.ActCalling)
			}
		}
		if b, _ := q.Button(client.ActDiscard); !b.Enabled {
			if !pl.selectFor(client.ActDiscard) {
				return errors.New("no tile can be discarded")
			}
			q = c.Prompt()
		}
		return pl.press(q, client.ActDiscard)
	case client.Claim:
		switch {
		case p.Has(client.ActMahJong):
			return pl.press(p, client.ActMahJong)
		case p.Has(client.ActClaimKong) && pl.chance(80):
			return pl.press(p, client.ActClaimKong)
		case p.Has(client.ActPung) && pl.chance(60):
			return pl.press(p, client.ActPung)
		case p.Has(client.ActChow) && pl.chance(40):
			return pl.press(p, client.ActChow)
		}
		return pl.press(p, client.ActNoClaim)
	case client.Rob:
		return pl.press(p, client.ActMahJong)
	case client.ChooseChow:
		if len(p.Buttons) == 0 {
			return errors.New("no chow offered")
		}
		b := p.Buttons[pl.R.IntN(len(p.Buttons))]
		pl.Stats.press(p.Kind, b.Act)
		return c.Press(b)
	case client.ChooseForm:
		if len(p.Buttons) == 0 {
			return errors.New("no form offered")
		}
		b := p.Buttons[pl.R.IntN(len(p.Buttons))]
		pl.Stats.press(p.Kind, b.Act)
		return c.Press(b)
	case client.DeclareSets:
		if p.Has(client.ActSpecial) {
			return pl.press(p, client.ActSpecial)
		}
		if p.Winner || pl.chance(70) {
			for _, a := range []client.Act{client.ActPung, client.ActChow, client.ActEyes} {
				if p.Has(a) && pl.selectFor(a) {
					return pl.press(c.Prompt(), a)
				}
			}
		}
		if p.Winner {
			return errors.New("the winner cannot declare any set")
		}
		return pl.press(p, client.ActFinished)
	}
	return fmt.Errorf("unexpected prompt %v", p.Kind)
}

// worst returns the index of our least useful tile (a crude count of
// copies and neighbours).
func (pl *Player) worst() int {
	ts := pl.C.Hand()
	var cnt [engine.MaxTile + 2]int
	for _, t := range ts {
		if t < engine.MaxTile {
			cnt[t]++
		}
	}
	best, bestU := 0, 1<<30
	for i, t := range ts {
		u := 4 * (cnt[t] - 1)
		if t.IsSuit() {
			r := t.Rank()
			if r > 1 && cnt[t-1] > 0 {
				u += 2
			}
			if r < 9 && cnt[t+1] > 0 {
				u += 2
			}
			if r > 2 && cnt[t-2] > 0 {
				u++
			}
			if r < 8 && cnt[t+2] > 0 {
				u++
			}
		}
		if u < bestU {
			best, bestU = i, u
		}
	}
	return best
}

func declareOffered(p *client.Prompt) bool {
	b, ok := p.Button(client.ActDiscard)
	return ok && b.Enabled && b.Label == "Declare"
}
