// Command mj-arena plays matches between robots and prints their results
// with 95 % confidence intervals: points per hand and per game, win rate,
// mean winning score, self-drawn share, deal-in rate, claims per hand,
// dangerous discards (avoidable and no choice) and cannons per 100 hands,
// losing-hand score, East results, the points per hand split by how the
// hand ended (own win, dealt in, another's win, washout), decision
// latency, and the count of protocol errors and of games whose
// settlements do not add up.
//
// Usage:
//
//	mj-arena local [flags]     our robots against each other, in process on our engine
//	mj-arena original [flags]  one of ours against three original mj-player robots
//	                           on the real mj-server (or -control: four originals)
//	mj-arena agree [flags]     how often the classic imitation of mj-player (seat
//	                           "classic") decides as the original did in logged games
//	mj-arena probe [flags]     whether a robot's discards and claims could have
//	                           done better: each option played out many times
//	mj-arena report FILE...    one report of the games of earlier matches' -json
//	                           files (each seed at most once)
//	mj-arena outflow DIR...    how often the original robots throw each kind of
//	                           tile, from server logs (original -keep, the oracle)
//
// Local matches are fast (a game takes milliseconds) and deterministic:
// game g is dealt with seed S = -seed+g and the first of the -seats
// specs sits where a match against the original seats ours, (S mod
// 4)+1-th, the others after it in turn, so every robot sits in every
// seat. The classic imitation decides exactly as the original robot, so
// "-seats hard/classic" plays, seed for seed, the very games that
// "original -robot hard" plays against the real programs, some fifty
// times faster. A robot spec is a
// level (beginner, easy, medium, hard, expert) or "classic" (an
// in-process imitation of the original mj-player, package ai/classic),
// optionally followed by the original's strategy knobs, for example
// "hard:chowness=0.5:hiddenness=0,0.5:hysteresis=0.1"; -seats takes one
// to four specs separated by slashes, the last repeated to fill the
// table:
//
//	go run ./cmd/mj-arena local -seats expert/hard -games 2000
//	go run ./cmd/mj-arena local -seats hard/hard/medium/medium -games 1000 -j 2
//	go run ./cmd/mj-arena local -seats hard/classic -games 1000
//
// With -variant SPEC a local match is played twice on the same deals, the
// second time with SPEC in place of the first of -seats (an original
// match: in place of -robot; the original programs play the same game
// again given the same seed and the same moves); besides both
// reports it prints the variant's change in points a hand, game by game,
// with its interval and the interval two separate matches would have
// given (-json FILE gets the first match, FILE.variant the second).
// -variant may be repeated: the first match is played once and each
// variant is compared with it, so n variants cost n+1 matches, not 2n
// (FILE.variant2, FILE.variant3, ... get the later variants' matches):
//
//	go run ./cmd/mj-arena local -seats hard/classic -variant expert -games 1000
//	go run ./cmd/mj-arena original -robot hard -variant expert -games 400
//	go run ./cmd/mj-arena original -robot hard -variant hard:tune=survival=0.9 -variant hard:tune=survival=0.84 -games 400
//
// With -baseline FILE the first match is not played but read from the
// -json FILE of an earlier run with the same -games, -seed and robot
// under test, so more variants can be compared later with the same one:
//
//	go run ./cmd/mj-arena original -robot hard -variant expert -games 400 -baseline /tmp/hard.json
//
// Original matches start, for each game, /usr/games/mj-server (flags
// --seed S --timeout 0 --pause 0 --exit-on-disconnect --logfile) with a
// fresh seed S = -seed+g, then connect the players one by one: ours (the
// -robot spec, through package ai/player; -robot classic plays the
// imitation) as the (S mod 4)+1-th, three
// /usr/games/mj-player processes in the other places. The results come
// from the server's log and its printed final scores, which must agree.
// Games run over a Unix socket by default (about a second each); -tcp
// plays over 127.0.0.1 as the original was measured, about 50 s a game
// (Nagle's algorithm in the original programs), so use -j 25 there. Every
// process is started in its own process group and killed, by its id, when
// its game ends, fails, passes -deadline or stalls.
//
//	go run ./cmd/mj-arena original -games 400 -j 25
//	go run ./cmd/mj-arena original -control -games 400 -j 25
//	go run ./cmd/mj-arena original -robot expert -games 100 -tcp -j 25
//
// -hands N (local and original) ends each game after N hands; on the
// original server the processes are stopped once the log shows N hands
// settled, and the results are those hands (no final scores to check
// them against). With -variant the plays are then paired hand by hand:
//
//	go run ./cmd/mj-arena original -games 10000 -hands 1 -variant expert
//
// Agreement replays the logged games of four original robots (default
// the shared oracle games) through our controller and, at every decision
// of a robot with the default strategy (-all: every robot), asks the
// classic imitation what it would do, printing how often it agrees (on
// the shared games: every decision, declarations included):
//
//	go run ./cmd/mj-arena agree
//
// A probe plays the first hand of -hands seeded games with the -robot
// against three -others and, at each of its decisions, plays out each of
// its -top best options -rollouts times to the end of the hand (the
// unseen wall shuffled afresh each time, alike for every option; the
// robot then plays on as usual). It prints, by kind of decision, how
// many points for the hand the alternatives gained on the robot's
// choices: a kind with a positive gain is a place where the robot's
// judgement can improve; -options FILE sets the game options and -json
// FILE writes one JSON line per probed decision. -hidden deals the
// others' concealed tiles afresh with the wall at every play (what a
// robot sampling the hidden tiles could compute), -match with it brings
// each other hand to the shanten number of the real one, -nets keeps every
// play's net in the records and prints what a search deciding on half
// of the plays would gain, judged on the other half
// (arena.SearchReport). A probe of 600 hands with 48 plays of 3 options
// takes about 40 minutes on two cores:
//
//	go run ./cmd/mj-arena probe -hands 600 -rollouts 48 -json /tmp/probe.json
//
// A local match with -calibrate also prints, for the first of -seats, its
// own estimates at each of its discards beside what happened: the chance
// of going out it gave the hand it kept against the share of such hands
// that went out, and the score it expected against the score they made,
// by shanten number, by band of the score it expected and by live tiles
// left (arena.Calibrate). An original match with -calibrate does the same
// for our robot against the real field (arena.CalibrateOriginal):
//
//	go run ./cmd/mj-arena local -seats hard/classic -games 1000 -calibrate
//	go run ./cmd/mj-arena original -robot hard -games 1000 -calibrate
//
// -server and -player replace the original programs, for example to
// check that our robot plays on our own server without a single protocol
// error:
//
//	go build -o /tmp/mj-server ./cmd/mj-server
//	go run ./cmd/mj-arena original -server /tmp/mj-server -games 1000
//
// A report gathers earlier runs into one: the games of their -json files,
// which must all have different seeds, reported as one match, for
// example three blocks of fresh seeds against the original:
//
//	go run ./cmd/mj-arena original -games 1000 -seed 260001 -j 25 -json /tmp/a.json
//	go run ./cmd/mj-arena original -games 1000 -seed 270001 -j 25 -json /tmp/b.json
//	go run ./cmd/mj-arena report /tmp/a.json /tmp/b.json
//
// An outflow study reads the server logs (game.log or game.log.gz) under
// the directories given, the games of an original match run with -keep
// or the shared oracle games, and prints the chance that one discard of
// an original robot is a given kind, by the kind's group, its copies
// unseen from another seat and the stage of the hand (arena.Outflow);
// ai/outflow.go holds the table measured this way:
//
//	TMPDIR=/tmp/logs go run ./cmd/mj-arena original -games 600 -keep
//	go run ./cmd/mj-arena outflow /tmp/logs
//
// With -wins the report also lists each robot's wins by the doubles
// they hold: their share of its wins, their mean score and the part
// they add to its mean winning score.
//
// The match modes take -options FILE (GameOption lines, as mj-server's
// --option-file) and -json FILE (one JSON line per game and per hand and
// player). The summary goes to standard output, progress to standard
// error; the exit status is 1 when a game failed, when one of our robots
// was sent an Error or when settlements did not add up. Errors sent to the
// original robots are counted apart: the original robot stumbles now and
// then (for example its East discards before everybody is ready when
// another player declared a concealed kong while flowers were being
// declared).
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"mahjong/ai/classic"
	"mahjong/engine"
	"mahjong/internal/arena"
	"mahjong/internal/oracle"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	code, err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mj-arena:", err)
	}
	os.Exit(code)
}

