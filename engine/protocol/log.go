package protocol

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
)

// LostConnection is the Line of the record the original logs when a
// connection is lost ("<cnxN (null)").
const LostConnection = "(null)"

// LogRecord is one record of the original server's --logfile: a line
// received on connection Conn (Sent false), or sent on it (Sent true).
// Line is the logical line: for a sent record, exactly the String of the
// message; for a received one, the line after transport decoding.
type LogRecord struct {
	Conn int
	Sent bool
	Line string
}

// String returns the record as the log writes it, without its CR LF.
func (r LogRecord) String() string {
	dir := "<"
	if r.Sent {
		dir = ">"
	}
	return dir + "cnx" + strconv.Itoa(r.Conn) + " " + r.Line
}

// ReadLog splits a server log into records. A record is "<cnxN " or
// ">cnxN " and a line, ended by CR LF; multi-line texts keep bare LFs
// inside one record. The lost-connection record "(null)" has no
// terminator, so the next record may follow on the same physical line. A
// final record without terminator is accepted. On malformed input ReadLog
// returns the records read so far and an error giving the byte offset.
func ReadLog(r io.Reader) ([]LogRecord, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	var recs []LogRecord
	pos := 0
	for pos < len(data) {
		rec, n, ok := logPrefix(data[pos:])
		if !ok {
			end := min(len(data), pos+40)
			return recs, fmt.Errorf("protocol: log offset %d: bad record start %q", pos, data[pos:end])
		}
		pos += n
		rest := data[pos:]
		if bytes.HasPrefix(rest, []byte(LostConnection)) {
			after := rest[len(LostConnection):]
			if len(after) == 0 || after[0] == '<' || after[0] == '>' || bytes.HasPrefix(after, []byte("\r\n")) {
				rec.Line = LostConnection
				pos += len(LostConnection)
				if bytes.HasPrefix(after, []byte("\r\n")) {
					pos += 2
				}
				recs = append(recs, rec)
				continue
			}
		}
		end := bytes.Index(rest, []byte("\r\n"))
		if end < 0 {
			rec.Line = string(rest)
			pos = len(data)
		} else {
			rec.Line = string(rest[:end])
			pos += end + 2
		}
		recs = append(recs, rec)
	}
	return recs, nil
}

// logPrefix reads "<cnxN " or ">cnxN " at the start of b.
func logPrefix(b []byte) (LogRecord, int, bool) {
	var rec LogRecord
	if len(b) < 5 || (b[0] != '<' && b[0] != '>') || string(b[1:4]) != "cnx" {
		return rec, 0, false
	}
	rec.Sent = b[0] == '>'
	i := 4
	for i < len(b) && b[i] >= '0' && b[i] <= '9' && i < 12 {
		rec.Conn = rec.Conn*10 + int(b[i]-'0')
		i++
	}
	if i == 4 || i >= len(b) || b[i] != ' ' {
		return rec, 0, false
	}
	return rec, i + 1, true
}
