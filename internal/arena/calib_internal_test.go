package arena

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"
)

// TestCalibrationJoin: each discard is joined to its own hand's record
// by hand number and player id, lands in the cell of its shanten number
// and live tiles, and counts the score only when the hand went out; a
// discard with no hand record is counted apart.
func TestCalibrationJoin(t *testing.T) {
	g := &GameRecord{Game: 0, Records: []HandRecord{
		{Hand: 1, ID: 2, Won: true, Score: 48},
		{Hand: 1, ID: 1, Score: 10}, // another player's hand: not ours
		{Hand: 2, ID: 2, Score: 6},
	}}
	cal := &Calibration{Label: "hard"}
	cal.join(g, 2, []calibDecision{
		{hand: 1, live: 70, steps: 2, chance: 0.1, worth: 40},
		{hand: 1, live: 20, steps: 0, chance: 0.5, worth: 44},
		{hand: 2, live: 80, steps: 7, chance: 0.05, worth: 30},
		{hand: 3, live: 50, steps: 1, chance: 0.2, worth: 30},
	})
	if cal.Hands != 2 || cal.Won != 1 || cal.Unmatched != 1 {
		t.Errorf("hands %d (won %d), unmatched %d; want 2 (1) and 1", cal.Hands, cal.Won, cal.Unmatched)
	}
	want := map[[2]int]CalibCell{
		{2, 4}: {Decisions: 1, Chance: 0.1, Won: 1, Worth: 40, Score: 48},
		{0, 1}: {Decisions: 1, Chance: 0.5, Won: 1, Worth: 44, Score: 48},
		{4, 5}: {Decisions: 1, Chance: 0.05}, // 7 steps and 80 live go to the last row and band
	}
	for s := range calibSteps {
		for l := range calibLive {
			if got := cal.Cells[s][l]; got != want[[2]int{s, l}] {
				t.Errorf("cell shanten %d, band %d: %+v, want %+v", s, l, got, want[[2]int{s, l}])
			}
		}
	}
	// by estimated score: 40 and 44 share the band 40-60, 30 is below it
	wantWorth := [len(calibWorth)]CalibCell{
		0: {Decisions: 1, Chance: 0.05},
		1: {Decisions: 2, Chance: 0.6, Won: 2, Worth: 84, Score: 96},
	}
	if cal.ByWorth != wantWorth {
		t.Errorf("by worth %+v, want %+v", cal.ByWorth, wantWorth)
	}
	var sb strings.Builder
	cal.Report(&sb)
	for _, line := range []string{
		"calibration of hard: 2 hands (1 went out), 1 discards not joined to a hand",
		"0                 1     50.0%    100.0%      44.0      48.0",
		"4+                1      5.0%      0.0%         -         -",
		"40-60             2     30.0%    100.0%      42.0      48.0",
	} {
		if !strings.Contains(sb.String(), line) {
			t.Errorf("report lacks %q:\n%s", line, sb.String())
		}
	}
}

// TestCalibrate plays a short local match: every discard of the
// calibrated robot is joined to a hand, its estimates are a chance and a
// positive score, and the match itself is the one PlayLocal plays.
func TestCalibrate(t *testing.T) {
	hard, _ := ParseSpec("hard")
	cl, _ := ParseSpec("classic")
	cfg := LocalConfig{Seats: [4]Spec{hard, cl, cl, cl}, Games: 4, FirstSeed: 300}
	cal, games, err := Calibrate(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	checkCalibrated(t, cal, games, LocalTested)
	plain := PlayLocal(context.Background(), cfg)
	for i := range games {
		if fmt.Sprint(games[i].Records) != fmt.Sprint(plain[i].Records) || fmt.Sprint(games[i].Finals) != fmt.Sprint(plain[i].Finals) {
			t.Errorf("game %d differs when calibrated", i)
		}
	}
	if _, _, err := Calibrate(context.Background(), LocalConfig{Seats: [4]Spec{cl, cl, cl, cl}, Games: 1}); err == nil {
		t.Error("calibrating classic, which makes no estimates: no error")
	}
}

// checkCalibrated checks a calibration of games: every discard joined to
// a hand of the robot (id gives its player id in a game), every such hand
// counted and its wins too, plausible sums.
func checkCalibrated(t *testing.T, cal *Calibration, games []*GameRecord, id func(*GameRecord) int) {
	t.Helper()
	hands, won, dealt := 0, 0, 0 // dealt: discards by everybody in the robot's hands
	for _, g := range games {
		hands += g.Hands
		for _, h := range g.Records {
			if h.ID != id(g) {
				continue
			}
			dealt += h.Discards
			if h.Won {
				won++
			}
		}
	}
	if cal.Won != won {
		t.Errorf("%d hands went out, the robot's records say %d", cal.Won, won)
	}
	var total, byWorth CalibCell
	for s := range calibSteps {
		for l := range calibLive {
			total.add(cal.Cells[s][l])
		}
	}
	for _, c := range cal.ByWorth {
		byWorth.add(c)
	}
	// A robot makes about a quarter of a hand's discards (some ten); three
	// a hand on average is a floor no real match comes near, and it can
	// never have made more than everybody together.
	if cal.Unmatched != 0 || cal.Hands != hands || total.Decisions < 3*hands || total.Decisions > dealt {
		t.Errorf("%d hands of %d joined, %d discards (%d by everybody), %d not joined",
			cal.Hands, hands, total.Decisions, dealt, cal.Unmatched)
	}
	if total.Chance <= 0 || total.Chance >= float64(total.Decisions) || total.Won == 0 || total.Worth <= 0 || total.Score <= 0 {
		t.Errorf("implausible sums: %+v", total)
	}
	near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-6*math.Max(1, math.Abs(a)) }
	if byWorth.Decisions != total.Decisions || byWorth.Won != total.Won || !near(byWorth.Chance, total.Chance) ||
		!near(byWorth.Worth, total.Worth) || !near(byWorth.Score, total.Score) {
		t.Errorf("the bands of estimated score sum to %+v, the table to %+v", byWorth, total)
	}
}

// TestCalibrateOriginal calibrates our robot in two games against the
// real original robots: its discards are joined to its own hands (its id
// is the one it connected as, and hand numbers agree with the server's
// log), and the calibrated games are played like plain ones.
func TestCalibrateOriginal(t *testing.T) {
	NeedOriginals(t)
	hard, _ := ParseSpec("hard")
	cfg := OriginalConfig{Ours: &hard, Games: 2, FirstSeed: 21, Jobs: 2, Dir: t.TempDir()}
	cal, games, err := CalibrateOriginal(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if g.Failed != "" {
			t.Fatalf("game %d failed: %s", g.Game, g.Failed)
		}
	}
	checkCalibrated(t, cal, games, OursTested)
	if cal.Label != "hard" {
		t.Errorf("label %q", cal.Label)
	}
	cl, _ := ParseSpec("classic")
	for _, bad := range []OriginalConfig{{Games: 1}, {Ours: &cl, Games: 1}} {
		if _, _, err := CalibrateOriginal(t.Context(), bad); err == nil {
			t.Errorf("calibrating %+v: no error", bad.Ours)
		}
	}
}
