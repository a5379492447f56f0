package server_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"mahjong/engine"
	"mahjong/internal/oracle"
)

// TestReplayFreshOriginalGames plays new games of four original robots on
// the original mj-server, with game options, server flags and robot
// strategies drawn from a seed, and replays each through our controller
// (internal/oracle): every message and every hand-history file must be
// identical. The stored oracle games are fixed; these are games nobody
// has looked at. By default four games of one or two rounds are played;
// MJ_FRESH_GAMES=N plays N games, some of them the whole four rounds, from
// MJ_FRESH_SEED (default 52000): a campaign of a few hundred finds what a
// handful cannot.
func TestReplayFreshOriginalGames(t *testing.T) {
	needOriginals(t)
	n, seed0 := envInt(t, "MJ_FRESH_GAMES", 4), envInt(t, "MJ_FRESH_SEED", 52000)
	long := os.Getenv("MJ_FRESH_GAMES") != ""
	if testing.Short() {
		n = min(n, 1)
	}
	// The original robots use almost no CPU: the games run side by side,
	// a few at a time.
	gate := make(chan struct{}, 8)
	for i := range n {
		seed := seed0 + i
		spec := freshSpec(seed, long)
		t.Run(fmt.Sprintf("seed-%d", seed), func(t *testing.T) {
			t.Parallel()
			gate <- struct{}{}
			defer func() { <-gate }()
			playFresh(t, spec, seed)
		})
	}
}

// envInt reads the whole number in the environment variable name, or def
// when it is not set.
func envInt(t *testing.T, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%s=%q: not a whole number", name, s)
	}
	return n
}

// playFresh plays spec on the original and replays its log.
func playFresh(t *testing.T, spec gameSpec, seed int) {
	orig := serverKind{label: "original (unix)", bin: origServer, unix: true}
	// A stalled original robot (protocol.md section 25) costs the game:
	// try the next seeds' deals instead.
	var run *gameRun
	var err error
	for try := range 3 {
		s := seed + try*100000
		if run, err = playRobots(t.Context(), t, orig, spec, s); err == nil {
			seed = s
			break
		}
		t.Logf("seed %d: %v", s, err)
	}
	if err != nil {
		t.Fatal(err)
	}
	// The replay reads the log and hand histories as the original left
	// them, and the flags from the commands.sh startServer wrote.
	res, err := oracle.Replay(run.dir)
	if err != nil {
		t.Fatal(err)
	}
	if res.Diff != "" || res.Identical != res.Hands {
		t.Fatalf("seed %d, options %q, flags %q, robots %q: %d of %d hands identical; first difference:\n%s",
			seed, spec.options, spec.flags, spec.robots, res.Identical, res.Hands, res.Diff)
	}
	if res.Hands == 0 {
		t.Fatalf("seed %d: no hand played", seed)
	}
	t.Logf("seed %d (%s): %d hands identical, %d hand-history files", seed, spec.name, res.Hands, res.HandFiles)
}

// freshValues are the option values a fresh game draws from: the kinds of
// change the stored oracle games make.
var freshValues = map[string][]int{
	"ScoreLimit": {500, 800, 2000}, "NoLimit": {1}, "MahJongScore": {10, 30},
	"SevenPairs": {1}, "SevenPairsVal": {10000, 40}, "Flowers": {0}, "FlowersLoose": {1},
	"FlowersOwnEach": {10000, 4}, "FlowersOwnBoth": {20000, 0}, "FlowersBouquet": {50000000, 20000},
	"DeadWall": {0}, "DeadWall16": {0}, "ConcealedFully": {30000, 0}, "ConcealedAlmost": {10000},
	"LosersPurity": {1}, "KongHas3Types": {1}, "EastDoubles": {0}, "LosersSettle": {0},
	"DiscDoubles": {1}, "ShowOnWashout": {1}, "NumRounds": {1, 2},
}

// freshKnobs are the original robot's strategy options and their values.
var freshKnobs = []struct {
	flag   string
	values []string
}{
	{"--chowness", []string{"-1.0", "-0.6", "-0.3", "0.3", "0.6", "1.0"}},
	{"--hiddenness", []string{"0.2", "0.4", "0.6", "0.8", "1.0"}},
	{"--majorness", []string{"0.5", "0.8", "1.0"}},
	{"--suitness", []string{"0.2", "0.5", "0.8", "1.0"}},
}

// freshSpec draws a game's options, flags and strategies from its seed;
// without long, a game has at most two rounds.
func freshSpec(seed int, long bool) gameSpec {
	r := rand.New(rand.NewPCG(uint64(seed), 0x6d6a))
	names := make([]string, 0, len(freshValues))
	for k := range freshValues {
		names = append(names, k)
	}
	sort.Strings(names)
	r.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
	chosen := map[string]int{}
	for _, k := range names[:r.IntN(5)] {
		vs := freshValues[k]
		chosen[k] = vs[r.IntN(len(vs))]
	}
	if _, ok := chosen["NumRounds"]; !ok && (!long || r.IntN(10) < 8) {
		chosen["NumRounds"] = 1
	}
	var opts strings.Builder
	var desc []string
	for _, k := range names {
		v, ok := chosen[k]
		if !ok {
			continue
		}
		id, _ := engine.LookupOption(k)
		e := (&engine.Options{}).Entry(id)
		e.Enabled, e.Value = true, v
		opts.WriteString(engine.CGameOption{Entry: e}.String() + "\n")
		desc = append(desc, fmt.Sprintf("%s=%d", k, v))
	}
	spec := gameSpec{name: strings.Join(desc, ","), options: opts.String(), flags: []string{"--hand-history"}}
	if r.IntN(10) < 3 {
		spec.flags = append(spec.flags, "--random-seats")
	}
	if r.IntN(10) < 2 {
		spec.flags = append(spec.flags, "--no-special-scores")
	}
	for i := range spec.robots {
		if r.IntN(10) < 4 {
			continue
		}
		for _, j := range r.Perm(len(freshKnobs))[:1+r.IntN(3)] {
			k := freshKnobs[j]
			spec.robots[i] = append(spec.robots[i], k.flag, k.values[r.IntN(len(k.values))])
		}
	}
	if spec.name == "" {
		spec.name = "defaults"
	}
	return spec
}
