package prefs

import (
	"errors"
	"fmt"
	"image/color"
	"strconv"
	"strings"
	"unicode/utf8"

	"mahjong/engine"
	"mahjong/engine/protocol"
)

// Display is xmj's Display Options panel.
type Display struct {
	DialogPosition string // "central" (default), "below" or "popup"
	Animate        bool   // animate tile movements
	InfoInMain     bool   // status and messages in the main window
	NoPopups       bool   // do not pop up the scoring, message and game info windows
	Tiletips       bool   // tile names shown whenever the pointer is over a tile
	RotateLabels   bool   // the left and right players' labels are rotated
	ThinkingClaim  bool   // show when players are thinking about a claim
	AlertMahjong   bool   // alert when a tile makes mah-jong possible
	IconifyDialogs bool   // kept for the original; no meaning here
	Size           int    // rack length in tiles, 14..19; 0: automatic
	ShowWall       string // "always", "when-room" (default) or "never"
	SortTiles      string // "always" (default), "deal" or "never"
	Tileset        string // tile set name ("" the default set)
	TilesetPath    string // where to look for tile sets
	MainFont       string // font of buttons and labels, e.g. "Go 14"
	TextFont       string // font of texts (scoring, chat)
	TableColour    string // GTK colour: "#RRRRGGGGBBBB" or "rgb:RRRR/GGGG/BBBB"
}

// Playing is xmj's Playing Preferences panel: what the client does for us.
type Playing struct {
	AutoSpecials bool // declare flowers and seasons as soon as drawn
	AutoLosing   bool // declare our concealed sets when another player goes out
	AutoWinning  bool // declare our concealed sets when we go out
}

// Prefs is the content of a preferences file.
type Prefs struct {
	Display Display
	Playing Playing
	Options []engine.OptionEntry // game option preferences, one per name, in file order
	Extra   []string             // lines not understood, verbatim, in file order
	set     map[string]bool      // keys read or marked ("Display Animate")
}

// Values of the enumerated Display settings.
const (
	Central  = "central"
	Below    = "below"
	Popup    = "popup"
	Always   = "always"
	WhenRoom = "when-room"
	Never    = "never"
	OnDeal   = "deal"
)

// Defaults returns the original's defaults, with no key set.
func Defaults() Prefs {
	return Prefs{
		Display: Display{DialogPosition: Central, Animate: true, RotateLabels: true, IconifyDialogs: true,
			ShowWall: WhenRoom, SortTiles: Always},
	}
}

// MaxSize is the largest preferences text Parse reads.
const MaxSize = 1 << 20

// keys are the Display and Playing keys, in the order Format writes them.
var displayKeys = []string{"Animate", "DialogPosition", "NoPopups", "Tiletips", "IconifyDialogs", "InfoInMain",
	"RotateLabels", "ThinkingClaim", "AlertMahjong", "MainFont", "TextFont", "TableColour", "ShowWall", "Size",
	"SortTiles", "Tileset", "TilesetPath"}

var playingKeys = []string{"AutoSpecials", "AutoLosing", "AutoWinning"}

// DisplayKeys returns every "Display X" key, for marking a whole panel.
func DisplayKeys() []string { return prefixed("Display ", displayKeys) }

// PlayingKeys returns every "Playing X" key.
func PlayingKeys() []string { return prefixed("Playing ", playingKeys) }

func prefixed(p string, ks []string) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = p + k
	}
	return out
}

// Has reports whether key ("Display Animate", "Playing AutoLosing") was
// read or marked.
func (p *Prefs) Has(key string) bool { return p.set[key] }

// Mark records that key is set, so that Format writes it.
func (p *Prefs) Mark(keys ...string) {
	if p.set == nil {
		p.set = map[string]bool{}
	}
	for _, k := range keys {
		p.set[k] = true
	}
}

// Unmark forgets key: Format leaves it out.
func (p *Prefs) Unmark(key string) { delete(p.set, key) }

