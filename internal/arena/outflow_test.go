package arena_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"mahjong/internal/arena"
	"mahjong/internal/oracle"
)

// TestOutflow studies three logged games of four original robots: every
// discard is counted once, and from each of the three other seats it is
// exactly one hit (the thrown tile was hidden in the discarder's hand, so
// it had unseen copies from every other seat).
func TestOutflow(t *testing.T) {
	root := oracleRoot(t)
	discardRE := regexp.MustCompile(`(?m)^>cnx\d+ PlayerDiscards `)
	var o arena.Outflow
	want := 0
	for _, g := range []string{"g001", "g002", "g003"} {
		path := filepath.Join(root, g, "game.log.gz")
		if err := o.AddLog(path); err != nil {
			t.Fatal(err)
		}
		want += len(discardRE.FindAllIndex(mustReadGz(t, path), -1))
	}
	if o.Games != 3 || o.Discards != want || want == 0 {
		t.Fatalf("%d games, %d discards: want 3 and %d", o.Games, o.Discards, want)
	}
	thrown, seen := 0, 0
	for _, g := range o.Cells {
		for _, st := range g {
			for _, c := range st {
				thrown += c.Thrown
				seen += c.Seen
			}
		}
	}
	if thrown != 3*want {
		t.Errorf("%d hits, want three for each of %d discards", thrown, want)
	}
	if seen < 30*thrown {
		t.Errorf("%d observations for %d hits: too few kinds counted", seen, thrown)
	}
	var out bytes.Buffer
	o.Report(&out)
	if !strings.Contains(out.String(), "3 to 7") || !strings.Contains(out.String(), "3 games") {
		t.Errorf("report:\n%s", out.String())
	}

	// a log cut short is an error, not a panic or a silent half-study
	b := mustReadGz(t, filepath.Join(root, "g001", "game.log.gz"))
	bad := filepath.Join(t.TempDir(), "game.log")
	cut := bytes.Index(b, []byte("PlayerDiscards"))
	os.WriteFile(bad, append(b[:cut:cut], []byte("PlayerDiscards 9 XX 1 0\r\n")...), 0o644)
	var o2 arena.Outflow
	if err := o2.AddLog(bad); err == nil && o2.Discards > 0 {
		t.Errorf("a discard by an unknown player was studied")
	}
}

func mustReadGz(t *testing.T, path string) []byte {
	t.Helper()
	b, err := oracle.ReadGz(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
