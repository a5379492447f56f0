package engine

// This file holds the shared state types of a hand and a game: the
// players' holdings (Player, Meld) and the table (Game). They follow the
// data model of the original programs closely, because the controller's
// messages, the scoring text and the order of tiles in a shown hand all
// depend on it. The methods live in player.go (holdings), game.go
// (applying controller messages) and score.go (hand values).

// Seat is a position at the table for the current hand: 0 = East,
// 1 = South, 2 = West, 3 = North. NoSeat (-1) means none.
type Seat int

// Seats in playing order.
const (
	NoSeat    Seat = -1
	EastSeat  Seat = 0
	SouthSeat Seat = 1
	WestSeat  Seat = 2
	NorthSeat Seat = 3
	NumSeats       = 4
)

// Wind returns the seat wind of s.
func (s Seat) Wind() Wind {
	if s < 0 || s >= NumSeats {
		return NoWind
	}
	return Wind(s + 1)
}

// Next returns the seat to the right (the next to play).
func (s Seat) Next() Seat { return (s + 1) % NumSeats }

// MeldKind is the kind of a declared set (the original's TileSetType).
type MeldKind uint8

// Meld kinds. "Closed" sets were formed from concealed tiles; the others
// used a claimed discard (or, for Kong, an addition to an exposed pung).
const (
	NoMeld MeldKind = iota
	Chow
	ClosedChow
	Pung
	ClosedPung
	Kong
	ClosedKong
	Pair
	ClosedPair
)

// Size returns the number of tiles in a meld of this kind.
func (k MeldKind) Size() int {
	switch k {
	case Pair, ClosedPair:
		return 2
	case Chow, ClosedChow, Pung, ClosedPung:
		return 3
	case Kong, ClosedKong:
		return 4
	}
	return 0
}

// Meld is one declared set. Tile is the set's tile (the lowest tile for a
// chow). Annexed marks a kong made by adding a tile to an exposed pung.
type Meld struct {
	Kind    MeldKind
	Tile    Tile
	Annexed bool
}

// MaxMelds is the most sets a player can hold (seven pairs).
const MaxMelds = 7

// MaxConcealed is the most concealed tiles a player can hold.
const MaxConcealed = 14

// Player is one player's identity and holdings in the current hand.
// When the hand is not visible to the observer (Hidden), Concealed is not
// kept and only NumConcealed is meaningful.
type Player struct {
	ID   int    // unique id given by the controller (1..)
	Name string // player's chosen name
	Wind Wind   // seat wind in the current hand

	NumConcealed int                // number of concealed tiles
	Concealed    [MaxConcealed]Tile // concealed tiles in holding order (if known)
	DiscardHint  int                // index to remove for the next discard, or -1
	Melds        [MaxMelds]Meld     // declared sets, in declaration order; NoMeld = empty slot
	NumSpecials  int                // flowers and seasons declared
	Specials     [8]Tile            // the declared flowers and seasons

	Hidden       bool // concealed tiles unknown to the observer
	MahJongged   bool // this player went out this hand
	HandDeclared bool // concealed tiles all declared or shown
	NoDiscard    bool // has not yet discarded this hand
	OriginalCall bool // made an Original Call
	Calling      bool // made a calling declaration

	DangerFlags [NumSeats]DangerFlags // [own seat]: own dangerous categories; [other seat]: that seat's liability towards this player

	CumulativeScore int // score so far in the game, excluding this hand
	HandScore       int // this hand's score, -1 while unscored
}

// DangerFlags are categories of dangerous hands (see protocol.md section
// 11): bit set of the Danger* constants.
type DangerFlags uint16

// Danger categories. DangerEnd covers the end-of-wall rule.
const (
	DangerBamboo DangerFlags = 1 << iota
	DangerCharacter
	DangerCircle
	DangerHonour
	DangerTerminal
	DangerGreen
	DangerDragon
	DangerWind
	DangerEnd
)

// Whence says where the current player's latest tile came from.
type Whence uint8

// Sources of a tile.
const (
	FromNone Whence = iota
	FromWall
	FromDiscard
	FromLoose
	FromRobbedKong
)

// Phase is the state of the hand (the original's GameState).
type Phase uint8

// Phases of a hand.
const (
	HandComplete      Phase = iota // between hands; also the state after a Game message
	Dealing                        // the deal is in progress
	DeclaringSpecials              // players declare flowers and concealed kongs in turn
	Discarding                     // Player is to discard (or kong, declare, go out)
	Discarded                      // Player has discarded (or konged); others claim
	MahJonging                     // Player has gone out; hands are being declared
)

func (p Phase) String() string {
	return [...]string{"HandComplete", "Dealing", "DeclaringSpecials", "Discarding", "Discarded", "MahJonging"}[p]
}

// ClaimKind is a claim made on the current discard or kong.
type ClaimKind uint8

// Claims, in the order in which they take precedence (higher wins).
const (
	NoClaimYet ClaimKind = iota
	Declined             // NoClaim received
	ChowClaim
	PungClaim
	KongClaim
	MahJongClaim
)

// Konging says whether the current player has just made a robbable kong.
type Konging uint8

// Kong states.
const (
	NotKonging Konging = iota
	AddingToPung
	DeclaringKong
)

// GameFlags are per-hand flags of the table.
type GameFlags uint8

// Hand flags.
const (
	KongFlag             GameFlags = 1 << iota // the current player has just made a kong
	KongUponKongFlag                           // a kong was made straight after another kong
	DangerousDiscardFlag                       // the claimed discard was dangerous
	NoChoiceFlag                               // ... and its discarder had no safe tile
)

// Game is the state of a game as seen by one observer: the controller
// (which sees everything) or a seat (which sees its own tiles only). It is
// changed only by applying controller messages, so the controller and
// every seat's view stay consistent.
type Game struct {
	Players     [NumSeats]*Player // indexed by Seat for the current hand
	Round       Wind              // prevailing wind
	HandsAsEast int               // hands completed with this dealer
	FirstEast   int               // id of the first East of the game
	Phase       Phase             // state of the hand
	Active      bool              // players may move only when the game is active
	Paused      bool              // waiting for Ready from the players
	PauseReason string            // what the pause is for
	Ready       [NumSeats]bool    // who has said Ready in the current pause

	Player         Seat                // the seat doing something (see Phase)
	Whence         Whence              // where Player's last tile came from
	Supplier       Seat                // the discarder, when Whence is FromDiscard or FromRobbedKong
	Tile           Tile                // the tile last drawn, discarded or konged
	Needs          Whence              // whether Player must draw (FromWall, FromLoose) before discarding
	Serial         int                 // serial of the current discard or kong
	Claims         [NumSeats]ClaimKind // claims on the current discard or kong
	ChowPos        ChowPos             // position of a claimed chow
	ChowPending    bool                // an AnyPos chow was granted; waiting for the position
	MahJongPending bool                // a discard was claimed for mah-jong and not yet placed
	Konging        Konging             // a robbable kong is in progress
	Flags          GameFlags           // per-hand flags

	Wall Wall // the wall of the current hand (Blank tiles where unknown)

	ExposedCount   [MaxTile]int // tiles of each kind visible on the table
	DiscardedCount [MaxTile]int // tiles of each kind discarded

	ProtVersion int // protocol version of the game
	Manager     int // id of the game manager; 0 none (anybody), -1 nobody

	Options Options // the game options in force
}
