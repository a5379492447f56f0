package protocol

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"mahjong/engine"
)

// Scanner reads the controller messages of a saved game or a hand
// history (.mjs): CMsg lines in wire encoding, with "#" comment lines and
// a Wall line. It works like bufio.Scanner:
//
//	sc := protocol.NewScanner(f)
//	for sc.Scan() {
//		ev := sc.Event()
//		...
//	}
//	if err := sc.Err(); err != nil { ... }
//
// Blank lines are skipped. A comment is returned as engine.CComment even
// when it is not well formed (the original writes the saved-game comment
// from uninitialised memory). Scanning stops at the first line that is
// not a valid message; Err then wraps its *ParseError.
type Scanner struct {
	r    lineReader
	n    int          // logical lines read
	line string       // current logical line
	ev   engine.Event // current event
	err  error
}

// NewScanner returns a Scanner reading r.
func NewScanner(r io.Reader) *Scanner {
	return &Scanner{r: lineReader{r: bufio.NewReader(r)}}
}

// Scan advances to the next message, reporting whether there is one.
func (s *Scanner) Scan() bool {
	if s.err != nil {
		return false
	}
	for {
		line, err := s.r.readLine()
		if err == io.ErrUnexpectedEOF {
			// A last line without terminator still counts.
			line, err = string(s.r.buf), nil
		}
		if err != nil {
			if err != io.EOF {
				s.err = fmt.Errorf("protocol: line %d: %w", s.n+1, err)
			}
			s.ev, s.line = nil, ""
			return false
		}
		s.n++
		if strings.TrimSpace(line) == "" {
			continue
		}
		s.line = line
		ev, err := ParseEvent(line)
		if err != nil && strings.HasPrefix(line, "#") {
			ev, err = engine.CComment{Text: strings.TrimLeft(line[1:], " ")}, nil
		}
		if err != nil {
			s.err = fmt.Errorf("protocol: line %d: %w", s.n, err)
			s.ev = nil
			return false
		}
		s.ev = ev
		return true
	}
}

// Event returns the message read by the last successful Scan.
func (s *Scanner) Event() engine.Event { return s.ev }

// Line returns the logical line of the last Scan, decoded from the wire.
func (s *Scanner) Line() string { return s.line }

// Err returns the first error met, or nil at a clean end of input.
func (s *Scanner) Err() error { return s.err }
