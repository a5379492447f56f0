package engine

import (
	"fmt"
	"strconv"
)

// This file defines one plain struct per message of the mj-server
// protocol (protocol version 1110). Controller-to-player messages are the
// C types and implement Event; player-to-controller messages are the P
// types and implement Action. Each String method returns the logical wire
// line: the keyword, then the fields separated by single spaces, with the
// free text (if any) last. String applies the field-level escape of the
// original encoder (a text starting with a space or a backslash gets a
// backslash in front, so that the receiver can tell it from the
// separator), and nothing else: embedded newlines and the doubling of
// backslashes belong to the line transport (protocol.Conn), which is also
// why the original's --logfile shows lines exactly as String returns them.
// Parsing lives in package engine/protocol.

// Event is a message from the controller to a player (a CMsg).
type Event interface {
	fmt.Stringer
	isEvent()
}

// Action is a message from a player to the controller (a PMsg).
type Action interface {
	fmt.Stringer
	isAction()
}

// ProtocolVersion is the protocol version spoken by release 1.11.
const ProtocolVersion = 1110

// PlayerOption names a per-player option set with SetPlayerOption.
type PlayerOption uint8

// Player options. UnknownPlayerOption stands for any name the controller
// does not know; it lets a controller answer "Unknown option" instead of a
// protocol error.
const (
	UnknownPlayerOption PlayerOption = iota
	InfoTiles
	LocalTimeouts
	DelayTime
)

var playerOptionWords = [...]string{"Unknown", "InfoTiles", "LocalTimeouts", "DelayTime"}

// String returns the wire word ("InfoTiles", ...; "Unknown" for
// UnknownPlayerOption).
func (o PlayerOption) String() string {
	if int(o) >= len(playerOptionWords) {
		return "Unknown"
	}
	return playerOptionWords[o]
}

// ParsePlayerOption reads a wire word. Any word it does not know gives
// UnknownPlayerOption, which is what the original's decoder does too.
func ParsePlayerOption(s string) PlayerOption {
	for i, w := range playerOptionWords {
		if w == s {
			return PlayerOption(i)
		}
	}
	return UnknownPlayerOption
}

// OptionType is the value type of a game option.
type OptionType uint8

// Game option value types, in the original's order.
const (
	OptBool   OptionType = iota // 0 or 1
	OptInt                      // any integer
	OptNat                      // non-negative integer
	OptScore                    // limits*1000000 + doubles*10000 + points
	OptString                   // one word
)

var optionTypeWords = [...]string{"bool", "int", "nat", "score", "string"}

// String returns the wire word: bool, int, nat, score or string.
func (t OptionType) String() string {
	if int(t) >= len(optionTypeWords) {
		return "?"
	}
	return optionTypeWords[t]
}

// ParseOptionType reads a wire word.
func ParseOptionType(s string) (OptionType, error) {
	for i, w := range optionTypeWords {
		if w == s {
			return OptionType(i), nil
		}
	}
	return 0, fmt.Errorf("engine: bad option type %q", s)
}

// OptionEntry is the option part of a GameOption line:
// NAME TYPE MINPROT ENABLED VALUE DESC. Value holds the value of every
// type except OptString, whose value is StrValue.
type OptionEntry struct {
	Name     string     // option name, one word
	Type     OptionType // value type
	MinProt  int        // lowest protocol version that knows the option
	Enabled  bool       // usable in this game
	Value    int        // value for bool, int, nat and score options
	StrValue string     // value for string options
	Desc     string     // short description, rest of the line
}

// String returns the entry as it appears on the wire. The description is
// written as is (the original does not escape it), so an empty one leaves
// a trailing space.
func (e OptionEntry) String() string {
	var l wireLine
	e.append(&l)
	return string(l.b)
}

func (e OptionEntry) append(l *wireLine) {
	l.word(e.Name)
	l.word(e.Type.String())
	l.int(e.MinProt)
	l.bool(e.Enabled)
	if e.Type == OptString {
		l.word(e.StrValue)
	} else {
		l.int(e.Value)
	}
	l.raw(e.Desc)
}

// wireLine builds a wire line field by field.
type wireLine struct{ b []byte }

func newWireLine(keyword string) *wireLine {
	l := &wireLine{b: make([]byte, 0, 32)}
	l.b = append(l.b, keyword...)
	return l
}

func (l *wireLine) sep() {
	if len(l.b) > 0 {
		l.b = append(l.b, ' ')
	}
}

