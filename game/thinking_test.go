package game

import (
	"slices"
	"testing"

	"mahjong/engine"
)

// TestThinkingClaims: while a discard is in play, "…" goes over every
// other player who has not claimed it, never over the discarder, us, or
// a player whose claim is already shown.
func TestThinkingClaims(t *testing.T) {
	g := engine.NewGame()
	for i := range g.Players {
		g.Players[i] = &engine.Player{ID: i + 1}
	}
	g.Active = true
	g.Phase = engine.Discarded
	g.Player = engine.Seat(2) // West discarded
	var none [4]bubble
	// We sit South (seat 1): West (the discarder) is on our right, North
	// across, East on our left.
	if got, want := thinkingClaims(g, 1, &none), []int{PosLeft, PosTop}; !slices.Equal(got, want) {
		t.Errorf("nobody claimed: %v, want %v", got, want)
	}
	// North's pung is shown: only East is still thinking.
	g.Claims[3] = engine.PungClaim
	shown := none
	shown[PosTop].text = "Pung!"
	if got, want := thinkingClaims(g, 1, &shown), []int{PosLeft}; !slices.Equal(got, want) {
		t.Errorf("North claimed: %v, want %v", got, want)
	}
	g.Phase = engine.Discarding
	if got := thinkingClaims(g, 1, &none); len(got) != 0 {
		t.Errorf("no discard in play, yet %v", got)
	}
}
