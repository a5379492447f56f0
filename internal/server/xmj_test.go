//go:build !js

package server_test

// The original graphical client, xmj, plays a whole game on our server
// against three original robots. xmj runs under xvfb-run; with
// --echo-server it prints every line the server sends it, and with
// --pass-stdin it forwards every line of its stdin to the server, so the
// test plays xmj's seat itself with the scripted policy
// (scripted.Request on an engine.View built from xmj's echo).

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"mahjong/engine"
	"mahjong/engine/protocol"
	"mahjong/internal/scripted"
)

const origXmj = "/usr/games/xmj"

// needXmj skips the test when xmj, xvfb-run or the original robot is
// missing, unless CI is set (CI installs them with scripts/deps.sh).
func needXmj(t *testing.T) string {
	t.Helper()
	miss := func(msg string) {
		msg += " (apt-get install mah-jong xvfb xauth)"
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	for _, p := range []string{origXmj, origPlayer} {
		if _, err := os.Stat(p); err != nil {
			miss(fmt.Sprintf("original program %s not installed: %v", p, err))
		}
	}
	xvfb, err := exec.LookPath("xvfb-run")
	if err != nil {
		miss(fmt.Sprintf("xvfb-run not found: %v", err))
	}
	if testing.Short() {
		t.Skip("plays a whole game with the original programs; skipped in -short mode")
	}
	return xvfb
}

// xmjProc is xmj under xvfb-run, in a process group of its own so that
// Xvfb and xmj go with it.
type xmjProc struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan string // xmj's stdout, line by line; closed at EOF
	stderr syncBuffer
	done   chan struct{}
}

func startXmj(t *testing.T, dir, xvfb, addr string) *xmjProc {
	t.Helper()
	p := &xmjProc{lines: make(chan string, 256), done: make(chan struct{})}
	p.cmd = exec.Command(xvfb, "-a", origXmj, "--server", addr, "--connect",
		"--name", "Human", "--echo-server", "--pass-stdin")
	p.cmd.Dir = dir
	p.cmd.Stderr = &p.stderr
	p.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var err error
	if p.stdin, err = p.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	out, err := p.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatalf("start xmj: %v", err)
	}
	go func() {
		// xmj echoes the server's lines as they came over the wire: a
		// multi-line message (HandScore, Settlement) arrives as lines
		// ending in a backslash, which protocol.Conn joins.
		c := protocol.NewConn(readOnly{out})
		for {
			l, err := c.ReadLine()
			if errors.Is(err, protocol.ErrLineTooLong) {
				continue
			}
			if err != nil {
				break
			}
			p.lines <- l
		}
		close(p.lines)
	}()
	t.Cleanup(p.kill)
	return p
}

// readOnly lets protocol.Conn read xmj's stdout.
type readOnly struct{ io.ReadCloser }

func (readOnly) Write(p []byte) (int, error) { return 0, errors.New("read only") }

// kill ends the whole process group of xvfb-run (Xvfb and xmj included)
// and reaps xvfb-run.
func (p *xmjProc) kill() {
	select {
	case <-p.done:
		return
	default:
	}
	p.stdin.Close()
	syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	p.cmd.Wait()
	close(p.done)
}

// xmjSeat is what the test saw and did on xmj's seat.
type xmjSeat struct {
	lines, sent, unparsed int
	gameOver              bool
	hands                 int
	pauses                int // Pause messages seen: a request refused during one may be sent again after it
	errors                []string
	problems              []string
	last                  []string // the last lines exchanged (<sent, >received)
}

func (s *xmjSeat) note(l string) {
	s.last = append(s.last, l)
	if len(s.last) > 30 {
		s.last = s.last[1:]
	}
}

// playXmjSeat reads xmj's echo until GameOver and answers for its seat.
func playXmjSeat(ctx context.Context, t *testing.T, x *xmjProc) (*xmjSeat, error) {
	v := engine.NewView()
	res := &xmjSeat{}
	lastSent, lastKey, sinceSent := "", "", 0
	for {
		var line string
		var ok bool
		select {
		case <-ctx.Done():
			return res, ctx.Err()
		case line, ok = <-x.lines:
		}
		if !ok {
			return res, errors.New("xmj closed its stdout before GameOver")
		}
		res.note(">" + line)
		ev, err := protocol.ParseEvent(strings.TrimRight(line, " \r"))
		if err != nil {
			res.unparsed++
			t.Logf("xmj printed a line that is not a server message: %q (%v)", line, err)
			continue
		}
		res.lines++
		sinceSent++
		switch m := ev.(type) {
		case engine.CError:
			res.errors = append(res.errors, m.String())
		case engine.CNewHand:
			res.hands++
		case engine.CPause:
			res.pauses++
		}
		if err := v.Apply(ev); err != nil {
			res.problems = append(res.problems, fmt.Sprintf("%q: %v", line, err))
		}
		if v.Over {
			res.gameOver = true
			return res, nil
		}
		a := scripted.Request(v)
		if a == nil {
			continue
		}
		// Never send the same request twice for the same state. Lines
		// that do not change our seat's state (other players' requests,
		// chat) may arrive before the answer to our request does; and
		// the server does not tell a player that its own Ready arrived.
		// So the state is our seat's part of the table, not the line
		// count. A request sent just before a pause (East's first
		// discard crosses the "to start play" pause) is refused and
		// must be sent again once the pause is over, in what is
		// otherwise the same state: the pauses seen are part of it.
		req := a.String()
		g := v.Game
		me := v.Me()
		key := fmt.Sprint(req, res.hands, res.pauses, g.Phase, g.Player, g.Serial, g.Paused, g.Konging, g.Needs,
			g.Claims[v.Seat()], me.NumConcealed, me.NumSpecials, me.HandDeclared, me.MahJongged)
		if key == lastKey || (req == lastSent && sinceSent == 0) {
			continue
		}
		if _, err := io.WriteString(x.stdin, req+"\n"); err != nil {
			return res, fmt.Errorf("writing %q to xmj: %w", req, err)
		}
		res.note("<" + req)
		res.sent++
		lastSent, lastKey, sinceSent = req, key, 0
	}
}

