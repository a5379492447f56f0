package protocol

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"mahjong/engine"
)

// Sentinel errors wrapped by *ParseError. Callers test them with
// errors.Is; a controller answers all of them with "Protocol error".
var (
	ErrEmpty   = errors.New("empty line")
	ErrUnknown = errors.New("unknown message")
	ErrMissing = errors.New("missing field")
	ErrSyntax  = errors.New("malformed field")
)

// ParseError reports a line that is not a valid message. Err wraps one of
// the sentinels above, with detail.
type ParseError struct {
	Line string // the logical line as given
	Err  error  // why it was rejected
}

func (e *ParseError) Error() string {
	return "protocol: parsing " + strconv.Quote(e.Line) + ": " + e.Err.Error()
}

func (e *ParseError) Unwrap() error { return e.Err }

// Longest words the original accepts: option and authorisation names are
// read into 16-byte buffers, a string option value into a 128-byte one.
const (
	maxWord      = 15
	maxValueWord = 127
)

// ParseEvent parses one logical line sent by a controller (a CMsg).
func ParseEvent(line string) (engine.Event, error) {
	kw, f, err := split(line, true)
	if err != nil {
		return nil, err
	}
	dec, ok := eventDecoders[kw]
	if !ok {
		return nil, &ParseError{line, fmt.Errorf("%w %q", ErrUnknown, kw)}
	}
	ev := dec(f)
	if f.err != nil {
		return nil, &ParseError{line, f.err}
	}
	return ev, nil
}

// ParseAction parses one logical line sent by a player (a PMsg). It
// accepts the short aliases of the original decoder (d, n, p, k, c, ck,
// ds, st).
func ParseAction(line string) (engine.Action, error) {
	kw, f, err := split(line, false)
	if err != nil {
		return nil, err
	}
	dec, ok := actionDecoders[kw]
	if !ok {
		return nil, &ParseError{line, fmt.Errorf("%w %q", ErrUnknown, kw)}
	}
	a := dec(f)
	if f.err != nil {
		return nil, &ParseError{line, f.err}
	}
	return a, nil
}

// split separates the keyword from the fields. Trailing white space is
// dropped, except newlines: a text that ends in newlines (Settlement does)
// keeps them, so that String reproduces the line. The original drops
// those too, which changes nothing but the look of the text.
func split(line string, comment bool) (string, *fields, error) {
	s := strings.TrimRight(line, " \t\r\v\f")
	if strings.TrimSpace(s) == "" {
		return "", nil, &ParseError{line, ErrEmpty}
	}
	if isSpace(s[0]) {
		return "", nil, &ParseError{line, fmt.Errorf("%w: leading white space", ErrSyntax)}
	}
	i := 0
	for i < len(s) && !isSpace(s[i]) {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || comment && c == '#') {
			return "", nil, &ParseError{line, fmt.Errorf("%w: bad keyword %q", ErrUnknown, s[:i+1])}
		}
		i++
	}
	f := &fields{s: s[i:]}
	f.skip()
	return s[:i], f, nil
}

// isSpace matches C's isspace in the "C" locale.
func isSpace(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\v', '\f', '\r':
		return true
	}
	return false
}

// fields reads the fields of a message the way the original's sscanf
// calls do: each field starts at the next non-space byte; a number ends
// where its digits end, a tile after two bytes, so "Discard 5B0" reads as
// "Discard 5B 0"; whatever follows the last field is ignored. The first
// error sticks and makes every later read return a zero value.
type fields struct {
	s   string // rest of the line, starting at a field
	err error  // first error
}

func (f *fields) skip() {
	i := 0
	for i < len(f.s) && isSpace(f.s[i]) {
		i++
	}
	f.s = f.s[i:]
}

// ok reports whether a field can be read, recording ErrMissing if the
// line has ended.
func (f *fields) ok(what string) bool {
	if f.err != nil {
		return false
	}
	if f.s == "" {
		f.err = fmt.Errorf("%w: %s", ErrMissing, what)
		return false
	}
	return true
}

func (f *fields) fail(format string, args ...any) {
	f.err = fmt.Errorf("%w: "+format, append([]any{ErrSyntax}, args...)...)
}

// token returns the next run of at most max non-space bytes (max <= 0:
// no limit).
func (f *fields) token(max int) string {
	i := 0
	for i < len(f.s) && !isSpace(f.s[i]) && (max <= 0 || i < max) {
		i++
	}
	t := f.s[:i]
	f.s = f.s[i:]
	f.skip()
	return t
}

