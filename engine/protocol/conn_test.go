package protocol

import (
	"bytes"
	"errors"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
)

// rwc adapts a reader and a writer to io.ReadWriteCloser.
type rwc struct {
	io.Reader
	io.Writer
}

func (rwc) Close() error { return nil }

func TestReadLine(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  []string
		err   error // after the lines
	}{
		{name: "crlf", input: "Ready\r\nNoClaim 3\r\n", want: []string{"Ready", "NoClaim 3"}, err: io.EOF},
		{name: "bare lf", input: "Ready\nNoClaim 3\n", want: []string{"Ready", "NoClaim 3"}, err: io.EOF},
		{name: "continuation crlf", input: "HandScore 4 32 a\\\r\nb\\\r\nc\r\nGameOver\r\n", want: []string{"HandScore 4 32 a\nb\nc", "GameOver"}, err: io.EOF},
		{name: "continuation lf", input: "SendMessage 0 a\\\nb\n", want: []string{"SendMessage 0 a\nb"}, err: io.EOF},
		{name: "trailing newlines", input: "Settlement 1 2 3 4 x\\\r\n\\\r\n\r\n", want: []string{"Settlement 1 2 3 4 x\n\n"}, err: io.EOF},
		{name: "escapes", input: "SendMessage 0 A\\\\B A\\sB \\{x}#1\r\n", want: []string{`SendMessage 0 A\B AsB {x}#1`}, err: io.EOF},
		{name: "escaped backslash at end", input: "SendMessage 0 A\\\\\r\nReady\r\n", want: []string{`SendMessage 0 A\`, "Ready"}, err: io.EOF},
		{name: "leading space escape", input: "HandScore 1 500 \\\\ 0.5 Limit\r\n", want: []string{`HandScore 1 500 \ 0.5 Limit`}, err: io.EOF},
		{name: "escaped cr kept", input: "SendMessage 0 a\\\r\r\n", want: []string{"SendMessage 0 a\r"}, err: io.EOF},
		{name: "empty lines", input: "\r\n\n", want: []string{"", ""}, err: io.EOF},
		{name: "empty", input: "", err: io.EOF},
		{name: "partial", input: "Ready\r\nNoCl", want: []string{"Ready"}, err: io.ErrUnexpectedEOF},
		{name: "dangling backslash", input: "Ready\\", err: io.ErrUnexpectedEOF},
		{name: "open continuation", input: "a\\\r\n", err: io.ErrUnexpectedEOF},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := NewConn(rwc{Reader: strings.NewReader(tt.input)})
			for _, want := range tt.want {
				got, err := c.ReadLine()
				if err != nil || got != want {
					t.Fatalf("ReadLine = %q, %v; want %q", got, err, want)
				}
			}
			if got, err := c.ReadLine(); err != tt.err {
				t.Fatalf("ReadLine = %q, %v; want error %v", got, err, tt.err)
			}
		})
	}
}

func TestReadLineTooLong(t *testing.T) {
	long := strings.Repeat("x", MaxLineLength+1)
	input := "SendMessage 0 " + long + "\r\nReady\r\n" + "SendMessage 0 " + strings.Repeat("y\\\r\n", MaxLineLength) + "\r\nGameOver\r\n"
	c := NewConn(rwc{Reader: strings.NewReader(input)})
	if _, err := c.ReadLine(); !errors.Is(err, ErrLineTooLong) {
		t.Fatalf("ReadLine of a long line: %v", err)
	}
	if got, err := c.ReadLine(); got != "Ready" || err != nil {
		t.Fatalf("ReadLine after a long line = %q, %v", got, err)
	}
	if _, err := c.ReadLine(); !errors.Is(err, ErrLineTooLong) {
		t.Fatalf("ReadLine of a long multi-line line: %v", err)
	}
	if got, err := c.ReadLine(); got != "GameOver" || err != nil {
		t.Fatalf("ReadLine after a long line = %q, %v", got, err)
	}
	// Exactly at the limit is fine.
	exact := strings.Repeat("z", MaxLineLength)
	c = NewConn(rwc{Reader: strings.NewReader(exact + "\r\n")})
	if got, err := c.ReadLine(); got != exact || err != nil {
		t.Fatalf("ReadLine at the limit: %d bytes, %v", len(got), err)
	}
}

func TestWriteLine(t *testing.T) {
	tests := []struct{ line, wire string }{
		{"Ready", "Ready\r\n"},
		{"ConnectReply 1110 2 ", "ConnectReply 1110 2 \r\n"},
		{"HandScore 4 32 a\nb", "HandScore 4 32 a\\\r\nb\r\n"},
		{`HandScore 1 500 \ 0.5 Limit`, "HandScore 1 500 \\\\ 0.5 Limit\r\n"},
		{"Settlement 0 0 0 0 x\n\n", "Settlement 0 0 0 0 x\\\r\n\\\r\n\r\n"},
		{"", "\r\n"},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		c := NewConn(rwc{Reader: strings.NewReader(""), Writer: &buf})
		if err := c.WriteLine(tt.line); err != nil {
			t.Fatal(err)
		}
		if buf.String() != tt.wire {
			t.Errorf("WriteLine(%q) wrote %q, want %q", tt.line, buf.String(), tt.wire)
		}
		back, err := NewConn(rwc{Reader: &buf}).ReadLine()
		if err != nil || back != tt.line {
			t.Errorf("ReadLine of %q = %q, %v", tt.wire, back, err)
		}
	}
}

// TestConnNet runs a Conn pair over net.Pipe with a reader and a writer
// on each side at the same time.
func TestConnNet(t *testing.T) {
	a, b := net.Pipe()
	ca, cb := NewConn(a), NewConn(b)
	lines := []string{"Connect 1110 0 Robot1", "SendMessage 0 two\nlines\\", "Ready"}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for _, l := range lines {
			if err := ca.WriteLine(l); err != nil {
				t.Error(err)
			}
		}
		ca.Close()
	}()
	go func() {
		defer wg.Done()
		for _, l := range lines {
			if err := cb.WriteLine("echo " + l); err != nil && !errors.Is(err, io.ErrClosedPipe) {
				t.Error(err)
			}
		}
	}()
	for _, want := range lines {
		got, err := cb.ReadLine()
		if err != nil || got != want {
			t.Fatalf("ReadLine = %q, %v; want %q", got, err, want)
		}
	}
	if _, err := cb.ReadLine(); err != io.EOF {
		t.Errorf("ReadLine after close: %v", err)
	}
	cb.Close()
	wg.Wait()
}

func TestPipe(t *testing.T) {
	a, b := Pipe()
	// Writes do not wait for the reader.
	for _, l := range []string{"one", "two\nlines", "three"} {
		if err := a.WriteLine(l); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.WriteLine("back"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"one", "two\nlines", "three"} {
		if got, err := b.ReadLine(); got != want || err != nil {
			t.Fatalf("ReadLine = %q, %v; want %q", got, err, want)
		}
	}
	if got, err := a.ReadLine(); got != "back" || err != nil {
		t.Fatalf("ReadLine = %q, %v", got, err)
	}

	// A blocked reader is woken by a write.
	done := make(chan string)
	go func() {
		l, _ := b.ReadLine()
		done <- l
	}()
	a.WriteLine("wake")
	if got := <-done; got != "wake" {
		t.Fatalf("blocked ReadLine = %q", got)
	}

	// Close: the peer reads what is queued, then io.EOF; writes fail.
	a.WriteLine("last")
	a.Close()
	if got, err := b.ReadLine(); got != "last" || err != nil {
		t.Fatalf("ReadLine = %q, %v", got, err)
	}
	if _, err := b.ReadLine(); err != io.EOF {
		t.Fatalf("ReadLine after peer close: %v", err)
	}
	if err := a.WriteLine("x"); !errors.Is(err, net.ErrClosed) {
		t.Errorf("WriteLine after Close: %v", err)
	}
	if err := b.WriteLine("x"); !errors.Is(err, io.ErrClosedPipe) {
		t.Errorf("WriteLine to a closed peer: %v", err)
	}
	if err := a.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

func TestPipeCloseUnblocks(t *testing.T) {
	a, b := Pipe()
	errs := make(chan error, 2)
	go func() { _, err := b.ReadLine(); errs <- err }()
	go func() { _, err := a.ReadLine(); errs <- err }()
	a.Close() // wakes the peer with io.EOF and itself with net.ErrClosed
	got := []error{<-errs, <-errs}
	if !(errors.Is(got[0], io.EOF) || errors.Is(got[1], io.EOF)) ||
		!(errors.Is(got[0], net.ErrClosed) || errors.Is(got[1], net.ErrClosed)) {
		t.Errorf("ReadLine errors after Close = %v", got)
	}
	b.Close()
}

func TestReadLog(t *testing.T) {
	input := "<cnx1 Connect 1110 0 Robot1\r\n" +
		">cnx1 ConnectReply 1110 1 \r\n" +
		">cnx12 HandScore 4 32 a\nb\r\n" +
		"<cnx2 (null)<cnx2 Connect 1110 2 Robot2\r\n" +
		"<cnx3 (null)\r\n" +
		">cnx1 Settlement 1 2 3 4 x\n\n\r\n" +
		"<cnx1 (null)"
	want := []LogRecord{
		{1, false, "Connect 1110 0 Robot1"},
		{1, true, "ConnectReply 1110 1 "},
		{12, true, "HandScore 4 32 a\nb"},
		{2, false, LostConnection},
		{2, false, "Connect 1110 2 Robot2"},
		{3, false, LostConnection},
		{1, true, "Settlement 1 2 3 4 x\n\n"},
		{1, false, LostConnection},
	}
	got, err := ReadLog(strings.NewReader(input))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("ReadLog = %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("record %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if s := got[1].String(); s != ">cnx1 ConnectReply 1110 1 " {
		t.Errorf("LogRecord.String() = %q", s)
	}

	// errors
	for _, bad := range []string{"junk\r\n", "<cnx Ready\r\n", "<cnx1Ready\r\n", "=cnx1 Ready\r\n", ">cnx1 Ready\r\nxx"} {
		if _, err := ReadLog(strings.NewReader(bad)); err == nil {
			t.Errorf("ReadLog(%q) succeeded", bad)
		}
	}
}

func TestScanner(t *testing.T) {
	input := "Player 1 Robot1\r\n" +
		"# \x01\x02garbage\r\n" +
		"#\x7f\r\n" +
		"\r\n" +
		"Wall 1B 2B\r\n" +
		"HandScore 1 500 \\\\ 0.5 Limit\\\r\nSCORE: 500\r\n" +
		"GameOver"
	sc := NewScanner(strings.NewReader(input))
	var got []string
	for sc.Scan() {
		got = append(got, sc.Event().String())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	want := []string{"Player 1 Robot1", "# \x01\x02garbage", "# \x7f", "Wall 1B 2B", "HandScore 1 500 \\ 0.5 Limit\nSCORE: 500", "GameOver"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("scanned %q, want %q", got, want)
	}

	sc = NewScanner(strings.NewReader("Player 1 A\r\nDiscard 5B 0\r\nGameOver\r\n"))
	n := 0
	for sc.Scan() {
		n++
	}
	var pe *ParseError
	if n != 1 || !errors.As(sc.Err(), &pe) || !errors.Is(sc.Err(), ErrUnknown) || !strings.Contains(sc.Err().Error(), "line 2") {
		t.Errorf("after a bad line: %d events, error %v", n, sc.Err())
	}
	if sc.Scan() {
		t.Error("Scan after an error succeeded")
	}
}
