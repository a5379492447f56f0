package ai

import (
	"testing"

	"mahjong/engine"
)

// TestHazardTables: nobody goes out at the very start, the chance grows
// through the hand, and a player with more exposed sets is likelier to
// go out at every stage.
func TestHazardTables(t *testing.T) {
	if h := hazardAt(0); h != 0 {
		t.Errorf("hazard at the first discard %v, want 0", h)
	}
	for d := 4.0; d <= 72; d += 2 {
		if hazardAt(d) < hazardAt(d-2) {
			t.Errorf("hazard falls from discard %v to %v", d-2, d)
		}
		for e := 1; e <= 4; e++ {
			if oppHazardAt(d, e) < oppHazardAt(d, e-1) {
				t.Errorf("at discard %v a player with %d exposed sets is less likely to go out than one with %d", d, e, e-1)
			}
		}
	}
	if a, b := oppHazardAt(24, 3), oppHazardAt(24, 0); a < 3*b {
		t.Errorf("at discard 24: three exposed sets %v, none %v; want at least three times", a, b)
	}
	if h := oppHazardAt(1000, 9); h != hazardOpp[len(hazardOpp)-1][4] {
		t.Errorf("beyond the table: %v", h)
	}
}

// hazardRobot returns a robot whose survival follows the tuning tu, and
// its context for a position with d discards made and the others'
// declared sets of melds.
func hazardRobot(t *testing.T, tu string, d int, melds [engine.NumSeats][]string) (*Robot, *context) {
	t.Helper()
	tun, err := ParseTuning(tu)
	if err != nil {
		t.Fatal(err)
	}
	ps := position{hand: "1B 2B 3B 5C 6C 9C 9C 2D 4D 7D WW RD GD", melds: melds}
	v := ps.view(t)
	for i := range d {
		v.Game.DiscardedCount[tileOf[i%NumKinds]]++
	}
	r := New(Options{Level: Hard, Tuning: tun})
	return r, r.load(v)
}

// TestSurvivalsByTime: with the time shape the first turns of a hand
// are almost safe and each later turn less so; the constant survival is
// the same every turn; the middle of the hand is riskier than its start.
func TestSurvivalsByTime(t *testing.T) {
	none := [engine.NumSeats][]string{}
	_, x := hazardRobot(t, "timeHazard=0,survival=0.87", 0, none)
	for i, s := range x.survAt {
		if s != 0.87 {
			t.Fatalf("constant survival: turn %d %v", i, s)
		}
	}
	_, early := hazardRobot(t, "timeHazard=1,hazExposed=0", 0, none)
	if early.survAt[0] < 0.99 {
		t.Errorf("first turn of a hand: survival %v, want about 1", early.survAt[0])
	}
	for i := 1; i < 15; i++ {
		if early.survAt[i] > early.survAt[i-1] {
			t.Errorf("survival rises from turn %d to %d: %v", i-1, i, early.survAt[:15])
		}
	}
	_, mid := hazardRobot(t, "timeHazard=1,hazExposed=0", 36, none)
	if mid.survAt[0] > 0.9 || mid.survAt[0] >= early.survAt[0] {
		t.Errorf("after 36 discards: survival %v (at the start %v)", mid.survAt[0], early.survAt[0])
	}
	// a slow hand loses less to the race at the start of a hand than
	// the constant says
	r0, x0 := hazardRobot(t, "timeHazard=0", 0, none)
	r1, x1 := hazardRobot(t, "timeHazard=1", 0, none)
	slow0, fast0 := r0.pWin(x0, 3, 30, -1), r0.pWin(x0, 1, 30, -1)
	slow1, fast1 := r1.pWin(x1, 3, 30, -1), r1.pWin(x1, 1, 30, -1)
	if slow1/fast1 <= slow0/fast0 {
		t.Errorf("three steps against one, early: %v with the time shape, %v with the constant", slow1/fast1, slow0/fast0)
	}
}

// TestSurvivalsByExposure: others who have exposed sets are nearer to
// going out, and with hazExposed the race says so.
func TestSurvivalsByExposure(t *testing.T) {
	var quiet, busy [engine.NumSeats][]string
	busy[1] = []string{"Pung 5B", "Chow 2C", "Pung WW"}
	busy[2] = []string{"Pung RD", "Chow 6D"}
	_, a := hazardRobot(t, "timeHazard=1,hazExposed=1", 24, quiet)
	_, b := hazardRobot(t, "timeHazard=1,hazExposed=1", 24, busy)
	if b.survAt[0] >= a.survAt[0]-0.05 {
		t.Errorf("after 24 discards: survival %v with five sets exposed around the table, %v with none", b.survAt[0], a.survAt[0])
	}
	_, c := hazardRobot(t, "timeHazard=1,hazExposed=0", 24, busy)
	_, d := hazardRobot(t, "timeHazard=1,hazExposed=0", 24, quiet)
	if c.survAt[0] != d.survAt[0] {
		t.Errorf("without hazExposed the exposed sets count: %v against %v", c.survAt[0], d.survAt[0])
	}
}

