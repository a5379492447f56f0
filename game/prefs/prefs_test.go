package prefs

import (
	"errors"
	"image/color"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"mahjong/engine"
)

// An .xmjrc as the original writes it, with lines we do not know.
const original = `Display Animate 0
Display DialogPosition below
Display NoPopups 1
Display Tiletips 1
Display IconifyDialogs 1
Display InfoInMain 0
Display MainFont Sans 12
Display TableColour #00004e4e1e1e
Display ShowWall never
Display Size 16
Display SortTiles deal
Display Tileset tiles-numbered
Display Gtk2Rcfile
Display UseSystemGtkrc 0
Playing AutoSpecials 1
Playing AutoLosing 1
Playing AutoWinning 0
OpenDialog Address localhost:5000
OpenDialog Name Ann
OpenDialog RobotName 1 Bob
CompletedGames 3
GameOption 0 NumRounds nat 0 1 1 number of rounds to play
GameOption 0 SevenPairs bool 1020 1 1 seven pairs hand allowed
GameOption 0 FlowersOwnBoth score 0 1 20002 score for own flower and own season
GameOption 0 Timeout nat 0 1 30 time limit for claims
`

func TestParseOriginal(t *testing.T) {
	p, err := Parse(original)
	if err != nil {
		t.Fatal(err)
	}
	d := p.Display
	want := Display{DialogPosition: Below, Animate: false, NoPopups: true, Tiletips: true, IconifyDialogs: true,
		RotateLabels: true, MainFont: "Sans 12", TableColour: "#00004e4e1e1e", ShowWall: Never, Size: 16,
		SortTiles: OnDeal, Tileset: "tiles-numbered"}
	if d != want {
		t.Errorf("Display = %+v\nwant      %+v", d, want)
	}
	if p.Playing != (Playing{AutoSpecials: true, AutoLosing: true}) {
		t.Errorf("Playing = %+v", p.Playing)
	}
	if got := p.OptionStrings(); !reflect.DeepEqual(got, []string{"NumRounds=1", "SevenPairs=1", "FlowersOwnBoth=20002", "Timeout=30"}) {
		t.Errorf("options %q", got)
	}
	if e, _ := p.Option("FlowersOwnBoth"); e.Type != engine.OptScore || e.Desc != "score for own flower and own season" {
		t.Errorf("FlowersOwnBoth = %+v", e)
	}
	wantExtra := []string{"Display Gtk2Rcfile", "Display UseSystemGtkrc 0", "OpenDialog Address localhost:5000",
		"OpenDialog Name Ann", "OpenDialog RobotName 1 Bob", "CompletedGames 3"}
	if !reflect.DeepEqual(p.Extra, wantExtra) {
		t.Errorf("Extra = %q", p.Extra)
	}
	if !p.Has("Display Size") || p.Has("Display RotateLabels") {
		t.Error("keys set wrongly")
	}
	c, err := ParseColour(d.TableColour)
	if err != nil || c != (color.RGBA{0, 0x4e, 0x1e, 0xff}) {
		t.Errorf("colour %v %v", c, err)
	}
}

// Every line of the original comes back, and a second round trip is
// exact.
func TestRoundTrip(t *testing.T) {
	p, err := Parse(original)
	if err != nil {
		t.Fatal(err)
	}
	out := Format(p)
	have := map[string]bool{}
	for _, ln := range strings.Split(out, "\n") {
		have[ln] = true
	}
	for _, ln := range strings.Split(original, "\n") {
		if !have[ln] {
			t.Errorf("line %q lost", ln)
		}
	}
	q, err := Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p, q) {
		t.Errorf("round trip changed the preferences:\n%+v\n%+v", p, q)
	}
	if Format(q) != out {
		t.Errorf("second round trip differs:\n%s\n---\n%s", out, Format(q))
	}
}

func TestChangeAndFormat(t *testing.T) {
	p, _ := Parse("Display Animate 1\nFooBar 7\n")
	p.Display.Animate = false
	p.Display.ShowWall = Always
	p.Mark("Display ShowWall")
	p.Playing.AutoWinning = true
	p.Mark("Playing AutoWinning")
	p.SetOption(engine.OptionEntry{Name: "NoLimit", Type: engine.OptBool, Value: 1, Desc: "no-limit game"})
	got := Format(p)
	want := "Display Animate 0\nDisplay ShowWall always\nPlaying AutoWinning 1\nGameOption 0 NoLimit bool 0 1 1 no-limit game\nFooBar 7\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	p.RemoveOption("NoLimit")
	if strings.Contains(Format(p), "NoLimit") {
		t.Error("option not removed")
	}
	if Format(Defaults()) != "" {
		t.Errorf("defaults write %q", Format(Defaults()))
	}
}

