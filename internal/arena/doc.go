// Package arena plays matches between robots and measures them: in
// process on our engine between robots of ours (PlayLocal), and on the
// real original mj-server with three original mj-player robots and one
// of ours, or four originals as a control (PlayOriginal). Each game
// yields a GameRecord with one HandRecord per hand and player, built by a
// Recorder from the messages the server logged; Report prints, per kind
// of robot, the means with 95 % confidence intervals computed with games
// as clusters (hands of one game are not independent draws).
//
// The command cmd/mj-arena runs it.
package arena