const usage = "usage: mj-arena local|original|agree|probe|report|outflow|waits|read [flags] (mj-arena MODE -h lists the flags)"

// read measures how much the original robots' play tells of their
// hands: first hands of four imitations, each seat's log replayed with
// its hidden draws changed (arena.MeasureSharpness, arena.MeasureDrift).
func read(args []string, stdout, stderr io.Writer) (int, error) {
	fs := flag.NewFlagSet("mj-arena read", flag.ContinueOnError)
	fs.SetOutput(stderr)
	hands := fs.Int("hands", 20, "first hands measured, one per seed")
	seed := fs.Int("seed", 1, "seed of the first game")
	cut := fs.Float64("cut", 0.9, "the hands are read at this share of their play")
	steps := fs.Int("steps", 4000, "changes proposed on each seat's walk")
	anneal := fs.Int("anneal", 0, "also read each seat without the truth: at most this many annealing steps to find a guess its play explains, then -steps of walk")
	if err := fs.Parse(args); err != nil {
		return 2, err
	}
	if *hands <= 0 || *steps <= 0 || *cut <= 0 || *cut > 1 {
		return 2, fmt.Errorf("mj-arena read: -hands and -steps must be positive and -cut in (0, 1]")
	}
	sp, err := arena.ParseSpec("classic")
	if err != nil {
		return 1, err
	}
	cfg := arena.LocalConfig{Seats: [4]arena.Spec{sp, sp, sp, sp}, Hands: 1, FirstSeed: *seed}
	mk := func() arena.Responder { return sp.NewRobot(0) }
	rng := rand.New(rand.NewPCG(uint64(*seed), 7))
	var sh arena.Sharpness
	var d arena.Drift
	var rd arena.Reading
	for g := range *hands {
		rec, logs := arena.PlayLogged(cfg, g)
		if rec.Failed != "" {
			return 1, fmt.Errorf("mj-arena read: game %d: %s", g, rec.Failed)
		}
		for _, l := range logs {
			s, err := arena.MeasureSharpness(l, mk)
			if err != nil {
				return 1, err
			}
			sh.Add(s)
			d.Add(arena.MeasureDrift(l, *cut, *steps, rng, mk))
			if *anneal > 0 {
				rd.Add(arena.MeasureReading(l, *cut, *anneal, *steps, rng, mk))
			}
		}
	}
	fmt.Fprintf(stdout, "one draw changed, at the end of play: %d of %d explained (%.1f %%); of a tile still held %d of %d (%.1f %%)\n",
		sh.Explained, sh.Tried, 100*float64(sh.Explained)/float64(max(1, sh.Tried)),
		sh.HeldExplained, sh.HeldTried, 100*float64(sh.HeldExplained)/float64(max(1, sh.HeldTried)))
	fmt.Fprintf(stdout, "walk at %.0f %% of play, %d steps: ", 100**cut, *steps)
	d.Report(stdout)
	if *anneal > 0 {
		fmt.Fprintf(stdout, "read without the truth at %.0f %% of play: ", 100**cut)
		rd.Report(stdout)
	}
	return 0, nil
}

