// Package engine holds the rules of Chinese Classical mah-jong as the
// original Unix Mah-Jong programs (mj-server 1.11) implement them: tiles
// and the wall, players' holdings, the state of a game, claims, scoring,
// settlement and every game option, and the Controller that runs a whole
// game as the original server does.
//
// Everything that happens at the table is a controller message (an
// Event: the C types, one per message of the wire protocol) and every
// request is a player message (an Action: the P types). The controller
// checks a request by applying the message it would send to its own Game
// with checking on; a seat builds its View by applying, unchecked, the
// messages it receives. So the controller, the table UI and the robots
// all read the same state, changed in the same way.
//
//	c := engine.NewController(engine.ServerOptions{Seed: 1, Timeout: 15})
//	cnx, _ := c.Accept()
//	outs := c.Handle(cnx, engine.PConnect{Version: engine.ProtocolVersion, Name: "Ann"})
//	for _, o := range outs {
//		fmt.Println(o.Conn, o.Event) // send o.Event's wire line to connection o.Conn
//	}
//
// Randomness and time are passed in (ServerOptions.Seed, Controller.Advance):
// the engine never reads the clock or a global random source, so a seeded
// game is reproducible, and with the same seed it deals exactly the walls
// and dice the original server deals. The text form of the messages
// (parsing, framing) is in package engine/protocol.
package engine