func (l *wireLine) word(s string) { l.sep(); l.b = append(l.b, s...) }
func (l *wireLine) int(i int)     { l.sep(); l.b = strconv.AppendInt(l.b, int64(i), 10) }
func (l *wireLine) tile(t Tile)   { l.word(t.String()) }
func (l *wireLine) raw(s string)  { l.sep(); l.b = append(l.b, s...) }

func (l *wireLine) bool(v bool) {
	if v {
		l.word("1")
	} else {
		l.word("0")
	}
}

// text appends a free-text field. A text starting with white space or a
// backslash gets a backslash in front: the receiver skips white space
// before a field and strips one leading backslash from a text, so the
// escape preserves the text's start. (The original escapes only a space
// or a backslash; other leading white space would be lost there.)
func (l *wireLine) text(s string) {
	l.sep()
	if s != "" {
		switch s[0] {
		case ' ', '\\', '\t', '\n', '\v', '\f', '\r':
			l.b = append(l.b, '\\')
		}
	}
	l.b = append(l.b, s...)
}

func (l *wireLine) String() string { return string(l.b) }

// Controller messages (CMsg), in the order of protocol.md section 3.

// CError refuses a request. Seq is the count of lines received so far on
// the requesting connection, 0 for connection-level errors.
type CError struct {
	Seq  int
	Text string
}

// CInfoTiles is a human-readable summary of the hands, sent only to
// players that asked for it with the InfoTiles player option.
type CInfoTiles struct {
	ID   int
	Text string
}

// CStateSaved says that the game was saved, at player ID's request, in
// Filename.
type CStateSaved struct {
	ID       int
	Filename string
}

// CConnectReply answers Connect: ID > 0 admits the player under that id;
// ID 0 refuses it for Reason, and the connection is then closed.
type CConnectReply struct {
	Version, ID int
	Reason      string
}

// CReconnect grants a RequestReconnect: the client must Connect again.
type CReconnect struct{}

// CAuthReqd asks the connecting player to authenticate (always type
// "basic" in 1.11).
type CAuthReqd struct {
	AuthType, Data string
}

// CRedirect tells a client to connect elsewhere. 1.11 never sends it.
type CRedirect struct {
	Dest string
}

// CPlayer announces a player or a change of name; an empty name before
// the game starts means the player has left.
type CPlayer struct {
	ID   int
	Name string
}

// CNewRound says the prevailing wind has changed.
type CNewRound struct {
	Wind Wind
}

// CGame describes the seating and the state of the game; it is sent to
// each (re)connecting player once all four are present.
type CGame struct {
	East, South, West, North                     int // player ids by seat
	Round                                        Wind
	HandsAsEast, FirstEast                       int
	EastScore, SouthScore, WestScore, NorthScore int
	ProtVersion, Manager                         int
}

// CNewHand starts a hand with East the dealer's id; StartWall and
// StartStack only say where the live wall notionally begins.
type CNewHand struct {
	East, StartWall, StartStack int
}

// CPlayerDeclaresSpecial: ID exposes a flower or season; Blank means ID
// has finished declaring.
type CPlayerDeclaresSpecial struct {
	ID   int
	Tile Tile
}

// CStartPlay lets play proceed; ID is the player to move, 0 if several
// may act.
type CStartPlay struct {
	ID int
}

// CStopPlay suspends play, saying why.
type CStopPlay struct {
	Text string
}

// CPause asks every player except Exempt (0: nobody exempt) to send
// Ready; Requestor is who asked for the pause (0: the controller) and Text
// says what for ("to start hand").
type CPause struct {
	Exempt, Requestor int
	Text              string
}

// CPlayerReady: ID has said Ready.
type CPlayerReady struct {
	ID int
}

// CPlayerDraws: ID draws from the live wall; other players see Blank.
type CPlayerDraws struct {
	ID   int
	Tile Tile
}

// CPlayerDrawsLoose: ID draws a loose (replacement) tile; other players
// see Blank.
type CPlayerDrawsLoose struct {
	ID   int
	Tile Tile
}

// CPlayerDiscards: ID discards Tile, numbered Serial; Calling marks an
// Original Call.
type CPlayerDiscards struct {
	ID      int
	Tile    Tile
	Serial  int
	Calling bool
}

// CClaimDenied: ID's claim lost.
type CClaimDenied struct {
	ID   int
	Text string
}