func (f *fields) int(what string) int {
	if !f.ok(what) {
		return 0
	}
	i := 0
	if f.s[0] == '-' || f.s[0] == '+' {
		i++
	}
	j := i
	for j < len(f.s) && f.s[j] >= '0' && f.s[j] <= '9' {
		j++
	}
	if j == i {
		f.fail("%s: want a number, have %q", what, f.token(0))
		return 0
	}
	n, err := strconv.ParseInt(f.s[:j], 10, 32)
	if err != nil {
		f.fail("%s: %q out of range", what, f.s[:j])
		return 0
	}
	f.s = f.s[j:]
	f.skip()
	return int(n)
}

func (f *fields) bool(what string) bool {
	n := f.int(what)
	if f.err == nil && n != 0 && n != 1 {
		f.fail("%s: want 0 or 1, have %d", what, n)
	}
	return n == 1
}

func (f *fields) tile(what string) engine.Tile {
	if !f.ok(what) {
		return engine.Blank
	}
	w := f.token(2)
	t, err := engine.ParseTile(w)
	if err != nil {
		f.fail("%s: bad tile %q", what, w)
	}
	return t
}

func (f *fields) wind(what string) engine.Wind {
	if !f.ok(what) {
		return engine.NoWind
	}
	c := f.s[:1]
	f.s = f.s[1:]
	f.skip()
	w, err := engine.ParseWind(c)
	if err != nil {
		f.fail("%s: bad wind %q", what, c)
	}
	return w
}

func (f *fields) chowPos(what string) engine.ChowPos {
	if !f.ok(what) {
		return engine.AnyPos
	}
	w := f.token(0)
	p, err := engine.ParseChowPos(w)
	if err != nil {
		f.fail("%s: bad chow position %q", what, w)
	}
	return p
}

func (f *fields) word(what string, max int) string {
	if !f.ok(what) {
		return ""
	}
	w := f.token(0)
	if len(w) > max {
		f.fail("%s: word %.20q... longer than %d bytes", what, w, max)
		return ""
	}
	return w
}

func (f *fields) playerOption(what string) engine.PlayerOption {
	if !f.ok(what) {
		return engine.UnknownPlayerOption
	}
	return engine.ParsePlayerOption(f.token(0))
}

// text returns the rest of the line, which may be empty, less one leading
// backslash: the sender escapes a text that starts with a space or a
// backslash that way.
func (f *fields) text() string {
	if f.err != nil {
		return ""
	}
	t := f.s
	f.s = ""
	if t != "" && t[0] == '\\' {
		t = t[1:]
	}
	return t
}

func (f *fields) tiles(what string) engine.Tiles {
	t := f.text()
	if f.err != nil {
		return nil
	}
	ts, err := engine.ParseTiles(t)
	if err != nil {
		f.fail("%s: %v", what, err)
		return nil
	}
	if len(ts) == 0 {
		return nil
	}
	return ts
}

// optionEntry reads NAME TYPE MINPROT ENABLED VALUE DESC. The description
// is not escaped by the original: it runs to the end of the physical line
// and loses trailing white space.
func (f *fields) optionEntry() engine.OptionEntry {
	var e engine.OptionEntry
	e.Name = f.word("option name", maxWord)
	if !f.ok("option type") {
		return e
	}
	ty := f.token(0)
	t, err := engine.ParseOptionType(ty)
	if err != nil {
		f.fail("option type: %q", ty)
		return e
	}
	e.Type = t
	e.MinProt = f.int("protocol version")
	e.Enabled = f.int("enabled") != 0
	switch e.Type {
	case engine.OptBool:
		if f.bool("value") {
			e.Value = 1
		}
	case engine.OptString:
		e.StrValue = f.word("value", maxValueWord)
	default:
		e.Value = f.int("value")
	}
	if f.err != nil {
		return e
	}
	d := f.s
	if i := strings.IndexAny(d, "\r\n"); i >= 0 {
		d = d[:i]
	}
	e.Desc = strings.TrimRight(d, " \t\r\v\f")
	f.s = ""
	return e
}

type eventDecoder func(*fields) engine.Event

type actionDecoder func(*fields) engine.Action

