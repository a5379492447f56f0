// Package scripted provides trivial, deterministic robot seats and an
// in-process driver that plays four of them against an engine.Controller.
// Tests, fuzzers and benchmarks use them to run whole games without
// sockets, clocks or goroutines.
//
// A seat never claims anything but mah-jong, never declares a kong and
// throws its least useful tile by a crude count of neighbours, so games
// run fast, end (somebody goes out now and then) and are reproducible
// from the controller's seed:
//
//	c := engine.NewController(engine.ServerOptions{Seed: 1})
//	if err := scripted.Play(c, [4]string{"Ann", "Bob", "Cat", "Dan"}, 1_000_000); err != nil {
//		// a seat was refused something, or the game stalled
//	}
//	fmt.Println(c.FinalScores())
package scripted
