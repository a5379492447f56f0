package arena

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"mahjong/ai"
	"mahjong/engine"
)

func probeConfig(t *testing.T) ProbeConfig {
	t.Helper()
	hard, err := ParseSpec("hard")
	if err != nil {
		t.Fatal(err)
	}
	classic, err := ParseSpec("classic")
	if err != nil {
		t.Fatal(err)
	}
	return ProbeConfig{Robot: hard, Others: classic, Hands: 3, FirstSeed: 8000000, Rollouts: 3, Options: 2,
		Claims: true, Discards: true, Jobs: 2}
}

// TestProbe: every decision of the probed hands is reported with its
// options played out, the robot's choice first, and the probe is a pure
// function of its configuration.
func TestProbe(t *testing.T) {
	cfg := probeConfig(t)
	run := func() ([]*ProbeRecord, map[int]string) {
		var recs []*ProbeRecord
		lines := map[int]string{}
		err := Probe(context.Background(), cfg, func(r *ProbeRecord) {
			recs = append(recs, r)
			b, _ := json.Marshal(r)
			lines[r.Seed*1000+r.Seq] = string(b)
		})
		if err != nil {
			t.Fatal(err)
		}
		return recs, lines
	}
	recs, first := run()
	claims, discards, differ := 0, 0, 0
	for _, r := range recs {
		if r.Claim {
			claims++
		} else {
			discards++
		}
		if len(r.Options) != 2 || len(r.Mean) != 2 || len(r.Diff) != 2 || len(r.Values) != 2 {
			t.Fatalf("decision %d of seed %d: %d options, %d means, %d diffs", r.Seq, r.Seed, len(r.Options), len(r.Mean), len(r.Diff))
		}
		if r.Diff[0] != 0 || r.Half[0] != 0 {
			t.Errorf("the choice against itself: %v ± %v", r.Diff[0], r.Half[0])
		}
		if r.Mean[1] != r.Mean[0] {
			differ++
		}
	}
	if claims == 0 || discards < 10 {
		t.Errorf("%d claim and %d discard decisions in three hands", claims, discards)
	}
	if differ == 0 {
		t.Error("no alternative changed the result of its hand: the forced actions were not played")
	}
	_, second := run()
	if len(second) != len(first) {
		t.Fatalf("second run: %d decisions, first %d", len(second), len(first))
	}
	for k, v := range first {
		if second[k] != v {
			t.Fatalf("the probe is not reproducible:\n%s\n%s", v, second[k])
		}
	}
}