// eventDecoders maps each CMsg keyword to its decoder.
var eventDecoders = map[string]eventDecoder{
	"Error": func(f *fields) engine.Event {
		return engine.CError{Seq: f.int("seq"), Text: f.text()}
	},
	"InfoTiles": func(f *fields) engine.Event {
		return engine.CInfoTiles{ID: f.int("id"), Text: f.text()}
	},
	"StateSaved": func(f *fields) engine.Event {
		return engine.CStateSaved{ID: f.int("id"), Filename: f.text()}
	},
	"ConnectReply": func(f *fields) engine.Event {
		return engine.CConnectReply{Version: f.int("version"), ID: f.int("id"), Reason: f.text()}
	},
	"Reconnect": func(f *fields) engine.Event { return engine.CReconnect{} },
	"AuthReqd": func(f *fields) engine.Event {
		return engine.CAuthReqd{AuthType: f.word("auth type", maxWord), Data: f.text()}
	},
	"Redirect": func(f *fields) engine.Event { return engine.CRedirect{Dest: f.text()} },
	"Player": func(f *fields) engine.Event {
		return engine.CPlayer{ID: f.int("id"), Name: f.text()}
	},
	"NewRound": func(f *fields) engine.Event { return engine.CNewRound{Wind: f.wind("wind")} },
	"Game": func(f *fields) engine.Event {
		return engine.CGame{
			East: f.int("east"), South: f.int("south"), West: f.int("west"), North: f.int("north"),
			Round:       f.wind("round"),
			HandsAsEast: f.int("hands as east"), FirstEast: f.int("first east"),
			EastScore: f.int("east score"), SouthScore: f.int("south score"),
			WestScore: f.int("west score"), NorthScore: f.int("north score"),
			ProtVersion: f.int("protocol version"), Manager: f.int("manager"),
		}
	},
	"NewHand": func(f *fields) engine.Event {
		return engine.CNewHand{East: f.int("east"), StartWall: f.int("start wall"), StartStack: f.int("start stack")}
	},
	"PlayerDeclaresSpecial": func(f *fields) engine.Event {
		return engine.CPlayerDeclaresSpecial{ID: f.int("id"), Tile: f.tile("tile")}
	},
	"StartPlay": func(f *fields) engine.Event { return engine.CStartPlay{ID: f.int("id")} },
	"StopPlay":  func(f *fields) engine.Event { return engine.CStopPlay{Text: f.text()} },
	"Pause": func(f *fields) engine.Event {
		return engine.CPause{Exempt: f.int("exempt"), Requestor: f.int("requestor"), Text: f.text()}
	},
	"PlayerReady": func(f *fields) engine.Event { return engine.CPlayerReady{ID: f.int("id")} },
	"PlayerDraws": func(f *fields) engine.Event {
		return engine.CPlayerDraws{ID: f.int("id"), Tile: f.tile("tile")}
	},
	"PlayerDrawsLoose": func(f *fields) engine.Event {
		return engine.CPlayerDrawsLoose{ID: f.int("id"), Tile: f.tile("tile")}
	},
	"PlayerDiscards": func(f *fields) engine.Event {
		return engine.CPlayerDiscards{ID: f.int("id"), Tile: f.tile("tile"), Serial: f.int("serial"), Calling: f.bool("calling")}
	},
	"ClaimDenied": func(f *fields) engine.Event {
		return engine.CClaimDenied{ID: f.int("id"), Text: f.text()}
	},
	"PlayerDoesntClaim": func(f *fields) engine.Event {
		return engine.CPlayerDoesntClaim{ID: f.int("id"), Serial: f.int("serial"), Timeout: f.bool("timeout")}
	},
	"DangerousDiscard": func(f *fields) engine.Event {
		return engine.CDangerousDiscard{ID: f.int("id"), Serial: f.int("serial"), NoChoice: f.bool("nochoice")}
	},
	"PlayerClaimsPung": func(f *fields) engine.Event {
		return engine.CPlayerClaimsPung{ID: f.int("id"), Serial: f.int("serial")}
	},
	"PlayerPungs": func(f *fields) engine.Event {
		return engine.CPlayerPungs{ID: f.int("id"), Tile: f.tile("tile")}
	},
	"PlayerFormsClosedPung": func(f *fields) engine.Event {
		return engine.CPlayerFormsClosedPung{ID: f.int("id"), Tile: f.tile("tile")}
	},
	"PlayerClaimsKong": func(f *fields) engine.Event {
		return engine.CPlayerClaimsKong{ID: f.int("id"), Serial: f.int("serial")}
	},
	"PlayerKongs": func(f *fields) engine.Event {
		return engine.CPlayerKongs{ID: f.int("id"), Tile: f.tile("tile")}
	},
	"PlayerDeclaresClosedKong": func(f *fields) engine.Event {
		return engine.CPlayerDeclaresClosedKong{ID: f.int("id"), Tile: f.tile("tile"), Serial: f.int("serial")}
	},
	"PlayerAddsToPung": func(f *fields) engine.Event {
		return engine.CPlayerAddsToPung{ID: f.int("id"), Tile: f.tile("tile"), Serial: f.int("serial")}
	},
	"PlayerRobsKong": func(f *fields) engine.Event {
		return engine.CPlayerRobsKong{ID: f.int("id"), Tile: f.tile("tile")}
	},
	"CanMahJong": func(f *fields) engine.Event {
		return engine.CCanMahJong{Tile: f.tile("tile"), Answer: f.bool("answer")}
	},
	"PlayerClaimsChow": func(f *fields) engine.Event {
		return engine.CPlayerClaimsChow{ID: f.int("id"), Serial: f.int("serial"), Pos: f.chowPos("position")}
	},
	"PlayerChows": func(f *fields) engine.Event {
		return engine.CPlayerChows{ID: f.int("id"), Tile: f.tile("tile"), Pos: f.chowPos("position")}
	},
	"PlayerFormsClosedChow": func(f *fields) engine.Event {
		return engine.CPlayerFormsClosedChow{ID: f.int("id"), Tile: f.tile("tile")}
	},
	"WashOut": func(f *fields) engine.Event { return engine.CWashOut{Text: f.text()} },
	"PlayerClaimsMahJong": func(f *fields) engine.Event {
		return engine.CPlayerClaimsMahJong{ID: f.int("id"), Serial: f.int("serial")}
	},
	"PlayerMahJongs": func(f *fields) engine.Event {
		return engine.CPlayerMahJongs{ID: f.int("id"), Tile: f.tile("tile")}
	},
	"PlayerPairs": func(f *fields) engine.Event {
		return engine.CPlayerPairs{ID: f.int("id"), Tile: f.tile("tile")}
	},
	"PlayerFormsClosedPair": func(f *fields) engine.Event {
		return engine.CPlayerFormsClosedPair{ID: f.int("id"), Tile: f.tile("tile")}
	},
	"PlayerShowsTiles": func(f *fields) engine.Event {
		return engine.CPlayerShowsTiles{ID: f.int("id"), Tiles: f.tiles("tiles")}
	},
	"PlayerSpecialSet": func(f *fields) engine.Event {
		return engine.CPlayerSpecialSet{ID: f.int("id"), Tile: f.tile("tile"), Tiles: f.tiles("tiles")}
	},
	"PlayerFormsClosedSpecialSet": func(f *fields) engine.Event {
		return engine.CPlayerFormsClosedSpecialSet{ID: f.int("id"), Tiles: f.tiles("tiles")}
	},
	"PlayerOptionSet": func(f *fields) engine.Event {
		return engine.CPlayerOptionSet{Option: f.playerOption("option"), Ack: f.bool("ack"), Value: f.int("value"), Text: f.text()}
	},
	"HandScore": func(f *fields) engine.Event {
		return engine.CHandScore{ID: f.int("id"), Score: f.int("score"), Text: f.text()}
	},
	"Settlement": func(f *fields) engine.Event {
		return engine.CSettlement{East: f.int("east"), South: f.int("south"), West: f.int("west"), North: f.int("north"), Text: f.text()}
	},
	"GameOver": func(f *fields) engine.Event { return engine.CGameOver{} },
	"GameOption": func(f *fields) engine.Event {
		return engine.CGameOption{ID: f.int("id"), Entry: f.optionEntry()}
	},
	"ChangeManager": func(f *fields) engine.Event {
		return engine.CChangeManager{ID: f.int("id"), Manager: f.int("manager")}
	},
	"Message": func(f *fields) engine.Event {
		return engine.CMessage{Sender: f.int("sender"), Addressee: f.int("addressee"), Text: f.text()}
	},
	"Wall": func(f *fields) engine.Event { return engine.CWall{Tiles: f.tiles("wall")} },
	"#":    func(f *fields) engine.Event { return engine.CComment{Text: f.text()} },
	"SwapTile": func(f *fields) engine.Event {
		return engine.CSwapTile{ID: f.int("id"), Old: f.tile("old tile"), New: f.tile("new tile")}
	},
}

