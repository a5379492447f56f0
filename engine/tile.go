package engine

import (
	"fmt"
	"strings"
)

// Tile is one mah-jong tile. Its value is suit*10+rank, the numbering the
// original programs use internally, so that tiles of a suit are adjacent
// and a chow is t, t+1, t+2. The zero value is the blank tile (wire "--"),
// used for tiles a seat cannot see.
type Tile uint8

// Suits, as the tens digit of a Tile.
const (
	NoSuit     = 0
	Bamboo     = 1
	Characters = 2
	Circles    = 3
	WindSuit   = 4
	DragonSuit = 5
	FlowerSuit = 6
	SeasonSuit = 7
)

// Blank is the unknown or absent tile ("--" on the wire).
const Blank Tile = 0

// Named honour tiles.
const (
	EastWind    Tile = WindSuit*10 + 1
	SouthWind   Tile = WindSuit*10 + 2
	WestWind    Tile = WindSuit*10 + 3
	NorthWind   Tile = WindSuit*10 + 4
	RedDragon   Tile = DragonSuit*10 + 1
	WhiteDragon Tile = DragonSuit*10 + 2
	GreenDragon Tile = DragonSuit*10 + 3
)

// MaxTile bounds tile values: arrays indexed by Tile have MaxTile entries.
const MaxTile = 80

// NewTile makes the tile of the given suit and rank (1-based).
func NewTile(suit, rank int) Tile { return Tile(suit*10 + rank) }

// Suit returns the suit number (Bamboo..SeasonSuit), NoSuit for Blank.
func (t Tile) Suit() int { return int(t) / 10 }

// Rank returns the rank within the suit: 1-9 for suits, 1-4 for winds
// (E,S,W,N), flowers and seasons, 1-3 for dragons (red, white, green).
func (t Tile) Rank() int { return int(t) % 10 }

// Valid reports whether t is a real tile (not Blank, not out of range).
func (t Tile) Valid() bool {
	switch t.Suit() {
	case Bamboo, Characters, Circles:
		return t.Rank() >= 1 && t.Rank() <= 9
	case WindSuit, FlowerSuit, SeasonSuit:
		return t.Rank() >= 1 && t.Rank() <= 4
	case DragonSuit:
		return t.Rank() >= 1 && t.Rank() <= 3
	}
	return false
}

// IsSuit reports whether t is a bamboo, character or circle tile.
func (t Tile) IsSuit() bool {
	s := t.Suit()
	return s >= Bamboo && s <= Circles && t.Valid()
}

// IsWind reports whether t is a wind tile.
func (t Tile) IsWind() bool { return t.Suit() == WindSuit && t.Valid() }

// IsDragon reports whether t is a dragon tile.
func (t Tile) IsDragon() bool { return t.Suit() == DragonSuit && t.Valid() }

// IsHonour reports whether t is a wind or a dragon.
func (t Tile) IsHonour() bool { return t.IsWind() || t.IsDragon() }

// IsTerminal reports whether t is a 1 or 9 of a suit.
func (t Tile) IsTerminal() bool { return t.IsSuit() && (t.Rank() == 1 || t.Rank() == 9) }

// IsMajor reports whether t is an honour or a terminal.
func (t Tile) IsMajor() bool { return t.IsHonour() || t.IsTerminal() }

// IsSpecial reports whether t is a flower or a season.
func (t Tile) IsSpecial() bool {
	return (t.Suit() == FlowerSuit || t.Suit() == SeasonSuit) && t.Valid()
}

// IsGreen reports whether t may appear in Imperial Jade: green dragon and
// bamboos 2, 3, 4, 6, 8.
func (t Tile) IsGreen() bool {
	if t == GreenDragon {
		return true
	}
	if t.Suit() != Bamboo {
		return false
	}
	switch t.Rank() {
	case 2, 3, 4, 6, 8:
		return true
	}
	return false
}

var suitLetters = [...]byte{Bamboo: 'B', Characters: 'C', Circles: 'D', FlowerSuit: 'F', SeasonSuit: 'S'}

var honourCodes = map[Tile]string{
	EastWind: "EW", SouthWind: "SW", WestWind: "WW", NorthWind: "NW",
	RedDragon: "RD", WhiteDragon: "WD", GreenDragon: "GD",
}

// String returns the two-character wire code, e.g. "5B", "RD", "--".
func (t Tile) String() string {
	if !t.Valid() {
		return "--"
	}
	if c, ok := honourCodes[t]; ok {
		return c
	}
	return string([]byte{byte('0' + t.Rank()), suitLetters[t.Suit()]})
}