// Option returns the preference for the game option name, if any.
func (p *Prefs) Option(name string) (engine.OptionEntry, bool) {
	for _, e := range p.Options {
		if e.Name == name {
			return e, true
		}
	}
	return engine.OptionEntry{}, false
}

// SetOption adds or replaces the preference for e.Name.
func (p *Prefs) SetOption(e engine.OptionEntry) {
	e.Enabled = true
	for i := range p.Options {
		if p.Options[i].Name == e.Name {
			p.Options[i] = e
			return
		}
	}
	p.Options = append(p.Options, e)
}

// RemoveOption drops the preference for name.
func (p *Prefs) RemoveOption(name string) {
	out := p.Options[:0]
	for _, e := range p.Options {
		if e.Name != name {
			out = append(out, e)
		}
	}
	p.Options = out
}

// OptionStrings returns the option preferences as "Name=value" (the form
// of local.Config.Options and of SetGameOption's value).
func (p *Prefs) OptionStrings() []string {
	var out []string
	for _, e := range p.Options {
		out = append(out, e.Name+"="+OptionValue(e))
	}
	return out
}

// OptionValue returns e's value as SetGameOption takes it.
func OptionValue(e engine.OptionEntry) string {
	if e.Type == engine.OptString {
		return e.StrValue
	}
	return strconv.Itoa(e.Value)
}

// Clone returns a deep copy.
func (p Prefs) Clone() Prefs {
	q := p
	q.Options = append([]engine.OptionEntry(nil), p.Options...)
	q.Extra = append([]string(nil), p.Extra...)
	q.set = make(map[string]bool, len(p.set))
	for k, v := range p.set {
		q.set[k] = v
	}
	return q
}

