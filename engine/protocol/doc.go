// Package protocol is the text form of the messages that players and the
// controller exchange, compatible with the mj-server protocol of release
// 1.11 (version 1110). The message types themselves live in package
// engine — engine.CPlayerDiscards, engine.PDiscard and so on, whose String
// methods give the wire line; this package parses lines back into them
// (ParseEvent, ParseAction), moves lines over byte streams (Conn) and in
// memory (Pipe) behind the LineConn interface, and reads the original's
// server logs (ReadLog) and saved games (Scanner).
//
// Escaping happens at two levels, as in the original. A message's free
// text, always its last field, is escaped by String: one backslash in
// front when the text starts with white space or a backslash, because the
// receiver skips white space before a field and removes one leading
// backslash from a text. The line transport (Conn, and the saved-game
// files) doubles every backslash and sends each newline as a backslash
// followed by CR LF; ReadLine undoes both. The server log records lines
// between the two levels, so a logged line equals the String of its
// message.
//
// A controller serving one connection:
//
//	c := protocol.NewConn(netConn)
//	for {
//		line, err := c.ReadLine()
//		if err != nil {
//			return err
//		}
//		a, err := protocol.ParseAction(line)
//		if err != nil {
//			c.WriteLine(engine.CError{Seq: n, Text: "Protocol error"}.String())
//			continue
//		}
//		... apply a, then c.WriteLine(ev.String()) for each event ...
//	}
package protocol