// CPlayerDoesntClaim acknowledges ID's NoClaim for Serial, or (Timeout)
// tells ID its time to claim ran out. Only ID receives it.
type CPlayerDoesntClaim struct {
	ID, Serial int
	Timeout    bool
}

// CDangerousDiscard: the claimed discard Serial, made by ID, was
// dangerous; NoChoice if ID had no safe tile.
type CDangerousDiscard struct {
	ID, Serial int
	NoChoice   bool
}

// CPlayerClaimsPung: ID claims discard Serial for a pung.
type CPlayerClaimsPung struct {
	ID, Serial int
}

// CPlayerPungs: ID's pung of Tile is made.
type CPlayerPungs struct {
	ID   int
	Tile Tile
}

// CPlayerFormsClosedPung: while declaring, ID sets out a concealed pung.
type CPlayerFormsClosedPung struct {
	ID   int
	Tile Tile
}

// CPlayerClaimsKong: ID claims discard Serial for a kong.
type CPlayerClaimsKong struct {
	ID, Serial int
}

// CPlayerKongs: ID's claimed kong of Tile is made.
type CPlayerKongs struct {
	ID   int
	Tile Tile
}

// CPlayerDeclaresClosedKong: ID declares a concealed kong; it carries a
// serial because it may be robbed (for Thirteen Wonders only).
type CPlayerDeclaresClosedKong struct {
	ID     int
	Tile   Tile
	Serial int
}

// CPlayerAddsToPung: ID turns an exposed pung into a kong; robbable, hence
// the serial.
type CPlayerAddsToPung struct {
	ID     int
	Tile   Tile
	Serial int
}

// CPlayerRobsKong: ID goes out by robbing the kong just made.
type CPlayerRobsKong struct {
	ID   int
	Tile Tile
}

// CCanMahJong answers QueryMahJong for Tile.
type CCanMahJong struct {
	Tile   Tile
	Answer bool
}

// CPlayerClaimsChow: ID claims discard Serial for a chow.
type CPlayerClaimsChow struct {
	ID, Serial int
	Pos        ChowPos
}

// CPlayerChows: ID's chow is made. With AnyPos it goes to ID alone and
// means "your claim won; now say which chow".
type CPlayerChows struct {
	ID   int
	Tile Tile
	Pos  ChowPos
}

// CPlayerFormsClosedChow: while declaring, ID sets out a concealed chow
// whose lowest tile is Tile.
type CPlayerFormsClosedChow struct {
	ID   int
	Tile Tile
}

// CWashOut abandons the hand.
type CWashOut struct {
	Text string
}

// CPlayerClaimsMahJong: ID claims discard (or kong) Serial to go out.
type CPlayerClaimsMahJong struct {
	ID, Serial int
}

// CPlayerMahJongs: ID goes out; Tile is the tile drawn when going out
// from the wall, Blank when going out on a claimed discard.
type CPlayerMahJongs struct {
	ID   int
	Tile Tile
}

// CPlayerPairs: the winner makes the pair with the claimed discard.
type CPlayerPairs struct {
	ID   int
	Tile Tile
}

// CPlayerFormsClosedPair: while declaring, ID sets out a concealed pair.
type CPlayerFormsClosedPair struct {
	ID   int
	Tile Tile
}

// CPlayerShowsTiles: ID reveals its remaining concealed tiles.
type CPlayerShowsTiles struct {
	ID    int
	Tiles Tiles
}

// CPlayerSpecialSet: the winner completes a special hand with the claimed
// discard Tile; Tiles are its concealed tiles.
type CPlayerSpecialSet struct {
	ID    int
	Tile  Tile
	Tiles Tiles
}

// CPlayerFormsClosedSpecialSet: the winner from the wall declares its whole
// concealed hand as a special hand.
type CPlayerFormsClosedSpecialSet struct {
	ID    int
	Tiles Tiles
}

// CPlayerOptionSet confirms a player option (Ack) or asks the player to
// adopt a value (not Ack).
type CPlayerOptionSet struct {
	Option PlayerOption
	Ack    bool
	Value  int
	Text   string
}

// CHandScore gives the score of ID's hand with its explanation.
type CHandScore struct {
	ID, Score int
	Text      string
}

// CSettlement gives the changes of the cumulative scores by seat, with an
// explanation.
type CSettlement struct {
	East, South, West, North int
	Text                     string
}

