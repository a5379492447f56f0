package arena

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"mahjong/engine"
	"mahjong/engine/protocol"
)

// playLines plays one game over conn as name with robot, the way
// ai/player.Run plays an ai.Robot, for robots that are not ai.Robots
// (the classic imitation). observe sees every message after the view
// applied it, with the robot's answers and the time it took. It returns
// nil after GameOver or a clean end of the connection.
func playLines(ctx context.Context, conn protocol.LineConn, name string, robot Responder,
	observe func(v *engine.View, ev engine.Event, acts []engine.Action, took time.Duration)) error {
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer func() {
		stop()
		conn.Close()
	}()
	fail := func(err error) error {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return err
	}
	hello := engine.PConnect{Version: engine.ProtocolVersion, Name: name}
	if err := conn.WriteLine(hello.String()); err != nil {
		return fail(fmt.Errorf("arena: sending Connect: %w", err))
	}
	v := engine.NewView()
	for {
		line, err := conn.ReadLine()
		if errors.Is(err, io.EOF) {
			return fail(nil)
		}
		if err != nil {
			return fail(fmt.Errorf("arena: reading: %w", err))
		}
		ev, err := protocol.ParseEvent(line)
		if err != nil {
			continue // a line we do not know changes nothing for a robot
		}
		if err := v.Apply(ev); err != nil {
			return fmt.Errorf("arena: %q: %w", line, err)
		}
		if m, ok := ev.(engine.CConnectReply); ok && m.ID == 0 {
			return fmt.Errorf("arena: connection refused: %s", m.Reason)
		}
		start := time.Now()
		acts := robot.Respond(v, ev)
		if observe != nil {
			observe(v, ev, acts, time.Since(start))
		}
		for _, a := range acts {
			if err := conn.WriteLine(a.String()); err != nil {
				return fail(fmt.Errorf("arena: sending %s: %w", a, err))
			}
		}
		if v.Over {
			return nil
		}
	}
}
