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
