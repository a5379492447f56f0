package arena_test

import (
	"bytes"
	"strings"
	"testing"

	"mahjong/internal/arena"
)

// Wins are grouped by the doubles they hold: a win with two doubles
// counts under both, one with none under "(no double)", losing hands and
// failed games not at all; shares are of the label's wins and means are
// of the scores of the wins in the group.
func TestWinKinds(t *testing.T) {
	won := func(label string, score int, why ...string) arena.HandRecord {
		return arena.HandRecord{Label: label, Won: true, Score: score, Why: why}
	}
	games := []*arena.GameRecord{
		{Records: []arena.HandRecord{
			won("hard", 30),
			won("hard", 200, "pung/kong of dragons", "no chows"),
			won("hard", 100, "pung/kong of dragons"),
			{Label: "hard", Score: 40}, // lost: not a win
			won("classic", 50, "no score hand"),
		}},
		{Failed: "stalled", Records: []arena.HandRecord{won("hard", 1000, "all majors")}},
		{Records: []arena.HandRecord{won("hard", 34)}},
	}
	kinds := arena.WinKinds(games)
	hard := kinds["hard"]
	want := []arena.WinKind{
		{Name: "(no double)", Wins: 2, Share: 0.5, Mean: 32},
		{Name: "pung/kong of dragons", Wins: 2, Share: 0.5, Mean: 150},
		{Name: "no chows", Wins: 1, Share: 0.25, Mean: 200},
	}
	if len(hard) != len(want) {
		t.Fatalf("hard's kinds: %+v, want %+v", hard, want)
	}
	for i := range want {
		if hard[i] != want[i] {
			t.Errorf("hard's kind %d: %+v, want %+v", i, hard[i], want[i])
		}
	}
	if got := hard[1].Part(); got != 75 {
		t.Errorf("the dragons' part of the mean winning score: %v, want 75", got)
	}
	if c := kinds["classic"]; len(c) != 1 || c[0].Name != "no score hand" || c[0].Share != 1 {
		t.Errorf("classic's kinds: %+v", c)
	}
	var buf bytes.Buffer
	arena.ReportWins(&buf, games)
	text := buf.String()
	for _, s := range []string{"classic: wins by double", "hard: wins by double", "pung/kong of dragons", " 50.00 %", "150.0"} {
		if !strings.Contains(text, s) {
			t.Errorf("the report lacks %q:\n%s", s, text)
		}
	}
	if strings.Index(text, "classic:") > strings.Index(text, "hard:") {
		t.Errorf("labels out of order:\n%s", text)
	}
}

// Wins without a double are grouped by the scoring sets that kept them
// from the no-score hand: each name once with its count, in the same
// order whichever order the score listed them; wins with a double, lost
// hands and failed games are left out.
func TestNoDoubleSets(t *testing.T) {
	won := func(score int, why []string, sets ...string) arena.HandRecord {
		return arena.HandRecord{Label: "hard", Won: true, Score: score, Why: why, Sets: sets}
	}
	games := []*arena.GameRecord{
		{Records: []arena.HandRecord{
			won(30, nil, "open pung of minors"),
			won(34, nil, "pair of dragons", "open pung of minors", "open pung of minors"),
			won(38, nil, "open pung of minors", "pair of dragons", "open pung of minors"),
			won(120, []string{"pung/kong of dragons"}, "open pung of majors"),
			{Label: "hard", Score: 12, Sets: []string{"open pung of minors"}},
		}},
		{Failed: "stalled", Records: []arena.HandRecord{won(30, nil, "closed pung of minors")}},
		{Records: []arena.HandRecord{won(26, nil)}},
	}
	sets := arena.NoDoubleSets(games)["hard"]
	want := []arena.WinKind{
		{Name: "2 × open pung of minors + pair of dragons", Wins: 2, Share: 0.5, Mean: 36},
		{Name: "(no scoring set)", Wins: 1, Share: 0.25, Mean: 26},
		{Name: "open pung of minors", Wins: 1, Share: 0.25, Mean: 30},
	}
	if len(sets) != len(want) {
		t.Fatalf("groups %+v, want %+v", sets, want)
	}
	for i := range want {
		if sets[i] != want[i] {
			t.Errorf("group %d: %+v, want %+v", i, sets[i], want[i])
		}
	}
	var buf bytes.Buffer
	arena.ReportWins(&buf, games)
	if text := buf.String(); !strings.Contains(text, "hard: wins without a double by their scoring sets") ||
		!strings.Contains(text, "2 × open pung of minors + pair of dragons") {
		t.Errorf("the report lacks the groups:\n%s", text)
	}
}