// agree measures how often the classic imitation decides as the
// original robots did in logged games.
func agree(args []string, stdout, stderr io.Writer) (int, error) {
	fs := flag.NewFlagSet("mj-arena agree", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", "", "directory of logged games, each with game.log.gz and meta.json (default: the shared oracle games, $MJ_SHARED/oracle or ../shared/oracle)")
	all := fs.Bool("all", false, "judge every robot, not only those with the default strategy")
	trace := fs.Int("trace", 0, "print the first this many decisions where the classic robot and the original differ")
	if err := fs.Parse(args); err != nil {
		return 2, err
	}
	if *dir == "" {
		root, ok := oracle.Root()
		if !ok {
			return 2, fmt.Errorf("no oracle games found: set MJ_SHARED or give -dir")
		}
		*dir = root
	}
	var dirs []string
	err := filepath.WalkDir(*dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "scenarios" {
			return filepath.SkipDir // scripted seats, not robots
		}
		if !d.IsDir() && d.Name() == "game.log.gz" {
			if _, err := os.Stat(filepath.Join(filepath.Dir(path), "meta.json")); err == nil {
				dirs = append(dirs, filepath.Dir(path))
			}
		}
		return nil
	})
	if err != nil {
		return 2, err
	}
	if len(dirs) == 0 {
		return 2, fmt.Errorf("no logged games under %s", *dir)
	}
	keep := func(args string) bool { return *all || strings.TrimSpace(args) == "" }
	var a arena.Agreement
	if *trace > 0 {
		shown := 0
		a.Trace = func(v *engine.View, r *classic.Robot, orig, ours engine.Action) {
			if shown < *trace && !arena.SameAnswer(orig, ours) {
				shown++
				arena.TraceDecision(stdout, v, r, orig, ours)
			}
		}
	}
	for _, d := range dirs {
		if err := a.Agree(d, keep); err != nil {
			return 1, err
		}
	}
	a.Report(stdout)
	return 0, nil
}