// TestXmjOriginalClient lets the original graphical client xmj (seat of
// player 1, driven by the scripted policy through xmj's --pass-stdin)
// and three original robots play a one-round game on our server. The
// game must reach GameOver on xmj's side, our server must send no
// Error, and it must print the final scores.
func TestXmjOriginalClient(t *testing.T) {
	xvfb := needXmj(t)
	bin := buildServer(t)
	ctx, cancel := context.WithTimeout(t.Context(), gameDeadline)
	defer cancel()
	start := time.Now()
	spec := gameSpec{name: "xmj", options: readTestdata("options-short.txt")}
	srv := serverKind{label: "ours (tcp)", bin: bin}
	run := &gameRun{server: srv, dir: gameDir(t)}
	sp, addr, err := startServer(ctx, t, srv, spec, 1002, run.dir)
	if err != nil {
		t.Fatal(err)
	}
	x := startXmj(t, run.dir, xvfb, addr)
	if err := waitConnected(ctx, run.dir, 1); err != nil {
		t.Fatalf("xmj: %v\nxmj stderr:\n%s", err, x.stderr.String())
	}
	var robots []*childProc
	for i := 2; i <= 4; i++ {
		robots = append(robots, startRobot(t, run.dir, addr, i, nil))
		if err := waitConnected(ctx, run.dir, i); err != nil {
			t.Fatal(err)
		}
	}
	seat, err := playXmjSeat(ctx, t, x)
	if err != nil {
		t.Fatalf("xmj's seat: %v after %d lines (%d requests sent)\nlast lines exchanged:\n  %s\nlast records of the server log:\n%s",
			err, seat.lines, seat.sent, strings.Join(seat.last, "\n  "), logTail(run.dir, 12))
	}
	// xmj stays connected after GameOver (it shows its scores dialog);
	// the game is over, so let it go and wait for the server to exit.
	x.kill()
	if err := waitGame(ctx, run.dir, sp, robots); err != nil {
		t.Fatalf("after GameOver: %v; last records of the log:\n%s", err, logTail(run.dir, 12))
	}
	run.wall = time.Since(start)
	finishRun(t, run, sp)
	s := summarizeLog(run.log)
	if !s.gameOver {
		t.Errorf("no GameOver in the server log; last records:\n%s", logTail(run.dir, 12))
	}
	// xmj answers some things by itself (it declares flowers and
	// seasons and shows a losing hand on its own, and the echo of the
	// server's answer to a request reaches the test only through xmj),
	// so a few of the requests on its seat (connection 1) cross and are
	// refused. Those refusals are the server doing its job; an Error to
	// any robot is not.
	xmjRefused := 0
	for _, e := range s.errors {
		if strings.HasPrefix(e, ">cnx1 ") {
			xmjRefused++
			t.Logf("refused on xmj's seat: %s", e)
			continue
		}
		t.Errorf("the server sent an error to a robot: %s", e)
	}
	for _, e := range s.parseErrs {
		t.Errorf("sent line does not parse: %s", e)
	}
	if len(s.settlements) == 0 {
		t.Errorf("no hand was settled")
	}
	if len(run.finals) != 4 {
		t.Errorf("want 4 final score lines, got %q", run.finals)
	}
	for _, l := range run.finals {
		m := finalScoreLine.FindStringSubmatch(l)
		if m == nil {
			t.Errorf("final score line %q is not %%5d (%%-20s)  %%5d", l)
			continue
		}
		id, _ := strconv.Atoi(m[1])
		if score, _ := strconv.Atoi(m[3]); score != s.sums[id] {
			t.Errorf("player %d's printed final score is %d, but its Settlement changes add up to %d", id, score, s.sums[id])
		}
	}
	if len(seat.errors) != xmjRefused {
		t.Errorf("xmj echoed %d Error lines, the server log has %d for its seat", len(seat.errors), xmjRefused)
	}
	if name := s.names[1]; name != "Human" {
		t.Errorf("player 1 is %q, want xmj's Human", name)
	}
	t.Logf("xmj's seat: %d hands, %d lines received, %d requests sent (%d refused), %d other lines; wall time %v",
		seat.hands, seat.lines, seat.sent, xmjRefused, seat.unparsed, run.wall.Round(time.Millisecond))
	t.Logf("final scores:\n%s", strings.Join(run.finals, "\n"))
}
