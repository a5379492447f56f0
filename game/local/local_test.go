package local_test

import (
	"runtime"
	"testing"
	"time"

	"strings"

	"mahjong/ai"
	"mahjong/engine"
	"mahjong/game/announce"
	"mahjong/game/client"
	"mahjong/game/client/clienttest"
	"mahjong/game/local"
)

// TestLocalGames plays whole local games (real robots) through the
// client's prompts: nothing we send is refused, every game ends, and no
// goroutine is left behind.
func TestLocalGames(t *testing.T) {
	seeds := []int{1, 2, 3, 4, 5, 6}
	if runtime.GOARCH == "wasm" || testing.Short() {
		seeds = seeds[:1]
	}
	before := goroutines()
	total := map[client.Kind]int{}
	presses := map[string]int{}
	for _, seed := range seeds {
		g, err := local.Start(local.Config{
			Name:        "Ann",
			Robots:      [3]local.Robot{{Name: "Bob", Level: ai.Beginner}, {Name: "Cat"}, {Name: "Dan", Level: ai.Expert}},
			RandomSeats: seed%2 == 0,
			Options:     []string{"NumRounds=1"},
			Seed:        seed,
		})
		if err != nil {
			t.Fatal(err)
		}
		c, err := client.New(g.Conn(), client.Config{Name: "Ann"})
		if err != nil {
			t.Fatal(err)
		}
		pl := clienttest.New(c, uint64(seed))
		said := map[string]int{}
		pl.OnEvent = func(ev engine.Event) {
			if s := announce.Event(c.View(), ev); s != "" {
				said[s]++
			}
		}
		pl.OnPrompt = func(p client.Prompt) {
			s := announce.Prompt(c.View(), p)
			if s == "" {
				t.Errorf("seed %d: nothing said for prompt %v", seed, p.Kind)
			}
			said[s]++
		}
		if err := pl.Play(time.Now().Add(120 * time.Second)); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, lead := range []string{"Scoring: ", "Your turn: ", "Claim window: ", "Ready to start next hand? You may: Ready (R).", "New hand. East is ", "Game over. "} {
			n := 0
			for s := range said {
				if strings.HasPrefix(s, lead) {
					n++
				}
			}
			if n == 0 {
				t.Errorf("seed %d: never said %q", seed, lead)
			}
		}
		for k, n := range pl.Stats.Prompts {
			total[k] += n
		}
		for k, n := range pl.Stats.Presses {
			presses[k] += n
		}
		c.Close()
		g.Close()
		if err := g.Err(); err != nil {
			t.Errorf("seed %d: %v", seed, err)
		}
		if !g.GameOver() {
			t.Errorf("seed %d: game not over", seed)
		}
	}
	t.Logf("prompts: %v", total)
	t.Logf("presses: %v", presses)
	if after := settle(before); after > before {
		buf := make([]byte, 1<<16)
		t.Errorf("goroutines: %d before, %d after\n%s", before, after, buf[:runtime.Stack(buf, true)])
	}
}

// TestCloseMidGame stops a game in the middle, with a claim timer and a
// robot delay running, and leaves no goroutine behind.
func TestCloseMidGame(t *testing.T) {
	before := goroutines()
	g, err := local.Start(local.Config{Name: "Ann", Seed: 7, Timeout: 1, Delay: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	c, err := client.New(g.Conn(), client.Config{Name: "Ann"})
	if err != nil {
		t.Fatal(err)
	}
	// Play until our first discard after a claim window, then stop everything.
	deadline := time.After(30 * time.Second)
	sawClaim := false
	for done := false; !done; {
		select {
		case <-c.Pending():
		case <-deadline:
			t.Fatal("no discard prompt")
		}
		c.Poll()
		p := c.Prompt()
		switch {
		case p.Kind == client.Discard && sawClaim:
			done = true
		case p.Kind == client.None:
		case p.Kind == client.Claim:
			sawClaim = true
			if p.Timeout != time.Second || p.Deadline.IsZero() || p.Remaining(time.Now()) > time.Second {
				t.Errorf("claim prompt with a 1 s limit: timeout %v, deadline %v", p.Timeout, p.Deadline)
			}
			fallthrough
		default:
			if err := clienttest.New(c, 1).Act(p); err != nil {
				t.Fatal(err)
			}
		}
	}
	g.Close()
	c.Close()
	select {
	case <-g.Done():
	default:
		t.Error("Done not closed after Close")
	}
	if after := settle(before); after > before {
		buf := make([]byte, 1<<16)
		t.Errorf("goroutines: %d before, %d after\n%s", before, after, buf[:runtime.Stack(buf, true)])
	}
}

func TestBadConfig(t *testing.T) {
	for _, cfg := range []local.Config{
		{},
		{Name: "Ann", Timeout: -1},
		{Name: "Ann", Options: []string{"Bogus=1"}},
		{Name: "Ann", Options: []string{"Flowers"}},
		{Name: "Ann", Options: []string{"Flowers=maybe"}},
	} {
		if g, err := local.Start(cfg); err == nil {
			g.Close()
			t.Errorf("%+v: no error", cfg)
		}
	}
}

// settle waits (briefly, yielding) for transient goroutines, such as the
// one context.AfterFunc starts on cancel, to finish; it returns the count.
func settle(want int) int {
	deadline := time.Now().Add(5 * time.Second)
	n := goroutines()
	for n > want && time.Now().Before(deadline) {
		runtime.Gosched()
		n = goroutines()
	}
	return n
}

// goroutines counts the goroutines, leaving out the one the WebAssembly
// runtime starts to handle JavaScript events.
func goroutines() int {
	buf := make([]byte, 1<<20)
	stacks := string(buf[:runtime.Stack(buf, true)])
	return strings.Count("\n"+stacks, "\ngoroutine ") - strings.Count(stacks, "runtime.handleEvent(")
}
