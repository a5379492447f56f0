package client_test

import (
	"runtime"
	"testing"
	"time"

	"mahjong/engine"
	"mahjong/game/client"
	"mahjong/game/client/clienttest"
)

func oneRound() []engine.CGameOption {
	d := engine.OptionDefs[engine.OptNumRounds]
	return []engine.CGameOption{{Entry: engine.OptionEntry{Name: d.Name, Type: d.Type, Enabled: true, Value: 1, Desc: d.Desc}}}
}

// TestScriptedGames plays whole games against scripted seats through
// the client's prompts only: no request is ever refused and every game
// ends.
func TestScriptedGames(t *testing.T) {
	seeds := 8
	if runtime.GOARCH == "wasm" || testing.Short() {
		seeds = 2
	}
	total := map[client.Kind]int{}
	presses := map[string]int{}
	for seed := 1; seed <= seeds; seed++ {
		h := startHost(t, engine.ServerOptions{Seed: seed, OptionFile: oneRound()})
		c, err := client.New(h.ours, client.Config{Name: "Ann", Sort: client.SortMode(seed % 3)})
		if err != nil {
			t.Fatal(err)
		}
		pl := clienttest.New(c, uint64(seed))
		if err := pl.Play(time.Now().Add(60 * time.Second)); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if h.err != nil {
			t.Fatalf("seed %d: host: %v", seed, h.err)
		}
		if pl.Stats.Scored == 0 {
			t.Errorf("seed %d: no hand scored", seed)
		}
		// The Scoring window names every player, ourselves included.
		for _, hs := range c.Scoring().Hands {
			if hs.Name == "" || hs.ID == c.View().ID && hs.Name != "Ann" {
				t.Errorf("seed %d: hand score of player %d named %q (we are %d, Ann)", seed, hs.ID, hs.Name, c.View().ID)
			}
		}
		for k, n := range pl.Stats.Prompts {
			total[k] += n
		}
		for k, n := range pl.Stats.Presses {
			presses[k] += n
		}
		c.Close()
	}
	t.Logf("prompts: %v", total)
	t.Logf("presses: %v", presses)
	for _, k := range []client.Kind{client.Ready, client.Declare, client.Discard, client.Claim, client.DeclareSets} {
		if total[k] == 0 {
			t.Errorf("no %v prompt in %d games", k, seeds)
		}
	}
}
