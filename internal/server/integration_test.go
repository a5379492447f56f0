package server_test

// Integration tests against the original programs (Debian package
// mah-jong 1.11): the original mj-player robots play whole games on our
// mj-server, and the same games on the original mj-server, and the
// results must agree. The helpers here (building our server, running
// processes, waiting on logs, reading logs and final scores) are shared
// with scripted_test.go.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"mahjong/engine"
	"mahjong/engine/protocol"
)

// The original programs, as installed by the Debian package mah-jong.
const (
	origServer = "/usr/games/mj-server"
	origPlayer = "/usr/games/mj-player"
)

const (
	gameDeadline = 60 * time.Second // watchdog for one whole game
	stallAfter   = 10 * time.Second // no log growth for this long: the game is stuck
	pollEvery    = 5 * time.Millisecond
)

// errStalled marks a game that stopped making progress (protocol.md
// section 25: the original robot occasionally stops answering).
var errStalled = errors.New("game stalled")

// needOriginals skips the test when the original programs are missing,
// unless CI is set: CI installs them (scripts/deps.sh) and must run the
// test.
func needOriginals(t *testing.T) {
	t.Helper()
	for _, p := range []string{origServer, origPlayer} {
		if _, err := os.Stat(p); err != nil {
			msg := fmt.Sprintf("original program %s not installed (apt-get install mah-jong): %v", p, err)
			if os.Getenv("CI") != "" {
				t.Fatal(msg)
			}
			t.Skip(msg)
		}
	}
	if testing.Short() {
		t.Skip("plays whole games with the original programs; skipped in -short mode")
	}
}

// buildServer builds our cmd/mj-server into a temporary directory, with
// the race detector when this test binary has it.
func buildServer(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "mj-server")
	args := []string{"build", "-o", bin}
	if raceEnabled() {
		args = append(args, "-race")
	}
	args = append(args, "mahjong/cmd/mj-server")
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("go command not found: %v", err)
	}
	out, err := exec.Command(goCmd, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return bin
}

func raceEnabled() bool {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return false
	}
	for _, s := range bi.Settings {
		if s.Key == "-race" {
			return s.Value == "true"
		}
	}
	return false
}

// gameDir returns a fresh directory for one game. Unix socket paths are
// limited to about 100 bytes; the processes get the socket as a path
// relative to this directory, but scripted_test.go dials it by its
// absolute path, so keep it short.
func gameDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if len(dir) > 80 {
		d, err := os.MkdirTemp("/tmp", "mj")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.RemoveAll(d) })
		dir = d
	}
	return dir
}

// freeTCPAddr returns a loopback address with a port nobody listens on.
func freeTCPAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// syncBuffer is a bytes.Buffer that a process may write while the test
// reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// childProc is a child process. It is killed, if still running, when the test
// ends.
type childProc struct {
	name   string
	cmd    *exec.Cmd
	stdout syncBuffer
	stderr syncBuffer
	done   chan struct{} // closed when the process has exited
	err    error         // Wait's result, valid after done
}

func startChild(t *testing.T, dir, path string, args ...string) *childProc {
	t.Helper()
	p := &childProc{name: filepath.Base(path), done: make(chan struct{})}
	p.cmd = exec.Command(path, args...)
	p.cmd.Dir = dir
	// A race-enabled build of our server would otherwise wait a second at
	// exit (the race detector's default), which spoils the timings.
	p.cmd.Env = append(os.Environ(), "GORACE="+strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	p.cmd.Stdout = &p.stdout
	p.cmd.Stderr = &p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", path, err)
	}
	go func() {
		p.err = p.cmd.Wait()
		close(p.done)
	}()
	t.Cleanup(func() {
		p.kill()
		<-p.done
	})
	return p
}

func (p *childProc) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

func (p *childProc) kill() {
	if !p.exited() {
		p.cmd.Process.Kill()
	}
}