// CGameOver ends the game.
type CGameOver struct{}

// CGameOption gives an option's value; ID is the player who changed it, 0
// when merely informing.
type CGameOption struct {
	ID    int
	Entry OptionEntry
}

// CChangeManager: ID made Manager the game manager.
type CChangeManager struct {
	ID, Manager int
}

// CMessage is chat from Sender (0: the controller) to Addressee (0:
// everybody).
type CMessage struct {
	Sender, Addressee int
	Text              string
}

// CWall records the whole wall, index 0 first. It appears only in saved
// games and hand histories, never on a connection.
type CWall struct {
	Tiles Tiles
}

// CComment is a comment line ("# text") of a saved game.
type CComment struct {
	Text string
}

// CSwapTile (debugging only) says ID's tile Old was exchanged for New.
type CSwapTile struct {
	ID       int
	Old, New Tile
}

// Player messages (PMsg), in the order of protocol.md section 4.

// PConnect is the first message on a connection; LastID 0 asks for a new
// player.
type PConnect struct {
	Version, LastID int
	Name            string
}

// PAuthInfo answers AuthReqd; for type "basic" Data is the password.
type PAuthInfo struct {
	AuthType, Data string
}

// PNewAuthInfo asks to change the password; 1.11 always refuses.
type PNewAuthInfo struct {
	AuthType, Data string
}

// PRequestReconnect asks the controller to forget the connection's player
// so that the client can Connect again.
type PRequestReconnect struct{}

// PDisconnect asks the controller to close the connection.
type PDisconnect struct{}

// PSaveState asks for the game to be saved (Filename may be empty).
type PSaveState struct {
	Filename string
}

// PLoadState asks for a saved game to be loaded before play starts.
type PLoadState struct {
	Filename string
}

// PDeclareSpecial exposes a flower or season; Blank ends one's declaring
// turn.
type PDeclareSpecial struct {
	Tile Tile
}

// PRequestPause asks the controller to pause, saying what for.
type PRequestPause struct {
	Text string
}

// PReady answers a Pause.
type PReady struct{}

// PDiscard discards Tile; Calling declares an Original Call.
type PDiscard struct {
	Tile    Tile
	Calling bool
}

// PNoClaim declines discard (or kong) Serial.
type PNoClaim struct {
	Serial int
}

// PPung claims discard Serial for a pung (serial 0 while declaring).
type PPung struct {
	Serial int
}

// PFormClosedPung sets out a concealed pung while declaring.
type PFormClosedPung struct {
	Tile Tile
}

// PKong claims discard Serial for a kong.
type PKong struct {
	Serial int
}

// PDeclareClosedKong declares a concealed kong of Tile.
type PDeclareClosedKong struct {
	Tile Tile
}

// PAddToPung adds Tile to an exposed pung, making a kong.
type PAddToPung struct {
	Tile Tile
}

// PQueryMahJong asks whether the hand plus Tile (Blank: the hand as it
// is) would go out.
type PQueryMahJong struct {
	Tile Tile
}

// PChow claims discard Serial for a chow (serial 0 while declaring).
type PChow struct {
	Serial int
	Pos    ChowPos
}

// PFormClosedChow sets out a concealed chow whose lowest tile is Tile.
type PFormClosedChow struct {
	Tile Tile
}

// PDeclareWashOut asks for a washout; 1.11 always refuses.
type PDeclareWashOut struct{}

// PMahJong claims discard (or kong) Serial to go out; serial 0 goes out
// from the wall.
type PMahJong struct {
	Serial int
}

// PPair uses the claimed discard for the winner's pair.
type PPair struct{}

// PFormClosedPair sets out a concealed pair while declaring.
type PFormClosedPair struct {
	Tile Tile
}

// PShowTiles reveals a loser's remaining tiles.
type PShowTiles struct{}

// PSpecialSet uses the claimed discard to complete Thirteen Wonders.
type PSpecialSet struct{}

// PFormClosedSpecialSet declares the concealed hand as Thirteen Wonders.
type PFormClosedSpecialSet struct{}

// PSetPlayerOption sets a player option, or (Ack) acknowledges the
// controller's request to do so.
type PSetPlayerOption struct {
	Option PlayerOption
	Ack    bool
	Value  int
	Text   string
}

// PSetGameOption sets game option Name from the text Value.
type PSetGameOption struct {
	Name, Value string
}

// PQueryGameOption asks for one option's value.
type PQueryGameOption struct {
	Name string
}

