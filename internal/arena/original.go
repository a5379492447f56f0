package arena

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"mahjong/ai"
	"mahjong/ai/player"
	"mahjong/engine"
	"mahjong/engine/protocol"
)

// The original programs, as the Debian package mah-jong installs them.
const (
	OriginalServer = "/usr/games/mj-server"
	OriginalPlayer = "/usr/games/mj-player"
)

// OriginalLabel labels the original robot's records.
const OriginalLabel = "mj-player"

// OriginalConfig is a match on the real original server: three original
// robots and one of ours (Ours), or four original robots (Ours nil, the
// control).
type OriginalConfig struct {
	Ours       *Spec
	Games      int
	FirstSeed  int           // game g uses seed FirstSeed+g; ours connects (seed mod 4)+1-th
	Jobs       int           // games at once (0: 25)
	Server     string        // mj-server path ("" OriginalServer)
	Player     string        // mj-player path ("" OriginalPlayer)
	OptionFile string        // a --option-file for the server, "" none
	PlayerArgs []string      // extra arguments for the original robots (strategy options)
	TCP        bool          // play over 127.0.0.1 (as the original was measured: ~50 s a game) instead of a Unix socket (~1 s)
	Deadline   time.Duration // per game (0: 10 minutes)
	StallAfter time.Duration // no progress in the log for this long fails the game (0: 30 s)
	Retries    int           // replays of a stalled or failed game with the same seed
	Dir        string        // where game directories go ("" the system's temporary directory)
	Keep       bool          // keep each game's directory (log, options) instead of removing it
	Hands      int           // if set, stop each game after this many hands (a paired comparison then pairs hand by hand)
	Progress   func(done int, g *GameRecord)

	// OursRun, if set, plays our seat instead of an in-process
	// player.Run: it must connect to the server at network/addr as
	// label and play the game (cmd/mj-player's tests pass its main
	// function). No latency is recorded then.
	OursRun func(ctx context.Context, network, addr, label string) error

	// Watch, if set, is called with game g's robot of ours before it
	// plays (not with OursRun or classic); the function it returns sees
	// each message after the robot has answered it, with the view the
	// robot decided on.
	Watch func(g int, r *ai.Robot) func(*engine.View, engine.Event)
}

// PlayOriginal plays the match and returns the games in order of number.
func PlayOriginal(ctx context.Context, cfg OriginalConfig) []*GameRecord {
	if cfg.Server == "" {
		cfg.Server = OriginalServer
	}
	if cfg.Player == "" {
		cfg.Player = OriginalPlayer
	}
	if cfg.Jobs <= 0 {
		cfg.Jobs = 25
	}
	if cfg.Deadline <= 0 {
		cfg.Deadline = 10 * time.Minute
	}
	if cfg.StallAfter <= 0 {
		cfg.StallAfter = 30 * time.Second
	}
	return playGames(ctx, cfg.Games, cfg.Jobs, cfg.Progress, func(g int) *GameRecord {
		var rec *GameRecord
		var failures []string
		for try := 0; try <= cfg.Retries; try++ {
			rec = PlayOriginalGame(ctx, cfg, g)
			if rec.Failed == "" || ctx.Err() != nil {
				break
			}
			failures = append(failures, rec.Failed)
		}
		if rec.Failed == "" {
			rec.Retried = failures // reported: a replayed game is not a clean one
		}
		return rec
	})
}

var (
	acceptedRE = regexp.MustCompile(`>cnx\d+ ConnectReply \d+ [1-9]`)
	// the server pads a name to 20 characters but does not cut a longer
	// one ("hard:tune=survival=0.84" as a label), and a name may hold
	// parentheses: the name runs to the last ")" before the score
	finalScoreRE = regexp.MustCompile(`(?m)^ *(\d+) \((.*)\) +(-?\d+)\s*$`)
)

// PlayOriginalGame plays game g of the match and stops every process it
// started before returning.
func PlayOriginalGame(ctx context.Context, cfg OriginalConfig, g int) *GameRecord {
	seed := cfg.FirstSeed + g
	rec := &GameRecord{Game: g, Seed: seed, Labels: map[int]string{}, Latency: map[string]*Hist{}}
	start := time.Now()
	err := playOriginal(ctx, cfg, g, rec)
	rec.WallTime = time.Since(start).Seconds()
	if err != nil {
		rec.Failed = err.Error()
	}
	return rec
}

