package arena

import (
	"context"
	"encoding/json"
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