var (
	suitNames   = [...]string{Bamboo: "Bamboo", Characters: "Characters", Circles: "Circles"}
	rankNames   = [...]string{"", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine"}
	windNames   = [...]string{"", "East", "South", "West", "North"}
	dragonNames = [...]string{"", "Red", "White", "Green"}
	flowerNames = [...]string{"", "Plum", "Orchid", "Chrysanthemum", "Bamboo"}
	seasonNames = [...]string{"", "Spring", "Summer", "Autumn", "Winter"}
)

// Name returns the display name, e.g. "Five Bamboo", "Red Dragon", "Plum".
func (t Tile) Name() string {
	if !t.Valid() {
		return "blank"
	}
	switch t.Suit() {
	case WindSuit:
		return windNames[t.Rank()] + " Wind"
	case DragonSuit:
		return dragonNames[t.Rank()] + " Dragon"
	case FlowerSuit:
		return flowerNames[t.Rank()]
	case SeasonSuit:
		return seasonNames[t.Rank()]
	}
	return rankNames[t.Rank()] + " " + suitNames[t.Suit()]
}

// ParseTile reads a two-character wire code; "--" gives Blank.
func ParseTile(s string) (Tile, error) {
	if s == "--" {
		return Blank, nil
	}
	if len(s) == 2 {
		for t, c := range honourCodes {
			if c == s {
				return t, nil
			}
		}
		if s[0] >= '1' && s[0] <= '9' {
			for suit, l := range suitLetters {
				if l != 0 && l == s[1] {
					t := NewTile(suit, int(s[0]-'0'))
					if t.Valid() {
						return t, nil
					}
				}
			}
		}
	}
	return Blank, fmt.Errorf("engine: bad tile code %q", s)
}

// AllTiles lists every distinct tile in the canonical order: bamboos,
// characters, circles, winds E S W N, dragons R W G, flowers, seasons.
// This is the order the original uses to sort hands and to build the
// unshuffled wall.
var AllTiles = func() []Tile {
	var ts []Tile
	for suit := Bamboo; suit <= SeasonSuit; suit++ {
		for rank := 1; rank <= 9; rank++ {
			if t := NewTile(suit, rank); t.Valid() {
				ts = append(ts, t)
			}
		}
	}
	return ts
}()

// Tiles is a list of tiles; its String is the space-separated wire codes.
type Tiles []Tile

func (ts Tiles) String() string {
	var b strings.Builder
	for i, t := range ts {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.String())
	}
	return b.String()
}

// ParseTiles reads space-separated wire codes.
func ParseTiles(s string) (Tiles, error) {
	fs := strings.Fields(s)
	ts := make(Tiles, 0, len(fs))
	for _, f := range fs {
		t, err := ParseTile(f)
		if err != nil {
			return nil, err
		}
		ts = append(ts, t)
	}
	return ts, nil
}

// Wind is a seat or round wind. The zero value is NoWind ("?" on the wire).
type Wind uint8

// The four winds in playing order.
const (
	NoWind Wind = iota
	East
	South
	West
	North
)

// String returns the wire letter: E, S, W, N, or ? for NoWind.
func (w Wind) String() string {
	if w > North {
		return "?"
	}
	return [...]string{"?", "E", "S", "W", "N"}[w]
}

// Name returns "East", "South", "West", "North" (or "Unknown").
func (w Wind) Name() string {
	if w == NoWind || w > North {
		return "Unknown"
	}
	return windNames[w]
}

// Tile returns the wind tile of w.
func (w Wind) Tile() Tile { return NewTile(WindSuit, int(w)) }

// Next returns the wind of the following seat (North wraps to East).
func (w Wind) Next() Wind { return w%4 + 1 }

// ParseWind reads a wire wind letter.
func ParseWind(s string) (Wind, error) {
	switch s {
	case "E":
		return East, nil
	case "S":
		return South, nil
	case "W":
		return West, nil
	case "N":
		return North, nil
	case "?":
		return NoWind, nil
	}
	return NoWind, fmt.Errorf("engine: bad wind %q", s)
}

// ChowPos says where the claimed tile sits in a chow.
type ChowPos uint8

// Chow positions; AnyPos leaves the choice open.
const (
	Lower ChowPos = iota
	Middle
	Upper
	AnyPos
)

// String returns the wire word.
func (c ChowPos) String() string {
	if c > AnyPos {
		return "AnyPos"
	}
	return [...]string{"Lower", "Middle", "Upper", "AnyPos"}[c]
}

// ParseChowPos reads a wire chow position, accepting the one-letter
// abbreviations the original server accepts.
func ParseChowPos(s string) (ChowPos, error) {
	switch s {
	case "Lower", "l":
		return Lower, nil
	case "Middle", "m":
		return Middle, nil
	case "Upper", "u":
		return Upper, nil
	case "AnyPos", "a":
		return AnyPos, nil
	}
	return AnyPos, fmt.Errorf("engine: bad chow position %q", s)
}
