package oracle

import (
	"os"
	"testing"
)

// TestReplayOracle replays every logged game of the original programs
// through our controller: every message must be identical.
func TestReplayOracle(t *testing.T) {
	root, ok := Root()
	if !ok {
		if os.Getenv("CI") != "" {
			t.Fatal("the oracle games (shared/oracle) are missing")
		}
		t.Skip("no shared/oracle beside the repository")
	}
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