// PListGameOptions asks for every option, ending with End.
type PListGameOptions struct {
	IncludeDisabled bool
}

// PChangeManager makes Manager (0: nobody) the game manager.
type PChangeManager struct {
	Manager int
}

// PSendMessage sends chat to Addressee (0: everybody).
type PSendMessage struct {
	Addressee int
	Text      string
}

// PSwapTile (debugging only) exchanges player ID's tile Old with a New
// one found in the wall.
type PSwapTile struct {
	ID       int
	Old, New Tile
}

// String methods: the exact wire line of each message.

func (m CError) String() string {
	l := newWireLine("Error")
	l.int(m.Seq)
	l.text(m.Text)
	return l.String()
}

func (m CInfoTiles) String() string {
	l := newWireLine("InfoTiles")
	l.int(m.ID)
	l.text(m.Text)
	return l.String()
}

func (m CStateSaved) String() string {
	l := newWireLine("StateSaved")
	l.int(m.ID)
	l.text(m.Filename)
	return l.String()
}

func (m CConnectReply) String() string {
	l := newWireLine("ConnectReply")
	l.int(m.Version)
	l.int(m.ID)
	l.text(m.Reason)
	return l.String()
}

func (CReconnect) String() string { return "Reconnect" }

func (m CAuthReqd) String() string {
	l := newWireLine("AuthReqd")
	l.word(m.AuthType)
	l.text(m.Data)
	return l.String()
}

func (m CRedirect) String() string {
	l := newWireLine("Redirect")
	l.text(m.Dest)
	return l.String()
}

func (m CPlayer) String() string {
	l := newWireLine("Player")
	l.int(m.ID)
	l.text(m.Name)
	return l.String()
}

func (m CNewRound) String() string { return "NewRound " + m.Wind.String() }

func (m CGame) String() string {
	l := newWireLine("Game")
	l.int(m.East)
	l.int(m.South)
	l.int(m.West)
	l.int(m.North)
	l.word(m.Round.String())
	l.int(m.HandsAsEast)
	l.int(m.FirstEast)
	l.int(m.EastScore)
	l.int(m.SouthScore)
	l.int(m.WestScore)
	l.int(m.NorthScore)
	l.int(m.ProtVersion)
	l.int(m.Manager)
	return l.String()
}

func (m CNewHand) String() string {
	l := newWireLine("NewHand")
	l.int(m.East)
	l.int(m.StartWall)
	l.int(m.StartStack)
	return l.String()
}

func fmtIDTile(keyword string, id int, t Tile) string {
	l := newWireLine(keyword)
	l.int(id)
	l.tile(t)
	return l.String()
}

func fmtIDSerial(keyword string, id, serial int) string {
	l := newWireLine(keyword)
	l.int(id)
	l.int(serial)
	return l.String()
}

func fmtIDTileSerial(keyword string, id int, t Tile, serial int) string {
	l := newWireLine(keyword)
	l.int(id)
	l.tile(t)
	l.int(serial)
	return l.String()
}

func (m CPlayerDeclaresSpecial) String() string {
	return fmtIDTile("PlayerDeclaresSpecial", m.ID, m.Tile)
}

func (m CStartPlay) String() string { return "StartPlay " + strconv.Itoa(m.ID) }

func (m CStopPlay) String() string {
	l := newWireLine("StopPlay")
	l.text(m.Text)
	return l.String()
}

func (m CPause) String() string {
	l := newWireLine("Pause")
	l.int(m.Exempt)
	l.int(m.Requestor)
	l.text(m.Text)
	return l.String()
}

func (m CPlayerReady) String() string { return "PlayerReady " + strconv.Itoa(m.ID) }

func (m CPlayerDraws) String() string { return fmtIDTile("PlayerDraws", m.ID, m.Tile) }

func (m CPlayerDrawsLoose) String() string { return fmtIDTile("PlayerDrawsLoose", m.ID, m.Tile) }

func (m CPlayerDiscards) String() string {
	l := newWireLine("PlayerDiscards")
	l.int(m.ID)
	l.tile(m.Tile)
	l.int(m.Serial)
	l.bool(m.Calling)
	return l.String()
}

func (m CClaimDenied) String() string {
	l := newWireLine("ClaimDenied")
	l.int(m.ID)
	l.text(m.Text)
	return l.String()
}

