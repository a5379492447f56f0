package protocol

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// oracleSeeds returns, for each keyword seen in the first oracle logs, a
// few of its logged lines (sent lines if sent, else received ones).
func oracleSeeds(f *testing.F, sent bool) []string {
	files := oracleLogs(f)
	if len(files) > 3 {
		files = files[:3]
	}
	seen := map[string]int{}
	var seeds []string
	for _, name := range files {
		recs, err := ReadLog(bytes.NewReader(readGzip(f, name)))
		if err != nil {
			f.Fatal(err)
		}
		for _, r := range recs {
			kw, _, _ := strings.Cut(r.Line, " ")
			if r.Sent != sent || seen[kw] >= 3 {
				continue
			}
			seen[kw]++
			seeds = append(seeds, r.Line)
		}
	}
	return seeds
}

// addSeeds adds the oracle seeds when the oracle is present; the seeds
// under testdata/fuzz are used in any case.
func addSeeds(f *testing.F, sent bool) {
	f.Helper()
	if !oracleAvailable() {
		return
	}
	for _, s := range oracleSeeds(f, sent) {
		f.Add(s)
	}
}

func FuzzParseEvent(f *testing.F) {
	for _, s := range []string{
		"HandScore 2 500 \\ 0.5 Limit  500 (all four flowers)",
		"Settlement 1 2 3 4 x\n\n",
		"GameOption 0 X string 0 1 v d\nesc",
		"# CompletedRounds 0",
		"PlayerDiscards 1 5B3 0 junk",
	} {
		f.Add(s)
	}
	addSeeds(f, true)
	f.Fuzz(func(t *testing.T, line string) {
		ev, err := ParseEvent(line)
		if err != nil {
			return
		}
		s := ev.String()
		ev2, err := ParseEvent(s)
		if err != nil {
			t.Fatalf("ParseEvent(%q) = %#v, but its String %q does not parse: %v", line, ev, s, err)
		}
		if !reflect.DeepEqual(ev, ev2) {
			t.Fatalf("round trip of %q: %#v != %#v", line, ev, ev2)
		}
		if s2 := ev2.String(); s2 != s {
			t.Fatalf("String not stable: %q != %q", s, s2)
		}
	})
}

func FuzzParseAction(f *testing.F) {
	for _, s := range []string{
		"Discard 5B 0 junk", "c 4 l", "SendMessage 0 \\ x\\", "SetPlayerOption Bogus 1 2 t",
		"SetGameOption NumRounds 2", "NoClaim", "Connect 1110 0 \\\\name",
	} {
		f.Add(s)
	}
	addSeeds(f, false)
	f.Fuzz(func(t *testing.T, line string) {
		a, err := ParseAction(line)
		if err != nil {
			return
		}
		s := a.String()
		a2, err := ParseAction(s)
		if err != nil {
			t.Fatalf("ParseAction(%q) = %#v, but its String %q does not parse: %v", line, a, s, err)
		}
		if !reflect.DeepEqual(a, a2) {
			t.Fatalf("round trip of %q: %#v != %#v", line, a, a2)
		}
		if s2 := a2.String(); s2 != s {
			t.Fatalf("String not stable: %q != %q", s, s2)
		}
	})
}

// FuzzReadLine checks that any byte stream decodes without panic and that
// every decoded line survives WriteLine and ReadLine.
func FuzzReadLine(f *testing.F) {
	for _, s := range []string{"a\\\r\nb\r\n", "x\\\\\r\n", "\\\r\r\n", "a\rb\n\r\n", "\\"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		c := NewConn(rwc{Reader: strings.NewReader(input)})
		for {
			line, err := c.ReadLine()
			if err != nil {
				return
			}
			back, err := NewConn(rwc{Reader: bytes.NewReader(AppendWire(nil, line))}).ReadLine()
			if err != nil || back != line {
				t.Fatalf("line %q came back as %q, %v", line, back, err)
			}
		}
	})
}
