package local_test

import (
	"os"
	"strconv"
	"testing"
	"time"

	"mahjong/game/client"
	"mahjong/game/client/clienttest"
	"mahjong/game/local"
)

// TestManyGames plays MJ_LOCAL_GAMES full games (default: skipped), for
// coverage of rare prompts such as robbing a kong.
func TestManyGames(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("MJ_LOCAL_GAMES"))
	if n == 0 {
		t.Skip("set MJ_LOCAL_GAMES=n to play n full games")
	}
	total := map[client.Kind]int{}
	for seed := 100; seed < 100+n; seed++ {
		g, err := local.Start(local.Config{Name: "Ann", Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		c, _ := client.New(g.Conn(), client.Config{Name: "Ann"})
		pl := clienttest.New(c, uint64(seed))
		if err := pl.Play(time.Now().Add(300 * time.Second)); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for k, v := range pl.Stats.Prompts {
			total[k] += v
		}
		c.Close()
		g.Close()
	}
	t.Logf("prompts: %v", total)
}