func (m CPlayerDoesntClaim) String() string {
	l := newWireLine("PlayerDoesntClaim")
	l.int(m.ID)
	l.int(m.Serial)
	l.bool(m.Timeout)
	return l.String()
}

func (m CDangerousDiscard) String() string {
	l := newWireLine("DangerousDiscard")
	l.int(m.ID)
	l.int(m.Serial)
	l.bool(m.NoChoice)
	return l.String()
}

func (m CPlayerClaimsPung) String() string { return fmtIDSerial("PlayerClaimsPung", m.ID, m.Serial) }

func (m CPlayerPungs) String() string { return fmtIDTile("PlayerPungs", m.ID, m.Tile) }

func (m CPlayerFormsClosedPung) String() string {
	return fmtIDTile("PlayerFormsClosedPung", m.ID, m.Tile)
}

func (m CPlayerClaimsKong) String() string { return fmtIDSerial("PlayerClaimsKong", m.ID, m.Serial) }

func (m CPlayerKongs) String() string { return fmtIDTile("PlayerKongs", m.ID, m.Tile) }

func (m CPlayerDeclaresClosedKong) String() string {
	return fmtIDTileSerial("PlayerDeclaresClosedKong", m.ID, m.Tile, m.Serial)
}

func (m CPlayerAddsToPung) String() string {
	return fmtIDTileSerial("PlayerAddsToPung", m.ID, m.Tile, m.Serial)
}

func (m CPlayerRobsKong) String() string { return fmtIDTile("PlayerRobsKong", m.ID, m.Tile) }

func (m CCanMahJong) String() string {
	l := newWireLine("CanMahJong")
	l.tile(m.Tile)
	l.bool(m.Answer)
	return l.String()
}

func (m CPlayerClaimsChow) String() string {
	l := newWireLine("PlayerClaimsChow")
	l.int(m.ID)
	l.int(m.Serial)
	l.word(m.Pos.String())
	return l.String()
}

func (m CPlayerChows) String() string {
	l := newWireLine("PlayerChows")
	l.int(m.ID)
	l.tile(m.Tile)
	l.word(m.Pos.String())
	return l.String()
}

func (m CPlayerFormsClosedChow) String() string {
	return fmtIDTile("PlayerFormsClosedChow", m.ID, m.Tile)
}

func (m CWashOut) String() string {
	l := newWireLine("WashOut")
	l.text(m.Text)
	return l.String()
}

func (m CPlayerClaimsMahJong) String() string {
	return fmtIDSerial("PlayerClaimsMahJong", m.ID, m.Serial)
}

func (m CPlayerMahJongs) String() string { return fmtIDTile("PlayerMahJongs", m.ID, m.Tile) }

func (m CPlayerPairs) String() string { return fmtIDTile("PlayerPairs", m.ID, m.Tile) }

func (m CPlayerFormsClosedPair) String() string {
	return fmtIDTile("PlayerFormsClosedPair", m.ID, m.Tile)
}

func (m CPlayerShowsTiles) String() string {
	l := newWireLine("PlayerShowsTiles")
	l.int(m.ID)
	l.text(m.Tiles.String())
	return l.String()
}

func (m CPlayerSpecialSet) String() string {
	l := newWireLine("PlayerSpecialSet")
	l.int(m.ID)
	l.tile(m.Tile)
	l.text(m.Tiles.String())
	return l.String()
}

func (m CPlayerFormsClosedSpecialSet) String() string {
	l := newWireLine("PlayerFormsClosedSpecialSet")
	l.int(m.ID)
	l.text(m.Tiles.String())
	return l.String()
}

func (m CPlayerOptionSet) String() string {
	l := newWireLine("PlayerOptionSet")
	l.word(m.Option.String())
	l.bool(m.Ack)
	l.int(m.Value)
	l.text(m.Text)
	return l.String()
}

func (m CHandScore) String() string {
	l := newWireLine("HandScore")
	l.int(m.ID)
	l.int(m.Score)
	l.text(m.Text)
	return l.String()
}

func (m CSettlement) String() string {
	l := newWireLine("Settlement")
	l.int(m.East)
	l.int(m.South)
	l.int(m.West)
	l.int(m.North)
	l.text(m.Text)
	return l.String()
}

func (CGameOver) String() string { return "GameOver" }

func (m CGameOption) String() string {
	l := newWireLine("GameOption")
	l.int(m.ID)
	m.Entry.append(l)
	return l.String()
}