// pollUntil calls cond on every tick until it reports true or an error, or
// ctx ends.
func pollUntil(ctx context.Context, cond func() (bool, error)) error {
	tick := time.NewTicker(pollEvery)
	defer tick.Stop()
	for {
		ok, err := cond()
		if ok || err != nil {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-tick.C:
		}
	}
}

// gameSpec is one game: the server's seed, flags and option file, and the
// robots' strategy arguments.
type gameSpec struct {
	name    string
	seeds   []int    // the seed, then the one to retry with if a run stalls
	flags   []string // extra server flags
	options string   // --option-file contents, "" for none
	robots  [4][]string

	sevenPairsWin bool // scripted games: the scripted seat must go out with seven pairs
}

// serverKind is how to start a server: which binary, on which kind of socket.
type serverKind struct {
	label string // for messages: "ours (tcp)"
	bin   string
	unix  bool
}

// gameRun is the outcome of one game.
type gameRun struct {
	server   serverKind
	dir      string
	stdout   string
	finals   []string // the lines after "Game over. Final scores:"
	log      []protocol.LogRecord
	wall     time.Duration // server start to server exit
	hands    int
	scripted *seatResult // set by scripted games
}

// startServer starts srv for spec with seed in dir and waits for its OK
// line. It returns the process and the address the players use. The
// command line is kept in dir/commands.sh, as in the oracle's games (the
// replay reads the server's flags from it).
func startServer(ctx context.Context, t *testing.T, srv serverKind, spec gameSpec, seed int, dir string) (*childProc, string, error) {
	t.Helper()
	addr := "mj.sock" // relative to dir, which every process runs in
	if !srv.unix {
		addr = freeTCPAddr(t)
	}
	args := []string{"--server", addr, "--seed", strconv.Itoa(seed), "--timeout", "0", "--pause", "0",
		"--exit-on-disconnect", "--logfile", "game.log"}
	if spec.options != "" {
		if err := os.WriteFile(filepath.Join(dir, "options.txt"), []byte(spec.options), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, "--option-file", "options.txt")
	}
	args = append(args, spec.flags...)
	cmd := strings.Join(append([]string{srv.bin}, args...), " ") + "\n"
	if err := os.WriteFile(filepath.Join(dir, "commands.sh"), []byte(cmd), 0o644); err != nil {
		t.Fatal(err)
	}
	p := startChild(t, dir, srv.bin, args...)
	err := pollUntil(ctx, func() (bool, error) {
		if strings.Contains(p.stdout.String(), "OK: ") {
			return true, nil
		}
		if p.exited() {
			return false, fmt.Errorf("%s exited before listening: %v\n%s%s", srv.label, p.err, p.stdout.String(), p.stderr.String())
		}
		return false, nil
	})
	return p, addr, err
}

var acceptedRE = regexp.MustCompile(`>cnx\d+ ConnectReply \d+ [1-9]`)

// waitConnected waits until the log shows n accepted connections.
func waitConnected(ctx context.Context, dir string, n int) error {
	err := pollUntil(ctx, func() (bool, error) {
		b, _ := os.ReadFile(filepath.Join(dir, "game.log"))
		return len(acceptedRE.FindAll(b, -1)) >= n, nil
	})
	if err != nil {
		return fmt.Errorf("waiting for connection %d: %w", n, err)
	}
	return nil
}

// startRobot starts original robot number i (1..4).
func startRobot(t *testing.T, dir, addr string, i int, extra []string) *childProc {
	args := append([]string{"--server", addr, "--name", "Robot" + strconv.Itoa(i)}, extra...)
	return startChild(t, dir, origPlayer, args...)
}

// waitProgress waits until done reports true while the game's log keeps
// growing. It returns errStalled when the log has not grown for
// stallAfter, and ctx's error at the watchdog deadline.
func waitProgress(ctx context.Context, dir string, done func() bool) error {
	logName := filepath.Join(dir, "game.log")
	var size int64 = -1
	last := time.Now()
	return pollUntil(ctx, func() (bool, error) {
		if done() {
			return true, nil
		}
		if fi, err := os.Stat(logName); err == nil && fi.Size() != size {
			size, last = fi.Size(), time.Now()
		}
		if time.Since(last) > stallAfter {
			return false, errStalled
		}
		return false, nil
	})
}

