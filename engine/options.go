package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// OptionID names one game option; the order is the order in which the
// original lists them (ListGameOptions and the start-of-game broadcast).
type OptionID int

// The game options of protocol version 1110.
const (
	OptTimeout OptionID = iota
	OptTimeoutGrace
	OptScoreLimit
	OptNoLimit
	OptMahJongScore
	OptSevenPairs
	OptSevenPairsVal
	OptFlowers
	OptFlowersLoose
	OptFlowersOwnEach
	OptFlowersOwnBoth
	OptFlowersBouquet
	OptDeadWall
	OptDeadWall16
	OptConcealedFully
	OptConcealedAlmost
	OptLosersPurity
	OptKongHas3Types
	OptEastDoubles
	OptLosersSettle
	OptDiscDoubles
	OptShowOnWashout
	OptNumRounds
	OptEnd
	NumOptions
)

// OptionDef describes one option: its wire name, type, the lowest
// protocol version that knows it, its protocol-level default and the
// one-line description the controller sends.
type OptionDef struct {
	Name    string
	Type    OptionType
	MinProt int
	Default int
	Desc    string
}

// Score values pack a limit fraction, doubles and points into one int:
// centilimits*1000000 + doubles*10000 + points.
const (
	ScoreDouble     = 10000
	ScoreLimitValue = 100 * 1000000
)

// OptionDefs is the option table, indexed by OptionID.
var OptionDefs = [NumOptions]OptionDef{
	OptTimeout:         {"Timeout", OptNat, 0, 15, "time limit for claims"},
	OptTimeoutGrace:    {"TimeoutGrace", OptNat, 0, 5, "grace period when clients handle timeouts"},
	OptScoreLimit:      {"ScoreLimit", OptNat, 0, 1000, "limit on hand score"},
	OptNoLimit:         {"NoLimit", OptBool, 0, 0, "no-limit game"},
	OptMahJongScore:    {"MahJongScore", OptScore, 0, 20, "base score for going out"},
	OptSevenPairs:      {"SevenPairs", OptBool, 1020, 0, "seven pairs hand allowed"},
	OptSevenPairsVal:   {"SevenPairsVal", OptScore, 1020, 20, "score for a seven pair hand"},
	OptFlowers:         {"Flowers", OptBool, 1020, 1, "play using flowers and seasons"},
	OptFlowersLoose:    {"FlowersLoose", OptBool, 0, 0, "flowers replaced by loose tiles"},
	OptFlowersOwnEach:  {"FlowersOwnEach", OptScore, 0, 0, "score for each own flower or season"},
	OptFlowersOwnBoth:  {"FlowersOwnBoth", OptScore, 0, ScoreDouble, "score for own flower and own season"},
	OptFlowersBouquet:  {"FlowersBouquet", OptScore, 0, ScoreDouble, "score for all four flowers or all four seasons"},
	OptDeadWall:        {"DeadWall", OptBool, 1020, 1, "there is a dead wall"},
	OptDeadWall16:      {"DeadWall16", OptBool, 1020, 1, "dead wall is 16 tiles, unreplenished"},
	OptConcealedFully:  {"ConcealedFully", OptScore, 0, ScoreDouble, "score for fully concealed hand"},
	OptConcealedAlmost: {"ConcealedAlmost", OptScore, 0, 0, "score for almost concealed hand"},
	OptLosersPurity:    {"LosersPurity", OptBool, 0, 0, "losing hands score doubles for pure, concealed etc."},
	OptKongHas3Types:   {"KongHas3Types", OptBool, 1034, 0, "claimed kongs count as concealed for doubling"},
	OptEastDoubles:     {"EastDoubles", OptBool, 0, 1, "east pays and receives double"},
	OptLosersSettle:    {"LosersSettle", OptBool, 0, 1, "losers pay each other"},
	OptDiscDoubles:     {"DiscDoubles", OptBool, 0, 0, "the discarder pays double"},
	OptShowOnWashout:   {"ShowOnWashout", OptBool, 0, 0, "tiles revealed on washout"},
	OptNumRounds:       {"NumRounds", OptNat, 0, 4, "number of rounds to play"},
	OptEnd:             {"End", OptBool, 0, 1, "end of option list"},
}

// LookupOption finds an option by its wire name.
func LookupOption(name string) (OptionID, bool) {
	for id, d := range OptionDefs {
		if d.Name == name {
			return OptionID(id), true
		}
	}
	return 0, false
}

// Options holds the value of every game option and whether it is enabled
// (usable at the game's protocol version). It is a plain comparable value.
type Options struct {
	Values  [NumOptions]int
	Enabled [NumOptions]bool
}

// DefaultOptions returns the protocol-level defaults, all enabled.
func DefaultOptions() Options {
	var o Options
	for id, d := range OptionDefs {
		o.Values[id] = d.Default
		o.Enabled[id] = true
	}
	return o
}

// Value returns the option's value, or its default when disabled (a
// disabled option behaves as the protocol default).
func (o *Options) Value(id OptionID) int {
	if !o.Enabled[id] {
		return OptionDefs[id].Default
	}
	return o.Values[id]
}

// Bool reports a boolean option.
func (o *Options) Bool(id OptionID) bool { return o.Value(id) != 0 }

// Entry returns the wire entry of an option, as sent in GameOption lines.
func (o *Options) Entry(id OptionID) OptionEntry {
	d := OptionDefs[id]
	return OptionEntry{Name: d.Name, Type: d.Type, MinProt: d.MinProt,
		Enabled: o.Enabled[id], Value: o.Values[id], Desc: d.Desc}
}

// Errors of SetOption, worded as the original controller words them.
var (
	ErrUnknownOption  = fmt.Errorf("Trying to set unknown option")
	ErrOptionDisabled = fmt.Errorf("Option not available in this game")
)

// ParseOptionValue reads the text of an option value as the controller
// does for SetGameOption, returning the error text the original sends.
func ParseOptionValue(id OptionID, text string) (int, error) {
	d := OptionDefs[id]
	f := strings.Fields(text)
	word := ""
	if len(f) > 0 {
		word = f[0]
	}
	n, err := strconv.Atoi(word)
	switch d.Type {
	case OptBool:
		if err != nil || (n != 0 && n != 1) {
			return 0, fmt.Errorf("No boolean value found for option")
		}
	case OptScore:
		if err != nil {
			return 0, fmt.Errorf("No score value found for option")
		}
	default:
		if err != nil {
			return 0, fmt.Errorf("No integer value found for option")
		}
		if d.Type == OptNat && n < 0 {
			if id == OptTimeout {
				return 0, fmt.Errorf("Can't set negative timeout!")
			}
			return 0, fmt.Errorf("No integer value found for option")
		}
	}
	if id == OptNumRounds && !(n == 1 || n == 2 || (n > 0 && n%4 == 0)) {
		return 0, fmt.Errorf("Number of rounds must be 1, 2 or a multiple of 4")
	}
	return n, nil
}

// Lines returns the options as GameOption entries in table order,
// including the End marker, as the controller lists them.
func (o *Options) Lines() []OptionEntry {
	es := make([]OptionEntry, 0, NumOptions)
	for id := range OptionDefs {
		es = append(es, o.Entry(OptionID(id)))
	}
	return es
}
