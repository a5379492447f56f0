// Package local runs a whole game in the process: an engine.Controller in
// its own goroutine, with the claim timer kept on the real clock, three
// robot seats (package ai, driven by ai/player) each in its own goroutine,
// and our seat on an in-memory protocol.Pipe whose other end is handed to
// package client. Nothing here touches the UI's frame loop, so robots
// never stall a frame. It builds natively and under WebAssembly (the
// browser's local game).
//
//	g, err := local.Start(local.Config{Name: "Ann", Seed: seed, Timeout: 15})
//	if err != nil { ... }
//	defer g.Close()
//	c, _ := client.New(g.Conn(), client.Config{Name: "Ann"})
//
// We connect first, then the robots one after another, so with the same
// Seed and configuration the seating and the deals are the same. Robots'
// moves (discards, declarations, kongs, going out) can be slowed by
// Config.Delay so that people can follow the play; the delay runs on
// timers in the robots' goroutines. Close stops everything and waits for
// every goroutine.
//
// Host is the serving loop on its own, for other hosts of a game (the
// online host in package game/online): it owns a Controller, reads any
// number of protocol.LineConns, keeps the claim timer, and lets hooks
// act before and after each request (for example to swap a robot for a
// returning player, or to save the game as it goes).
package local
