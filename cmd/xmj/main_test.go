package main

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"mahjong/game"
	"mahjong/game/art"
)

// TestMain lets the test binary be xmj itself, so the desktop test runs the
// real program without building it again.
func TestMain(m *testing.M) {
	if os.Getenv("XMJ_TEST_RUN_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// noPrefs points the preferences file at an empty temporary home.
func noPrefs(t *testing.T) string {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	return home
}

// TestPrefsThenFlags writes an .xmjrc in the original's line format: its
// settings are in force unless a flag says otherwise.
func TestPrefsThenFlags(t *testing.T) {
	t.Setenv("LOGNAME", "tester")
	home := noPrefs(t)
	rc := "Display Animate 0\nDisplay DialogPosition below\nDisplay ShowWall always\n" +
		"Display Tileset numbered\nPlaying AutoSpecials 1\nGameOption 0 NumRounds 2\nOpenDialog x\n"
	if err := os.WriteFile(filepath.Join(home, ".xmjrc"), []byte(rc), 0o600); err != nil {
		t.Fatal(err)
	}
	o, err := parseFlags(nil, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if !o.cfg.NoAnimation || o.cfg.Dialogs != game.DialogsBelow || o.cfg.ShowWall != game.WallAlways || o.cfg.Tileset != art.Numbered {
		t.Errorf("from .xmjrc: got %+v", o.cfg)
	}
	if o.cfg.Prefs == nil || !o.cfg.Prefs.Playing.AutoSpecials {
		t.Errorf("playing preferences not loaded: %+v", o.cfg.Prefs)
	}
	o, err = parseFlags([]string{"--animate", "--no-show-wall", "--tileset", "classic"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if o.cfg.NoAnimation || o.cfg.ShowWall != game.WallNever || o.cfg.Tileset != art.Classic || o.cfg.Dialogs != game.DialogsBelow {
		t.Errorf("flags over .xmjrc: got %+v", o.cfg)
	}
}

func TestParseFlags(t *testing.T) {
	t.Setenv("LOGNAME", "tester")
	noPrefs(t)
	tests := []struct {
		name string
		args []string
		want game.Config
		shot string
		bad  bool
	}{
		{name: "defaults", want: game.Config{Name: "tester"}},
		{name: "name", args: []string{"--name", "Ann"}, want: game.Config{Name: "Ann"}},
		{name: "show wall", args: []string{"--show-wall"}, want: game.Config{Name: "tester", ShowWall: game.WallAlways}},
		{name: "no show wall", args: []string{"--no-show-wall"}, want: game.Config{Name: "tester", ShowWall: game.WallNever}},
		{name: "last wins", args: []string{"--no-show-wall", "--show-wall"}, want: game.Config{Name: "tester", ShowWall: game.WallAlways}},
		{name: "no animate", args: []string{"--no-animate"}, want: game.Config{Name: "tester", NoAnimation: true}},
		{name: "animate again", args: []string{"--no-animate", "--animate"}, want: game.Config{Name: "tester"}},
		{name: "size", args: []string{"--size", "16"}, want: game.Config{Name: "tester", Size: 16}},
		{name: "numbered", args: []string{"--tileset", "numbered"}, want: game.Config{Name: "tester", Tileset: art.Numbered}},
		{name: "tileset dir", args: []string{"--tileset", "/usr/share/xmj/numbered/", "--tileset-path", "/a:/b"}, want: game.Config{Name: "tester", Tileset: art.Numbered}},
		{name: "dialogs below", args: []string{"--dialogs-below"}, want: game.Config{Name: "tester", Dialogs: game.DialogsBelow}},
		{name: "dialogs popup", args: []string{"-dialogs-popup"}, want: game.Config{Name: "tester", Dialogs: game.DialogsPopup}},
		{name: "dialogs central", args: []string{"--dialogs-popup", "--dialogs-central"}, want: game.Config{Name: "tester", Dialogs: game.DialogsCentral}},
		{name: "screenshot", args: []string{"--screenshot", "x.png"}, want: game.Config{Name: "tester", AutoStart: true}, shot: "x.png"},
		// errors
		{name: "size small", args: []string{"--size", "13"}, bad: true},
		{name: "size big", args: []string{"--size", "20"}, bad: true},
		{name: "size word", args: []string{"--size", "big"}, bad: true},
		{name: "unknown flag", args: []string{"--serve", "localhost:5000"}, bad: true},
		{name: "server and room", args: []string{"--server", "h:1", "--relay", "ws://h/relay", "--room", "ABC"}, bad: true},
		{name: "room without relay", args: []string{"--room", "ABC"}, bad: true},
		{name: "relay not ws", args: []string{"--relay", "http://h/relay"}, bad: true},
		{name: "id without server", args: []string{"--id", "2"}, bad: true},
		{name: "negative id", args: []string{"--server", "h:1", "--id", "-1"}, bad: true},
		{name: "auto-play alone", args: []string{"--auto-play"}, bad: true},
		{name: "argument", args: []string{"extra"}, bad: true},
		{name: "bad bool", args: []string{"--animate=maybe"}, bad: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, err := parseFlags(tt.args, io.Discard)
			if tt.bad {
				if err == nil {
					t.Fatalf("parseFlags(%q) = %+v, want an error", tt.args, o.cfg)
				}
				return
			}
			if err != nil {
				t.Fatalf("parseFlags(%q): %v", tt.args, err)
			}
			if o.cfg.Announce != nil || o.cfg.FirstFrame != nil {
				t.Fatalf("parseFlags(%q) set callbacks", tt.args)
			}
			if o.cfg.Name != tt.want.Name || o.cfg.ShowWall != tt.want.ShowWall ||
				o.cfg.NoAnimation != tt.want.NoAnimation || o.cfg.Size != tt.want.Size ||
				o.cfg.Tileset != tt.want.Tileset || o.cfg.Dialogs != tt.want.Dialogs ||
				o.cfg.AutoStart != tt.want.AutoStart || o.screenshot != tt.shot {
				t.Errorf("parseFlags(%q) = %+v (screenshot %q), want %+v (screenshot %q)", tt.args, o.cfg, o.screenshot, tt.want, tt.shot)
			}
		})
	}
}

// TestConnectFlags reads the flags that play elsewhere than in a local game.
func TestConnectFlags(t *testing.T) {
	t.Setenv("LOGNAME", "tester")
	noPrefs(t)
	tests := []struct {
		args    []string
		server  string
		id      int
		connect bool
		auto    bool
		relay   string
		room    string
		page    string
	}{
		{args: []string{"--server", "localhost:5000"}, server: "localhost:5000"},
		{args: []string{"--server", "/tmp/mj.sock", "--id", "3", "--connect", "--auto-play"}, server: "/tmp/mj.sock", id: 3, connect: true, auto: true},
		{args: []string{"--relay", "ws://example.org:8080/relay"}, relay: "ws://example.org:8080/relay", page: "http://example.org:8080/"},
		{args: []string{"--relay", "wss://example.org/mj/relay", "--room", "ABCD", "--connect"}, relay: "wss://example.org/mj/relay", room: "ABCD", connect: true, page: "https://example.org/mj/"},
	}
	for _, tt := range tests {
		o, err := parseFlags(tt.args, io.Discard)
		if err != nil {
			t.Errorf("parseFlags(%q): %v", tt.args, err)
			continue
		}
		if o.server != tt.server || o.id != tt.id || o.connect != tt.connect || o.auto != tt.auto ||
			o.cfg.Relay != tt.relay || o.cfg.Room != tt.room || o.cfg.Page != tt.page || o.cfg.AutoStart {
			t.Errorf("parseFlags(%q) = server %q id %d connect %v auto %v relay %q room %q page %q autostart %v",
				tt.args, o.server, o.id, o.connect, o.auto, o.cfg.Relay, o.cfg.Room, o.cfg.Page, o.cfg.AutoStart)
		}
	}
}

// TestDesktopRendersTable runs xmj in a real window under Xvfb (Mesa's
// software OpenGL) until its first table frame, which it writes as a PNG,
// and checks that the picture shows a table rather than a blank window.
// The picture is kept in test-output/xmj/ at the repository root.
func TestDesktopRendersTable(t *testing.T) {
	xvfb, err := exec.LookPath("xvfb-run")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("xvfb-run is missing (scripts/deps.sh installs xvfb)")
		}
		t.Skip("xvfb-run is missing (scripts/deps.sh installs xvfb)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	shot := filepath.Join(t.TempDir(), "xmj.png")
	cmd := exec.CommandContext(ctx, xvfb, "-a", "-s", "-screen 0 1280x1024x24 -nolisten tcp",
		os.Args[0], "--name", "Tester", "--screenshot", shot)
	// A home of its own, so that the user's preferences are not read and
	// the autosaved game is not written where a player would find it.
	home := t.TempDir()
	cmd.Env = append(os.Environ(), "XMJ_TEST_RUN_MAIN=1", "LIBGL_ALWAYS_SOFTWARE=1",
		"HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"))
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("xmj under Xvfb: %v\n%s", err, out.String())
	}
	data, err := os.ReadFile(shot)
	if err != nil {
		t.Fatalf("no screenshot: %v\n%s", err, out.String())
	}
	if dir := keepDir(); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, "xmj-first-frame.png"), data, 0o644); err != nil {
			t.Log(err)
		}
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	colors, top := colorCounts(img)
	b := img.Bounds()
	t.Logf("screenshot %dx%d, %d colours, the commonest covering %.1f%%", b.Dx(), b.Dy(), colors, 100*top)
	if b.Dx() < 320 || b.Dy() < 240 {
		t.Errorf("screenshot is %dx%d, want a window-sized picture", b.Dx(), b.Dy())
	}
	if colors < 16 || top > 0.97 {
		t.Errorf("screenshot looks blank: %d colours, the commonest covering %.1f%%", colors, 100*top)
	}
}

// keepDir is the folder for pictures people look at: test-output/xmj at the
// repository root, or "" if it cannot be made.
func keepDir() string {
	dir := filepath.Join("..", "..", "test-output", "xmj")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return ""
	}
	return dir
}

// colorCounts returns how many colours img has and the share of its
// commonest one.
func colorCounts(img image.Image) (int, float64) {
	counts := make(map[color.RGBA]int)
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			counts[color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)]++
		}
	}
	top := 0
	for _, n := range counts {
		top = max(top, n)
	}
	return len(counts), float64(top) / float64(b.Dx()*b.Dy())
}
