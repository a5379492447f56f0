package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/user"
	"strconv"
	"strings"

	"mahjong/game"
	"mahjong/game/art"
	"mahjong/game/prefs"
)

// errUsage is returned when the flags were wrong (flag has printed why).
var errUsage = errors.New("xmj: usage")

// options are the parsed command line.
type options struct {
	cfg        game.Config
	screenshot string // write the first table frame here and quit
}

// parseFlags reads xmj's flags. Of a pair such as --animate and
// --no-animate, the last one given wins, as in the original.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	var o options
	fl := flag.NewFlagSet("xmj", flag.ContinueOnError)
	fl.SetOutput(stderr)
	fl.StringVar(&o.cfg.Name, "name", defaultName(), "our player's `name`")
	choice := func(name, usage string, set func()) {
		fl.BoolFunc(name, usage, func(v string) error {
			on, err := strconv.ParseBool(v)
			if err != nil {
				return err
			}
			if on {
				set()
			}
			return nil
		})
	}
	choice("show-wall", "always show the wall", func() { o.cfg.ShowWall = game.WallAlways })
	choice("no-show-wall", "never show the wall", func() { o.cfg.ShowWall = game.WallNever })
	choice("animate", "animate tile movements (default)", func() { o.cfg.NoAnimation = false })
	choice("no-animate", "do not animate tile movements", func() { o.cfg.NoAnimation = true })
	choice("dialogs-central", "dialogs in the middle of the table (default)", func() { o.cfg.Dialogs = game.DialogsCentral })
	choice("dialogs-below", "dialogs below the table", func() { o.cfg.Dialogs = game.DialogsBelow })
	choice("dialogs-popup", "dialogs as popups", func() { o.cfg.Dialogs = game.DialogsPopup })
	fl.Func("size", "rack length in `tiles`, 14 to 19 (default: as the window allows)", func(v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < 14 || n > 19 {
			return fmt.Errorf("want a number from 14 to 19, not %q", v)
		}
		o.cfg.Size = n
		return nil
	})
	fl.Func("tileset", "tile `set`: classic (Chinese characters, default) or numbered", func(v string) error {
		switch strings.ToLower(strings.TrimRight(lastElem(v), "/")) {
		case "", "classic", "tiles-v1", "default":
			o.cfg.Tileset = art.Classic
		case "numbered", "numbers":
			o.cfg.Tileset = art.Numbered
		default:
			return fmt.Errorf("unknown tileset %q (the compiled-in sets are classic and numbered)", v)
		}
		return nil
	})
	fl.String("tileset-path", "", "accepted for compatibility: the tile sets are compiled in")
	fl.StringVar(&o.screenshot, "screenshot", "", "write the first table frame to this PNG `file` and quit")
	// The stored preferences (~/.xmjrc, or the config directory's
	// mahjong/xmjrc) come first and the flags given override them, as in
	// the original. A damaged file is reported and its good lines used.
	p, err := prefs.Load(prefs.Default())
	if err != nil {
		fmt.Fprintln(stderr, "xmj: preferences:", err)
	}
	game.ApplyPrefs(&o.cfg, p)
	o.cfg.Prefs = &p
	if err := fl.Parse(args); err != nil {
		return o, errUsage // flag has said why
	}
	if fl.NArg() > 0 {
		fmt.Fprintf(stderr, "xmj: unexpected argument %q\n", fl.Arg(0))
		fl.Usage()
		return o, errUsage
	}
	if o.screenshot != "" {
		o.cfg.AutoStart = true // the table, not the start dialog
	}
	return o, nil
}

// defaultName is the original's default: $LOGNAME, else the user's login.
func defaultName() string {
	if n := os.Getenv("LOGNAME"); n != "" {
		return n
	}
	if u, err := user.Current(); err == nil && u.Username != "" {
		return u.Username
	}
	return ""
}

// lastElem is the last element of a slash- or backslash-separated path.
func lastElem(p string) string {
	p = strings.TrimRight(p, `/\`)
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}
