package engine_test

import (
	"errors"
	"testing"

	"mahjong/engine"
)

// TestClaimOutOfPhaseNamesTheClaim applies claims that arrive when there
// is nothing to claim without checking them first (as a seat's view
// does): each is refused with its own words and changes nothing.
func TestClaimOutOfPhaseNamesTheClaim(t *testing.T) {
	tile, err := engine.ParseTile("5C")
	if err != nil {
		t.Fatal(err)
	}
	claims := []struct {
		ev   engine.Event
		want string
	}{
		{engine.CPlayerPungs{ID: 1, Tile: tile}, "Nothing to pung"},
		{engine.CPlayerChows{ID: 1, Tile: tile, Pos: engine.Lower}, "Nothing to chow"},
	}
	for _, c := range claims {
		g := engine.NewGame()
		g.Players[0].ID = 1
		g.Phase = engine.Discarding
		before := *g.Players[0]
		err := g.Apply(c.ev, false)
		var ae *engine.ApplyError
		if !errors.As(err, &ae) || ae.Text != c.want {
			t.Errorf("%v out of phase: %v, want %q", c.ev, err, c.want)
		}
		if *g.Players[0] != before || g.Phase != engine.Discarding {
			t.Errorf("%v out of phase changed the table", c.ev)
		}
	}
}
