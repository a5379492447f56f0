// Package arena plays matches between robots and measures them: in
// process on our engine between robots of ours (PlayLocal), and on the
// real original mj-server with three original mj-player robots and one
// of ours, or four originals as a control (PlayOriginal). Each game
// yields a GameRecord with one HandRecord per hand and player, built by a
// Recorder from the messages the server logged; Report prints, per kind
// of robot, the means with 95 % confidence intervals computed with games
// as clusters (hands of one game are not independent draws). A Spec is
// one of our levels or "classic", the imitation of the original robot in
// package ai/classic; Agreement replays logged games of the original
// robots and counts how often the imitation decides as they did.
//
// The command cmd/mj-arena runs it.
package arena
