package server

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"mahjong/engine"
	"mahjong/engine/protocol"
	"mahjong/game/online/roomconn"
	"mahjong/relay"
)

const usage = `Usage: mj-server [ --server ADDR ]
  [ --timeout N ]
  [ --pause N ]
  [ --random-seats | --id-order-seats ]
  [ --debug ]
  [ --disconnect-penalties N1,N2,N3 ]
  [ --end-on-disconnect ]
  [ --exit-on-disconnect ]
  [ --save-on-exit ]
  [ --option-file FILE ]
  [ --load-game FILE ]
  [ --no-id-required ]
  [ --auth-basic ID:PASSWORD ]
  [ --no-manager ]
  [ --logfile FILE ]
  [ --hand-history ]
  [ --no-special-scores ]
  [ --seed N ]
  [ --wallfile FILE ]
  [ --nohist ]
  [ --relay URL ]   host the game in a room of the relay at URL (ws://…/relay);
                    with --relay, --server also listens only when given`

// ParseArgs reads the original mj-server's command line.
func ParseArgs(args []string) (Config, error) {
	cfg := Config{Addr: "localhost:5000", Options: engine.ServerOptions{Timeout: 15}}
	o := &cfg.Options
	logName := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		val := func() (string, error) {
			if i+1 >= len(args) {
				return "", fmt.Errorf("missing argument to %s\n%s", a, usage)
			}
			i++
			return args[i], nil
		}
		num := func() (int, error) {
			v, err := val()
			if err != nil {
				return 0, err
			}
			n, err := strconv.Atoi(v)
			if err != nil {
				return 0, fmt.Errorf("bad number %q for %s", v, a)
			}
			return n, nil
		}
		var err error
		switch a {
		case "--nohist":
			o.NoHistory = true
		case "--debug":
			o.Debug = true
		case "--random-seats":
			o.Seating = engine.SeatRandomly
		case "--id-order-seats":
			o.Seating = engine.SeatByID
		case "--no-id-required":
			o.NoIDRequired = true
		case "--no-manager":
			o.NoManager = true
		case "--end-on-disconnect":
			o.EndOnDisconnect = true
		case "--exit-on-disconnect":
			o.ExitOnDisconnect = true
		case "--save-on-exit":
			o.SaveOnExit = true
		case "--no-special-scores":
			o.NoSpecialScores = true
		case "--hand-history":
			cfg.HandFiles = true
		case "--disconnect-penalties":
			var v string
			if v, err = val(); err == nil {
				_, err = fmt.Sscanf(v, "%d,%d,%d", &o.DisconnectPenalties[0], &o.DisconnectPenalties[1], &o.DisconnectPenalties[2])
			}
		case "--auth-basic":
			var v string
			if v, err = val(); err == nil {
				id, pw, ok := strings.Cut(v, ":")
				n, aerr := strconv.Atoi(id)
				if !ok || aerr != nil || len(o.Auth) == 4 {
					err = fmt.Errorf("bad --auth-basic %q", v)
				}
				o.Auth = append(o.Auth, engine.Auth{ID: n, Password: pw})
			}
		case "--server", "--address":
			cfg.Addr, err = val()
			cfg.AddrGiven = true
		case "--relay":
			cfg.Relay, err = val()
		case "--timeout":
			o.Timeout, err = num()
		case "--pause":
			var n int
			n, err = num()
			cfg.Pause = time.Duration(n) * 100 * time.Millisecond
		case "--seed":
			o.Seed, err = num()
		case "--logfile":
			logName, err = val()
		case "--option-file":
			var v string
			if v, err = val(); err == nil {
				o.OptionFile, err = readOptionFile(v)
			}
		case "--load-game":
			cfg.LoadGame, err = val()
		case "--wallfile":
			var v string
			if v, err = val(); err == nil {
				o.Wall, err = readWall(v)
			}
		default:
			err = fmt.Errorf("unknown option or argument %q\n%s", a, usage)
		}
		if err != nil {
			return cfg, err
		}
	}
	if logName == "-" {
		cfg.LogFile = os.Stdout
	} else if logName != "" {
		f, err := os.OpenFile(logName, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return cfg, fmt.Errorf("couldn't open logfile: %w", err)
		}
		cfg.LogFile = f
	}
	return cfg, nil
}

// readOptionFile reads GameOption lines; a bad line is a warning, as in
// the original, not a fatal error.
func readOptionFile(name string) ([]engine.CGameOption, error) {
	f, err := os.Open(name)
	if err != nil {
		fmt.Fprintf(os.Stderr, "+W+ couldn't open game option file %s (%v)\n", name, err)
		return nil, nil
	}
	defer f.Close()
	var out []engine.CGameOption
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(l) == "" {
			continue
		}
		ev, err := protocol.ParseEvent(l)
		g, ok := ev.(engine.CGameOption)
		if err != nil || !ok {
			fmt.Fprintf(os.Stderr, "+W+ Error decoding game option file entry %s\n", l)
			continue
		}
		out = append(out, g)
	}
	return out, sc.Err()
}

// readWall reads a --wallfile.
func readWall(name string) (engine.Tiles, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("couldn't open wall file: %w", err)
	}
	defer f.Close()
	return engine.ReadWall(f)
}

// Main runs mj-server with the given arguments.
func Main(args []string, stdout, stderr io.Writer) error {
	cfg, err := ParseArgs(args)
	if err != nil {
		return err
	}
	if cfg.Relay != "" {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		rc, err := relay.Create(ctx, cfg.Relay, relay.DialOptions{})
		cancel()
		if err != nil {
			fmt.Fprintln(stdout, "FAILED: couldn't open a relay room")
			return err
		}
		cfg.Room = roomconn.New(rc, nil)
		defer cfg.Room.Close()
		fmt.Fprintf(stdout, "OK: relay room %s\n", rc.Room())
		fmt.Fprintf(stdout, "Join: %s\n", roomconn.RoomLink(roomconn.PageForRelay(cfg.Relay), rc.Room()))
	}
	if cfg.Relay == "" || cfg.AddrGiven {
		ln, err := Listen(cfg.Addr)
		if err != nil {
			fmt.Fprintln(stdout, "FAILED: couldn't set up socket")
			return err
		}
		fmt.Fprintf(stdout, "OK: %s\n", cfg.Addr)
		cfg.Listener = ln
	}
	cfg.Stdout = stdout
	s, err := New(cfg)
	if err != nil {
		return err
	}
	return s.Serve()
}