// waitGame waits for the server to exit (see waitProgress), then for the
// other processes.
func waitGame(ctx context.Context, dir string, srv *childProc, others []*childProc) error {
	if err := waitProgress(ctx, dir, srv.exited); err != nil {
		return err
	}
	// The robots leave at GameOver or when the server closes; give them a
	// moment, and kill them otherwise (the caller's cleanup does).
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return pollUntil(wctx, func() (bool, error) {
		for _, p := range others {
			if !p.exited() {
				return false, nil
			}
		}
		return true, nil
	})
}

// finishRun reads what a finished game left behind.
func finishRun(t *testing.T, run *gameRun, srv *childProc) {
	t.Helper()
	run.stdout = srv.stdout.String()
	if srv.err != nil {
		t.Errorf("%s: server exited with %v\nstderr:\n%s", run.server.label, srv.err, srv.stderr.String())
	}
	b, err := os.ReadFile(filepath.Join(run.dir, "game.log"))
	if err != nil {
		t.Fatalf("%s: %v", run.server.label, err)
	}
	run.log, err = protocol.ReadLog(bytes.NewReader(b))
	if err != nil {
		t.Errorf("%s: reading the log: %v", run.server.label, err)
	}
	_, after, ok := strings.Cut(run.stdout, "Game over. Final scores:\n")
	if !ok {
		t.Errorf("%s: no final scores printed; stdout:\n%s", run.server.label, run.stdout)
	}
	for _, l := range strings.Split(after, "\n") {
		if strings.TrimSpace(l) != "" {
			run.finals = append(run.finals, l)
		}
	}
}

// logTail returns the last n records of the log in dir, for failure
// reports.
func logTail(dir string, n int) string {
	b, _ := os.ReadFile(filepath.Join(dir, "game.log"))
	recs, _ := protocol.ReadLog(bytes.NewReader(b))
	if len(recs) > n {
		recs = recs[len(recs)-n:]
	}
	var sb strings.Builder
	for _, r := range recs {
		sb.WriteString("    " + strings.ReplaceAll(r.String(), "\n", "\n      ") + "\n")
	}
	return sb.String()
}

// playRobots plays spec with seed on srv with four original robots.
func playRobots(ctx context.Context, t *testing.T, srv serverKind, spec gameSpec, seed int) (*gameRun, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, gameDeadline)
	defer cancel()
	run := &gameRun{server: srv, dir: gameDir(t)}
	start := time.Now()
	sp, addr, err := startServer(ctx, t, srv, spec, seed, run.dir)
	if err != nil {
		return nil, err
	}
	var robots []*childProc
	defer func() { // a failed game leaves nothing running
		sp.kill()
		for _, r := range robots {
			r.kill()
		}
	}()
	for i := 1; i <= 4; i++ {
		robots = append(robots, startRobot(t, run.dir, addr, i, spec.robots[i-1]))
		if err := waitConnected(ctx, run.dir, i); err != nil {
			return nil, err
		}
	}
	if err := waitGame(ctx, run.dir, sp, robots); err != nil {
		return nil, fmt.Errorf("%s, seed %d: %w; last records of the log:\n%s", srv.label, seed, err, logTail(run.dir, 12))
	}
	run.wall = time.Since(start)
	finishRun(t, run, sp)
	return run, nil
}

// logSummary is what the tests check in a server log.
type logSummary struct {
	gameOver    bool
	errors      []string       // Error lines sent
	parseErrs   []string       // sent lines our parser refuses
	sums        map[int]int    // per player id: sum of the Settlement changes
	settlements []string       // every Settlement line, in order
	newHands    []string       // every NewHand line, in order
	names       map[int]string // player names by id
}

