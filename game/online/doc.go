// Package online plays games through the relay (package relay): a Host
// runs the controller and the robots in its own program, exactly as in
// a local game, and each guest reaches it through the relay room as a
// line connection of its own (package roomconn), so that a guest
// receives only what the original server would send to that seat.
//
// A Guest joins a room by its code, and rejoins its seat after a reload
// or a lost network with the Session it keeps. A Host chooses which
// seats are people and which robots, what happens while a guest is away
// (Policy: wait, a robot stands in, or the game ends), saves the game as
// it goes (Saved) to resume it after a reload, and comes back to its
// room by itself when its relay connection drops (RedialFor): its guests
// are told and connect again. Bridge lets programs that only speak the
// original protocol over a socket join a room as guests.
//
// It builds natively and for the browser (GOOS=js); in the browser the
// relay client uses the page's WebSocket.
package online
