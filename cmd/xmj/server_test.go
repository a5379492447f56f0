//go:build unix

package main

import (
	"bufio"
	"context"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"mahjong/ai"
	"mahjong/ai/player"
	"mahjong/game/online"
	"mahjong/relay"
)

const (
	origServer = "/usr/games/mj-server"
	origPlayer = "/usr/games/mj-player"
)

// need skips (or, under CI, fails) when a program is missing.
func need(t *testing.T, paths ...string) {
	t.Helper()
	for _, p := range paths {
		if _, err := exec.LookPath(p); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("%s is missing (scripts/deps.sh installs it)", p)
			}
			t.Skipf("%s is missing (scripts/deps.sh installs it)", p)
		}
	}
}

// child is a process in its own process group, whose standard output
// arrives line by line on lines; the group is killed when the test ends.
type child struct {
	cmd   *exec.Cmd
	lines chan string
	tail  []string // the last lines, read by the test's goroutine only
}

func start(t *testing.T, dir string, env []string, path string, args ...string) *child {
	t.Helper()
	c := &child{cmd: exec.Command(path, args...), lines: make(chan string, 1024)}
	c.cmd.Dir = dir
	c.cmd.Env = append(os.Environ(), env...)
	c.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	out, err := c.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	c.cmd.Stderr = c.cmd.Stdout // after StdoutPipe: the same pipe
	if err := c.cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", path, err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			select {
			case c.lines <- sc.Text():
			default: // nobody is reading any more
			}
		}
		close(c.lines)
	}()
	t.Cleanup(func() {
		syscall.Kill(-c.cmd.Process.Pid, syscall.SIGKILL)
		<-done
		c.cmd.Wait()
	})
	return c
}

// waitLine waits for a line containing want, until ctx ends.
func (c *child) waitLine(ctx context.Context, t *testing.T, what, want string) string {
	t.Helper()
	for {
		select {
		case line, ok := <-c.lines:
			if !ok {
				t.Fatalf("%s ended before %q; last lines:\n%s", what, want, strings.Join(c.tail, "\n"))
			}
			c.tail = append(c.tail, line)
			if len(c.tail) > 30 {
				c.tail = c.tail[1:]
			}
			if strings.Contains(line, want) {
				return line
			}
		case <-ctx.Done():
			t.Fatalf("%s: no %q in time; last lines:\n%s", what, want, strings.Join(c.tail, "\n"))
		}
	}
}

// TestDesktopPlaysOnOriginalServer runs xmj in a real window under Xvfb
// against the original /usr/games/mj-server, over a Unix socket and over
// TCP, with three original /usr/games/mj-player robots. With --auto-play
// our seat plays itself through the table's own client; the test follows
// the events xmj prints and ends after the first hand has been scored.
func TestDesktopPlaysOnOriginalServer(t *testing.T) {
	need(t, "xvfb-run", origServer, origPlayer)
	t.Run("unix", func(t *testing.T) { playOnOriginal(t, false) })
	t.Run("tcp", func(t *testing.T) { playOnOriginal(t, true) })
}

func playOnOriginal(t *testing.T, tcp bool) {
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	dir, err := os.MkdirTemp("/tmp", "xmj") // a Unix socket's path must be short
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	sock := filepath.Join(dir, "mj.sock")
	if tcp {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		sock = ln.Addr().String() // free a moment ago
		ln.Close()
	}

	srv := start(t, dir, nil, origServer, "--server", sock, "--seed", "11", "--timeout", "0", "--pause", "0",
		"--exit-on-disconnect")
	srv.waitLine(ctx, t, "mj-server", "OK: ")

	home := filepath.Join(dir, "home")
	t0 := time.Now()
	xmj := start(t, dir, []string{"XMJ_TEST_RUN_MAIN=1", "LIBGL_ALWAYS_SOFTWARE=1",
		"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config")},
		"xvfb-run", "-a", "-s", "-screen 0 1280x1024x24 -nolisten tcp",
		os.Args[0], "--server", sock, "--name", "Desktop", "--auto-play", "--no-animate")
	xmj.waitLine(ctx, t, "xmj", "Connected to ") // we sit first: the robots join below
	for i := range 3 {
		start(t, dir, nil, origPlayer, "--server", sock, "--name", "Robot"+string(rune('1'+i)))
	}
	begins := xmj.waitLine(ctx, t, "xmj", "Seats:")
	if !strings.Contains(begins, "You") {
		t.Errorf("we are not seated: %q", begins)
	}
	xmj.waitLine(ctx, t, "xmj", "You discard ")
	settle := xmj.waitLine(ctx, t, "xmj", "Scoring: settlement")
	t.Logf("a hand on the original server in %v: %s", time.Since(t0).Round(time.Millisecond), settle)
}

// TestDesktopJoinsRelayRoom runs xmj under Xvfb as a guest of an online
// room: a relay hub and a game host (our robot in the host's seat, two
// robots besides) run in the test, and xmj joins with --relay, --room and
// --connect, then plays a hand by itself through the relay.
func TestDesktopJoinsRelayRoom(t *testing.T) {
	need(t, "xvfb-run")
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	hub := relay.NewHub(relay.HubOptions{Logger: slog.New(slog.DiscardHandler)})
	mux := http.NewServeMux()
	mux.Handle("/relay", hub)
	srv := httptest.NewServer(mux)
	defer srv.Close()
	defer hub.Shutdown(context.Background())
	ep := "ws" + strings.TrimPrefix(srv.URL, "http") + "/relay"

	h, err := online.NewHost(ctx, online.HostConfig{
		Endpoint: ep, Name: "Ann", Seed: 5, Timeout: 5,
		Seats: [3]online.Seat{{Kind: online.Person}, {Kind: online.Robot}, {Kind: online.Robot}},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	played := make(chan error, 1)
	go func() { played <- player.Run(ctx, h.Conn(), player.Config{Name: "Ann", Robot: ai.New(ai.Options{})}) }()

	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	xmj := start(t, dir, []string{"XMJ_TEST_RUN_MAIN=1", "LIBGL_ALWAYS_SOFTWARE=1",
		"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config")},
		"xvfb-run", "-a", "-s", "-screen 0 1280x1024x24 -nolisten tcp",
		os.Args[0], "--relay", ep, "--room", h.Room(), "--connect", "--name", "Desktop", "--auto-play", "--no-animate")
	xmj.waitLine(ctx, t, "xmj", "Joined the room.")
	begins := xmj.waitLine(ctx, t, "xmj", "The game begins. Seats:")
	if !strings.Contains(begins, "You") || !strings.Contains(begins, "Ann") {
		t.Errorf("seats: %q", begins)
	}
	xmj.waitLine(ctx, t, "xmj", "You discard ")
	t.Log(xmj.waitLine(ctx, t, "xmj", "Scoring: settlement"))
	h.Close()
	<-played
}