// outflow measures how often the original robots throw each kind
// (arena.Outflow) from the server logs under the directories given.
func outflow(args []string, stdout, stderr io.Writer) (int, error) {
	fs := flag.NewFlagSet("mj-arena outflow", flag.ContinueOnError)
	fs.SetOutput(stderr)
	if err := fs.Parse(args); err != nil {
		return 2, err
	}
	if fs.NArg() == 0 {
		return 2, fmt.Errorf("mj-arena outflow: give the directories holding the server logs")
	}
	var o arena.Outflow
	for _, root := range fs.Args() {
		err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "scenarios" {
				return filepath.SkipDir // scripted seats, not robots
			}
			if !d.IsDir() && (d.Name() == "game.log" || d.Name() == "game.log.gz") {
				return o.AddLog(path)
			}
			return nil
		})
		if err != nil {
			return 1, err
		}
	}
	if o.Games == 0 {
		return 1, fmt.Errorf("mj-arena outflow: no server logs under %s", strings.Join(fs.Args(), ", "))
	}
	o.Report(stdout)
	return 0, nil
}

// probe plays out the options of a robot's decisions (arena.Probe).
func probe(ctx context.Context, args []string, stdout, stderr io.Writer) (int, error) {
	fs := flag.NewFlagSet("mj-arena probe", flag.ContinueOnError)
	fs.SetOutput(stderr)
	robot := fs.String("robot", "hard", "the probed robot's spec")
	others := fs.String("others", "classic", "the spec of the three other seats")
	hands := fs.Int("hands", 100, "first hands probed, one per seed")
	seed := fs.Int("seed", 1, "seed of the first game")
	rollouts := fs.Int("rollouts", 48, "plays of each option at each decision")
	top := fs.Int("top", 3, "options played at each decision: the robot's choice and its next best")
	kinds := fs.String("kinds", "discard,claim", "decisions probed: discard, claim or both")
	jobs := fs.Int("j", runtime.NumCPU(), "hands probed at once")
	optFile := fs.String("options", "", "game option file (GameOption lines)")
	jsonFile := fs.String("json", "", "write one JSON line per probed decision to this file")
	hidden := fs.Bool("hidden", false, "deal the others' concealed tiles afresh with the wall at every play (else the wall alone)")
	match := fs.Bool("match", false, "with -hidden: deal each other hand as near to ready as the real one (its shanten number)")
	nets := fs.Bool("nets", false, "keep every play's net for the hand in the -json records")
	if err := fs.Parse(args); err != nil {
		return 2, err
	}
	cfg := arena.ProbeConfig{Hands: *hands, FirstSeed: *seed, Rollouts: *rollouts, Options: *top, Jobs: *jobs, Hidden: *hidden, Match: *match, Nets: *nets}
	var err error
	if cfg.Robot, err = arena.ParseSpec(*robot); err != nil {
		return 2, err
	}
	if cfg.Others, err = arena.ParseSpec(*others); err != nil {
		return 2, err
	}
	for _, k := range strings.Split(*kinds, ",") {
		switch strings.TrimSpace(k) {
		case "discard":
			cfg.Discards = true
		case "claim":
			cfg.Claims = true
		default:
			return 2, fmt.Errorf("-kinds: %q is neither discard nor claim", k)
		}
	}
	if *optFile != "" {
		if cfg.Game, err = arena.ReadOptionFile(*optFile); err != nil {
			return 2, err
		}
	}
	var out io.Writer = io.Discard
	if *jsonFile != "" {
		f, err := os.Create(*jsonFile)
		if err != nil {
			return 1, err
		}
		defer f.Close()
		out = f
	}
	enc := json.NewEncoder(out)
	var recs []*arena.ProbeRecord
	start := time.Now()
	err = arena.Probe(ctx, cfg, func(r *arena.ProbeRecord) {
		recs = append(recs, r)
		enc.Encode(r)
	})
	fmt.Fprintf(stdout, "probe of %s against %s: %d first hands from seed %d, %d plays of %d options; %v\n",
		*robot, *others, *hands, *seed, *rollouts, *top, time.Since(start).Round(time.Second))
	arena.ProbeReport(stdout, recs)
	if *nets {
		arena.SearchReport(stdout, recs, *hands)
	}
	if err != nil {
		return 1, err
	}
	return 0, nil
}

