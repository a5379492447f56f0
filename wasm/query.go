package main

import (
	"net/url"
	"strconv"

	"mahjong/game"
	"mahjong/game/art"
)

// fromQuery reads the settings of a query string such as "?seed=7&start=1";
// values it does not know are ignored.
func fromQuery(search string) game.Config {
	var cfg game.Config
	q, err := url.ParseQuery(trimQuestion(search))
	if err != nil {
		return cfg
	}
	cfg.Name = q.Get("name")
	if n, err := strconv.ParseUint(q.Get("seed"), 10, 64); err == nil {
		cfg.Seed = n
	}
	cfg.AutoStart = q.Get("start") == "1"
	cfg.NoAnimation = q.Get("animate") == "0"
	switch q.Get("wall") {
	case "always":
		cfg.ShowWall = game.WallAlways
	case "never":
		cfg.ShowWall = game.WallNever
	}
	switch q.Get("dialogs") {
	case "below":
		cfg.Dialogs = game.DialogsBelow
	case "popup":
		cfg.Dialogs = game.DialogsPopup
	}
	if q.Get("tileset") == "numbered" {
		cfg.Tileset = art.Numbered
	}
	// A room link (index.html?room=CODE) joins that online game at once;
	// relay=URL points at a relay other than the one beside the page.
	cfg.Room = q.Get("room")
	cfg.Relay = q.Get("relay")
	return cfg
}

func trimQuestion(s string) string {
	if len(s) > 0 && s[0] == '?' {
		return s[1:]
	}
	return s
}
