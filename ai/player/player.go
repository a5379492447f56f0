package player

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"mahjong/ai"
	"mahjong/engine"
	"mahjong/engine/protocol"
)

// Config describes the player.
type Config struct {
	Name     string    // the name given in Connect
	ID       int       // the player id to ask for (0: a new player)
	Password string    // answered to the server's AuthReqd (basic authorisation)
	Robot    *ai.Robot // who decides; nil: ai.New(ai.Options{})
	Log      func(string)

	// Observe, if set, sees every message after the view has applied it,
	// with the robot's answers and the time the robot took to decide them.
	// acts is only valid during the call.
	Observe func(v *engine.View, ev engine.Event, acts []engine.Action, took time.Duration)
}

// ErrRefused is returned (wrapped) when the server refuses the connection.
var ErrRefused = errors.New("player: connection refused")

// maxBadLines is how many unreadable lines in a row Run tolerates before
// it gives up on the server.
const maxBadLines = 100

// Run plays one game as cfg describes over conn and closes conn when it
// returns. It returns nil after GameOver or when the server closes the
// connection cleanly, ctx's error when ctx ends first, and an error when
// the server refuses us, when the connection fails or when a message does
// not fit the game as we know it. Lines it cannot parse are logged and
// skipped.
func Run(ctx context.Context, conn protocol.LineConn, cfg Config) error {
	if cfg.Robot == nil {
		cfg.Robot = ai.New(ai.Options{})
	}
	logf := func(format string, args ...any) {
		if cfg.Log != nil {
			cfg.Log(fmt.Sprintf(format, args...))
		}
	}
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

	hello := engine.PConnect{Version: engine.ProtocolVersion, LastID: cfg.ID, Name: cfg.Name}
	if err := conn.WriteLine(hello.String()); err != nil {
		return fail(fmt.Errorf("player: sending Connect: %w", err))
	}
	v := engine.NewView()
	bad := 0
	for {
		line, err := conn.ReadLine()
		if err != nil {
			if errors.Is(err, io.EOF) {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				return nil
			}
			if errors.Is(err, protocol.ErrLineTooLong) {
				logf("player: skipping an over-long line")
				continue
			}
			return fail(fmt.Errorf("player: reading: %w", err))
		}
		ev, err := protocol.ParseEvent(line)
		if err != nil {
			bad++
			logf("player: skipping %q: %v", line, err)
			if bad >= maxBadLines {
				return fmt.Errorf("player: %d unreadable lines in a row, last %q: %w", bad, line, err)
			}
			continue
		}
		bad = 0
		if err := v.Apply(ev); err != nil {
			return fmt.Errorf("player: %q: %w", line, err)
		}
		switch m := ev.(type) {
		case engine.CConnectReply:
			if m.ID == 0 {
				return fmt.Errorf("%w: %s", ErrRefused, m.Reason)
			}
		case engine.CAuthReqd:
			a := engine.PAuthInfo{AuthType: m.AuthType, Data: cfg.Password}
			if err := conn.WriteLine(a.String()); err != nil {
				return fail(fmt.Errorf("player: sending AuthInfo: %w", err))
			}
		case engine.CError:
			logf("player: the server refused a request: %s", m.Text)
		}
		start := time.Now()
		acts := cfg.Robot.Respond(v, ev)
		took := time.Since(start)
		if cfg.Observe != nil {
			cfg.Observe(v, ev, acts, took)
		}
		for _, a := range acts {
			if err := conn.WriteLine(a.String()); err != nil {
				return fail(fmt.Errorf("player: sending %s: %w", a, err))
			}
		}
		if v.Over {
			return nil
		}
	}
}