func playOriginal(ctx context.Context, cfg OriginalConfig, g int, rec *GameRecord) (err error) {
	ctx, cancel := context.WithTimeout(ctx, cfg.Deadline)
	defer cancel()
	dir, err := os.MkdirTemp(cfg.Dir, "mja")
	if err != nil {
		return err
	}
	if !cfg.Keep {
		defer os.RemoveAll(dir)
	} else {
		defer func() {
			if err != nil {
				err = fmt.Errorf("%w (files in %s)", err, dir)
			}
		}()
	}
	var procs []*proc
	defer func() {
		for _, p := range procs {
			p.stop()
		}
	}()

	// The server.
	addr, network, dialAddr := "mj.sock", "unix", filepath.Join(dir, "mj.sock")
	if cfg.TCP {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return err
		}
		addr = ln.Addr().String()
		ln.Close()
		network, dialAddr = "tcp", addr
	}
	args := []string{"--server", addr, "--seed", strconv.Itoa(rec.Seed), "--timeout", "0", "--pause", "0",
		"--exit-on-disconnect", "--logfile", "game.log"}
	if cfg.OptionFile != "" {
		abs, err := filepath.Abs(cfg.OptionFile)
		if err != nil {
			return err
		}
		args = append(args, "--option-file", abs)
	}
	srv, err := startProc(dir, cfg.Server, args...)
	if err != nil {
		return err
	}
	procs = append(procs, srv)
	if err := poll(ctx, func() (bool, error) {
		if strings.Contains(srv.stdout.String(), "OK: ") {
			return true, nil
		}
		if srv.exited() {
			return false, fmt.Errorf("mj-server exited before listening: %v: %s%s", srv.err, srv.stdout.String(), srv.stderr.String())
		}
		return false, nil
	}); err != nil {
		return err
	}

	// The players, one at a time so that ids and seats follow the order.
	logName := filepath.Join(dir, "game.log")
	accepted := func() int {
		b, _ := os.ReadFile(logName)
		return len(acceptedRE.FindAll(b, -1))
	}
	ours := -1
	if cfg.Ours != nil {
		ours = rec.Seed % engine.NumSeats
		if ours < 0 {
			ours += engine.NumSeats
		}
	}
	var oursDone chan error
	var oursErrors int
	var client sync.WaitGroup
	defer func() {
		cancel() // ends our client if the game failed
		client.Wait()
	}()
	var hist *Hist
	for pos := range engine.NumSeats {
		if pos == ours {
			label := cfg.Ours.Label
			rec.Labels[pos+1] = label
			oursDone = make(chan error, 1)
			run := cfg.OursRun
			if run == nil {
				hist = &Hist{}
				rec.Latency[label] = hist
				o := cfg.Ours.Options
				o.Seed = uint64(rec.Seed)
				run = func(ctx context.Context, network, addr, label string) error {
					nc, err := net.Dial(network, addr)
					if err != nil {
						return fmt.Errorf("dialling the server: %w", err)
					}
					var watch func(*engine.View, engine.Event)
					observe := func(v *engine.View, ev engine.Event, acts []engine.Action, took time.Duration) {
						if len(acts) > 0 {
							hist.Add(took)
						}
						if _, ok := ev.(engine.CError); ok {
							oursErrors++
						}
						if watch != nil {
							watch(v, ev)
						}
					}
					if cfg.Ours.Classic != nil {
						return playLines(ctx, protocol.NewConn(nc), label, cfg.Ours.NewRobot(o.Seed), observe)
					}
					rob := cfg.Ours.NewAI(o.Seed)
					if cfg.Watch != nil {
						watch = cfg.Watch(g, rob)
					}
					return player.Run(ctx, protocol.NewConn(nc), player.Config{Name: label, Robot: rob, Observe: observe})
				}
			}
			client.Go(func() { oursDone <- run(ctx, network, dialAddr, label) })
		} else {
			rec.Labels[pos+1] = OriginalLabel
			pargs := append([]string{"--server", addr, "--name", fmt.Sprintf("mj-player%d", pos+1)}, cfg.PlayerArgs...)
			p, err := startProc(dir, cfg.Player, pargs...)
			if err != nil {
				return err
			}
			procs = append(procs, p)
		}
		if err := poll(ctx, func() (bool, error) {
			if srv.exited() {
				return false, fmt.Errorf("mj-server exited while players connected: %v", srv.err)
			}
			return accepted() > pos, nil
		}); err != nil {
			return fmt.Errorf("waiting for player %d: %w", pos+1, err)
		}
	}

	// The game: wait for the server to exit while its log grows (or, with
	// cfg.Hands, for that many hands to end).
	var size int64 = -1
	last := time.Now()
	cut := -1 // with cfg.Hands: the log's length when enough hands ended
	if err := poll(ctx, func() (bool, error) {
		if srv.exited() {
			return true, nil
		}
		if fi, err := os.Stat(logName); err == nil && fi.Size() != size {
			size, last = fi.Size(), time.Now()
			if cfg.Hands > 0 {
				b, _ := os.ReadFile(logName)
				if n, at := handsEnded(b); n >= cfg.Hands {
					cut = at
					return true, nil
				}
			}
		}
		if time.Since(last) > cfg.StallAfter {
			return false, fmt.Errorf("stalled: the log has not grown for %v", cfg.StallAfter)
		}
		return false, nil
	}); err != nil {
		return fmt.Errorf("seed %d: %w", rec.Seed, err)
	}
	if cut >= 0 {
		// stop the game on purpose: the processes, then our player
		for _, p := range procs {
			p.stop()
		}
		cancel()
		if oursDone != nil {
			<-oursDone
		}
	} else if oursDone != nil {
		select {
		case err := <-oursDone:
			if err != nil {
				return fmt.Errorf("our player: %w", err)
			}
		case <-ctx.Done():
			return fmt.Errorf("our player did not finish: %w", ctx.Err())
		}
	}
	if srv.err != nil && cut < 0 {
		return fmt.Errorf("mj-server: %v: %s", srv.err, srv.stderr.String())
	}

	// The results.
	b, err := os.ReadFile(logName)
	if err != nil {
		return err
	}
	if cut >= 0 {
		b = b[:cut]
	}
	recs, err := protocol.ReadLog(bytes.NewReader(b))
	if err != nil {
		return fmt.Errorf("reading the log: %w", err)
	}
	r := NewRecorder(g, rec.Seed, rec.Labels)
	cnxID := map[int]int{}
	for _, lr := range recs {
		if cut >= 0 && r.Settled() >= cfg.Hands {
			break
		}
		if !lr.Sent {
			continue
		}
		ev, err := protocol.ParseEvent(lr.Line)
		if err != nil {
			return fmt.Errorf("log line %q: %w", lr.Line, err)
		}
		switch m := ev.(type) {
		case engine.CConnectReply:
			cnxID[lr.Conn] = m.ID
		case engine.CError:
			if id, ok := cnxID[lr.Conn]; ok && ours >= 0 && id == ours+1 {
				rec.OursErrors++
			}
		}
		r.Add(ev)
	}
	if cut >= 0 {
		r.Cut() // stopped on purpose: no final scores to check the hands against
	} else if rec.Finals = finalScores(srv.stdout.String()); len(rec.Finals) != engine.NumSeats {
		return fmt.Errorf("final scores not printed: %q", srv.stdout.String())
	}
	r.Finish(rec)
	rec.OursErrors = max(rec.OursErrors, oursErrors)
	if rec.Failed == "" && rec.Mismatch != "" {
		return errors.New("settlements do not add up: " + rec.Mismatch)
	}
	return nil
}

