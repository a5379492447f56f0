package protocol

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// oracleDir holds the logs and saved hands of games played by the
// original programs. Tests that need it skip when it is absent.
var oracleDir = func() string {
	if s := os.Getenv("MJ_SHARED"); s != "" {
		return filepath.Join(s, "oracle")
	}
	return filepath.Join("..", "..", "..", "shared", "oracle")
}()

// oracleAvailable reports whether the oracle logs can be read.
func oracleAvailable() bool {
	files, _ := filepath.Glob(filepath.Join(oracleDir, "g*/game.log.gz"))
	return len(files) > 0
}

func oracleFiles(t testing.TB, pattern string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(oracleDir, pattern))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Skipf("no oracle files %s under %s", pattern, oracleDir)
	}
	return files
}

func readGzip(t testing.TB, name string) []byte {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func oracleLogs(t testing.TB) []string {
	t.Helper()
	logs := oracleFiles(t, "g*/game.log.gz")
	more, _ := filepath.Glob(filepath.Join(oracleDir, "scenarios/s*/game.log.gz"))
	return append(logs, more...)
}

// TestOracleLogs parses every record of every oracle log, sent lines as
// events and received lines as actions, and checks that String gives
// back the logged line byte for byte.
func TestOracleLogs(t *testing.T) {
	total := 0
	for _, name := range oracleLogs(t) {
		recs, err := ReadLog(bytes.NewReader(readGzip(t, name)))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if len(recs) == 0 || recs[len(recs)-1].Line != LostConnection {
			t.Errorf("%s: log does not end with a lost connection", name)
		}
		bad := 0
		for i, r := range recs {
			if r.Line == LostConnection && !r.Sent {
				continue
			}
			var s string
			if r.Sent {
				ev, err := ParseEvent(r.Line)
				if err != nil {
					t.Errorf("%s record %d: %v", name, i, err)
					bad++
					continue
				}
				s = ev.String()
			} else {
				a, err := ParseAction(r.Line)
				if err != nil {
					t.Errorf("%s record %d: %v", name, i, err)
					bad++
					continue
				}
				s = a.String()
			}
			if s != r.Line {
				t.Errorf("%s record %d: String() = %q, logged %q", name, i, s, r.Line)
				bad++
			}
			if bad > 10 {
				t.Fatalf("%s: too many failures", name)
			}
			total++
		}
	}
	t.Logf("%d records round-tripped", total)
}

// TestOracleHands scans every hand-history file: each line parses, its
// String is the decoded line, and encoding the lines again for the wire
// gives the file back byte for byte.
func TestOracleHands(t *testing.T) {
	files := oracleFiles(t, "g*/hands/*.mjs.gz")
	more, _ := filepath.Glob(filepath.Join(oracleDir, "scenarios/s*/hands/*.mjs.gz"))
	files = append(files, more...)
	for _, name := range files {
		data := readGzip(t, name)
		sc := NewScanner(bytes.NewReader(data))
		var wire []byte
		n, walls := 0, 0
		for sc.Scan() {
			ev := sc.Event()
			if s := ev.String(); s != sc.Line() {
				t.Errorf("%s: String() = %q, file has %q", name, s, sc.Line())
			}
			if strings.HasPrefix(sc.Line(), "Wall ") {
				walls++
			}
			wire = AppendWire(wire, ev.String())
			n++
		}
		if err := sc.Err(); err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if walls != 1 || n < 30 {
			t.Errorf("%s: %d messages, %d walls", name, n, walls)
		}
		if !bytes.Equal(wire, data) {
			t.Errorf("%s: re-encoded file differs from the original", name)
		}
	}
}

// TestOracleConn reads a hand-history file through Conn, which must give
// the same lines as the Scanner.
func TestOracleConn(t *testing.T) {
	files := oracleFiles(t, "g00[1-3]/hands/*.mjs.gz")
	for _, name := range files {
		data := readGzip(t, name)
		c := NewConn(rwc{Reader: bytes.NewReader(data)})
		sc := NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			line, err := c.ReadLine()
			if err != nil || line != sc.Line() {
				t.Fatalf("%s: ReadLine = %q, %v; Scanner has %q", name, line, err, sc.Line())
			}
		}
		if line, err := c.ReadLine(); err != io.EOF {
			t.Errorf("%s: ReadLine at end = %q, %v", name, line, err)
		}
	}
}

// TestOracleOptionFiles parses the option files given to the original
// server with --option-file.
func TestOracleOptionFiles(t *testing.T) {
	for _, name := range oracleFiles(t, "g*/options.txt") {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			if !reflect.DeepEqual(sc.Event(), mustEvent(t, sc.Event().String())) {
				t.Errorf("%s: %q does not round-trip", name, sc.Line())
			}
		}
		if err := sc.Err(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