// Bad values are reported with their line numbers, kept verbatim, and
// everything else is read.
func TestCorrupt(t *testing.T) {
	in := "Display Animate maybe\nDisplay ShowWall sometimes\nDisplay Size 40\nPlaying AutoLosing 1\nGameOption 0 NumRounds\nDisplay TableColour green\n\xff\xfe\nDisplay Tiletips 1\n"
	p, err := Parse(in)
	if err == nil {
		t.Fatal("no error")
	}
	var le *LineError
	if !errors.As(err, &le) || le.Line != 1 {
		t.Errorf("first error %v", err)
	}
	for _, n := range []string{"line 1:", "line 2:", "line 3:", "line 5:", "line 6:", "line 7:"} {
		if !strings.Contains(err.Error(), n) {
			t.Errorf("error does not mention %s: %v", n, err)
		}
	}
	if !p.Playing.AutoLosing || !p.Display.Tiletips || !p.Display.Animate {
		t.Errorf("good lines not read: %+v", p)
	}
	out := Format(p)
	for _, ln := range strings.Split(strings.TrimSpace(in), "\n") {
		if !strings.Contains(out, ln) {
			t.Errorf("line %q lost", ln)
		}
	}
	// Setting a key replaces its bad line.
	p.Mark("Display Animate")
	if strings.Contains(Format(p), "maybe") {
		t.Error("bad line kept after the key was set")
	}
	if _, err := Parse(strings.Repeat("x", MaxSize+1)); err == nil {
		t.Error("huge text accepted")
	}
}

func TestColours(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want color.RGBA
		ok   bool
	}{
		{"#1f5e3b", color.RGBA{0x1f, 0x5e, 0x3b, 0xff}, true},
		{"#fff", color.RGBA{0xff, 0xff, 0xff, 0xff}, true},
		{"rgb:0000/8080/ffff", color.RGBA{0, 0x80, 0xff, 0xff}, true},
		{"#12345", color.RGBA{}, false},
		{"green", color.RGBA{}, false},
		{"rgb:00/00", color.RGBA{}, false},
		{"#gg0000", color.RGBA{}, false},
	} {
		c, err := ParseColour(tc.in)
		if (err == nil) != tc.ok || c != tc.want {
			t.Errorf("%q: %v %v", tc.in, c, err)
		}
	}
	c := color.RGBA{0x12, 0xab, 0xff, 0xff}
	if got, _ := ParseColour(FormatColour(c)); got != c {
		t.Errorf("colour round trip %v", got)
	}
}

func TestFileStore(t *testing.T) {
	dir := t.TempDir()
	f := File{Path: filepath.Join(dir, "sub", "xmjrc")}
	p, err := Load(f)
	if err != nil || Format(p) != "" {
		t.Fatalf("missing file: %v %q", err, Format(p))
	}
	p.Display.Size = 17
	p.Mark("Display Size")
	if err := Save(f, p); err != nil {
		t.Fatal(err)
	}
	q, err := Load(f)
	if err != nil || q.Display.Size != 17 {
		t.Fatalf("reloaded %+v %v", q.Display, err)
	}
	os.WriteFile(f.Path, []byte("Display Size 99\nKeep me\n"), 0o644)
	q, err = Load(f)
	if err == nil || !strings.Contains(err.Error(), f.Path) {
		t.Errorf("corrupt file: %v", err)
	}
	if err := Save(f, q); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(f.Path)
	if string(b) != "Display Size 99\nKeep me\n" {
		t.Errorf("corrupt file rewritten as %q", b)
	}
	if bad := (File{Path: filepath.Join(f.Path, "x", "y")}); Save(bad, q) == nil {
		t.Error("write under a file succeeded")
	}
}

func TestMem(t *testing.T) {
	m := NewMem("Playing AutoSpecials 1\n")
	p, err := Load(m)
	if err != nil || !p.Playing.AutoSpecials {
		t.Fatal(p, err)
	}
	m.Err = errors.New("broken")
	if _, err := Load(m); err == nil {
		t.Error("no error")
	}
}

func FuzzParse(f *testing.F) {
	f.Add(original)
	f.Add("Display Size 14\n\x00")
	f.Fuzz(func(t *testing.T, s string) {
		p, _ := Parse(s)
		q, _ := Parse(Format(p))
		if Format(q) != Format(p) {
			t.Errorf("format not stable for %q", s)
		}
	})
}
