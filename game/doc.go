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
// small pure functions (LayoutTableOpts, LayoutDialog, LayoutStart,
// BuildSprites, WallStack) that the tests check on phone, tablet and
// desktop sizes without a GPU. On a desktop the players sit around a
// table not much wider than high, the wall (when shown) a square of
// stacks around the discards, used clockwise from where the NewHand
// message says, loose tiles from its other end and the dead wall
// shaded. On a phone (short side under 560 CSS px) each other player's
// concealed tiles (backs overlapping by half), sets and flowers share one
// row. The discards make a compact cross around the centre; a central
// dialog sits in the middle of that cross when that costs little, else in
// a band of the table beside or below it. Dialogs below get a strip under
// our rack; a popup is a small window near our hand with a title bar to
// drag it by and a button that hides it until the next question (its
// "Show dialog" tab brings it back; keys keep working while it is hidden).
//
// Tiles move when the game moves them (unless Config.NoAnimation): the
// deal and every draw from the wall (the live end or the loose end), the
// discards, claimed discards to their new sets, concealed kongs and
// flowers. A tile in flight hides its place until it lands. Claims are
// announced in large letters on yellow for two seconds.
//
// Input turns mouse, touch and keys into intents:
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
