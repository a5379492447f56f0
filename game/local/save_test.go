package local_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"mahjong/ai"
	"mahjong/engine"
	"mahjong/game/client"
	"mahjong/game/client/clienttest"
	"mahjong/game/local"
)

var saveRobots = [3]local.Robot{{Name: "Bob", Level: ai.Beginner}, {Name: "Cat"}, {Name: "Dan"}}

// playTo plays c until it has answered n prompts and is asked again;
// it returns that prompt (unanswered), or false when the game ended.
func playTo(t *testing.T, c *client.Client, pl *clienttest.Player, n int) (client.Prompt, bool) {
	t.Helper()
	deadline := time.NewTimer(15 * time.Second)
	defer deadline.Stop()
	for {
		for _, ev := range c.Poll() {
			if m, ok := ev.(engine.CError); ok {
				t.Fatalf("refused: %s", m.Text)
			}
		}
		p := c.Prompt()
		switch {
		case p.Kind == client.GameOver:
			return p, false
		case p.Kind != client.None && n == 0:
			return p, true
		case p.Kind != client.None:
			n--
			if err := pl.Act(p); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := c.Err(); err != nil {
			t.Fatalf("connection ended: %v", err)
		}
		select {
		case <-c.Pending():
		case <-deadline.C:
			t.Fatalf("deadline passed at prompt %v\n%v", p.Kind, c.View())
		}
	}
}

// waitPrompt polls c until it is asked something.
func waitPrompt(t *testing.T, c *client.Client) client.Prompt {
	t.Helper()
	p, _ := playTo(t, c, nil, 0)
	return p
}

// join starts a local game of one round against saveRobots (cfg's Name,
// Robots and Options are filled in) and our client in it; both are
// closed when the test ends, if the test has not closed them.
func join(t *testing.T, cfg local.Config) (*local.Game, *client.Client) {
	t.Helper()
	cfg.Name, cfg.Robots, cfg.Options = "Ann", saveRobots, []string{"NumRounds=1"}
	g, err := local.Start(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	c, err := client.New(g.Conn(), client.Config{Name: "Ann"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return g, c
}

// seatState is what must survive a save and a resume, seen from our seat.
func seatState(c *client.Client) string {
	v := c.View()
	g := v.Game
	var b strings.Builder
	fmt.Fprintf(&b, "round %v hands as east %d phase %v player %v tile %v serial %d wall %d/%d\n",
		g.Round, g.HandsAsEast, g.Phase, g.Player, g.Tile, g.Serial, g.Wall.LiveUsed, g.Wall.DeadEnd)
	for _, p := range g.Players {
		if p != nil {
			fmt.Fprintf(&b, "%+v\n", *p)
		}
	}
	fmt.Fprintf(&b, "hand %v\n", c.Hand())
	p := c.Prompt()
	fmt.Fprintf(&b, "prompt %v tile %v from %v text %q buttons %v", p.Kind, p.Tile, p.From, p.Text, p.Buttons)
	return b.String()
}

// TestSaveResume plays local games to random points, saves, resumes the
// save in a fresh local game and checks our seat sees the same game and
// is asked the same thing; the resumed game then plays to its end.
func TestSaveResume(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	trials := 4
	if testing.Short() {
		trials = 2
	}
	for trial := range trials {
		seed := 100 + trial
		stop := 3 + r.IntN(60)
		t.Run(fmt.Sprintf("seed%d-at%d", seed, stop), func(t *testing.T) {
			var mu sync.Mutex
			saves := 0
			g, c := join(t, local.Config{Seed: seed,
				Save: func(local.Saved) { mu.Lock(); saves++; mu.Unlock() }})
			pl := clienttest.New(c, uint64(seed))
			if _, ok := playTo(t, c, pl, stop); !ok {
				t.Fatalf("the game ended before prompt %d: no mid-game state to save", stop)
			}
			text, err := g.SaveNow()
			if err != nil {
				t.Fatal(err)
			}
			mu.Lock()
			if saves == 0 {
				t.Error("no autosave during the game")
			}
			mu.Unlock()
			want := seatState(c)
			c.Close()
			g.Close()

			_, c2 := join(t, local.Config{Seed: seed, Resume: text})
			// A resumed game starts paused until everybody says Ready
			// (as the original's): say it, then we are asked again.
			if p := waitPrompt(t, c2); p.Kind == client.Ready {
				if err := c2.PressDefault(); err != nil {
					t.Fatal(err)
				}
				deadline := time.After(15 * time.Second)
				for c2.Poll(); c2.Prompt().Kind == client.Ready || c2.Prompt().Kind == client.None; c2.Poll() {
					select {
					case <-c2.Pending():
					case <-deadline:
						t.Fatal("still paused after Ready")
					}
				}
			}
			if got := seatState(c2); got != want {
				t.Errorf("resumed state differs:\n got %s\nwant %s", got, want)
			}
			pl2 := clienttest.New(c2, uint64(seed))
			if err := pl2.Play(time.Now().Add(60 * time.Second)); err != nil {
				t.Fatalf("playing the resumed game: %v", err)
			}
		})
	}
}

// TestResumeCorrupt refuses damaged saves with a message.
func TestResumeCorrupt(t *testing.T) {
	for _, text := range []string{"garbage\r\n", "Player 1 Ann\r\n", "Wall 1 2 3\r\n"} {
		g, err := local.Start(local.Config{Name: "Ann", Resume: text})
		if err == nil {
			g.Close()
			t.Errorf("%q: resumed", text)
			continue
		}
		if !strings.HasPrefix(err.Error(), "local: ") {
			t.Errorf("%q: message %q", text, err)
		}
		if local.CheckGame(text) == nil {
			t.Errorf("%q: CheckGame accepts it", text)
		}
	}
	if local.CheckGame("") == nil {
		t.Error("CheckGame accepts an empty save")
	}
}

// TestAutosavesAfterResumeLoad: a game resumed mid-hand and played
// through the end of that hand and into the next autosaves only games
// that load (the controller's second save between hands is in a form
// a resumed game cannot write, so the autosaver makes one only).
func TestAutosavesAfterResumeLoad(t *testing.T) {
	const seed = 104
	g, c := join(t, local.Config{Seed: seed})
	if _, ok := playTo(t, c, clienttest.New(c, seed), 8); !ok {
		t.Fatal("the game ended early")
	}
	text, err := g.SaveNow()
	c.Close()
	g.Close()
	if err != nil {
		t.Fatal(err)
	}

	var mu sync.Mutex
	var saves []string
	g2, c2 := join(t, local.Config{Seed: seed, Resume: text,
		Save: func(s local.Saved) { mu.Lock(); saves = append(saves, s.Game); mu.Unlock() }})
	pl := clienttest.New(c2, seed)
	for len(c2.History()) == 0 || len(c2.History()[0].Gains) == 0 {
		if _, ok := playTo(t, c2, pl, 1); !ok {
			t.Fatal("the game ended before the resumed hand was settled")
		}
	}
	playTo(t, c2, pl, 3) // the Ready prompts between hands, and on
	if s, err := g2.SaveNow(); err != nil {
		t.Errorf("Save between hands: %v", err)
	} else if err := local.CheckGame(s); err != nil {
		t.Errorf("Save between hands wrote a game that does not load: %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	for i, s := range saves {
		if err := local.CheckGame(s); err != nil {
			t.Fatalf("autosave %d of %d does not load: %v", i+1, len(saves), err)
		}
	}
}
