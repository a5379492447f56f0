// Package ai holds the robot players: a Robot decides every action of one
// seat from that seat's engine.View alone, never from hidden information.
//
// The robot prices each option (every discard, every claim, every kong)
// by an estimate of the points it is worth: the chance of going out
// before the others, from the shanten number and the effective tiles
// (shanten.go), times the hand's value when it goes out, taken from the
// engine's own scorer for ready hands (value.go), plus the losing hand's
// value, less the cost of discards that could make it liable for a
// cannon or feed a doubling pung (decide.go). Levels from Beginner to
// Expert switch parts of this off and add seeded noise; personalities
// (Style, Presets) bias its taste.
//
//	r := ai.New(ai.Options{Level: ai.Hard, Seed: 1})
//	for each event ev received by the seat (after v.Apply(ev)):
//		for _, a := range r.Respond(v, ev) {
//			send(a)
//		}
package ai