func (m CChangeManager) String() string {
	l := newWireLine("ChangeManager")
	l.int(m.ID)
	l.int(m.Manager)
	return l.String()
}

func (m CMessage) String() string {
	l := newWireLine("Message")
	l.int(m.Sender)
	l.int(m.Addressee)
	l.text(m.Text)
	return l.String()
}

func (m CWall) String() string {
	l := newWireLine("Wall")
	l.text(m.Tiles.String())
	return l.String()
}

func (m CComment) String() string {
	l := newWireLine("#")
	l.text(m.Text)
	return l.String()
}

func (m CSwapTile) String() string {
	l := newWireLine("SwapTile")
	l.int(m.ID)
	l.tile(m.Old)
	l.tile(m.New)
	return l.String()
}

func (m PConnect) String() string {
	l := newWireLine("Connect")
	l.int(m.Version)
	l.int(m.LastID)
	l.text(m.Name)
	return l.String()
}

func (m PAuthInfo) String() string {
	l := newWireLine("AuthInfo")
	l.word(m.AuthType)
	l.text(m.Data)
	return l.String()
}

func (m PNewAuthInfo) String() string {
	l := newWireLine("NewAuthInfo")
	l.word(m.AuthType)
	l.text(m.Data)
	return l.String()
}

func (PRequestReconnect) String() string { return "RequestReconnect" }

func (PDisconnect) String() string { return "Disconnect" }

func (m PSaveState) String() string {
	l := newWireLine("SaveState")
	l.text(m.Filename)
	return l.String()
}

func (m PLoadState) String() string {
	l := newWireLine("LoadState")
	l.text(m.Filename)
	return l.String()
}

func (m PDeclareSpecial) String() string { return "DeclareSpecial " + m.Tile.String() }

func (m PRequestPause) String() string {
	l := newWireLine("RequestPause")
	l.text(m.Text)
	return l.String()
}

func (PReady) String() string { return "Ready" }

func (m PDiscard) String() string {
	l := newWireLine("Discard")
	l.tile(m.Tile)
	l.bool(m.Calling)
	return l.String()
}

func (m PNoClaim) String() string { return "NoClaim " + strconv.Itoa(m.Serial) }

func (m PPung) String() string { return "Pung " + strconv.Itoa(m.Serial) }

func (m PFormClosedPung) String() string { return "FormClosedPung " + m.Tile.String() }

func (m PKong) String() string { return "Kong " + strconv.Itoa(m.Serial) }

func (m PDeclareClosedKong) String() string { return "DeclareClosedKong " + m.Tile.String() }

func (m PAddToPung) String() string { return "AddToPung " + m.Tile.String() }

func (m PQueryMahJong) String() string { return "QueryMahJong " + m.Tile.String() }

func (m PChow) String() string {
	l := newWireLine("Chow")
	l.int(m.Serial)
	l.word(m.Pos.String())
	return l.String()
}

func (m PFormClosedChow) String() string { return "FormClosedChow " + m.Tile.String() }

func (PDeclareWashOut) String() string { return "DeclareWashOut" }

func (m PMahJong) String() string { return "MahJong " + strconv.Itoa(m.Serial) }

func (PPair) String() string { return "Pair" }

func (m PFormClosedPair) String() string { return "FormClosedPair " + m.Tile.String() }

func (PShowTiles) String() string { return "ShowTiles" }

func (PSpecialSet) String() string { return "SpecialSet" }

func (PFormClosedSpecialSet) String() string { return "FormClosedSpecialSet" }

func (m PSetPlayerOption) String() string {
	l := newWireLine("SetPlayerOption")
	l.word(m.Option.String())
	l.bool(m.Ack)
	l.int(m.Value)
	l.text(m.Text)
	return l.String()
}

func (m PSetGameOption) String() string {
	l := newWireLine("SetGameOption")
	l.word(m.Name)
	l.text(m.Value)
	return l.String()
}

func (m PQueryGameOption) String() string { return "QueryGameOption " + m.Name }

func (m PListGameOptions) String() string {
	if m.IncludeDisabled {
		return "ListGameOptions 1"
	}
	return "ListGameOptions 0"
}

func (m PChangeManager) String() string { return "ChangeManager " + strconv.Itoa(m.Manager) }

func (m PSendMessage) String() string {
	l := newWireLine("SendMessage")
	l.int(m.Addressee)
	l.text(m.Text)
	return l.String()
}

