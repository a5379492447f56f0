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
	"mahjong/game/online"
	"mahjong/game/prefs"
)

// errUsage is returned when the flags were wrong (flag has printed why).
var errUsage = errors.New("xmj: usage")

// options are the parsed command line.
type options struct {
	cfg        game.Config
	screenshot string // write the first table frame here and quit

	// Playing elsewhere than in a local game.
	server  string // an mj-server: host:port or a Unix socket's path
	id      int    // our player id on the server (0: a new player)
	connect bool   // connect at once (--server always does; with --room: no Join dialog)
	auto    bool   // our seat plays itself and the game's events go to standard output
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
	var tileset, tilesetPath *string
	fl.Func("tileset", "tile `directory` sought along --tileset-path, or a compiled-in set: classic (default) or numbered", func(v string) error {
		tileset = &v
		return nil
	})
	fl.Func("tileset-path", "`directories` (separated by ':') in which to look for the --tileset directory", func(v string) error {
		tilesetPath = &v
		return nil
	})
	fl.StringVar(&o.screenshot, "screenshot", "", "write the first table frame to this PNG `file` and quit")
	fl.StringVar(&o.server, "server", "", "play on the mj-server at `address` (host:port, or a Unix socket's path)")
	fl.IntVar(&o.id, "id", 0, "our player `id` on the server, to take a seat back (0: a new player)")
	fl.BoolVar(&o.connect, "connect", false, "connect at once (--server always does; with --room, skip the Join dialog)")
	fl.StringVar(&o.cfg.Relay, "relay", "", "the relay's `URL` for online rooms (ws://host:8080/relay)")
	fl.StringVar(&o.cfg.Room, "room", "", "join the online room with this `code` (with --relay)")
	fl.BoolVar(&o.auto, "auto-play", false, "for tests: our seat plays itself and the game's events are printed")
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
	if tilesetPath != nil || tileset != nil {
		overrideTileset(&o.cfg, &p.Display, tileset, tilesetPath, stderr)
	}
	if fl.NArg() > 0 {
		fmt.Fprintf(stderr, "xmj: unexpected argument %q\n", fl.Arg(0))
		fl.Usage()
		return o, errUsage
	}
	if err := o.check(); err != nil {
		fmt.Fprintln(stderr, "xmj:", err)
		return o, errUsage
	}
	if o.cfg.Relay != "" {
		o.cfg.Page = online.PageForRelay(o.cfg.Relay) // for the links of rooms we host
	}
	if o.screenshot != "" && o.server == "" && o.cfg.Room == "" {
		o.cfg.AutoStart = true // the table, not the start dialog
	}
	return o, nil
}

// overrideTileset puts the --tileset and --tileset-path flags (nil: not
// given) in force over the stored Display preferences d, as the original
// does: the path is a list of directories separated by ':' (or ';'); the
// tileset is a directory of tile pictures sought along it (or a path of
// its own), or the name of a compiled-in set. As in the original, a
// tileset that is not found is said on stderr and the compiled-in tiles
// drawn.
func overrideTileset(cfg *game.Config, d *prefs.Display, tileset, path *string, stderr io.Writer) {
	if path != nil {
		d.TilesetPath = strings.TrimSpace(*path)
	}
	if tileset == nil {
		if t, found, err := game.DesktopTileset(*d); err != nil || found {
			cfg.Tileset = t // the stored tileset, sought along the new path
		}
		return
	}
	v := strings.TrimSpace(*tileset)
	switch strings.ToLower(lastElem(v)) {
	case "", "classic", "default", "tiles-v1":
		d.Tileset, cfg.Tileset = "", art.Classic
		return
	case "numbered", "numbers":
		d.Tileset, cfg.Tileset = art.Numbered.String(), art.Numbered
		return
	}
	d.Tileset = v
	t, found, err := game.DesktopTileset(*d)
	cfg.Tileset = t
	switch {
	case err != nil:
		fmt.Fprintf(stderr, "xmj: tileset %q: %v; the compiled-in tiles are drawn\n", v, err)
	case !found && t != art.Numbered: // tiles-numbered: the compiled-in numbered set
		where := d.TilesetPath
		if where == "" {
			where = "(no --tileset-path)"
		}
		fmt.Fprintf(stderr, "xmj: tileset %q: no such directory along the tileset path %s; the compiled-in tiles are drawn\n", v, where)
	}
}

// check refuses flags that do not go together.
func (o *options) check() error {
	switch {
	case o.server != "" && (o.cfg.Room != "" || o.cfg.Relay != ""):
		return errors.New("--server and --relay/--room exclude each other")
	case o.cfg.Room != "" && o.cfg.Relay == "":
		return errors.New("--room needs --relay")
	case o.cfg.Relay != "" && !strings.HasPrefix(o.cfg.Relay, "ws://") && !strings.HasPrefix(o.cfg.Relay, "wss://"):
		return fmt.Errorf("--relay wants a ws:// or wss:// URL, not %q", o.cfg.Relay)
	case o.id < 0:
		return fmt.Errorf("--id must not be negative, not %d", o.id)
	case o.id != 0 && o.server == "":
		return errors.New("--id needs --server")
	case o.auto && o.server == "" && o.cfg.Room == "":
		return errors.New("--auto-play needs --server or --room")
	}
	return nil
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
