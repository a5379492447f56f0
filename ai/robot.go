package ai

import (
	"mahjong/engine"
	"mahjong/internal/scripted"
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

// Style is a robot's personality: the original mj-player's strategy
// knobs. Each knob may list several values the robot switches between
// (with Hysteresis), as the manual describes.
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
}

// Robot decides a seat's actions from that seat's view alone.
type Robot struct {
	opts Options
	buf  []engine.Action
}

// New returns a robot.
func New(o Options) *Robot { return &Robot{opts: o} }

// Respond returns what the robot sends after its seat received ev. v is
// the seat's view, which has already applied ev. The returned slice is
// reused by the next call.
//
// PLACEHOLDER: plays the trivial scripted policy until the real robot lands.
func (r *Robot) Respond(v *engine.View, ev engine.Event) []engine.Action {
	r.buf = scripted.AppendResponse(r.buf[:0], v.Game, v.ID, ev)
	return r.buf
}
