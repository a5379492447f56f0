package arena_test

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"mahjong/internal/arena"
)

// What WriteJSON writes, ReadJSON reads back: every game with its hands.
func TestJSONRoundTrip(t *testing.T) {
	games := []*arena.GameRecord{
		{Game: 0, Seed: 5, Labels: map[int]string{1: "hard", 2: "classic"}, Finals: map[int]int{1: 40, 2: -40}, Hands: 2,
			Records: []arena.HandRecord{{Game: 0, Seed: 5, Hand: 1, ID: 1, Label: "hard", Net: 60, Won: true, Score: 30},
				{Game: 0, Seed: 5, Hand: 1, ID: 2, Label: "classic", Net: -60}}},
		{Game: 1, Seed: 6, Labels: map[int]string{1: "hard"}, Finals: map[int]int{1: 0}, Failed: "stalled"},
	}
	var buf bytes.Buffer
	if err := arena.WriteJSON(&buf, games); err != nil {
		t.Fatal(err)
	}
	got, err := arena.ReadJSON(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, games) {
		t.Errorf("read back %+v, wrote %+v", got, games)
	}
}

// A file that is not what WriteJSON writes is refused with the line.
func TestReadJSONRefuses(t *testing.T) {
	for _, text := range []string{
		`{"kind":"hand","game":3}`,                                     // a hand before its game
		`{"kind":"game","game":0}` + "\n" + `{"kind":"game","game":0}`, // a game twice
		`{"kind":"round"}`,                                             // unknown kind
		`{"kind":"game","ga`,                                           // cut short
		`not json`,
	} {
		if _, err := arena.ReadJSON(strings.NewReader(text)); err == nil || !strings.Contains(err.Error(), "line ") {
			t.Errorf("%q: error %v, want one that names the line", text, err)
		}
	}
}
