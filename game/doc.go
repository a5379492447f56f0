// Package game is the Ebitengine table: a start scene with the "New
// local game" dialog, then the table where we play against three robots
// (package local runs the game, package client keeps our seat's model and
// says what we are asked, package announce puts it into words, package
// art draws tiles and text). App is what ebiten.RunGame runs; Update
// changes state, Draw only reads it, and nothing is redrawn while nothing
// changes (run with ebiten.SetScreenClearedEveryFrame(false)).
//
//	ebiten.SetScreenClearedEveryFrame(false)
//	app := game.NewApp(game.Config{Announce: liveRegion, FirstFrame: mark})
//	err := ebiten.RunGame(app)
//
// The screen is drawn in device pixels (LayoutF); all geometry comes from
// small pure functions (LayoutTable, LayoutDialog, LayoutStart,
// BuildSprites) that the tests check on phone and desktop sizes without a
// GPU. Input turns mouse, touch and keys into intents:
//
//	Left/Right        select the previous/next tile of our hand
//	Shift-Left/Right  move the selected tile
//	Space, Return     the dialog's default (highlighted) button, or the focused one
//	Tab, Shift-Tab    move the keyboard focus among the dialog's buttons
//	a letter, 1-3     the button with that underlined accelerator (xmj's, no Alt)
//	H                 announce our hand and the actions open to us
//	S                 show or hide the Scoring window (when no button uses S)
//	O, Escape         close the Scoring window (Escape also clears the selection)
//	tap/click         select a tile (again: unselect), press a button
//	double tap/click  discard the tile
//	long press, right click  show the tile's name
//	drag              move a tile within our hand
//
// In the start scene Return (or S) starts the game; a tap on a name field
// edits it, Tab focuses the first one.
package game
