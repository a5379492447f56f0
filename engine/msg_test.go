package engine

import (
	"fmt"
	"testing"
)

// TestMessageString checks String against lines taken from the original
// server's logs, including their trailing spaces.
func TestMessageString(t *testing.T) {
	tests := []struct {
		name string
		msg  fmt.Stringer
		want string
	}{
		{"connect reply", CConnectReply{Version: 1110, ID: 2}, "ConnectReply 1110 2 "},
		{"refused", CConnectReply{Version: 1110, Reason: "No room"}, "ConnectReply 1110 0 No room"},
		{"player", CPlayer{ID: 1, Name: "Robot1"}, "Player 1 Robot1"},
		{"player left", CPlayer{ID: 3}, "Player 3 "},
		{"game", CGame{East: 1, South: 2, West: 3, North: 4, Round: East, FirstEast: 1, ProtVersion: 1110},
			"Game 1 2 3 4 E 0 1 0 0 0 0 1110 0"},
		{"new round", CNewRound{Wind: South}, "NewRound S"},
		{"pause", CPause{Text: "to start hand"}, "Pause 0 0 to start hand"},
		{"draws", CPlayerDraws{ID: 2, Tile: NewTile(Bamboo, 5)}, "PlayerDraws 2 5B"},
		{"draws hidden", CPlayerDraws{ID: 2}, "PlayerDraws 2 --"},
		{"discards", CPlayerDiscards{ID: 1, Tile: RedDragon, Serial: 7}, "PlayerDiscards 1 RD 7 0"},
		{"calling", CPlayerDiscards{ID: 1, Tile: RedDragon, Serial: 7, Calling: true}, "PlayerDiscards 1 RD 7 1"},
		{"doesnt claim", CPlayerDoesntClaim{ID: 3, Serial: 12}, "PlayerDoesntClaim 3 12 0"},
		{"claims chow", CPlayerClaimsChow{ID: 2, Serial: 4, Pos: Upper}, "PlayerClaimsChow 2 4 Upper"},
		{"chows any", CPlayerChows{ID: 2, Tile: NewTile(Circles, 3), Pos: AnyPos}, "PlayerChows 2 3D AnyPos"},
		{"closed kong", CPlayerDeclaresClosedKong{ID: 4, Tile: WestWind, Serial: 30}, "PlayerDeclaresClosedKong 4 WW 30"},
		{"shows tiles", CPlayerShowsTiles{ID: 1, Tiles: Tiles{EastWind, EastWind}}, "PlayerShowsTiles 1 EW EW"},
		{"shows nothing", CPlayerShowsTiles{ID: 1}, "PlayerShowsTiles 1 "},
		{"option set", CPlayerOptionSet{Option: InfoTiles, Ack: true, Value: 1}, "PlayerOptionSet InfoTiles 1 1 "},
		{"hand score multi-line", CHandScore{ID: 4, Score: 32, Text: "basic        20 (going Mah Jong)\nSCORE:       32"},
			"HandScore 4 32 basic        20 (going Mah Jong)\nSCORE:       32"},
		{"leading space escaped", CHandScore{ID: 2, Score: 500, Text: " 0.5 Limit  500 (all four flowers)"},
			`HandScore 2 500 \ 0.5 Limit  500 (all four flowers)`},
		{"leading backslash escaped", CMessage{Sender: 1, Text: `\x`}, `Message 1 0 \\x`},
		{"inner backslash kept", CMessage{Sender: 1, Text: `a\b`}, `Message 1 0 a\b`},
		{"game option", CGameOption{Entry: OptionEntry{Name: "Timeout", Type: OptNat, Enabled: true, Desc: "time limit for claims"}},
			"GameOption 0 Timeout nat 0 1 0 time limit for claims"},
		{"string option", CGameOption{ID: 2, Entry: OptionEntry{Name: "X", Type: OptString, MinProt: 1100, StrValue: "abc", Desc: "d"}},
			"GameOption 2 X string 1100 0 abc d"},
		{"comment", CComment{Text: "CompletedRounds 0"}, "# CompletedRounds 0"},
		{"wall", CWall{Tiles: Tiles{NewTile(FlowerSuit, 1), GreenDragon}}, "Wall 1F GD"},
		{"swap", CSwapTile{ID: 1, Old: NewTile(Characters, 9), New: WhiteDragon}, "SwapTile 1 9C WD"},
		{"game over", CGameOver{}, "GameOver"},
		{"connect", PConnect{Version: 1110, Name: "Robot1"}, "Connect 1110 0 Robot1"},
		{"discard", PDiscard{Tile: NewTile(Bamboo, 5)}, "Discard 5B 0"},
		{"no claim", PNoClaim{Serial: 3}, "NoClaim 3"},
		{"chow", PChow{Serial: 0, Pos: Lower}, "Chow 0 Lower"},
		{"declare end", PDeclareSpecial{}, "DeclareSpecial --"},
		{"set option", PSetPlayerOption{Option: LocalTimeouts, Ack: true}, "SetPlayerOption LocalTimeouts 1 0 "},
		{"unknown option", PSetPlayerOption{Option: UnknownPlayerOption}, "SetPlayerOption Unknown 0 0 "},
		{"list options", PListGameOptions{IncludeDisabled: true}, "ListGameOptions 1"},
		{"set game option", PSetGameOption{Name: "NumRounds", Value: "2"}, "SetGameOption NumRounds 2"},
		{"send", PSendMessage{Text: "hi all"}, "SendMessage 0 hi all"},
		{"save unnamed", PSaveState{}, "SaveState "},
		{"ready", PReady{}, "Ready"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.msg.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestEnums(t *testing.T) {
	for _, o := range []PlayerOption{UnknownPlayerOption, InfoTiles, LocalTimeouts, DelayTime} {
		if got := ParsePlayerOption(o.String()); got != o {
			t.Errorf("ParsePlayerOption(%q) = %v", o.String(), got)
		}
	}
	if got := ParsePlayerOption("Bogus"); got != UnknownPlayerOption {
		t.Errorf("ParsePlayerOption(Bogus) = %v", got)
	}
	for _, ty := range []OptionType{OptBool, OptInt, OptNat, OptScore, OptString} {
		got, err := ParseOptionType(ty.String())
		if err != nil || got != ty {
			t.Errorf("ParseOptionType(%q) = %v, %v", ty.String(), got, err)
		}
	}
	if _, err := ParseOptionType("float"); err == nil {
		t.Error("ParseOptionType(float) succeeded")
	}
}
