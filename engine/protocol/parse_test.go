package protocol

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"mahjong/engine"
)

func tile(t *testing.T, s string) engine.Tile {
	t.Helper()
	x, err := engine.ParseTile(s)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func mustTiles(t *testing.T, s string) engine.Tiles {
	t.Helper()
	ts, err := engine.ParseTiles(s)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

func TestParseEvent(t *testing.T) {
	b5 := engine.NewTile(engine.Bamboo, 5)
	tests := []struct {
		name   string
		line   string
		want   engine.Event
		err    error  // sentinel expected, nil for success
		format string // String of the result when it differs from line
	}{
		{name: "connect reply", line: "ConnectReply 1110 2 ", want: engine.CConnectReply{Version: 1110, ID: 2}},
		{name: "connect reply no space", line: "ConnectReply 1110 2", want: engine.CConnectReply{Version: 1110, ID: 2}, format: "ConnectReply 1110 2 "},
		{name: "refusal", line: "ConnectReply 1110 0 Game shutting down", want: engine.CConnectReply{Version: 1110, Reason: "Game shutting down"}},
		{name: "player", line: "Player 1 Robot1", want: engine.CPlayer{ID: 1, Name: "Robot1"}},
		{name: "player left", line: "Player 3 ", want: engine.CPlayer{ID: 3}},
		{name: "game", line: "Game 1 2 3 4 E 0 1 0 0 0 0 1110 0", want: engine.CGame{East: 1, South: 2, West: 3, North: 4, Round: engine.East, FirstEast: 1, ProtVersion: 1110}},
		{name: "game unknown round", line: "Game 1 2 3 4 ? 0 1 0 0 0 0 1110 -1", want: engine.CGame{East: 1, South: 2, West: 3, North: 4, FirstEast: 1, ProtVersion: 1110, Manager: -1}},
		{name: "new round", line: "NewRound W", want: engine.CNewRound{Wind: engine.West}},
		{name: "new hand", line: "NewHand 1 2 9", want: engine.CNewHand{East: 1, StartWall: 2, StartStack: 9}},
		{name: "pause", line: "Pause 0 0 to start hand", want: engine.CPause{Text: "to start hand"}},
		{name: "draws", line: "PlayerDraws 2 5B", want: engine.CPlayerDraws{ID: 2, Tile: b5}},
		{name: "draws blank", line: "PlayerDraws 2 --", want: engine.CPlayerDraws{ID: 2}},
		{name: "discards", line: "PlayerDiscards 1 RD 7 1", want: engine.CPlayerDiscards{ID: 1, Tile: engine.RedDragon, Serial: 7, Calling: true}},
		{name: "doesnt claim", line: "PlayerDoesntClaim 3 12 1", want: engine.CPlayerDoesntClaim{ID: 3, Serial: 12, Timeout: true}},
		{name: "chows", line: "PlayerChows 2 3D AnyPos", want: engine.CPlayerChows{ID: 2, Tile: tile(t, "3D"), Pos: engine.AnyPos}},
		{name: "claims chow abbreviated", line: "PlayerClaimsChow 2 4 u", want: engine.CPlayerClaimsChow{ID: 2, Serial: 4, Pos: engine.Upper}, format: "PlayerClaimsChow 2 4 Upper"},
		{name: "shows tiles", line: "PlayerShowsTiles 4 3C 7B 4C", want: engine.CPlayerShowsTiles{ID: 4, Tiles: mustTiles(t, "3C 7B 4C")}},
		{name: "shows nothing", line: "PlayerShowsTiles 4 ", want: engine.CPlayerShowsTiles{ID: 4}},
		{name: "special set", line: "PlayerSpecialSet 2 NW 1B 9B", want: engine.CPlayerSpecialSet{ID: 2, Tile: engine.NorthWind, Tiles: mustTiles(t, "1B 9B")}},
		{name: "option set", line: "PlayerOptionSet InfoTiles 1 1 ", want: engine.CPlayerOptionSet{Option: engine.InfoTiles, Ack: true, Value: 1}},
		{name: "hand score", line: "HandScore 4 32 basic        20 (going Mah Jong)\nSCORE:       32", want: engine.CHandScore{ID: 4, Score: 32, Text: "basic        20 (going Mah Jong)\nSCORE:       32"}},
		{name: "escaped leading space", line: `HandScore 2 500 \ 0.5 Limit  500`, want: engine.CHandScore{ID: 2, Score: 500, Text: " 0.5 Limit  500"}},
		{name: "escaped leading backslash", line: `Message 1 0 \\x`, want: engine.CMessage{Sender: 1, Text: `\x`}},
		{name: "inner backslash", line: `Message 1 0 a\b`, want: engine.CMessage{Sender: 1, Text: `a\b`}},
		{name: "settlement keeps final newlines", line: "Settlement -80 192 -80 -32 South GAINS   192\n\n", want: engine.CSettlement{East: -80, South: 192, West: -80, North: -32, Text: "South GAINS   192\n\n"}},
		{name: "game option", line: "GameOption 0 Timeout nat 0 1 0 time limit for claims", want: engine.CGameOption{Entry: engine.OptionEntry{Name: "Timeout", Type: engine.OptNat, Enabled: true, Desc: "time limit for claims"}}},
		{name: "game option bool", line: "GameOption 3 Flowers bool 1020 1 1 play using flowers and seasons", want: engine.CGameOption{ID: 3, Entry: engine.OptionEntry{Name: "Flowers", Type: engine.OptBool, MinProt: 1020, Enabled: true, Value: 1, Desc: "play using flowers and seasons"}}},
		{name: "game option string", line: "GameOption 0 Name string 1100 0 abc some text", want: engine.CGameOption{Entry: engine.OptionEntry{Name: "Name", Type: engine.OptString, MinProt: 1100, StrValue: "abc", Desc: "some text"}}},
		{name: "game option no desc", line: "GameOption 0 End bool 0 1 1", want: engine.CGameOption{Entry: engine.OptionEntry{Name: "End", Type: engine.OptBool, Enabled: true, Value: 1}}, format: "GameOption 0 End bool 0 1 1 "},
		{name: "comment", line: "# CompletedRounds 0", want: engine.CComment{Text: "CompletedRounds 0"}},
		{name: "empty comment", line: "# ", want: engine.CComment{}},
		{name: "wall", line: "Wall 6C 1B 1F", want: engine.CWall{Tiles: mustTiles(t, "6C 1B 1F")}},
		{name: "swap", line: "SwapTile 1 9C WD", want: engine.CSwapTile{ID: 1, Old: tile(t, "9C"), New: engine.WhiteDragon}},
		{name: "game over", line: "GameOver", want: engine.CGameOver{}},
		{name: "reconnect", line: "Reconnect", want: engine.CReconnect{}},
		{name: "trailing white space", line: "PlayerReady 3 \t\r", want: engine.CPlayerReady{ID: 3}, format: "PlayerReady 3"},
		{name: "extra fields", line: "StartPlay 2 junk", want: engine.CStartPlay{ID: 2}, format: "StartPlay 2"},
		{name: "fields run together", line: "PlayerDiscards 1 5B3 0", want: engine.CPlayerDiscards{ID: 1, Tile: b5, Serial: 3}, format: "PlayerDiscards 1 5B 3 0"},
		{name: "signed numbers", line: "Settlement +1 -2 3 -0 x", want: engine.CSettlement{East: 1, South: -2, West: 3, Text: "x"}, format: "Settlement 1 -2 3 0 x"},

		// errors
		{name: "empty", line: "", err: ErrEmpty},
		{name: "blank", line: " \r", err: ErrEmpty},
		{name: "unknown", line: "Bogus 1", err: ErrUnknown},
		{name: "action keyword", line: "Discard 5B 0", err: ErrUnknown},
		{name: "bad keyword", line: "Player,1 x", err: ErrUnknown},
		{name: "leading space", line: " Player 1 x", err: ErrSyntax},
		{name: "bare keyword", line: "PlayerDraws", err: ErrMissing},
		{name: "missing tile", line: "PlayerDraws 1", err: ErrMissing},
		{name: "bad tile", line: "PlayerDraws 1 ZZ", err: ErrSyntax},
		{name: "short tile", line: "PlayerDraws 1 5", err: ErrSyntax},
		{name: "bad bool", line: "PlayerDiscards 1 5B 3 2", err: ErrSyntax},
		{name: "bad number", line: "StartPlay x", err: ErrSyntax},
		{name: "sign only", line: "StartPlay -", err: ErrSyntax},
		{name: "overflow", line: "StartPlay 99999999999", err: ErrSyntax},
		{name: "bad wind", line: "NewRound X", err: ErrSyntax},
		{name: "bad chow position", line: "PlayerChows 2 3D Sideways", err: ErrSyntax},
		{name: "bad tiles", line: "PlayerShowsTiles 1 3C XX", err: ErrSyntax},
		{name: "bad option type", line: "GameOption 0 X float 0 1 1 d", err: ErrSyntax},
		{name: "bad bool option", line: "GameOption 0 X bool 0 1 2 d", err: ErrSyntax},
		{name: "option name too long", line: "GameOption 0 ABCDEFGHIJKLMNOP bool 0 1 1 d", err: ErrSyntax},
		{name: "option missing value", line: "GameOption 0 X nat 0 1", err: ErrMissing},
		{name: "comment glued", line: "#garbage", err: ErrUnknown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseEvent(tt.line)
			if tt.err != nil {
				if !errors.Is(err, tt.err) {
					t.Fatalf("ParseEvent(%q) = %v, %v; want error %v", tt.line, got, err, tt.err)
				}
				var pe *ParseError
				if !errors.As(err, &pe) || pe.Line != tt.line {
					t.Errorf("error %v is not a *ParseError for the line", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseEvent(%q): %v", tt.line, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ParseEvent(%q) = %#v, want %#v", tt.line, got, tt.want)
			}
			want := tt.line
			if tt.format != "" {
				want = tt.format
			}
			if s := got.String(); s != want {
				t.Errorf("String() = %q, want %q", s, want)
			}
		})
	}
}

func TestParseAction(t *testing.T) {
	b5 := engine.NewTile(engine.Bamboo, 5)
	tests := []struct {
		name   string
		line   string
		want   engine.Action
		err    error
		format string
	}{
		{name: "connect", line: "Connect 1110 0 Robot1", want: engine.PConnect{Version: 1110, Name: "Robot1"}},
		{name: "connect name with spaces", line: "Connect 1110 3 Ann Other", want: engine.PConnect{Version: 1110, LastID: 3, Name: "Ann Other"}},
		{name: "auth", line: "AuthInfo basic secret", want: engine.PAuthInfo{AuthType: "basic", Data: "secret"}},
		{name: "discard", line: "Discard 5B 0", want: engine.PDiscard{Tile: b5}},
		{name: "discard calling", line: "Discard 5B 1", want: engine.PDiscard{Tile: b5, Calling: true}},
		{name: "discard junk", line: "Discard 5B 0 junk", want: engine.PDiscard{Tile: b5}, format: "Discard 5B 0"},
		{name: "discard crlf", line: "Discard 5B 0\r\n", want: engine.PDiscard{Tile: b5}, format: "Discard 5B 0"},
		{name: "no claim", line: "NoClaim 12", want: engine.PNoClaim{Serial: 12}},
		{name: "declare end", line: "DeclareSpecial --", want: engine.PDeclareSpecial{}},
		{name: "chow", line: "Chow 7 Middle", want: engine.PChow{Serial: 7, Pos: engine.Middle}},
		{name: "ready", line: "Ready", want: engine.PReady{}},
		{name: "ready junk", line: "Ready now", want: engine.PReady{}, format: "Ready"},
		{name: "set player option", line: "SetPlayerOption LocalTimeouts 1 0 ", want: engine.PSetPlayerOption{Option: engine.LocalTimeouts, Ack: true}},
		{name: "unknown player option", line: "SetPlayerOption Colour 0 3 red", want: engine.PSetPlayerOption{Value: 3, Text: "red"}, format: "SetPlayerOption Unknown 0 3 red"},
		{name: "set game option", line: "SetGameOption NumRounds 2", want: engine.PSetGameOption{Name: "NumRounds", Value: "2"}},
		{name: "query game option", line: "QueryGameOption Timeout", want: engine.PQueryGameOption{Name: "Timeout"}},
		{name: "list", line: "ListGameOptions 0", want: engine.PListGameOptions{}},
		{name: "send", line: "SendMessage 0 hello  there", want: engine.PSendMessage{Text: "hello  there"}},
		{name: "send escaped", line: `SendMessage 2 \  indented`, want: engine.PSendMessage{Addressee: 2, Text: "  indented"}},
		{name: "save unnamed", line: "SaveState", want: engine.PSaveState{}, format: "SaveState "},
		{name: "swap", line: "SwapTile 1 9C WD", want: engine.PSwapTile{ID: 1, Old: tile(t, "9C"), New: engine.WhiteDragon}},
		{name: "alias d", line: "d 5B 0", want: engine.PDiscard{Tile: b5}, format: "Discard 5B 0"},
		{name: "alias n", line: "n 4", want: engine.PNoClaim{Serial: 4}, format: "NoClaim 4"},
		{name: "alias p", line: "p 4", want: engine.PPung{Serial: 4}, format: "Pung 4"},
		{name: "alias k", line: "k 4", want: engine.PKong{Serial: 4}, format: "Kong 4"},
		{name: "alias c", line: "c 4 l", want: engine.PChow{Serial: 4, Pos: engine.Lower}, format: "Chow 4 Lower"},
		{name: "alias c any", line: "c 4 a", want: engine.PChow{Serial: 4, Pos: engine.AnyPos}, format: "Chow 4 AnyPos"},
		{name: "alias ck", line: "ck RD", want: engine.PDeclareClosedKong{Tile: engine.RedDragon}, format: "DeclareClosedKong RD"},
		{name: "alias ds", line: "ds 1F", want: engine.PDeclareSpecial{Tile: tile(t, "1F")}, format: "DeclareSpecial 1F"},
		{name: "alias st", line: "st 2 1B 2B", want: engine.PSwapTile{ID: 2, Old: tile(t, "1B"), New: tile(t, "2B")}, format: "SwapTile 2 1B 2B"},

		// errors
		{name: "empty", line: "", err: ErrEmpty},
		{name: "crlf only", line: "\r\n", err: ErrEmpty},
		{name: "unknown", line: "Cheat 1", err: ErrUnknown},
		{name: "event keyword", line: "PlayerDraws 1 5B", err: ErrUnknown},
		{name: "comment", line: "# hello", err: ErrUnknown},
		{name: "leading space", line: " Discard 5B 0", err: ErrSyntax},
		{name: "leading tab", line: "\tReady", err: ErrSyntax},
		{name: "bad tile", line: "Discard ZZ 0", err: ErrSyntax},
		{name: "missing calling", line: "Discard 5B", err: ErrMissing},
		{name: "bare discard", line: "Discard", err: ErrMissing},
		{name: "bad serial", line: "NoClaim x", err: ErrSyntax},
		// fixed bugs: each of these bare keywords crashed the 1.11 server.
		{name: "bare NoClaim", line: "NoClaim", err: ErrMissing},
		{name: "bare Pung", line: "Pung", err: ErrMissing},
		{name: "bare Kong", line: "Kong", err: ErrMissing},
		{name: "bare MahJong", line: "MahJong", err: ErrMissing},
		{name: "bare SendMessage", line: "SendMessage", err: ErrMissing},
		{name: "bare QueryGameOption", line: "QueryGameOption", err: ErrMissing},
		{name: "bare ChangeManager", line: "ChangeManager", err: ErrMissing},
		{name: "bare ListGameOptions", line: "ListGameOptions", err: ErrMissing},
		{name: "bare DeclareSpecial", line: "DeclareSpecial", err: ErrMissing},
		{name: "bare Connect", line: "Connect", err: ErrMissing},
		{name: "bare Chow", line: "Chow", err: ErrMissing},
		{name: "chow without position", line: "Chow 3", err: ErrMissing},
		{name: "bad chow position", line: "Chow 3 x", err: ErrSyntax},
		{name: "bad list flag", line: "ListGameOptions 2", err: ErrSyntax},
		{name: "option name too long", line: "SetGameOption " + strings.Repeat("N", 16) + " 1", err: ErrSyntax},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseAction(tt.line)
			if tt.err != nil {
				if !errors.Is(err, tt.err) {
					t.Fatalf("ParseAction(%q) = %v, %v; want error %v", tt.line, got, err, tt.err)
				}
				var pe *ParseError
				if !errors.As(err, &pe) || pe.Line != tt.line {
					t.Errorf("error %v is not a *ParseError for the line", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseAction(%q): %v", tt.line, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ParseAction(%q) = %#v, want %#v", tt.line, got, tt.want)
			}
			want := tt.line
			if tt.format != "" {
				want = tt.format
			}
			if s := got.String(); s != want {
				t.Errorf("String() = %q, want %q", s, want)
			}
		})
	}
}

// TestEveryKeyword checks that each message type's String parses back to
// an equal value, so the decoder tables cover every type.
func TestEveryKeyword(t *testing.T) {
	b5 := engine.NewTile(engine.Bamboo, 5)
	events := []engine.Event{
		engine.CError{Seq: 3, Text: "Protocol error"}, engine.CInfoTiles{ID: 1, Text: "EW EW * --"},
		engine.CStateSaved{ID: 1, Filename: "game.mjs"}, engine.CConnectReply{Version: 1110, ID: 1},
		engine.CReconnect{}, engine.CAuthReqd{AuthType: "basic"}, engine.CRedirect{Dest: "host:5000"},
		engine.CPlayer{ID: 1, Name: "A"}, engine.CNewRound{Wind: engine.North},
		engine.CGame{East: 4, South: 1, West: 2, North: 3, Round: engine.South, HandsAsEast: 2, FirstEast: 1, EastScore: -10, SouthScore: 10, ProtVersion: 1110, Manager: 2},
		engine.CNewHand{East: 2, StartWall: 3, StartStack: 4}, engine.CPlayerDeclaresSpecial{ID: 1, Tile: tile(t, "2S")},
		engine.CStartPlay{ID: 0}, engine.CStopPlay{Text: "Lost connection to player 3; game suspended"},
		engine.CPause{Exempt: 1, Requestor: 2, Text: "to continue play"}, engine.CPlayerReady{ID: 2},
		engine.CPlayerDraws{ID: 1, Tile: b5}, engine.CPlayerDrawsLoose{ID: 1, Tile: b5},
		engine.CPlayerDiscards{ID: 1, Tile: b5, Serial: 2}, engine.CClaimDenied{ID: 1, Text: "There was a prior claim"},
		engine.CPlayerDoesntClaim{ID: 1, Serial: 2}, engine.CDangerousDiscard{ID: 1, Serial: 2, NoChoice: true},
		engine.CPlayerClaimsPung{ID: 1, Serial: 2}, engine.CPlayerPungs{ID: 1, Tile: b5},
		engine.CPlayerFormsClosedPung{ID: 1, Tile: b5}, engine.CPlayerClaimsKong{ID: 1, Serial: 2},
		engine.CPlayerKongs{ID: 1, Tile: b5}, engine.CPlayerDeclaresClosedKong{ID: 1, Tile: b5, Serial: 3},
		engine.CPlayerAddsToPung{ID: 1, Tile: b5, Serial: 3}, engine.CPlayerRobsKong{ID: 1, Tile: b5},
		engine.CCanMahJong{Tile: engine.Blank, Answer: true}, engine.CPlayerClaimsChow{ID: 1, Serial: 2, Pos: engine.Lower},
		engine.CPlayerChows{ID: 1, Tile: b5, Pos: engine.Middle}, engine.CPlayerFormsClosedChow{ID: 1, Tile: b5},
		engine.CWashOut{Text: "wall exhausted"}, engine.CPlayerClaimsMahJong{ID: 1, Serial: 2},
		engine.CPlayerMahJongs{ID: 1}, engine.CPlayerPairs{ID: 1, Tile: b5}, engine.CPlayerFormsClosedPair{ID: 1, Tile: b5},
		engine.CPlayerShowsTiles{ID: 1, Tiles: engine.Tiles{b5, b5}}, engine.CPlayerSpecialSet{ID: 1, Tile: b5, Tiles: engine.Tiles{b5}},
		engine.CPlayerFormsClosedSpecialSet{ID: 1, Tiles: engine.Tiles{b5}},
		engine.CPlayerOptionSet{Option: engine.DelayTime, Value: 5}, engine.CHandScore{ID: 1, Score: 2, Text: "a\nb"},
		engine.CSettlement{East: 1, South: 2, West: 3, North: -6, Text: "x\n\n"}, engine.CGameOver{},
		engine.CGameOption{ID: 1, Entry: engine.OptionEntry{Name: "ScoreLimit", Type: engine.OptScore, Enabled: true, Value: 1000000, Desc: "d"}},
		engine.CChangeManager{ID: 1, Manager: 2}, engine.CMessage{Sender: 0, Addressee: 0, Text: "hi"},
		engine.CWall{Tiles: engine.Tiles{b5, engine.RedDragon}}, engine.CComment{Text: "x"},
		engine.CSwapTile{ID: 1, Old: b5, New: engine.RedDragon},
	}
	for _, ev := range events {
		got, err := ParseEvent(ev.String())
		if err != nil || !reflect.DeepEqual(got, ev) {
			t.Errorf("ParseEvent(%q) = %#v, %v; want %#v", ev.String(), got, err, ev)
		}
	}
	if len(events) != len(eventDecoders) {
		t.Errorf("tested %d event types, decoder table has %d", len(events), len(eventDecoders))
	}
	actions := []engine.Action{
		engine.PConnect{Version: 1110, Name: "x"}, engine.PAuthInfo{AuthType: "basic", Data: "pw"},
		engine.PNewAuthInfo{AuthType: "basic", Data: "pw"}, engine.PRequestReconnect{}, engine.PDisconnect{},
		engine.PSaveState{Filename: "f"}, engine.PLoadState{Filename: "f"}, engine.PDeclareSpecial{Tile: b5},
		engine.PRequestPause{Text: "tea"}, engine.PReady{}, engine.PDiscard{Tile: b5}, engine.PNoClaim{Serial: 1},
		engine.PPung{Serial: 1}, engine.PFormClosedPung{Tile: b5}, engine.PKong{Serial: 1},
		engine.PDeclareClosedKong{Tile: b5}, engine.PAddToPung{Tile: b5}, engine.PQueryMahJong{},
		engine.PChow{Serial: 1, Pos: engine.Upper}, engine.PFormClosedChow{Tile: b5}, engine.PDeclareWashOut{},
		engine.PMahJong{Serial: 0}, engine.PPair{}, engine.PFormClosedPair{Tile: b5}, engine.PShowTiles{},
		engine.PSpecialSet{}, engine.PFormClosedSpecialSet{},
		engine.PSetPlayerOption{Option: engine.InfoTiles, Value: 1}, engine.PSetGameOption{Name: "Timeout", Value: "10"},
		engine.PQueryGameOption{Name: "Timeout"}, engine.PListGameOptions{IncludeDisabled: true},
		engine.PChangeManager{Manager: 3}, engine.PSendMessage{Addressee: 2, Text: " hi\\"},
		engine.PSwapTile{ID: 1, Old: b5, New: engine.RedDragon},
	}
	for _, a := range actions {
		got, err := ParseAction(a.String())
		if err != nil || !reflect.DeepEqual(got, a) {
			t.Errorf("ParseAction(%q) = %#v, %v; want %#v", a.String(), got, err, a)
		}
	}
	if want := len(actionDecoders) - 8; len(actions) != want { // 8 aliases
		t.Errorf("tested %d action types, decoder table has %d", len(actions), want)
	}
}

func TestParseErrorMessage(t *testing.T) {
	_, err := ParseAction("Discard ZZ 0")
	want := `protocol: parsing "Discard ZZ 0": malformed field: tile: bad tile "ZZ"`
	if err == nil || err.Error() != want {
		t.Errorf("error = %v, want %s", err, want)
	}
}

func BenchmarkParseEvent(b *testing.B) {
	lines := []string{
		"PlayerDoesntClaim 3 57 0",
		"PlayerDiscards 2 WD 57 0",
		"PlayerDraws 1 7C",
		"GameOption 0 FlowersBouquet score 0 1 10000 score for all four flowers or all four seasons",
		"HandScore 4 32 basic        20 (going Mah Jong)\nSCORE:       32",
	}
	for b.Loop() {
		for _, l := range lines {
			if _, err := ParseEvent(l); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func mustEvent(t testing.TB, line string) engine.Event {
	t.Helper()
	ev, err := ParseEvent(line)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}