// handEndRE is the message that ends a hand, as the server logs it.
var handEndRE = regexp.MustCompile(`^>cnx\d+ (Settlement|WashOut) `)

// handsEnded counts the hands a server log b shows ended, among its
// complete records: all but the last, which the server may still be
// writing. at is where that last record starts.
func handsEnded(b []byte) (n, at int) {
	at = -1
	for i := 0; i < len(b); {
		j := bytes.IndexByte(b[i:], '\n')
		if j < 0 {
			j = len(b) - i
		}
		if line := b[i : i+j]; len(line) > 0 && (line[0] == '>' || line[0] == '<') {
			if at >= 0 && handEndRE.Match(b[at:]) {
				n++
			}
			at = i
		}
		i += j + 1
	}
	return n, max(at, 0)
}

// finalScores reads the final scores by player id from what the server
// printed at the end of a game.
func finalScores(out string) map[int]int {
	finals := map[int]int{}
	_, after, _ := strings.Cut(out, "Game over. Final scores:")
	for _, m := range finalScoreRE.FindAllStringSubmatch(after, -1) {
		id, _ := strconv.Atoi(m[1])
		sc, _ := strconv.Atoi(m[3])
		finals[id] = sc
	}
	return finals
}

// poll calls cond every 20 ms until it reports true or an error, or ctx
// ends.
func poll(ctx context.Context, cond func() (bool, error)) error {
	t := time.NewTicker(20 * time.Millisecond)
	defer t.Stop()
	for {
		ok, err := cond()
		if ok || err != nil {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
}
