//go:build js

package game

// quitEnds: in the browser Quit leaves the game for the start dialog (the
// page stays).
const quitEnds = false
