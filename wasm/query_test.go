package main

import (
	"testing"

	"mahjong/game"
	"mahjong/game/art"
)

func TestFromQuery(t *testing.T) {
	tests := []struct {
		name   string
		search string
		want   game.Config
	}{
		{name: "empty", search: "", want: game.Config{}},
		{name: "question only", search: "?", want: game.Config{}},
		{name: "all", search: "?name=Ann&seed=42&start=1&animate=0&wall=never&dialogs=below&tileset=numbered",
			want: game.Config{Name: "Ann", Seed: 42, AutoStart: true, NoAnimation: true, ShowWall: game.WallNever, Dialogs: game.DialogsBelow, Tileset: art.Numbered}},
		{name: "wall always, popup", search: "wall=always&dialogs=popup", want: game.Config{ShowWall: game.WallAlways, Dialogs: game.DialogsPopup}},
		{name: "escaped name", search: "?name=Li%20Wei", want: game.Config{Name: "Li Wei"}},
		{name: "room link", search: "?room=ABCDEFGH23456789", want: game.Config{Room: "ABCDEFGH23456789"}},
		{name: "other relay", search: "?room=X&relay=wss%3A%2F%2Fr.example.org%2Frelay", want: game.Config{Room: "X", Relay: "wss://r.example.org/relay"}},
		// errors: ignored, defaults kept
		{name: "bad seed", search: "?seed=-1&start=yes", want: game.Config{}},
		{name: "unknown values", search: "?wall=sometimes&dialogs=left&tileset=fancy&x=1", want: game.Config{}},
		{name: "bad escape", search: "?name=%zz", want: game.Config{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := fromQuery(tt.search)
			if got.Name != tt.want.Name || got.Seed != tt.want.Seed || got.AutoStart != tt.want.AutoStart ||
				got.NoAnimation != tt.want.NoAnimation || got.ShowWall != tt.want.ShowWall ||
				got.Dialogs != tt.want.Dialogs || got.Tileset != tt.want.Tileset ||
				got.Room != tt.want.Room || got.Relay != tt.want.Relay {
				t.Errorf("fromQuery(%q) = %+v, want %+v", tt.search, got, tt.want)
			}
		})
	}
}