// summarizeLog reads a server log: the seating from the Game line, each
// hand's dealer from NewHand, and each Settlement's changes by seat.
func summarizeLog(recs []protocol.LogRecord) logSummary {
	s := logSummary{sums: map[int]int{}, names: map[int]string{}}
	var order, seats [4]int // ids around the table from the first Game; by seat this hand
	haveGame := false
	for _, r := range recs {
		if !r.Sent {
			continue
		}
		ev, err := protocol.ParseEvent(r.Line)
		if err != nil {
			s.parseErrs = append(s.parseErrs, fmt.Sprintf("%s: %v", r, err))
			continue
		}
		switch m := ev.(type) {
		case engine.CError:
			s.errors = append(s.errors, r.String())
		case engine.CPlayer:
			if m.Name != "" {
				s.names[m.ID] = m.Name
			}
		case engine.CGame:
			if !haveGame {
				order = [4]int{m.East, m.South, m.West, m.North}
				seats, haveGame = order, true
			}
		case engine.CNewHand:
			s.newHands = append(s.newHands, r.Line)
			for k, id := range order {
				if id == m.East {
					for i := range seats {
						seats[i] = order[(k+i)%4]
					}
				}
			}
		case engine.CSettlement:
			s.settlements = append(s.settlements, r.Line)
			for i, d := range [4]int{m.East, m.South, m.West, m.North} {
				s.sums[seats[i]] += d
			}
		case engine.CGameOver:
			s.gameOver = true
		}
	}
	return s
}

var finalScoreLine = regexp.MustCompile(`^ *(\d+) \((.{20})\)  +(-?\d+)$`)

// checkRun checks one game's log and printed scores on their own: it
// ended with GameOver, no Error was sent, every sent line parses, and
// each printed final score is the sum of that player's Settlement
// changes.
func checkRun(t *testing.T, run *gameRun) logSummary {
	t.Helper()
	s := summarizeLog(run.log)
	label := run.server.label
	if !s.gameOver {
		t.Errorf("%s: no GameOver in the log; last records:\n%s", label, logTail(run.dir, 12))
	}
	for _, e := range s.errors {
		t.Errorf("%s: the server sent an error: %s", label, e)
	}
	for i, e := range s.parseErrs {
		if i == 5 {
			t.Errorf("%s: ... %d more unparsable lines", label, len(s.parseErrs)-5)
			break
		}
		t.Errorf("%s: sent line does not parse: %s", label, e)
	}
	if len(s.settlements) == 0 {
		t.Errorf("%s: no hand was settled", label)
	}
	if len(run.finals) != 4 {
		t.Fatalf("%s: want 4 final score lines, got %q", label, run.finals)
	}
	for _, l := range run.finals {
		m := finalScoreLine.FindStringSubmatch(l)
		if m == nil {
			t.Errorf("%s: final score line %q is not %%5d (%%-20s)  %%5d", label, l)
			continue
		}
		id, _ := strconv.Atoi(m[1])
		score, _ := strconv.Atoi(m[3])
		name := strings.TrimRight(m[2], " ")
		if want := s.names[id]; name != want {
			t.Errorf("%s: final score line %q names player %d %q, the log calls it %q", label, l, id, name, want)
		}
		if score != s.sums[id] {
			t.Errorf("%s: player %d's printed final score is %d, but its Settlement changes add up to %d", label, id, score, s.sums[id])
		}
	}
	run.hands = len(s.newHands)
	return s
}

// compareRuns checks that our server played the same game as the
// original: the same deals, the same settlements, the same final scores.
func compareRuns(t *testing.T, ours, orig *gameRun, so, sg logSummary) {
	t.Helper()
	if got, want := strings.Join(ours.finals, "\n"), strings.Join(orig.finals, "\n"); got != want {
		t.Errorf("final scores differ\nours:\n%s\noriginal:\n%s", got, want)
	}
	for i := 0; i < max(len(so.newHands), len(sg.newHands)); i++ {
		var a, b string
		if i < len(so.newHands) {
			a = so.newHands[i]
		}
		if i < len(sg.newHands) {
			b = sg.newHands[i]
		}
		if a != b {
			t.Errorf("hand %d starts differently: ours %q, original %q", i+1, a, b)
			break
		}
	}
	for i := 0; i < max(len(so.settlements), len(sg.settlements)); i++ {
		var a, b string
		if i < len(so.settlements) {
			a = so.settlements[i]
		}
		if i < len(sg.settlements) {
			b = sg.settlements[i]
		}
		if a != b {
			t.Errorf("settlement %d differs:\nours:\n%s\noriginal:\n%s", i+1, a, b)
			break
		}
	}
}

