// Package oracle replays games logged by the original mj-server through
// our controller and compares, message for message, what it sends.
//
// A game directory is laid out like shared/oracle/gNNN: game.log.gz (the
// original's --logfile), hands/hand-NN.mjs.gz (its --hand-history files),
// an optional options.txt (--option-file), and commands.sh or meta.json
// naming the server's flags. The log and the hand histories may also be
// left as the original server writes them, game.log and hand-NN.mjs. Every line a
// player sent is fed to the controller in log order, and the logged
// copies of its replies must equal the records that follow.
package oracle

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"mahjong/engine"
	"mahjong/engine/protocol"
)

// Result is the outcome of replaying one game.
type Result struct {
	Dir       string
	Hands     int    // NewHand records in the log
	Identical int    // hands whose every record matched
	HandFiles int    // hand-history files compared
	Diff      string // the first difference with context; empty if none
}

// Games lists the game directories found under root (any directory that
// holds a game.log.gz), sorted.
func Games(root string) ([]string, error) {
	var dirs []string
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && d.Name() == "game.log.gz" {
			dirs = append(dirs, filepath.Dir(path))
		}
		return nil
	})
	return dirs, err
}

var serverLine = regexp.MustCompile(`mj-server[^\n"]*`)

// ServerOptions reads the flags of the original server run from a game
// directory and turns them into our controller options.
func ServerOptions(dir string) (engine.ServerOptions, error) {
	var flags []string
	for _, name := range []string{"commands.sh", "meta.json"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			continue
		}
		if m := serverLine.Find(b); m != nil {
			flags = strings.Fields(string(m))[1:]
			break
		}
	}
	if flags == nil {
		return engine.ServerOptions{}, fmt.Errorf("oracle: %s: no mj-server command line found", dir)
	}
	opts := engine.ServerOptions{Timeout: 15}
	for i := 0; i < len(flags); i++ {
		arg := func() string {
			if i+1 < len(flags) {
				i++
				return flags[i]
			}
			return ""
		}
		switch flags[i] {
		case "--seed":
			opts.Seed, _ = strconv.Atoi(arg())
		case "--timeout":
			opts.Timeout, _ = strconv.Atoi(arg())
		case "--random-seats":
			opts.Seating = engine.SeatRandomly
		case "--id-order-seats":
			opts.Seating = engine.SeatByID
		case "--no-special-scores":
			opts.NoSpecialScores = true
		case "--debug":
			opts.Debug = true
		case "--exit-on-disconnect":
			opts.ExitOnDisconnect = true
		case "--end-on-disconnect":
			opts.EndOnDisconnect = true
		case "--no-manager":
			opts.NoManager = true
		case "--option-file":
			arg()
			entries, err := ReadOptionFile(filepath.Join(dir, "options.txt"))
			if err != nil {
				return opts, err
			}
			opts.OptionFile = entries
		case "--server", "--pause", "--logfile":
			arg()
		}
	}
	return opts, nil
}

// ReadOptionFile reads GameOption lines (the --option-file format).
func ReadOptionFile(path string) ([]engine.CGameOption, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []engine.CGameOption
	for _, l := range strings.Split(string(b), "\n") {
		l = strings.TrimRight(l, "\r")
		if strings.TrimSpace(l) == "" {
			continue
		}
		ev, err := protocol.ParseEvent(l)
		if err != nil {
			return nil, fmt.Errorf("oracle: %s: %w", path, err)
		}
		if g, ok := ev.(engine.CGameOption); ok {
			out = append(out, g)
		}
	}
	return out, nil
}

