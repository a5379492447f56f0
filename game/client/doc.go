// Package client is the table client's logic, without any drawing: the
// model of our seat that the Ebitengine table (package game) shows, for a
// local game, a relay game or a TCP game alike. It knows no ebiten and no
// syscall/js, so it builds and tests natively and under WebAssembly.
//
// A Client talks to a controller over a protocol.LineConn. It reads lines
// in its own goroutine and writes requests from another, so the UI never
// blocks:
//
//	c, _ := client.New(conn, client.Config{Name: "Ann"})
//	defer c.Close()
//	// in Update, every frame:
//	for _, ev := range c.Poll() { // applies the messages to c.View()
//		animate(ev); announce(ev)
//	}
//	p := c.Prompt() // what we are being asked: which dialog, which buttons
//	if keyPressed(k) { err := c.PressKey(k) } // or c.Press(button), c.PressDefault()
//
// Pending returns a channel signalled when messages wait, for a UI that
// redraws only on change and for tests that wait without sleeping.
//
// # Prompts
//
// Prompt computes, from the seat's engine.View, what we are asked now.
// Its Kind is the dialog (None, Ready, Declare, Discard, Claim, Rob,
// ChooseChow, ChooseForm, DeclareSets, GameOver) and its Buttons are the
// actions the controller would accept, in xmj's order and with xmj's
// labels and accelerators; nothing else is offered. Legality is decided
// by applying, with checking, the message the controller would send to a
// scratch copy of the view's game: the very test the controller makes.
// Buttons that act on the selected tile (UsesSelection) are offered when
// some tile would do and Enabled when the selected one does.
//
//	Ready        Ready(r)                                   on a Pause that does not exempt us
//	Declare      Declare(d) Kong(k) Finish(f)               our turn in the declaring phase
//	Discard      Discard(d) Calling(c) Kong(k) Mah Jong!(m) our turn; Discard reads "Declare" for a flower
//	Claim        No claim(n) Chow(c) Pung(p) Kong(k) Mah Jong!(m)   another's discard, with Tile,
//	             From (discarder id), Serial, Timeout and Deadline (from the Timeout game option,
//	             counted from the moment the discard arrived)
//	Rob          Mah Jong!(m) No claim(n)                   a kong we can rob (kongs we cannot rob
//	             are passed automatically, as the controller waits for every answer)
//	ChooseChow   one button per possible chow (1, 2, 3), Pos and Chow (lowest tile) set
//	ChooseForm   Eyes(e) Chow(c) Pung(p) Special Hand(s)    the claimed tile of our mah-jong
//	DeclareSets  Eyes(e) Chow(c) Pung(p) and, for the winner, Special Hand(s); for a loser
//	             Finished(f) (shows the remaining tiles). Losers are asked once the winner's
//	             hand is declared.
//
// A claim of a chow that can be made in several ways is sent with AnyPos;
// when it succeeds the controller asks which (ChooseChow). After Press the
// prompt is None until the controller answers; a refusal (engine.CError,
// also kept as Refusal) brings the prompt back.
//
// # Our tiles
//
// Hand is our concealed tiles in display order, kept by the client:
// sorted (SortAlways, the default), sorted on the deal only (SortOnDeal)
// or never (SortNever), and rearranged with MoveTile (Shift-Left/Right)
// and MoveTileTo (drag). The selection follows xmj: the drawn tile is
// selected after a draw, the rightmost flower or season when we are to
// declare, the first tile when we set out a winning hand; MoveSelection
// moves it (Left/Right), Select and ToggleSelect set it.
//
// Scoring returns the Scoring window's texts (each HandScore, then the
// Settlement), kept until the next hand is scored.
package client
