// Package prefs reads and writes the table's preferences in the original
// xmj's .xmjrc line format, and keeps them in a Store: the browser's
// localStorage (prefs_js.go) or a file on the desktop (store.go).
//
// The file is a list of lines, one preference each:
//
//	Display Animate 1
//	Display DialogPosition below
//	Display ShowWall when-room
//	Display SortTiles deal
//	Display TableColour #00004e4e1e1e
//	Playing AutoSpecials 1
//	GameOption 0 NumRounds nat 0 1 1 number of rounds to play
//
// Display and Playing lines set the fields of Display and Playing;
// GameOption lines, in the controller's own wire format, are the game
// option preferences (sent to the game when we manage it). Lines the
// package does not know (the original's OpenDialog, CompletedGames,
// Gtk2Rcfile, ...) are kept verbatim and written back, so a file shared
// with the original loses nothing. A line whose value cannot be read is
// kept verbatim too and reported in the error Parse returns, with the
// rest of the preferences still read:
//
//	p, err := prefs.Load(prefs.Default()) // err: what was wrong, p: the rest
//	p.Display.Animate = false
//	p.Mark("Display Animate")
//	err = prefs.Save(prefs.Default(), p)
//
// Only the keys that were read or marked are written (Format), so that a
// program's defaults are not frozen into the file.
package prefs