// Replay runs one game directory through our controller.
func Replay(dir string) (Result, error) {
	res := Result{Dir: dir}
	opts, err := ServerOptions(dir)
	if err != nil {
		return res, err
	}
	data, err := readStoredOrPlain(filepath.Join(dir, "game.log.gz"), filepath.Join(dir, "game.log"))
	if err != nil {
		return res, err
	}
	recs, err := protocol.ReadLog(bytes.NewReader(data))
	if err != nil {
		return res, err
	}
	for _, r := range recs {
		if r.Sent && strings.HasPrefix(r.Line, "NewHand ") {
			res.Hands++
		}
	}
	// Each scored hand's record must equal the original's hand-history
	// file byte for byte.
	var histDiff string
	opts.HandHistory = func(name string, msgs []engine.Event) {
		if histDiff != "" {
			return
		}
		res.HandFiles++
		var b []byte
		for _, m := range msgs {
			b = protocol.AppendWire(b, m.String())
		}
		want, err := readStoredOrPlain(filepath.Join(dir, "hands", name+".gz"), filepath.Join(dir, name))
		if err != nil {
			histDiff = fmt.Sprintf("hand history %s: %v", name, err)
		} else if string(want) != string(b) {
			histDiff = fmt.Sprintf("hand history %s differs from the original's:\n%s", name, firstLineDiff(string(want), string(b)))
		}
	}
	c := engine.NewController(opts)
	accepted := map[int]bool{}
	var got []string // logged outputs not yet matched
	hands, handOK := 0, true
	for i := 0; i < len(recs); i++ {
		r := recs[i]
		if r.Sent {
			want := r.String()
			if len(got) == 0 || got[0] != want {
				have := "(nothing)"
				if len(got) > 0 {
					have = got[0]
				}
				res.Diff = context(recs, i, have)
				return res, nil
			}
			if strings.HasPrefix(r.Line, "NewHand ") {
				if hands > 0 && handOK {
					res.Identical++
				}
				hands++
				handOK = true
			}
			got = got[1:]
			continue
		}
		if len(got) > 0 {
			res.Diff = context(recs, i, "extra output "+got[0])
			return res, nil
		}
		if !accepted[r.Conn] {
			n, _ := c.Accept()
			if n != r.Conn {
				return res, fmt.Errorf("oracle: connection %d accepted as %d", r.Conn, n)
			}
			accepted[r.Conn] = true
		}
		var outs []engine.Output
		if r.Line == "(null)" {
			outs = c.Lost(r.Conn)
			accepted[r.Conn] = false
		} else if a, err := protocol.ParseAction(r.Line); err != nil {
			outs = c.BadLine(r.Conn)
		} else {
			outs = c.Handle(r.Conn, a)
		}
		for _, o := range outs {
			if o.Logged && o.Event != nil {
				got = append(got, protocol.LogRecord{Conn: o.Conn, Sent: true, Line: o.Event.String()}.String())
			}
		}
	}
	if len(got) > 0 {
		res.Diff = "extra output at end of log: " + got[0]
		return res, nil
	}
	if histDiff != "" {
		res.Diff = histDiff
		return res, nil
	}
	if hands > 0 && handOK {
		res.Identical++
	}
	return res, nil
}

// readStoredOrPlain reads a file of a game directory in its stored form,
// gzipped (stored), or else as the original server wrote it (plain).
func readStoredOrPlain(stored, plain string) ([]byte, error) {
	b, err := ReadGz(stored)
	if errors.Is(err, fs.ErrNotExist) {
		return os.ReadFile(plain)
	}
	return b, err
}

// ReadGz returns the uncompressed contents of the gzipped file path.
func ReadGz(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	return io.ReadAll(z)
}

// firstLineDiff shows the first line where two texts differ.
func firstLineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("  line %d\n  - %q\n  + %q\n", i+1, a, b)
		}
	}
	return ""
}

func context(recs []protocol.LogRecord, i int, have string) string {
	var b strings.Builder
	for j := max(0, i-6); j < i; j++ {
		fmt.Fprintf(&b, "    %s\n", oneLine(recs[j].String()))
	}
	fmt.Fprintf(&b, "  - %s\n  + %s\n", oneLine(recs[i].String()), oneLine(have))
	return b.String()
}

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", `\n`) }

// Root returns the directory holding the original's logged games:
// $MJ_SHARED/oracle when MJ_SHARED is set, otherwise shared/oracle beside
// the repository (found by walking up from the working directory). The
// boolean is false when there is none.
func Root() (string, bool) {
	if s := os.Getenv("MJ_SHARED"); s != "" {
		d := filepath.Join(s, "oracle")
		_, err := os.Stat(d)
		return d, err == nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for {
		d := filepath.Join(dir, "..", "shared", "oracle")
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			_, err := os.Stat(d)
			return d, err == nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}
