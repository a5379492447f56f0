// Package ai holds the robot players: a Robot decides every action of one
// seat from that seat's engine.View alone, never from hidden information.
//
// The robot prices each option (every discard, every claim, every kong)
// by an estimate of the points it is worth: the chance of going out
// before the others, from the shanten number and the effective tiles
// (shanten.go), times the hand's value when it goes out, taken from the
// engine's own scorer for ready hands (value.go), plus the losing hand's
// value, less the cost of discards that could make it liable for a
// cannon or feed a doubling pung (decide.go).
//
// A hand one step from ready is priced by looking a draw ahead: for every
// effective draw, the best ready hand it leads to, with its exact value
// and its waits. Effective tiles are weighted by how they can arrive (a
// pung of a pair may be claimed from anybody, a chow only from the
// left). Hard and Expert also price the big hands a hand may still
// become, the no-chows hand and the one-suit hand, each by its own
// distance, effective tiles and value, and take the best (targets.go).
// Their ready hands count each wait by how often the others throw that
// kind, as measured of the original robots (outflow.go): a lone honour
// comes out far sooner than a middle tile; each wait's score mixes going
// out on a discard and on the robot's own draw in the same proportion
// (only the drawn tile earns the concealed hand's double). There is no
// furiten, so a fully concealed ready hand may let a winning discard go
// early in a hand, while the others are far from going out, to wait for
// the drawn tile that doubles it (selfpass.go). A discard the robot lets
// go is priced with only the turns of the players seated between the
// discarder and it before its draw, a claim with a whole round (tempo.go).
// Hard and Expert weigh the race by the time: the others seldom go out in
// the first turns of a hand and more often as it goes on, as measured of
// the original robots, so the chance that nobody else goes out in a turn
// blends a constant with that shape (hazard.go), and a rich hand is
// built early and a quick one finished late.
// Hard leans a little to major tiles of its own (a majorness of 0.3,
// which a personality's own majorness replaces): richer wins at the same
// points, as measured against the original robots.
// Expert also reads the table's pace: where the others have gone out
// sooner than the original robots do, it plays faster, and slower where
// they are slower (pace.go). It counts in a win the payment to another
// winner that the win spares, and it weighs its losing hand a little
// more than Hard does and by the losers' own settlement, in which East
// settles double.
// A robot given a search (Options.Search; package ai/lookahead) also
// looks ahead at every claim it weighs: it plays its choice and the
// runner-up out to the end of the hand on many random deals of the tiles
// it cannot see and takes the runner-up only when it does clearly
// better. No level searches by default.
// At the end of the wall, or where another player's declared sets make
// it dangerous, the robot does not add a suit tile to its exposed pung:
// a robbed kong's tile is judged as a discard, and the robbery would make
// it liable for a cannon.
// A concealed kong waits for the robot's first regular turn
// rather than being declared among the flowers (the
// original East robot stumbles on that). Levels from Beginner to
// Expert switch parts of this off and add seeded noise; personalities
// (Style, Presets) bias its taste: a Style may list several values per
// knob, between which the robot switches during a hand when another fits
// the hand better by more than the hysteresis (style.go), as the
// original mj-player does.
//
//	r := ai.New(ai.Options{Level: ai.Hard, Seed: 1})
//	for each event ev received by the seat (after v.Apply(ev)):
//		for _, a := range r.Respond(v, ev) {
//			send(a)
//		}
package ai