// seatSpecs reads a local match's -seats: one to four specs separated by
// slashes, the last repeated to fill the table.
func seatSpecs(s string) ([engine.NumSeats]arena.Spec, error) {
	var seats [engine.NumSeats]arena.Spec
	specs, err := arena.ParseSpecs(s)
	if err != nil {
		return seats, err
	}
	if len(specs) > engine.NumSeats {
		return seats, fmt.Errorf("-seats: at most four specs")
	}
	for i := range seats {
		seats[i] = specs[min(i, len(specs)-1)]
	}
	return seats, nil
}

// waits fits the read of the others' waits (arena.FitWaits) from a
// local match and prints its coefficients.
func waits(ctx context.Context, args []string, stdout, stderr io.Writer) (int, error) {
	fs := flag.NewFlagSet("mj-arena waits", flag.ContinueOnError)
	fs.SetOutput(stderr)
	games := fs.Int("games", 200, "number of games")
	seed := fs.Int("seed", 1, "seed of the first game")
	seats := fs.String("seats", "hard/classic", "robot specs of the four seats, separated by /, the last repeated; rows come from the first")
	keepNeg := fs.Int("keep", 4, "keep one row in this many of those that would not go out (weighed to match)")
	l2 := fs.Float64("l2", 1, "ridge penalty of the fit")
	pairs := fs.Bool("pairs", false, "fit the read of the pairs the others hold (kinds with two or more unseen) instead of their waits")
	if err := fs.Parse(args); err != nil {
		return 2, err
	}
	var cfg arena.LocalConfig
	var err error
	if cfg.Seats, err = seatSpecs(*seats); err != nil {
		return 2, err
	}
	if cfg.Seats[0].Classic != nil {
		return 2, fmt.Errorf("-seats: the first spec must be one of our levels")
	}
	cfg.Games, cfg.FirstSeed, cfg.Jobs = *games, *seed, runtime.NumCPU()
	start := time.Now()
	rows := arena.CollectWaits(ctx, cfg, cfg.Seats[0].Label, *keepNeg, *pairs)
	fmt.Fprintf(stdout, "waits: %d rows from %d games from seed %d (%v)\n", len(rows), *games, *seed, time.Since(start).Round(time.Second))
	fit, err := arena.FitWaits(rows, *l2)
	if err != nil {
		return 1, err
	}
	fit.Report(stdout)
	return 0, nil
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) (int, error) {
	if len(args) == 0 {
		return 2, fmt.Errorf("%s", usage)
	}
	mode := args[0]
	switch mode {
	case "agree":
		return agree(args[1:], stdout, stderr)
	case "probe":
		return probe(ctx, args[1:], stdout, stderr)
	case "report":
		return report(args[1:], stdout, stderr)
	case "outflow":
		return outflow(args[1:], stdout, stderr)
	case "waits":
		return waits(ctx, args[1:], stdout, stderr)
	case "read":
		return read(args[1:], stdout, stderr)
	}
	fs := flag.NewFlagSet("mj-arena "+mode, flag.ContinueOnError)
	fs.SetOutput(stderr)
	games := fs.Int("games", 100, "number of games")
	seed := fs.Int("seed", 1, "seed of the first game")
	optFile := fs.String("options", "", "game option file (GameOption lines)")
	jsonFile := fs.String("json", "", "write per-game and per-hand records to this file (JSON lines)")
	quiet := fs.Bool("q", false, "no progress on standard error")
	baseline := fs.String("baseline", "", "with -variant: take the first match from this -json file of an earlier run (same -games, -seed and robot under test) instead of playing it")
	var jobs *int
	var seats, robot, server, player, playerArgs *string
	var variants specList
	var control, tcp, keep, calibrate *bool
	var deadline, stall *time.Duration
	var retries, handsPer *int
	switch mode {
	case "local":
		jobs = fs.Int("j", runtime.NumCPU(), "games played at once")
		seats = fs.String("seats", "hard", "robot specs of the four seats, separated by /, the last repeated")
		fs.Var(&variants, "variant", "play the games again with this spec in place of the first of -seats and compare them game by game (repeat for several)")
		calibrate = fs.Bool("calibrate", false, "set the first spec's estimates at each discard (chance of going out, score) beside what happened")
		handsPer = fs.Int("hands", 0, "end each game after this many hands (0: play it out); with -variant, pairs the plays hand by hand")
	case "original":
		calibrate = fs.Bool("calibrate", false, "set our robot's estimates at each discard (chance of going out, score) beside what happened")
		jobs = fs.Int("j", 25, "games played at once")
		robot = fs.String("robot", "hard", "our robot's spec")
		fs.Var(&variants, "variant", "play the games again with this spec in place of -robot and compare them game by game (repeat for several)")
		control = fs.Bool("control", false, "four original robots, none of ours")
		tcp = fs.Bool("tcp", false, "play over 127.0.0.1 TCP (slow, ~50 s a game) instead of a Unix socket")
		server = fs.String("server", arena.OriginalServer, "the server program")
		player = fs.String("player", arena.OriginalPlayer, "the original robot program")
		playerArgs = fs.String("player-args", "", "extra arguments for the original robots (space-separated)")
		deadline = fs.Duration("deadline", 10*time.Minute, "per-game deadline")
		stall = fs.Duration("stall", 30*time.Second, "fail a game whose log has not grown for this long")
		retries = fs.Int("retries", 1, "replays of a failed game with the same seed")
		keep = fs.Bool("keep", false, "keep each game's directory (server log)")
		handsPer = fs.Int("hands", 0, "stop each game after this many hands (0: play it out); with -variant, pairs the plays hand by hand")
	default:
		return 2, fmt.Errorf("unknown mode %q; %s", mode, usage)
	}
	if err := fs.Parse(args[1:]); err != nil {
		return 2, err
	}
	if fs.NArg() > 0 {
		return 2, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if *games < 1 {
		return 2, fmt.Errorf("-games must be at least 1")
	}
	start := time.Now()
	progress := func(done int, g *arena.GameRecord) {
		if *quiet {
			return
		}
		status := fmt.Sprintf("%d hands", g.Hands)
		if g.Failed != "" {
			status = "FAILED: " + g.Failed
		} else if g.Errors > 0 {
			status += fmt.Sprintf(", %d protocol errors (%d to ours)", g.Errors, g.OursErrors)
		}
		fmt.Fprintf(stderr, "[%d/%d %s] game %d seed %d: %s (%.1fs)\n", done, *games,
			time.Since(start).Round(time.Second), g.Game, g.Seed, status, g.WallTime)
	}
	// each mode sets how to play its match with tested, the robot under
	// test, in its place (a -variant takes that place the second time)
	var (
		header   string
		tested   arena.Spec
		play     func(arena.Spec) []*arena.GameRecord
		testedID func(*arena.GameRecord) int
		cals     []*arena.Calibration // -calibrate: one a match
		calErr   error
	)
	// calibrated notes a match's calibration (or why there is none) and
	// returns its games
	calibrated := func(cal *arena.Calibration, recs []*arena.GameRecord, err error) []*arena.GameRecord {
		if err != nil {
			calErr = err
			return nil
		}
		cals = append(cals, cal)
		return recs
	}
	// the calibrations follow the reports
	defer func() {
		for _, c := range cals {
			fmt.Fprintln(stdout)
			c.Report(stdout)
		}
	}()
	switch mode {
	case "local":
		var cfg arena.LocalConfig
		var err error
		if cfg.Seats, err = seatSpecs(*seats); err != nil {
			return 2, err
		}
		if *optFile != "" {
			if cfg.Options, err = arena.ReadOptionFile(*optFile); err != nil {
				return 2, err
			}
		}
		cfg.Games, cfg.FirstSeed, cfg.Jobs, cfg.Progress = *games, *seed, *jobs, progress
		cfg.Hands = *handsPer
		header = fmt.Sprintf("local match: seats %s, %d games from seed %d", *seats, *games, *seed)
		if *handsPer > 0 {
			header += fmt.Sprintf(", %d hands each", *handsPer)
		}
		tested, testedID = cfg.Seats[0], arena.LocalTested
		play = func(sp arena.Spec) []*arena.GameRecord {
			cfg.Seats[0] = sp
			if !*calibrate {
				return arena.PlayLocal(ctx, cfg)
			}
			return calibrated(arena.Calibrate(ctx, cfg))
		}
	case "original":
		cfg := arena.OriginalConfig{
			Games: *games, FirstSeed: *seed, Jobs: *jobs, Server: *server, Player: *player,
			OptionFile: *optFile, PlayerArgs: strings.Fields(*playerArgs), TCP: *tcp,
			Deadline: *deadline, StallAfter: *stall, Retries: *retries, Keep: *keep, Progress: progress,
			Hands: *handsPer,
		}
		who := "control: four original robots"
		if !*control {
			sp, err := arena.ParseSpec(*robot)
			if err != nil {
				return 2, err
			}
			cfg.Ours = &sp
			who = "ours: " + sp.Label + " against three original robots"
		}
		for _, p := range []string{cfg.Server, cfg.Player} {
			if _, err := os.Stat(p); err != nil {
				return 2, fmt.Errorf("%v (the original programs: apt-get install mah-jong)", err)
			}
		}
		header = fmt.Sprintf("original match (%s): %s, %d games from seed %d, server %s", transport(*tcp), who, *games, *seed, *server)
		if *handsPer > 0 {
			header += fmt.Sprintf(", %d hands each", *handsPer)
		}
		if *calibrate && *control {
			return 2, fmt.Errorf("-calibrate checks our robot's estimates; a -control match has none")
		}
		if len(variants) > 0 && *control {
			return 2, fmt.Errorf("-variant takes the place of our robot; a -control match has none")
		}
		if cfg.Ours != nil {
			tested = *cfg.Ours
		}
		testedID = arena.OursTested
		play = func(sp arena.Spec) []*arena.GameRecord {
			if cfg.Ours != nil {
				cfg.Ours = &sp
			}
			if !*calibrate {
				return arena.PlayOriginal(ctx, cfg)
			}
			return calibrated(arena.CalibrateOriginal(ctx, cfg))
		}
	}
	// the first match of a comparison: played, or read from -baseline
	first := func() []*arena.GameRecord { return play(tested) }
	if *baseline != "" {
		if len(variants) == 0 {
			return 2, fmt.Errorf("-baseline is the first match of a comparison; give -variant too")
		}
		recs, err := readBaseline(*baseline, tested.Label, *games, *seed, testedID)
		if err != nil {
			return 2, err
		}
		header = fmt.Sprintf("%s (from %s)", header, *baseline)
		first = func() []*arena.GameRecord { return recs }
	}
	if len(variants) > 0 {
		code, err := pairedMatch(tested, variants, header, *jsonFile, *games, stdout, first, play, testedID)
		if calErr != nil {
			return 2, calErr
		}
		return code, err
	}
	recs := playReported(stdout, header, func() []*arena.GameRecord { return play(tested) })
	if calErr != nil {
		return 2, calErr
	}
	if err := writeJSON(*jsonFile, recs); err != nil {
		return 1, err
	}
	return exitCode(recs, *games, stdout), nil
}

// pairedMatch takes the match with the tested spec from first, plays the
// same games with each variant spec in its place (play plays the match
// with a spec under test), and reports every match and each variant's
// change game by game against the first match, which serves them all;
// -json FILE gets the first match, FILE.variant the first variant's,
// FILE.variant2 the second's, and so on.
func pairedMatch(tested arena.Spec, vss []arena.Spec, header, jsonFile string, games int, stdout io.Writer,
	first func() []*arena.GameRecord, play func(arena.Spec) []*arena.GameRecord,
	testedID func(*arena.GameRecord) int) (int, error) {
	a := playReported(stdout, header, first)
	if err := writeJSON(jsonFile, a); err != nil {
		return 1, err
	}
	code := exitCode(a, games, stdout)
	pairs := make([]arena.Paired, len(vss))
	for i, vs := range vss {
		b := playReported(stdout, fmt.Sprintf("\nthe same games with %s in place of %s", vs.Label, tested.Label),
			func() []*arena.GameRecord { return play(vs) })
		pairs[i] = arena.ComparePaired(a, b, testedID)
		fmt.Fprintln(stdout)
		arena.ReportPaired(stdout, tested.Label, vs.Label, pairs[i])
		if jsonFile != "" {
			if err := writeJSON(variantFile(jsonFile, i), b); err != nil {
				return 1, err
			}
		}
		code = max(code, exitCode(b, games, stdout))
	}
	if len(vss) > 1 {
		// all the comparisons together at the end, where they are read
		fmt.Fprintln(stdout)
		for i, vs := range vss {
			arena.ReportPaired(stdout, tested.Label, vs.Label, pairs[i])
		}
	}
	return code, nil
}

// readBaseline reads the first match of a comparison from a -json file,
// which must hold games 0..games-1 dealt from seed on with the robot
// under test (label) in the place the match would give it.
func readBaseline(name, label string, games, seed int, testedID func(*arena.GameRecord) int) ([]*arena.GameRecord, error) {
	recs, err := readGames(name)
	if err != nil {
		return nil, fmt.Errorf("-baseline: %w", err)
	}
	if len(recs) != games {
		return nil, fmt.Errorf("-baseline %s: %d games, the match has %d", name, len(recs), games)
	}
	for _, g := range recs {
		if g.Game < 0 || g.Game >= games || g.Seed != seed+g.Game {
			return nil, fmt.Errorf("-baseline %s: game %d has seed %d, not one of this match's (%d games from seed %d)", name, g.Game, g.Seed, games, seed)
		}
		if id := testedID(g); g.Labels[id] != label {
			return nil, fmt.Errorf("-baseline %s: game %d was played by %q in the place of %q", name, g.Game, g.Labels[id], label)
		}
	}
	return recs, nil
}

// variantFile names the JSON file of the i-th variant's match.
func variantFile(jsonFile string, i int) string {
	if i == 0 {
		return jsonFile + ".variant"
	}
	return fmt.Sprintf("%s.variant%d", jsonFile, i+1)
}

// specList is a repeatable flag of robot specs, parsed as they come.
type specList []arena.Spec

func (l *specList) String() string {
	labels := make([]string, len(*l))
	for i, sp := range *l {
		labels[i] = sp.Label
	}
	return strings.Join(labels, " ")
}

func (l *specList) Set(s string) error {
	sp, err := arena.ParseSpec(s)
	if err != nil {
		return err
	}
	*l = append(*l, sp)
	return nil
}

// playReported plays a match and prints the header, the time the match
// took and its report.
func playReported(stdout io.Writer, header string, play func() []*arena.GameRecord) []*arena.GameRecord {
	start := time.Now()
	recs := play()
	fmt.Fprintf(stdout, "%s; %v\n", header, time.Since(start).Round(time.Second))
	arena.Report(stdout, recs)
	return recs
}

// writeJSON writes the records to the named file (none when empty).
func writeJSON(name string, recs []*arena.GameRecord) error {
	if name == "" {
		return nil
	}
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	err = arena.WriteJSON(f, recs)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// exitCode is 1 when a game failed, when one of our robots was sent an
// Error, when settlements did not add up or when fewer than games were
// played (interrupted, which it reports); 0 otherwise.
func exitCode(recs []*arena.GameRecord, games int, stdout io.Writer) int {
	code := 0
	for _, g := range recs {
		if g.Failed != "" || g.OursErrors > 0 || g.Mismatch != "" {
			code = 1
		}
	}
	if len(recs) < games {
		fmt.Fprintf(stdout, "interrupted after %d of %d games\n", len(recs), games)
		code = 1
	}
	return code
}

func transport(tcp bool) string {
	if tcp {
		return "TCP 127.0.0.1"
	}
	return "Unix socket"
}