// actionDecoders maps each PMsg keyword, and the original's aliases, to
// its decoder.
var actionDecoders = map[string]actionDecoder{
	"Connect": func(f *fields) engine.Action {
		return engine.PConnect{Version: f.int("version"), LastID: f.int("last id"), Name: f.text()}
	},
	"AuthInfo": func(f *fields) engine.Action {
		return engine.PAuthInfo{AuthType: f.word("auth type", maxWord), Data: f.text()}
	},
	"NewAuthInfo": func(f *fields) engine.Action {
		return engine.PNewAuthInfo{AuthType: f.word("auth type", maxWord), Data: f.text()}
	},
	"RequestReconnect": func(f *fields) engine.Action { return engine.PRequestReconnect{} },
	"Disconnect":       func(f *fields) engine.Action { return engine.PDisconnect{} },
	"SaveState":        func(f *fields) engine.Action { return engine.PSaveState{Filename: f.text()} },
	"LoadState":        func(f *fields) engine.Action { return engine.PLoadState{Filename: f.text()} },
	"DeclareSpecial":   func(f *fields) engine.Action { return engine.PDeclareSpecial{Tile: f.tile("tile")} },
	"RequestPause":     func(f *fields) engine.Action { return engine.PRequestPause{Text: f.text()} },
	"Ready":            func(f *fields) engine.Action { return engine.PReady{} },
	"Discard": func(f *fields) engine.Action {
		return engine.PDiscard{Tile: f.tile("tile"), Calling: f.bool("calling")}
	},
	"NoClaim":        func(f *fields) engine.Action { return engine.PNoClaim{Serial: f.int("serial")} },
	"Pung":           func(f *fields) engine.Action { return engine.PPung{Serial: f.int("serial")} },
	"FormClosedPung": func(f *fields) engine.Action { return engine.PFormClosedPung{Tile: f.tile("tile")} },
	"Kong":           func(f *fields) engine.Action { return engine.PKong{Serial: f.int("serial")} },
	"DeclareClosedKong": func(f *fields) engine.Action {
		return engine.PDeclareClosedKong{Tile: f.tile("tile")}
	},
	"AddToPung":    func(f *fields) engine.Action { return engine.PAddToPung{Tile: f.tile("tile")} },
	"QueryMahJong": func(f *fields) engine.Action { return engine.PQueryMahJong{Tile: f.tile("tile")} },
	"Chow": func(f *fields) engine.Action {
		return engine.PChow{Serial: f.int("serial"), Pos: f.chowPos("position")}
	},
	"FormClosedChow":       func(f *fields) engine.Action { return engine.PFormClosedChow{Tile: f.tile("tile")} },
	"DeclareWashOut":       func(f *fields) engine.Action { return engine.PDeclareWashOut{} },
	"MahJong":              func(f *fields) engine.Action { return engine.PMahJong{Serial: f.int("serial")} },
	"Pair":                 func(f *fields) engine.Action { return engine.PPair{} },
	"FormClosedPair":       func(f *fields) engine.Action { return engine.PFormClosedPair{Tile: f.tile("tile")} },
	"ShowTiles":            func(f *fields) engine.Action { return engine.PShowTiles{} },
	"SpecialSet":           func(f *fields) engine.Action { return engine.PSpecialSet{} },
	"FormClosedSpecialSet": func(f *fields) engine.Action { return engine.PFormClosedSpecialSet{} },
	"SetPlayerOption": func(f *fields) engine.Action {
		return engine.PSetPlayerOption{Option: f.playerOption("option"), Ack: f.bool("ack"), Value: f.int("value"), Text: f.text()}
	},
	"SetGameOption": func(f *fields) engine.Action {
		return engine.PSetGameOption{Name: f.word("option name", maxWord), Value: f.text()}
	},
	"QueryGameOption": func(f *fields) engine.Action {
		return engine.PQueryGameOption{Name: f.word("option name", maxWord)}
	},
	"ListGameOptions": func(f *fields) engine.Action {
		return engine.PListGameOptions{IncludeDisabled: f.bool("include disabled")}
	},
	"ChangeManager": func(f *fields) engine.Action {
		return engine.PChangeManager{Manager: f.int("manager")}
	},
	"SendMessage": func(f *fields) engine.Action {
		return engine.PSendMessage{Addressee: f.int("addressee"), Text: f.text()}
	},
	"SwapTile": func(f *fields) engine.Action {
		return engine.PSwapTile{ID: f.int("id"), Old: f.tile("old tile"), New: f.tile("new tile")}
	},
}

func init() {
	for alias, kw := range map[string]string{
		"d": "Discard", "n": "NoClaim", "p": "Pung", "k": "Kong", "c": "Chow",
		"ck": "DeclareClosedKong", "ds": "DeclareSpecial", "st": "SwapTile",
	} {
		actionDecoders[alias] = actionDecoders[kw]
	}
}
