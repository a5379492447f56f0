package arena

import (
	"fmt"
	"strings"
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

// TestHandsEnded counts the hands a log shows ended among its complete
// records only: the last record may still be being written.
func TestHandsEnded(t *testing.T) {
	log := ">cnx1 NewHand 1 0 12\n" +
		"<cnx2 Discard 5B 3\n" +
		">cnx1 Settlement 10 -10 0 0 text\n\n" +
		">cnx1 NewHand 2 0 13\n" +
		">cnx3 WashOut no tiles\n" +
		">cnx1 Settlem"
	for _, tt := range []struct {
		upto   string // the log up to and including this
		n, rec int    // hands ended, index of the record left out
	}{
		{">cnx1 Settlement 10 -10 0 0 text\n\n", 0, 2},
		{">cnx1 NewHand 2 0 13\n", 1, 3},
		{">cnx3 WashOut no tiles\n", 1, 4},
		{">cnx1 Settlem", 2, 5},
	} {
		b := []byte(log[:strings.LastIndex(log, tt.upto)+len(tt.upto)])
		n, at := handsEnded(b)
		starts := 0
		for i := range b[:at] {
			if i == 0 || b[i-1] == '\n' && (b[i] == '>' || b[i] == '<') {
				starts++
			}
		}
		if n != tt.n || starts != tt.rec {
			t.Errorf("up to %q: %d hands ended, cut after %d records; want %d, %d", tt.upto, n, starts, tt.n, tt.rec)
		}
	}
	if n, at := handsEnded(nil); n != 0 || at != 0 {
		t.Errorf("empty log: %d, %d", n, at)
	}
}
