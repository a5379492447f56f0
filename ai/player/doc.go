// Package player drives one ai.Robot over a line connection to a game
// server: ours (internal/server, or an in-process controller over
// protocol.Pipe) or the original mj-server. It is the whole of a robot
// client: cmd/mj-player runs it over a socket, the browser's local game
// over an in-memory pipe, and the arena over both.
//
//	conn, _ := net.Dial("tcp", "127.0.0.1:5000")
//	err := player.Run(ctx, protocol.NewConn(conn), player.Config{
//		Name:  "Robot",
//		Robot: ai.New(ai.Options{}),
//	})
//
// Run sends Connect, keeps the seat's engine.View up to date with every
// message it receives, asks the robot what to answer and writes the
// answers. It returns nil once the game is over or the server has closed
// the connection cleanly.
package player