// LineError is one line that could not be read (it is kept in Extra).
type LineError struct {
	Line int    // 1-based
	Text string // the line
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("prefs: line %d: %v", e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// Parse reads a preferences text. Every line it understands sets a field;
// every other line is kept in Extra. A line that names a known key with a
// bad value is kept in Extra as well and reported: the error (a join of
// *LineError) lists every such line, and the returned Prefs hold
// everything else. Text larger than MaxSize is refused whole.
func Parse(text string) (Prefs, error) {
	p := Defaults()
	if len(text) > MaxSize {
		return p, fmt.Errorf("prefs: %d bytes is too large (at most %d)", len(text), MaxSize)
	}
	var errs []error
	text = strings.TrimPrefix(text, "\ufeff")
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	if n := len(lines); n > 0 && lines[n-1] == "" {
		lines = lines[:n-1]
	}
	for i, ln := range lines {
		if err := p.parseLine(ln); err != nil {
			p.Extra = append(p.Extra, ln)
			errs = append(errs, &LineError{Line: i + 1, Text: ln, Err: err})
		}
	}
	return p, errors.Join(errs...)
}

// errUnknown marks a line kept verbatim without complaint.
var errUnknown = errors.New("unknown")

func (p *Prefs) parseLine(ln string) error {
	if !utf8.ValidString(ln) {
		return errors.New("not UTF-8 text")
	}
	f := strings.Fields(ln)
	if len(f) == 0 {
		p.Extra = append(p.Extra, ln)
		return nil
	}
	var err error
	switch f[0] {
	case "Display":
		err = p.parseDisplay(ln, f)
	case "Playing":
		err = p.parsePlaying(f)
	case "GameOption":
		err = p.parseOption(ln)
	default:
		err = errUnknown
	}
	if err == errUnknown {
		p.Extra = append(p.Extra, ln)
		return nil
	}
	return err
}

// rest returns the text of ln after its first n fields.
func rest(ln string, n int) string {
	s := strings.TrimLeft(ln, " \t")
	for range n {
		i := strings.IndexAny(s, " \t")
		if i < 0 {
			return ""
		}
		s = strings.TrimLeft(s[i:], " \t")
	}
	return strings.TrimRight(s, " \t\r")
}

func parseBool(f []string) (bool, error) {
	if len(f) < 3 {
		return false, errors.New("missing value")
	}
	switch f[2] {
	case "0":
		return false, nil
	case "1":
		return true, nil
	}
	return false, fmt.Errorf("%s %s: want 0 or 1, not %q", f[0], f[1], f[2])
}

func oneOf(f []string, words ...string) (string, error) {
	if len(f) < 3 {
		return "", errors.New("missing value")
	}
	for _, w := range words {
		if f[2] == w {
			return w, nil
		}
	}
	return "", fmt.Errorf("%s %s: want one of %s, not %q", f[0], f[1], strings.Join(words, ", "), f[2])
}

func (p *Prefs) parseDisplay(ln string, f []string) error {
	if len(f) < 2 {
		return errors.New("Display without a key")
	}
	d := &p.Display
	var err error
	bools := map[string]*bool{"Animate": &d.Animate, "InfoInMain": &d.InfoInMain, "NoPopups": &d.NoPopups,
		"Tiletips": &d.Tiletips, "RotateLabels": &d.RotateLabels, "ThinkingClaim": &d.ThinkingClaim,
		"AlertMahjong": &d.AlertMahjong, "IconifyDialogs": &d.IconifyDialogs}
	strs := map[string]*string{"MainFont": &d.MainFont, "TextFont": &d.TextFont, "Tileset": &d.Tileset,
		"TilesetPath": &d.TilesetPath}
	key := f[1]
	switch {
	case bools[key] != nil:
		var v bool
		if v, err = parseBool(f); err == nil {
			*bools[key] = v
		}
	case strs[key] != nil:
		*strs[key] = rest(ln, 2)
	case key == "DialogPosition":
		var v string
		if v, err = oneOf(f, Central, Below, Popup); err == nil {
			d.DialogPosition = v
		}
	case key == "ShowWall":
		var v string
		if v, err = oneOf(f, Always, WhenRoom, Never); err == nil {
			d.ShowWall = v
		}
	case key == "SortTiles":
		var v string
		if v, err = oneOf(f, Always, OnDeal, Never); err == nil {
			d.SortTiles = v
		}
	case key == "Size":
		if len(f) < 3 {
			return errors.New("missing value")
		}
		n, e := strconv.Atoi(f[2])
		if e != nil || (n != 0 && (n < 14 || n > 19)) {
			return fmt.Errorf("Display Size: want 0 (automatic) or 14 to 19, not %q", f[2])
		}
		d.Size = n
	case key == "TableColour":
		v := rest(ln, 2)
		if _, e := ParseColour(v); e != nil {
			return e
		}
		d.TableColour = v
	default:
		return errUnknown
	}
	if err != nil {
		return err
	}
	p.Mark("Display " + key)
	return nil
}

func (p *Prefs) parsePlaying(f []string) error {
	if len(f) < 2 {
		return errors.New("Playing without a key")
	}
	m := map[string]*bool{"AutoSpecials": &p.Playing.AutoSpecials, "AutoLosing": &p.Playing.AutoLosing,
		"AutoWinning": &p.Playing.AutoWinning}
	b := m[f[1]]
	if b == nil {
		return errUnknown
	}
	v, err := parseBool(f)
	if err != nil {
		return err
	}
	*b = v
	p.Mark("Playing " + f[1])
	return nil
}

func (p *Prefs) parseOption(ln string) error {
	ev, err := protocol.ParseEvent(strings.TrimRight(ln, " \t\r"))
	if err != nil {
		// A line with an empty description loses its trailing blank
		// above; try once more with it.
		ev, err = protocol.ParseEvent(strings.TrimRight(ln, "\r") + " ")
	}
	m, ok := ev.(engine.CGameOption)
	if err != nil || !ok {
		return fmt.Errorf("bad GameOption line: %v", err)
	}
	if m.Entry.Name == "End" {
		return errUnknown
	}
	p.SetOption(m.Entry)
	return nil
}

// Format writes the preferences: the Display and Playing keys that are
// set, the game option preferences, then the lines kept verbatim (except
// a kept line for a key that is now set, which the new value replaces).
func Format(p Prefs) string {
	var b strings.Builder
	d := p.Display
	b01 := func(v bool) string {
		if v {
			return "1"
		}
		return "0"
	}
	vals := map[string]string{
		"Animate": b01(d.Animate), "DialogPosition": d.DialogPosition, "NoPopups": b01(d.NoPopups),
		"Tiletips": b01(d.Tiletips), "IconifyDialogs": b01(d.IconifyDialogs), "InfoInMain": b01(d.InfoInMain),
		"RotateLabels": b01(d.RotateLabels), "ThinkingClaim": b01(d.ThinkingClaim), "AlertMahjong": b01(d.AlertMahjong),
		"MainFont": d.MainFont, "TextFont": d.TextFont, "TableColour": d.TableColour, "ShowWall": d.ShowWall,
		"Size": strconv.Itoa(d.Size), "SortTiles": d.SortTiles, "Tileset": d.Tileset, "TilesetPath": d.TilesetPath,
	}
	for _, k := range displayKeys {
		if p.Has("Display " + k) {
			fmt.Fprintf(&b, "Display %s %s\n", k, vals[k])
		}
	}
	pl := map[string]bool{"AutoSpecials": p.Playing.AutoSpecials, "AutoLosing": p.Playing.AutoLosing,
		"AutoWinning": p.Playing.AutoWinning}
	for _, k := range playingKeys {
		if p.Has("Playing " + k) {
			fmt.Fprintf(&b, "Playing %s %s\n", k, b01(pl[k]))
		}
	}
	for _, e := range p.Options {
		e.Enabled = true
		b.WriteString(engine.CGameOption{Entry: e}.String())
		b.WriteByte('\n')
	}
	for _, ln := range p.Extra {
		if f := strings.Fields(ln); len(f) >= 2 && (f[0] == "Display" || f[0] == "Playing") && p.Has(f[0]+" "+f[1]) {
			continue
		}
		if f := strings.Fields(ln); len(f) >= 3 && f[0] == "GameOption" {
			if _, ok := p.Option(f[2]); ok {
				continue
			}
		}
		b.WriteString(ln)
		b.WriteByte('\n')
	}
	return b.String()
}

// ParseColour reads a GTK colour: "#RGB", "#RRGGBB", "#RRRRGGGGBBBB" or
// "rgb:RRRR/GGGG/BBBB" (1 to 4 hex digits a component).
func ParseColour(s string) (color.RGBA, error) {
	s = strings.TrimSpace(s)
	bad := fmt.Errorf("prefs: bad colour %q", s)
	var comps []string
	switch {
	case strings.HasPrefix(s, "#"):
		h := s[1:]
		if len(h) == 0 || len(h)%3 != 0 || len(h) > 12 {
			return color.RGBA{}, bad
		}
		n := len(h) / 3
		comps = []string{h[:n], h[n : 2*n], h[2*n:]}
	case strings.HasPrefix(s, "rgb:"):
		comps = strings.Split(s[4:], "/")
		if len(comps) != 3 {
			return color.RGBA{}, bad
		}
	default:
		return color.RGBA{}, bad
	}
	var out [3]uint8
	for i, c := range comps {
		if len(c) < 1 || len(c) > 4 {
			return color.RGBA{}, bad
		}
		v, err := strconv.ParseUint(c, 16, 16)
		if err != nil {
			return color.RGBA{}, bad
		}
		max := uint64(1)<<(4*len(c)) - 1
		out[i] = uint8((v*255 + max/2) / max)
	}
	return color.RGBA{out[0], out[1], out[2], 0xff}, nil
}

// FormatColour writes c as GTK2 does: "#RRRRGGGGBBBB".
func FormatColour(c color.RGBA) string {
	return fmt.Sprintf("#%04x%04x%04x", uint16(c.R)*0x101, uint16(c.G)*0x101, uint16(c.B)*0x101)
}