// robotSpecs are the games of TestIntegrationOriginalRobots.
var robotSpecs = []gameSpec{
	{
		name:   "defaults",
		seeds:  []int{1002, 5003},
		robots: [4][]string{nil, nil, {"--suitness", "1.0", "--hiddenness", "0.8"}, nil},
	},
	{
		name:  "random-seats",
		seeds: []int{4711, 4712},
		flags: []string{"--random-seats"},
		robots: [4][]string{{"--chowness", "-0.6", "--hiddenness", "1.0"}, nil,
			{"--majorness", "1.0", "--chowness", "0.6"}, {"--suitness", "0.2"}},
	},
	{
		name:    "options",
		seeds:   []int{2024, 2025},
		options: readTestdata("options-short.txt"),
		robots:  [4][]string{{"--majorness", "1.0"}, {"--hiddenness", "0.4", "--chowness", "-1.0"}, nil, nil},
	},
}

func readTestdata(name string) string {
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		panic(err) // testdata ships with the package
	}
	return string(b)
}

// TestIntegrationOriginalRobots lets four original mj-player robots play
// whole games on our mj-server and on the original mj-server, with the
// same seed, flags, options and robot strategies. Our server must finish
// each game without sending an Error, print final scores that are the
// sums of its Settlements, and reproduce the original's deals,
// settlements and final scores. Our server listens on TCP and on a Unix
// socket in turn; the original always on a Unix socket (over TCP it needs
// about a minute per game, protocol.md section 24). A game that stalls
// (the original robot sometimes stops answering, section 25) is retried
// once with another seed.
func TestIntegrationOriginalRobots(t *testing.T) {
	needOriginals(t)
	bin := buildServer(t)
	for i, spec := range robotSpecs {
		t.Run(spec.name, func(t *testing.T) {
			ours := serverKind{label: "ours (tcp)", bin: bin}
			if i%2 == 1 {
				ours = serverKind{label: "ours (unix)", bin: bin, unix: true}
			}
			orig := serverKind{label: "original (unix)", bin: origServer, unix: true}
			playBoth(t, spec, func(ctx context.Context, srv serverKind, seed int) (*gameRun, error) {
				return playRobots(ctx, t, srv, spec, seed)
			}, ours, orig)
		})
	}
}

// playBoth plays spec on our server and on the original, retrying the
// pair once with the next seed when a game stalls, and compares them.
func playBoth(t *testing.T, spec gameSpec, play func(context.Context, serverKind, int) (*gameRun, error), ours, orig serverKind) (*gameRun, *gameRun) {
	t.Helper()
	ctx := t.Context()
	for n, seed := range spec.seeds {
		ro, err := play(ctx, ours, seed)
		var rg *gameRun
		if err == nil {
			rg, err = play(ctx, orig, seed)
		}
		if errors.Is(err, errStalled) || errors.Is(err, context.DeadlineExceeded) {
			if n+1 < len(spec.seeds) {
				t.Logf("%v\nretrying with seed %d", err, spec.seeds[n+1])
				continue
			}
		}
		if err != nil {
			t.Fatal(err)
		}
		so, sg := checkRun(t, ro), checkRun(t, rg)
		compareRuns(t, ro, rg, so, sg)
		t.Logf("seed %d: %d hands; wall time %v on %s, %v on %s", seed, ro.hands,
			ro.wall.Round(time.Millisecond), ro.server.label, rg.wall.Round(time.Millisecond), rg.server.label)
		return ro, rg
	}
	return nil, nil
}
