// Package announce puts the game into short English sentences for the
// page's offscreen live region (role="log"): for screen readers, and so
// that browser tests can follow a game. It is pure Go (no ebiten, no
// syscall/js).
//
// Use an Announcer with a client: after each Poll,
//
//	for _, line := range ann.Update(c.View(), evs, c.Prompt()) {
//		cfg.Announce(line)
//	}
//
// and on a key, Hand(c.View(), c.Hand()) and Prompt(c.View(), c.Prompt()).
//
// # Phrasing
//
// The sentences are stable: tests wait for them. NAME is a player's name,
// or "You" for ourselves (with the verb's plain form: "You discard ...");
// TILE is engine.Tile.Name() ("Five Bamboo", "Red Dragon", "Plum");
// CHOW is three tile names separated by ", ". One line per message:
//
//	NAME joins the table.                                   (before the game)
//	The game begins. Seats: East NAME, South NAME, West NAME, North NAME.
//	New round: South wind.
//	New hand. East is NAME. Round: East wind. You are South.
//	NAME declares TILE.                                     (flower or season)
//	You drew TILE.                                          (our draws only, not the deal)
//	You drew a loose tile: TILE.
//	NAME discards TILE.        NAME discards TILE and calls.
//	NAME claims pung.   ... claims kong. ... claims chow. ... claims mah-jong.
//	Your claim failed: There was a prior claim.
//	Time is up: no claim.
//	That was a dangerous discard by NAME.
//	NAME pungs TILE.    NAME kongs TILE.    NAME chows TILE: CHOW.
//	NAME declares a concealed kong of TILE.   NAME adds TILE to a pung.
//	NAME robs the kong of TILE!
//	NAME goes Mah-Jong!
//	The hand is washed out: wall exhausted.
//	NAME makes a pair of TILE.
//	NAME sets out a concealed pair of TILE.   (pung of TILE; chow: CHOW)
//	NAME declares a special hand.
//	NAME shows: TILE, TILE, ....
//	Scoring: NAME's hand scores 44.            Scoring: your hand scores 10.
//	Scoring: settlement NAME +88, NAME -44, NAME -22, NAME -22.   (seats East..North)
//	Game over. Final scores: NAME 1200, NAME 900, ....
//	Refused: TEXT.                             (the controller refused our request)
//	Message from NAME: TEXT
//	Play stopped: TEXT
//
// When the prompt changes, one line (Prompt), "LEAD You may: BUTTONS.",
// BUTTONS being "Label (KEY)" joined by ", " in dialog order, with
// " (select a tile)" after a button that needs a selection it lacks:
//
//	Ready to start next hand? You may: Ready (R).
//	Your turn: declare flowers, seasons and concealed kongs. You may: Declare (D), Finish (F).
//	Your turn: discard. You may: Discard (D), Kong (K), Mah Jong! (M).
//	Claim window: NAME discarded TILE. 15 seconds. You may: No claim (N), Pung (P), Mah Jong! (M).
//	Rob the kong: NAME konged TILE. You may: Mah Jong! (M), No claim (N).
//	Choose the chow with TILE. You may: CHOW (1), CHOW (2).
//	Mah-Jong: say what TILE completes. You may: Eyes (E), Pung (P).
//	Declare your concealed sets. You may: Pung (P), Eyes (E).          (we went out)
//	Declare your concealed sets, then Finished. You may: Pung (P), Finished (F).
//	Game over.
//
// Hand gives "Your hand: TILE, TILE, .... Declared: pung of TILE; chow CHOW.
// Flowers and seasons: TILE." (the last two parts only when not empty).
package announce