// TestProbeForce: forcing the robot's own choice, without shuffling,
// replays the hand exactly; forcing another discard plays that discard.
func TestProbeForce(t *testing.T) {
	cfg := probeConfig(t)
	const seed, idx = 8000002, 2
	var decisions []ai.Decision
	free, err := playFirstHand(cfg, seed, idx, nil, func(d *ai.Decision, v *engine.View) {
		c := *d
		c.Options = append([]ai.Weighed(nil), d.Options...)
		decisions = append(decisions, c)
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range decisions {
		net, err := playFirstHand(cfg, seed, idx, &probeForce{at: d.Seq, act: d.Options[0].Action}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if net != free {
			t.Fatalf("forcing decision %d to its own choice: net %d, unforced %d", d.Seq, net, free)
		}
	}
	var d ai.Decision
	for _, x := range decisions {
		if !x.Claim && len(x.Options) > 1 {
			d = x
			break
		}
	}
	if d.Seq == 0 {
		t.Fatal("no discard decision with a choice")
	}
	alt := d.Options[1].Action.(engine.PDiscard).Tile
	var next string
	_, err = playFirstHand(cfg, seed, idx, &probeForce{at: d.Seq, act: d.Options[1].Action}, func(x *ai.Decision, v *engine.View) {
		if x.Seq == d.Seq+1 {
			next = handString(v.Me())
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	chosen := d.Options[0].Action.(engine.PDiscard).Tile
	if alt != chosen && next != "" && !containsTile(next, chosen) {
		t.Errorf("forced to throw %v instead of %v, the next decision's hand %q lacks %v", alt, chosen, next, chosen)
	}
}

func containsTile(hand string, t engine.Tile) bool {
	for _, f := range strings.FieldsFunc(hand, func(r rune) bool { return r == ' ' || r == '[' || r == ']' }) {
		if f == t.String() {
			return true
		}
	}
	return false
}

func TestProbeRefusesClassic(t *testing.T) {
	cfg := probeConfig(t)
	cfg.Robot = cfg.Others
	if err := Probe(context.Background(), cfg, func(*ProbeRecord) {}); err == nil {
		t.Error("probing the classic imitation: no error")
	}
}

// TestRedeal: the tiles we cannot see (the undrawn wall, flowers left in
// place, and the others' concealed tiles) are shuffled among themselves;
// our own tiles and the drawn part of the wall stay; each other player's
// view of its own hand is the game's, with a discard the game has taken
// and the view has yet to hear of kept.
func TestRedeal(t *testing.T) {
	tiles := func(s string) engine.Tiles {
		ts, err := engine.ParseTiles(s)
		if err != nil {
			t.Fatal(err)
		}
		return ts
	}
	g := engine.NewGame()
	g.Wall = *engine.NewWall(tiles("1B 2B 3B 1F 4B 5B 6B 7B 2S 8B 9B 1C 2C 3C"), false, false)
	g.Wall.LiveUsed = 2
	hands := []string{"1D 2D 3D", "4D 5D 6D", "7D 8D 9D", "EW SW WW"}
	var seats [engine.NumSeats]localSeat
	for i := range seats {
		g.Players[i].ID = i + 1
		for _, tl := range tiles(hands[i]) {
			if err := g.Players[i].DrawsTile(tl); err != nil {
				t.Fatal(err)
			}
		}
		v := engine.NewView()
		v.ID = i + 1
		*v.Game.Players[i] = *g.Players[i]
		seats[i].view = v
	}
	// seat 2 has discarded its 9D: the game knows, its view not yet
	if err := seats[2].view.Me().DrawsTile(tiles("NW")[0]); err != nil {
		t.Fatal(err)
	}
	before := g.Wall.Tiles[2:]
	pool := func() []string {
		var s []string
		for _, tl := range g.Wall.Tiles[2:] {
			s = append(s, tl.String())
		}
		for _, i := range []int{1, 2, 3} {
			for _, tl := range g.Players[i].Concealed[:g.Players[i].NumConcealed] {
				s = append(s, tl.String())
			}
		}
		slices.Sort(s)
		return s
	}
	want, wall := pool(), append(engine.Tiles(nil), g.Wall.Tiles...)
	redeal(g, &seats, 0, 1, 2, false)
	if got := pool(); !slices.Equal(got, want) {
		t.Errorf("the hidden tiles after the redeal: %v, want %v", got, want)
	}
	if s := handString(g.Players[0]); s != "1D 2D 3D " {
		t.Errorf("our hand after the redeal: %q", s)
	}
	moved := 0
	for i, tl := range g.Wall.Tiles {
		switch {
		case i < 2 || wall[i].IsSpecial():
			if tl != wall[i] {
				t.Errorf("wall tile %d (drawn or a flower) changed from %v to %v", i, wall[i], tl)
			}
		case tl != wall[i]:
			moved++
		}
	}
	if moved == 0 {
		t.Errorf("nothing moved in the wall %v (was %v)", before, wall)
	}
	for _, i := range []int{1, 2, 3} {
		gp, vp := g.Players[i], seats[i].view.Me()
		n := gp.NumConcealed
		if !slices.Equal(vp.Concealed[:n], gp.Concealed[:n]) {
			t.Errorf("seat %d: view %v, game %v", i, vp.Concealed[:vp.NumConcealed], gp.Concealed[:n])
		}
		extra := 0
		if i == 2 {
			extra = 1
			if vp.Concealed[n] != tiles("NW")[0] {
				t.Errorf("seat 2's pending discard: %v", vp.Concealed[:vp.NumConcealed])
			}
		}
		if vp.NumConcealed != n+extra {
			t.Errorf("seat %d: view holds %d, game %d", i, vp.NumConcealed, n)
		}
	}
}

// TestMatchShanten: a hand dealt at random is brought to the shanten
// number asked for by swaps with the wall, and the hand and the wall
// together keep the same tiles.
func TestMatchShanten(t *testing.T) {
	set := engine.TileSet(false)
	for _, want := range []int{0, 1, 2} {
		rng := rand.New(rand.NewPCG(uint64(want), 7))
		tiles := slices.Clone(set)
		rng.Shuffle(len(tiles), func(i, j int) { tiles[i], tiles[j] = tiles[j], tiles[i] })
		p := &engine.Player{}
		for _, tl := range tiles[:13] {
			if err := p.DrawsTile(tl); err != nil {
				t.Fatal(err)
			}
		}
		var wall []*engine.Tile
		for i := 13; i < len(tiles); i++ {
			wall = append(wall, &tiles[i])
		}
		before := func() []engine.Tile {
			all := slices.Clone(p.Concealed[:p.NumConcealed])
			for _, w := range wall {
				all = append(all, *w)
			}
			slices.Sort(all)
			return all
		}
		pool := before()
		from := shantenOf(p)
		matchShanten(p, want, wall, rng)
		if got := shantenOf(p); got != want {
			t.Errorf("from shanten %d: matched to %d, want %d (%v)", from, got, want, p.Concealed[:p.NumConcealed])
		}
		if !slices.Equal(before(), pool) {
			t.Errorf("want %d: the hand and the wall no longer hold the same tiles", want)
		}
	}
}

// TestProbeHidden: with the others' hands dealt afresh at every play the
// probe still plays every decision out (every view stays in step with
// the game, no hand stalls), keeps each play's net, and its results
// differ from those of the wall's shuffle alone.
func TestProbeHidden(t *testing.T) {
	cfg := probeConfig(t)
	// the seventh of these hands stalled while the others answered a
	// discard before our robot did (oursFirst)
	cfg.Hidden, cfg.Nets, cfg.FirstSeed, cfg.Hands, cfg.Rollouts = true, true, 70001, 7, 4
	var recs []*ProbeRecord
	if err := Probe(context.Background(), cfg, func(r *ProbeRecord) { recs = append(recs, r) }); err != nil {
		t.Fatal(err)
	}
	claims := 0
	for _, r := range recs {
		if r.Claim {
			claims++
		}
		if len(r.Nets) != len(r.Options) {
			t.Fatalf("decision %d of seed %d: nets of %d options, %d options", r.Seq, r.Seed, len(r.Nets), len(r.Options))
		}
		for o, ns := range r.Nets {
			sum := 0
			for _, n := range ns {
				sum += n
			}
			if len(ns) != cfg.Rollouts || float64(sum)/float64(len(ns)) != r.Mean[o] {
				t.Errorf("decision %d of seed %d, option %d: nets %v, mean %v", r.Seq, r.Seed, o, ns, r.Mean[o])
			}
		}
	}
	if claims == 0 || len(recs) < 20 {
		t.Fatalf("%d decisions, %d of them claims", len(recs), claims)
	}
	cfg.Hidden, cfg.Nets = false, false
	mean := probeMeans(t, cfg)
	differ := 0
	for _, r := range recs {
		if m, ok := mean[[2]int{r.Seed, r.Seq}]; ok && m != r.Mean[0] {
			differ++
		}
	}
	if differ == 0 {
		t.Error("dealing the others' hands afresh changed no result")
	}
}

// TestSearchReport: a search decides on one half of the plays and is
// judged on the other. An option better on every play is always taken
// and gains its difference; one that looks better only on the half the
// search sees is taken once and costs; one worse everywhere is never
// taken. Hands without decisions count as no gain.
func TestSearchReport(t *testing.T) {
	flat := func(v int) []int { return []int{v, v, v, v, v, v, v, v} }
	alt := []int{50, -50, 50, -50, 50, -50, 50, -50}
	recs := []*ProbeRecord{
		{Seed: 1, Claim: true, Options: []string{"NoClaim", "Pung"}, Nets: [][]int{flat(0), flat(100)}},
		{Seed: 2, Claim: true, Options: []string{"NoClaim", "Chow"}, Nets: [][]int{flat(0), alt}},
		{Seed: 3, Options: []string{"Discard 1B", "Discard 2B"}, Nets: [][]int{flat(0), flat(-10)}},
		{Seed: 4, Claim: true, Options: []string{"NoClaim", "Pung"}}, // no nets: left out
	}
	gain, switched, n := searchGain(recs[:3], true, 1)
	if gain[1] != 100 || gain[2] != -25 || switched != 3 || n != 4 {
		t.Errorf("claims: gain %v, %d of %d switched; want 100 and -25, 3 of 4", gain, switched, n)
	}
	if gain, switched, n := searchGain(recs[:3], false, 1); len(gain) != 0 || switched != 0 || n != 2 {
		t.Errorf("discards: gain %v, %d of %d switched; want none of 2", gain, switched, n)
	}
	var b strings.Builder
	SearchReport(&b, recs, 4)
	out := b.String()
	for _, want := range []string{"over 3 decisions", "claims   switching at 1.0 standard errors: 18.75 ±", "(75.0 % of 4 changed)", "discards switching at 3.0 standard errors: 0.00 ±"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
}

// TestProbeMatch: with the others' hands brought to their real shanten
// numbers the probe still plays every decision of its hands out, and its
// plays differ from those on uniform deals.
func TestProbeMatch(t *testing.T) {
	cfg := probeConfig(t)
	cfg.Hidden, cfg.FirstSeed, cfg.Hands, cfg.Rollouts = true, 70001, 2, 2
	uniform := probeMeans(t, cfg)
	cfg.Match = true
	matched := probeMeans(t, cfg)
	if len(matched) != len(uniform) || len(matched) < 10 {
		t.Fatalf("%d decisions matched, %d on uniform deals", len(matched), len(uniform))
	}
	differ := 0
	for k, m := range matched {
		if uniform[k] != m {
			differ++
		}
	}
	if differ == 0 {
		t.Error("matching the others' shanten numbers changed no result")
	}
}

// probeMeans runs the probe of cfg and returns the mean net of the
// robot's own choice at each decision, by seed and decision number.
func probeMeans(t *testing.T, cfg ProbeConfig) map[[2]int]float64 {
	t.Helper()
	mean := map[[2]int]float64{}
	if err := Probe(context.Background(), cfg, func(r *ProbeRecord) { mean[[2]int{r.Seed, r.Seq}] = r.Mean[0] }); err != nil {
		t.Fatal(err)
	}
	return mean
}
