package ai

import (
	"fmt"
	"strings"

	"mahjong/engine"
)

// Level is a robot's strength.
type Level int

// The difficulty levels, weakest first. The zero value means Hard.
const (
	DefaultLevel Level = iota
	Beginner
	Easy
	Medium
	Hard
	Expert
)

var levelNames = [...]string{"default", "beginner", "easy", "medium", "hard", "expert"}

// String returns the level's name in lower case.
func (l Level) String() string {
	if l < 0 || int(l) >= len(levelNames) {
		return fmt.Sprintf("Level(%d)", int(l))
	}
	return levelNames[l]
}

// ParseLevel reads a level name (any case) or its number 1-5.
func ParseLevel(s string) (Level, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for i, n := range levelNames {
		if t == n || t == fmt.Sprint(i) && i > 0 {
			return Level(i), nil
		}
	}
	return DefaultLevel, fmt.Errorf("ai: unknown level %q (want beginner, easy, medium, hard or expert)", s)
}

// effective returns the level with the default resolved.
func (l Level) effective() Level {
	if l <= DefaultLevel || l > Expert {
		return Hard
	}
	return l
}

// Style is a robot's personality: the original mj-player's strategy
// knobs. Each knob may list several values the robot switches between
// (with Hysteresis), as the manual describes. Empty lists mean the
// default (0).
type Style struct {
	Chowness   []float64 // -1..1: dislike (negative) or like (positive) chows
	Hiddenness []float64 // 0..1: keep the hand concealed
	Majorness  []float64 // 0..1: collect major tiles
	Suitness   []float64 // 0..1: collect one suit
	Hysteresis float64   // how much better another strategy must be to switch
}

// Options configure a Robot.
type Options struct {
	Level Level
	Style Style
	Seed  uint64 // for the noise of the lower levels; same seed, same play

	// Tuning replaces some of the level's constants, to measure a change
	// (see ParseTuning); empty in play.
	Tuning Tuning

	// Search, when set, looks ahead at each claim the robot weighs
	// (package lookahead); nil, as every level has by default, decides
	// from the model alone.
	Search Search `json:"-"`
}

// Search plays a decision's best options out and says which to take.
type Search interface {
	// Claim answers another player's discard ev: opts[0] is the
	// model's choice and opts[1:] its next best, each with the value
	// the model gave it; it returns the index of the option to take. r
	// is the deciding robot (see Fork) and v its view, already holding
	// ev.
	Claim(r *Robot, v *engine.View, ev engine.Event, opts []Weighed) int
}

// Robot decides a seat's actions from that seat's view alone. A Robot is
// not safe for concurrent use; give each seat its own.
type Robot struct {
	moments Moments // what Respond does when (bound to this robot by New)
	opts    Options
	params  params
	buf     []engine.Action

	// per-decision scratch
	an, an2, an3 Analyzer
	ctx          context
	cands        []cand
	scores       map[scoreKey]winPair
	hkey         handKey
	ready        map[scoreKey]readyInfo // ready hands of this decision
	oneAway      map[scoreKey]readyInfo // hands one step from ready, this decision
	sc           scorer
	ro           rollout // Expert's search
	searchIdx    []int
	stratPos     stylePos // the personality's knobs in force
	read         tableRead
	pace         pace // the others' wins per discard, this game

	event    engine.Event    // the event being answered (for the search)
	explain  func(*Decision) // see Explain
	decision Decision
	weighed  []Weighed // claim options weighed, for explain and the search
}

// New returns a robot.
func New(o Options) *Robot {
	r := &Robot{opts: o, buf: make([]engine.Action, 0, 4), scores: make(map[scoreKey]winPair, 256),
		ready: make(map[scoreKey]readyInfo, 256), oneAway: make(map[scoreKey]readyInfo, 64)}
	r.params = paramsFor(o.Level.effective())
	o.Tuning.apply(&r.params)
	r.cands = make([]cand, 0, 16)
	r.bindMoments()
	return r
}

// Fork returns a robot that plays on as r would without its search: the
// same options and what r has learned of this game and hand so far. A
// search plays its sampled hands out with it.
func (r *Robot) Fork() *Robot {
	o := r.opts
	o.Search = nil
	f := New(o)
	f.read, f.pace, f.stratPos = r.read, r.pace, r.stratPos
	return f
}

// Options returns the options the robot was made with.
func (r *Robot) Options() Options { return r.opts }

// Level returns the robot's effective level.
func (r *Robot) Level() Level { return r.opts.Level.effective() }