func (m PSwapTile) String() string {
	l := newWireLine("SwapTile")
	l.int(m.ID)
	l.tile(m.Old)
	l.tile(m.New)
	return l.String()
}

func (CError) isEvent()                       {}
func (CInfoTiles) isEvent()                   {}
func (CStateSaved) isEvent()                  {}
func (CConnectReply) isEvent()                {}
func (CReconnect) isEvent()                   {}
func (CAuthReqd) isEvent()                    {}
func (CRedirect) isEvent()                    {}
func (CPlayer) isEvent()                      {}
func (CNewRound) isEvent()                    {}
func (CGame) isEvent()                        {}
func (CNewHand) isEvent()                     {}
func (CPlayerDeclaresSpecial) isEvent()       {}
func (CStartPlay) isEvent()                   {}
func (CStopPlay) isEvent()                    {}
func (CPause) isEvent()                       {}
func (CPlayerReady) isEvent()                 {}
func (CPlayerDraws) isEvent()                 {}
func (CPlayerDrawsLoose) isEvent()            {}
func (CPlayerDiscards) isEvent()              {}
func (CClaimDenied) isEvent()                 {}
func (CPlayerDoesntClaim) isEvent()           {}
func (CDangerousDiscard) isEvent()            {}
func (CPlayerClaimsPung) isEvent()            {}
func (CPlayerPungs) isEvent()                 {}
func (CPlayerFormsClosedPung) isEvent()       {}
func (CPlayerClaimsKong) isEvent()            {}
func (CPlayerKongs) isEvent()                 {}
func (CPlayerDeclaresClosedKong) isEvent()    {}
func (CPlayerAddsToPung) isEvent()            {}
func (CPlayerRobsKong) isEvent()              {}
func (CCanMahJong) isEvent()                  {}
func (CPlayerClaimsChow) isEvent()            {}
func (CPlayerChows) isEvent()                 {}
func (CPlayerFormsClosedChow) isEvent()       {}
func (CWashOut) isEvent()                     {}
func (CPlayerClaimsMahJong) isEvent()         {}
func (CPlayerMahJongs) isEvent()              {}
func (CPlayerPairs) isEvent()                 {}
func (CPlayerFormsClosedPair) isEvent()       {}
func (CPlayerShowsTiles) isEvent()            {}
func (CPlayerSpecialSet) isEvent()            {}
func (CPlayerFormsClosedSpecialSet) isEvent() {}
func (CPlayerOptionSet) isEvent()             {}
func (CHandScore) isEvent()                   {}
func (CSettlement) isEvent()                  {}
func (CGameOver) isEvent()                    {}
func (CGameOption) isEvent()                  {}
func (CChangeManager) isEvent()               {}
func (CMessage) isEvent()                     {}
func (CWall) isEvent()                        {}
func (CComment) isEvent()                     {}
func (CSwapTile) isEvent()                    {}

func (PConnect) isAction()              {}
func (PAuthInfo) isAction()             {}
func (PNewAuthInfo) isAction()          {}
func (PRequestReconnect) isAction()     {}
func (PDisconnect) isAction()           {}
func (PSaveState) isAction()            {}
func (PLoadState) isAction()            {}
func (PDeclareSpecial) isAction()       {}
func (PRequestPause) isAction()         {}
func (PReady) isAction()                {}
func (PDiscard) isAction()              {}
func (PNoClaim) isAction()              {}
func (PPung) isAction()                 {}
func (PFormClosedPung) isAction()       {}
func (PKong) isAction()                 {}
func (PDeclareClosedKong) isAction()    {}
func (PAddToPung) isAction()            {}
func (PQueryMahJong) isAction()         {}
func (PChow) isAction()                 {}
func (PFormClosedChow) isAction()       {}
func (PDeclareWashOut) isAction()       {}
func (PMahJong) isAction()              {}
func (PPair) isAction()                 {}
func (PFormClosedPair) isAction()       {}
func (PShowTiles) isAction()            {}
func (PSpecialSet) isAction()           {}
func (PFormClosedSpecialSet) isAction() {}
func (PSetPlayerOption) isAction()      {}
func (PSetGameOption) isAction()        {}
func (PQueryGameOption) isAction()      {}
func (PListGameOptions) isAction()      {}
func (PChangeManager) isAction()        {}
func (PSendMessage) isAction()          {}
func (PSwapTile) isAction()             {}
