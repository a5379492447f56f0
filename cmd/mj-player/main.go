// Command mj-player is our robot as a program: it connects to a game
// server (ours or the original mj-server), plays one game and exits at
// the end of the game or when the server closes the connection. It takes
// the original mj-player's flags:
//
//	mj-player [--id N] [--name NAME] [--server ADDR] [--password PW]
//	          [--chowness X] [--hiddenness X] [--majorness X] [--suitness X]
//	          [--hysteresis X] [--level LEVEL]
//
// --server is host:port for TCP or, without a colon, the path of a Unix
// socket (default localhost:5000); --id asks for a player id when
// rejoining a game; --name defaults to Robot(PID); --password answers
// the server's basic authorisation. The strategy options are the
// original's personality knobs, each a comma-separated list of values
// (chowness -1..1, the others 0..1) that the robot switches between with
// --hysteresis. --level (beginner, easy, medium, hard, expert; default
// hard) is ours. --verbose logs what the robot skips or is refused.
//
// Online rooms (our relay) are ours too:
//
//	mj-player --relay ws://host:8080/relay --room CODE [--id N] ...
//
// plays in the room as a guest (the room's host runs the game: a page
// or mj-server --relay), and
//
//	mj-player --relay ws://host:8080/relay --room CODE --bridge 127.0.0.1:5001
//
// plays nothing itself: it listens on the address and lets each program
// that connects there (the original mj-player or xmj, which only speak
// TCP) join the room as a guest of its own.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"mahjong/ai"
	"mahjong/ai/lookahead"
	"mahjong/ai/player"
	"mahjong/engine/protocol"
	"mahjong/game/online"
	"mahjong/internal/arena"
	"mahjong/relay"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "mj-player:", err)
		os.Exit(1)
	}
}

// options is the parsed command line.
type options struct {
	addr   string
	relay  string // relay endpoint, with room
	room   string
	bridge string // listen here and bridge to the room
	cfg    player.Config
	ai     ai.Options
	search *lookahead.Config // --search; nil: none
}

func parseArgs(args []string, stderr io.Writer) (options, error) {
	fs := flag.NewFlagSet("mj-player", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o := options{}
	fs.IntVar(&o.cfg.ID, "id", 0, "player id to ask for (0: a new player)")
	fs.StringVar(&o.cfg.Name, "name", fmt.Sprintf("Robot(%d)", os.Getpid()), "player name")
	fs.StringVar(&o.addr, "server", "localhost:5000", "server address: host:port, or a Unix socket path")
	fs.StringVar(&o.cfg.Password, "password", "", "password for basic authorisation")
	fs.StringVar(&o.relay, "relay", "", "relay endpoint (ws://host/relay) to join a room instead of a server")
	fs.StringVar(&o.room, "room", "", "the relay room's code (with --relay)")
	fs.StringVar(&o.bridge, "bridge", "", "with --relay: listen on this address and bridge every connection into the room")
	level := fs.String("level", "hard", "strength: beginner, easy, medium, hard or expert")
	verbose := fs.Bool("verbose", false, "log skipped lines and refused requests to standard error")
	fs.Func("search", "look ahead at claims: PLAYS,Z plays each option out PLAYS times on random deals of the unseen tiles and takes the runner-up when it wins by Z standard errors (e.g. 32,2.5); PLAYS,Z,FROM searches only claims the robot values at FROM or more; off: none (the default)", func(s string) error {
		c, err := arena.ParseSearch(s)
		o.search = c
		return err
	})
	st := &o.ai.Style
	knob := func(name string, dst *[]float64, lo, hi float64, usage string) {
		fs.Func(name, usage, func(s string) error {
			v, err := arena.ParseFloats(name, s, lo, hi)
			*dst = v
			return err
		})
	}
	knob("chowness", &st.Chowness, -1, 1, "liking for chows, -1..1 (comma-separated list)")
	knob("hiddenness", &st.Hiddenness, 0, 1, "reluctance to expose sets, 0..1 (list)")
	knob("majorness", &st.Majorness, 0, 1, "bias towards major tiles, 0..1 (list)")
	knob("suitness", &st.Suitness, 0, 1, "bias towards one-suit hands, 0..1 (list)")
	fs.Func("hysteresis", "how much better another strategy must fit the hand to switch to it (0: the default, 4)", func(s string) error {
		h, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		st.Hysteresis = h
		return err
	})
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if (o.relay == "") != (o.room == "") {
		return o, fmt.Errorf("--relay and --room go together")
	}
	if o.bridge != "" && o.relay == "" {
		return o, fmt.Errorf("--bridge needs --relay and --room")
	}
	lv, err := arena.ParseLevel(*level)
	if err != nil {
		return o, err
	}
	o.ai.Level = lv
	o.ai.Seed = uint64(os.Getpid())
	if *verbose {
		o.cfg.Log = func(s string) { fmt.Fprintln(stderr, s) }
	}
	return o, nil
}

func run(ctx context.Context, args []string, stderr io.Writer) error {
	o, err := parseArgs(args, stderr)
	if err != nil {
		return err
	}
	if o.search != nil && o.search.Plays > 0 {
		o.ai.Search = lookahead.NewSearch(*o.search)
	}
	o.cfg.Robot = ai.New(o.ai)
	if o.relay != "" {
		return runRelay(ctx, o, stderr)
	}
	network := "tcp"
	if !strings.Contains(o.addr, ":") {
		network = "unix"
	}
	var d net.Dialer
	nc, err := d.DialContext(ctx, network, o.addr)
	if err != nil {
		return err
	}
	return player.Run(ctx, protocol.NewConn(nc), o.cfg)
}

// runRelay plays in a relay room, or bridges sockets into it.
func runRelay(ctx context.Context, o options, stderr io.Writer) error {
	if o.bridge != "" {
		ln, err := net.Listen("tcp", o.bridge)
		if err != nil {
			return err
		}
		fmt.Fprintf(stderr, "OK: bridge %s\n", ln.Addr())
		err = online.Bridge(ctx, ln, o.relay, o.room, relay.DialOptions{})
		if errors.Is(err, context.Canceled) {
			return nil
		}
		return err
	}
	rc, err := relay.Join(ctx, o.relay, online.NormalizeCode(o.room), "", relay.DialOptions{})
	if err != nil {
		return err
	}
	return player.Run(ctx, rc, o.cfg)
}
