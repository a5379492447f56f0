package protocol

import (
	"bufio"
	"errors"
	"io"
	"sync"
)

// MaxLineLength bounds a logical line read by Conn and Scanner, in bytes
// after decoding. The longest lines of a real game (settlements, walls)
// are well under 1 KiB; the bound only stops a peer from making a reader
// buffer without end.
const MaxLineLength = 64 << 10

// ErrLineTooLong is returned by ReadLine for a logical line longer than
// MaxLineLength. The rest of that line has been skipped, so the next
// ReadLine starts at the following line.
var ErrLineTooLong = errors.New("protocol: line too long")

// LineConn is what every transport (TCP, in-process pipe, WebSocket relay)
// offers: whole logical lines in both directions. ReadLine returns io.EOF
// once the peer has closed and every line it sent has been read.
type LineConn interface {
	ReadLine() (string, error)
	WriteLine(string) error
	Close() error
}

// Conn carries logical lines over a byte stream in the original's
// framing: each line ends with CR LF (a bare LF is accepted), a newline
// inside a line travels as a backslash followed by CR LF, and a backslash
// as two backslashes. ReadLine and WriteLine may be called concurrently
// with each other, but ReadLine only by one goroutine at a time, and
// WriteLine likewise.
type Conn struct {
	rwc io.ReadWriteCloser
	rmu sync.Mutex
	r   lineReader
	wmu sync.Mutex
	buf []byte // WriteLine's encoding buffer
}

// NewConn returns a Conn reading and writing rwc.
func NewConn(rwc io.ReadWriteCloser) *Conn {
	return &Conn{rwc: rwc, r: lineReader{r: bufio.NewReader(rwc)}}
}

// ReadLine returns the next logical line, decoded: continuations become
// LF, a backslash followed by any other byte becomes that byte, and the
// terminator is removed. At the end of the stream it returns io.EOF, or
// io.ErrUnexpectedEOF if the stream ends inside a line (the partial line
// is dropped, as the original does).
func (c *Conn) ReadLine() (string, error) {
	c.rmu.Lock()
	defer c.rmu.Unlock()
	return c.r.readLine()
}

// WriteLine sends one logical line, encoded and terminated by CR LF.
func (c *Conn) WriteLine(line string) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.buf = AppendWire(c.buf[:0], line)
	_, err := c.rwc.Write(c.buf)
	return err
}

// Close closes the underlying stream, which also ends a blocked ReadLine
// on streams such as net.Conn.
func (c *Conn) Close() error { return c.rwc.Close() }

// AppendWire appends the wire encoding of a logical line to b: every
// backslash doubled, every LF sent as backslash CR LF, then CR LF. This is
// exactly what the original writes to sockets and to saved-game files.
func AppendWire(b []byte, line string) []byte {
	for i := 0; i < len(line); i++ {
		switch c := line[i]; c {
		case '\\':
			b = append(b, '\\', '\\')
		case '\n':
			b = append(b, '\\', '\r', '\n')
		default:
			b = append(b, c)
		}
	}
	return append(b, '\r', '\n')
}

// lineReader decodes logical lines from a buffered stream.
type lineReader struct {
	r   *bufio.Reader
	buf []byte
}

func (lr *lineReader) readLine() (string, error) {
	lr.buf = lr.buf[:0]
	tooLong := false
	put := func(c byte) {
		if len(lr.buf) >= MaxLineLength {
			tooLong = true
			return
		}
		lr.buf = append(lr.buf, c)
	}
	started := false
	pendingCR := false // an unescaped CR, dropped if the terminator follows
	for {
		c, err := lr.r.ReadByte()
		if err != nil {
			if err == io.EOF && started {
				err = io.ErrUnexpectedEOF
			}
			return "", err
		}
		started = true
		if c == '\n' {
			if tooLong {
				return "", ErrLineTooLong
			}
			return string(lr.buf), nil
		}
		if pendingCR {
			put('\r')
			pendingCR = false
		}
		switch c {
		case '\r':
			pendingCR = true
		case '\\':
			n, err := lr.r.ReadByte()
			if err != nil {
				if err == io.EOF {
					err = io.ErrUnexpectedEOF
				}
				return "", err
			}
			if n == '\r' {
				if p, err := lr.r.Peek(1); err == nil && p[0] == '\n' {
					lr.r.ReadByte()
					n = '\n'
				}
			}
			put(n)
		default:
			put(c)
		}
	}
}
