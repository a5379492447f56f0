//go:build !js

package game

// quitEnds: on the desktop Quit ends the program.
const quitEnds = true