// TestThreatDoubles: the others' declared doubling pungs (dragons, their
// own and the prevailing wind) count, at most two; with the threat
// tunable they shorten the survival (checked on the constant alone,
// timeHazard 0, where the figures are exact), without it nothing changes.
func TestThreatDoubles(t *testing.T) {
	var melds [engine.NumSeats][]string
	_, quiet := hazardRobot(t, "timeHazard=0,threat=0.05", 0, melds)
	if got := quiet.threatDoubles(); got != 0 {
		t.Errorf("no sets declared: %v doubles", got)
	}
	melds[1] = []string{"Pung RD", "Pung 5B"}
	melds[2] = []string{"Chow 2C"}
	_, one := hazardRobot(t, "timeHazard=0,threat=0.05", 0, melds)
	if got := one.threatDoubles(); got != 1 {
		t.Errorf("a red dragon pung: %v doubles, want 1", got)
	}
	melds[3] = []string{"Pung GD", "Kong WD"}
	_, many := hazardRobot(t, "timeHazard=0,threat=0.05,survival=0.87", 0, melds)
	if got := many.threatDoubles(); got != 2 {
		t.Errorf("three dragon sets: %v doubles, want at most 2", got)
	}
	survivalNear(t, many, 0.77, "two doubles out")
	_, off := hazardRobot(t, "timeHazard=0,survival=0.87", 0, melds)
	if off.survAt[0] != 0.87 {
		t.Errorf("without the tunable: survival %v", off.survAt[0])
	}
}

// TestThreatSets: each claimed set of another player beyond its first
// counts, at most three in all; with the threatSets tunable they shorten
// the survival (checked on the constant alone, timeHazard 0), without it
// nothing changes.
func TestThreatSets(t *testing.T) {
	var melds [engine.NumSeats][]string
	melds[1] = []string{"Pung 5B"}
	_, one := hazardRobot(t, "timeHazard=0,threatSets=0.02,survival=0.87", 0, melds)
	if got := one.threatSets(); got != 0 {
		t.Errorf("a single claimed set: %v, want 0", got)
	}
	melds[1] = []string{"Pung 5B", "Chow 2C", "Pung 9D"}
	_, two := hazardRobot(t, "timeHazard=0,threatSets=0.02,survival=0.87", 0, melds)
	if got := two.threatSets(); got != 2 {
		t.Errorf("three claimed sets: %v, want 2", got)
	}
	survivalNear(t, two, 0.83, "two sets beyond the first")
	melds[2] = []string{"Pung 1C", "Pung 2D", "Chow 6B"}
	_, many := hazardRobot(t, "timeHazard=0,threatSets=0.02", 0, melds)
	if got := many.threatSets(); got != 3 {
		t.Errorf("six claimed sets in two hands: %v, want at most 3", got)
	}
	_, off := hazardRobot(t, "timeHazard=0,survival=0.87", 0, melds)
	if off.survAt[0] != 0.87 {
		t.Errorf("without the tunable: survival %v", off.survAt[0])
	}
}

// TestSpareThreat: a win is credited spareThreat points for each double
// on the others' declared sets, on top of the plain spare.
func TestSpareThreat(t *testing.T) {
	var melds [engine.NumSeats][]string
	melds[1] = []string{"Pung RD"}
	_, x := hazardRobot(t, "spare=0,spareThreat=30", 0, melds)
	if x.keep != 30 {
		t.Errorf("one double out: keep %v, want 30", x.keep)
	}
	_, off := hazardRobot(t, "spare=0", 0, melds)
	if off.keep != 0 {
		t.Errorf("without the tunable: keep %v", off.keep)
	}
}

// survivalNear checks the first turn's survival against want.
func survivalNear(t *testing.T, x *context, want float64, what string) {
	t.Helper()
	if got := x.survAt[0]; got < want-1e-4 || got > want+1e-4 {
		t.Errorf("survival with %s: %v, want %v", what, got, want)
	}
}

// TestHardRacesByTime: Hard weighs the race half by the measured time
// shape, so a turn early in a hand is safer than the constant survival
// says and one late in it riskier, and a slow hand is worth relatively
// more at the start of a hand than with the constant alone.
func TestHardRacesByTime(t *testing.T) {
	none := [engine.NumSeats][]string{}
	r, early := hazardRobot(t, "", 0, none)
	_, late := hazardRobot(t, "", 48, none)
	c := r.survivalNow()
	if early.survAt[0] <= c || late.survAt[0] >= c {
		t.Errorf("Hard's survival: %v at the start, %v after 48 discards; the constant alone %v", early.survAt[0], late.survAt[0], c)
	}
	r0, x0 := hazardRobot(t, "timeHazard=0", 0, none)
	slow, fast := r.pWin(early, 3, 30, -1), r.pWin(early, 1, 30, -1)
	slow0, fast0 := r0.pWin(x0, 3, 30, -1), r0.pWin(x0, 1, 30, -1)
	if slow/fast <= slow0/fast0 {
		t.Errorf("three steps against one, early: %v for Hard, %v with the constant", slow/fast, slow0/fast0)
	}
}
