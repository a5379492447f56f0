package oracle

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// needRoot returns the folder of the oracle games, and skips the test
// when there is none (outside CI).
func needRoot(t *testing.T) string {
	t.Helper()
	root, ok := Root()
	if !ok {
		if os.Getenv("CI") != "" {
			t.Fatal("the oracle games (shared/oracle) are missing")
		}
		t.Skip("no shared/oracle beside the repository")
	}
	return root
}

// TestReplayOracle replays every logged game of the original programs
// through our controller: every message must be identical.
func TestReplayOracle(t *testing.T) {
	root := needRoot(t)
	dirs, err := Games(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) == 0 {
		t.Fatalf("no games under %s", root)
	}
	total, same := 0, 0
	for _, dir := range dirs {
		res, err := Replay(dir)
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		total += res.Hands
		same += res.Identical
		if res.Diff != "" || res.Identical != res.Hands {
			t.Errorf("%s: %d/%d hands identical\n%s", dir, res.Identical, res.Hands, res.Diff)
		}
	}
	t.Logf("hands: %d identical of %d in %d games", same, total, len(dirs))
}

// TestReplayPlainLayout replays a stored game from a directory laid out as
// the original server leaves it (game.log and hand-NN.mjs, uncompressed):
// the same hands are identical, and a changed hand history is seen.
func TestReplayPlainLayout(t *testing.T) {
	root := needRoot(t)
	dirs, err := Games(root)
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no games under %s: %v", root, err)
	}
	stored := dirs[0]
	want, err := Replay(stored)
	if err != nil || want.HandFiles == 0 {
		t.Fatalf("%s: %+v, %v (want a game with hand histories)", stored, want, err)
	}
	plain := t.TempDir()
	unzipTo := func(from, to string) {
		b, err := ReadGz(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"commands.sh", "meta.json", "options.txt"} {
		if b, err := os.ReadFile(filepath.Join(stored, name)); err == nil {
			if err := os.WriteFile(filepath.Join(plain, name), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	unzipTo(filepath.Join(stored, "game.log.gz"), filepath.Join(plain, "game.log"))
	hands, _ := filepath.Glob(filepath.Join(stored, "hands", "*.gz"))
	for _, h := range hands {
		unzipTo(h, filepath.Join(plain, strings.TrimSuffix(filepath.Base(h), ".gz")))
	}
	got, err := Replay(plain)
	if err != nil || got.Diff != "" || got.Hands != want.Hands || got.Identical != want.Identical || got.HandFiles != want.HandFiles {
		t.Fatalf("plain layout: %+v, %v; stored: %+v", got, err, want)
	}
	first := filepath.Join(plain, strings.TrimSuffix(filepath.Base(hands[0]), ".gz"))
	if err := os.WriteFile(first, []byte("changed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := Replay(plain); err != nil || !strings.Contains(got.Diff, "hand history") {
		t.Fatalf("a changed hand history went unseen: %+v, %v", got, err)
	}
}
