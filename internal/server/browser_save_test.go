package server_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"mahjong/ai"
	"mahjong/engine"
	"mahjong/game/client"
	"mahjong/game/client/clienttest"
	"mahjong/game/local"
)

// Saved games from the browser: the page's local game (game/local, the
// code the browser runs) saves in the original's .mjs format, and the
// Game menu's Save downloads exactly that text. Such a file must load in
// both servers with --load-game, and play must go on to the end with the
// same log on both. The browser test (web/tests/saves.test.js) passes the
// file it downloaded in MJ_BROWSER_SAVE; without it a game saved by
// game/local here is used.

// localSave plays a one-round local game to its stop-th prompt and
// returns its saved game.
func localSave(t *testing.T, seed, stop int) string {
	t.Helper()
	robots := [3]local.Robot{{Name: "Robot Ann", Level: ai.Easy}, {Name: "Robot Bob"}, {Name: "Robot Cy"}}
	g, err := local.Start(local.Config{Name: "Rita", Robots: robots, Options: []string{"NumRounds=1"}, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	c, err := client.New(g.Conn(), client.Config{Name: "Rita"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	pl := clienttest.New(c, uint64(seed))
	deadline := time.NewTimer(30 * time.Second)
	defer deadline.Stop()
	for n := 0; ; {
		c.Poll()
		p := c.Prompt()
		if p.Kind == client.GameOver {
			t.Fatal("the local game ended before the save")
		}
		if p.Kind != client.None {
			if n == stop {
				break
			}
			n++
			if err := pl.Act(p); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := c.Err(); err != nil {
			t.Fatal(err)
		}
		select {
		case <-c.Pending():
		case <-deadline.C:
			t.Fatalf("deadline passed at prompt %d", n)
		}
	}
	text, err := g.SaveNow()
	if err != nil {
		t.Fatal(err)
	}
	return text
}

// savedPlayers returns the players of a saved game (ids and names, in
// the order the file names them).
func savedPlayers(t *testing.T, text string) []loadedPlayer {
	t.Helper()
	msgs, err := local.ParseGame(text)
	if err != nil {
		t.Fatal(err)
	}
	var out []loadedPlayer
	seen := map[int]bool{}
	for _, m := range msgs {
		if p, ok := m.(engine.CPlayer); ok && p.ID != 0 && !seen[p.ID] {
			seen[p.ID] = true
			out = append(out, loadedPlayer{id: p.ID, name: p.Name})
		}
	}
	if len(out) != engine.NumSeats {
		t.Fatalf("the saved game names %d players: %v", len(out), out)
	}
	return out
}

// TestBrowserSaveLoadsInBothServers loads a game saved in the browser in
// the original mj-server and in ours (--load-game); the four players come
// back by id and name and play to the end, the two servers agreeing.
func TestBrowserSaveLoadsInBothServers(t *testing.T) {
	resumeNeedOriginal(t)
	files := map[string]string{}
	if f := os.Getenv("MJ_BROWSER_SAVE"); f != "" {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatalf("MJ_BROWSER_SAVE: %v", err)
		}
		files["browser"] = string(b)
	} else {
		files["local-mid-hand"] = localSave(t, 31, 12)
	}
	ours := resumeBuildOurs(t)
	for name, text := range files {
		t.Run(name, func(t *testing.T) {
			file := resumeWriteFile(t, filepath.Join(t.TempDir(), "saved.mjs"), text)
			lc := loadedGameCase{name: name, file: file, players: savedPlayers(t, text)}
			args := []string{"--seed", "99", "--timeout", "0", "--pause", "0", "--load-game", file}
			onBothServers(t, ours, args, "", func(t *testing.T, p *resumeProc) { playLoaded(t, p, lc, file) })
		})
	}
}

// TestOriginalSaveForBrowser writes a game saved by the original server
// (SaveState, mid-hand) to the file MJ_ORIGINAL_SAVE_OUT names, for the
// browser test to upload (without it, to a temporary file: the save is
// still made and checked to hold the hand in play).
func TestOriginalSaveForBrowser(t *testing.T) {
	out := os.Getenv("MJ_ORIGINAL_SAVE_OUT")
	if out == "" {
		out = filepath.Join(t.TempDir(), "original-save.mjs")
	}
	resumeNeedOriginal(t)
	dir := t.TempDir()
	p := startResumeServer(t, "original", originalServerPath, dir, "--seed", "77", "--timeout", "0", "--pause", "0")
	tb := newResumeTable(t, p)
	tb.start("Alice", "Bob", "Carol", "Dave")
	tb.playUntil(tb.midHand(1, 6))
	tb.send(tb.seats[0], engine.PSaveState{Filename: "original"})
	b, err := os.ReadFile(filepath.Join(dir, "original.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "\r\nWall ") {
		t.Fatalf("the original's mid-hand save holds no wall:\n%.300s", b)
	}
	if err := os.WriteFile(out, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
