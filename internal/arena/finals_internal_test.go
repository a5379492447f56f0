package arena

import (
	"fmt"
	"testing"
)

// TestFinalScores reads the server's closing table, names padded to 20
// characters, longer than that, and holding parentheses.
func TestFinalScores(t *testing.T) {
	out := "OK: mj.sock\nGame over. Final scores:\n" +
		"    1 (mj-player1          )   -818\n" +
		"    2 (hard:tune=survival=0.87,claimRate=1.2)    154\n" +
		"    3 (Robot(123) (x)      )   -906\n" +
		"    4 (mj-player4          )   1570\n"
	got := fmt.Sprint(finalScores(out))
	if want := "map[1:-818 2:154 3:-906 4:1570]"; got != want {
		t.Errorf("finalScores = %s, want %s", got, want)
	}
	if n := len(finalScores("    1 (a)   5\n")); n != 0 {
		t.Errorf("scores before the closing table were read: %d", n)
	}
}
