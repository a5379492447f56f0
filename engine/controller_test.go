package engine_test

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"mahjong/engine"
	"mahjong/engine/protocol"
)

// This file tests the controller through its requests and outputs, the
// way a host drives it: wire lines in, messages out. The helpers here
// (ctlHarness, the wall builder, gameSnapshot and tableTiles) are shared
// with fuzz_test.go, golden_test.go and bench_test.go.

// ctlNames are the players of the scripted tests: with the default seating
// they sit East, South, West and North in the first hand, with ids 1-4.
var ctlNames = [engine.NumSeats]string{"Ann", "Bob", "Cat", "Dan"}

// ctlHarness drives a controller line by line for four players connected
// on connections 1-4, counting the lines each connection sent.
type ctlHarness struct {
	t   *testing.T
	c   *engine.Controller
	cnx [engine.NumSeats]int       // by seat of the first hand (E S W N)
	seq [engine.MaxConnections]int // lines received per connection
}

func newCtlHarness(t *testing.T, opts engine.ServerOptions) *ctlHarness {
	t.Helper()
	h := &ctlHarness{t: t, c: engine.NewController(opts)}
	for i := range h.cnx {
		n, outs := h.c.Accept()
		if n < 0 {
			t.Fatalf("Accept refused: %v", outs)
		}
		h.cnx[i] = n
	}
	return h
}

// seatCnx reads a seat letter of the first hand (E, S, W or N).
func (h *ctlHarness) seatCnx(letter string) int {
	h.t.Helper()
	i := strings.Index("ESWN", letter)
	if len(letter) != 1 || i < 0 {
		h.t.Fatalf("bad seat %q", letter)
	}
	return h.cnx[i]
}

// send delivers one line, "E Discard 5C", from the given seat: parsed as
// the server would, and answered with Protocol error when it does not
// parse.
func (h *ctlHarness) send(line string) []engine.Output {
	h.t.Helper()
	seat, text, _ := strings.Cut(line, " ")
	cnx := h.seatCnx(seat)
	h.seq[cnx]++
	a, err := protocol.ParseAction(text)
	if err != nil {
		return h.c.BadLine(cnx)
	}
	return h.c.Handle(cnx, a)
}

// run sends lines and returns all their outputs; any Error fails the test.
func (h *ctlHarness) run(lines ...string) []engine.Output {
	h.t.Helper()
	var all []engine.Output
	for _, l := range lines {
		outs := h.send(l)
		for _, o := range outs {
			if e, ok := o.Event.(engine.CError); ok {
				h.t.Fatalf("%s: cnx%d got %q", l, o.Conn, e.String())
			}
		}
		all = append(all, outs...)
	}
	return all
}

// connect connects the four players in seat order.
func (h *ctlHarness) connect() []engine.Output {
	h.t.Helper()
	var all []engine.Output
	for i, l := range "ESWN" {
		all = append(all, h.run(fmt.Sprintf("%c Connect %d 0 %s", l, engine.ProtocolVersion, ctlNames[i]))...)
	}
	return all
}

// startPlay connects the players, starts the first hand, lets everybody
// finish declaring without flowers and makes everybody ready: East is
// then to discard.
func (h *ctlHarness) startPlay() {
	h.t.Helper()
	h.connect()
	h.run("E Ready", "S Ready", "W Ready", "N Ready")
	h.run("E DeclareSpecial --", "S DeclareSpecial --", "W DeclareSpecial --", "N DeclareSpecial --")
	h.run("S Ready", "W Ready", "N Ready")
	if g := h.c.Game(); g.Phase != engine.Discarding || g.Player != engine.EastSeat || g.Paused {
		h.t.Fatalf("after start: phase %v, player %d, paused %v", g.Phase, g.Player, g.Paused)
	}
}

// checkOutputs checks outputs against wanted lines. "* line" must have
// gone to all four players; "S line" to South's connection and nobody
// else's; "-line" to nobody.
func (h *ctlHarness) checkOutputs(outs []engine.Output, want []string) {
	h.t.Helper()
	for _, w := range want {
		if line, ok := strings.CutPrefix(w, "-"); ok {
			for _, o := range outs {
				if o.Event != nil && o.Event.String() == line {
					h.t.Errorf("unexpected cnx%d %q", o.Conn, line)
				}
			}
			continue
		}
		who, line, _ := strings.Cut(w, " ")
		var got []int
		for _, o := range outs {
			if o.Event != nil && o.Event.String() == line {
				got = append(got, o.Conn)
			}
		}
		slices.Sort(got)
		var to []int
		if who == "*" {
			to = slices.Clone(h.cnx[:])
			slices.Sort(to)
		} else {
			to = []int{h.seatCnx(who)}
		}
		if !slices.Equal(got, to) {
			h.t.Errorf("%q went to connections %v, want %v\noutputs:\n%s", line, got, to, outputsText(outs))
		}
	}
}

func outputsText(outs []engine.Output) string {
	var b strings.Builder
	for _, o := range outs {
		line := "(close)"
		if o.Event != nil {
			line = o.Event.String()
		}
		fmt.Fprintf(&b, "\tcnx%d %s\n", o.Conn, line)
	}
	return b.String()
}

// ctlOption is an --option-file entry setting option name to v.
func ctlOption(t testing.TB, name string, v int) engine.CGameOption {
	t.Helper()
	id, ok := engine.LookupOption(name)
	if !ok {
		t.Fatalf("no option %q", name)
	}
	o := engine.DefaultOptions()
	e := o.Entry(id)
	e.Value, e.Enabled = v, true
	return engine.CGameOption{Entry: e}
}

// junkTiles fill the hands of the wall builder: honours, terminals and
// characters too far from 5C to join it.
var junkTiles = []engine.Tile{
	engine.EastWind, engine.SouthWind, engine.WestWind, engine.NorthWind,
	engine.RedDragon, engine.WhiteDragon, engine.GreenDragon,
	engine.NewTile(engine.Bamboo, 1), engine.NewTile(engine.Bamboo, 9),
	engine.NewTile(engine.Characters, 1), engine.NewTile(engine.Characters, 9),
	engine.NewTile(engine.Circles, 1), engine.NewTile(engine.Circles, 9),
	engine.NewTile(engine.Characters, 2), engine.NewTile(engine.Characters, 8),
}

// buildWall returns a wall without flowers that deals the given tiles
// (East's hand first, in wire codes) and then draws the tiles of live in
// order. Each hand is filled up to 13 tiles (East 14) with distinct junk
// tiles; the rest of the wall follows in canonical order.
func buildWall(t testing.TB, hands [engine.NumSeats]string, live string) engine.Tiles {
	t.Helper()
	return buildWallOf(t, false, hands, live)
}

// buildWallOf is buildWall for a wall with or without flowers.
func buildWallOf(t testing.TB, flowers bool, hands [engine.NumSeats]string, live string) engine.Tiles {
	t.Helper()
	left := map[engine.Tile]int{}
	for _, x := range engine.TileSet(flowers) {
		left[x]++
	}
	take := func(x engine.Tile) {
		if left[x] == 0 {
			t.Fatalf("buildWall: no %v left", x)
		}
		left[x]--
	}
	var dealt [engine.NumSeats]engine.Tiles
	for s, hs := range hands {
		ts, err := engine.ParseTiles(hs)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range ts {
			take(x)
		}
		dealt[s] = ts
	}
	for s := range dealt {
		n := 13
		if s == 0 {
			n = 14
		}
		for _, j := range junkTiles {
			if len(dealt[s]) >= n {
				break
			}
			if left[j] > 0 && !slices.Contains(dealt[s], j) {
				take(j)
				dealt[s] = append(dealt[s], j)
			}
		}
		if len(dealt[s]) != n {
			t.Fatalf("buildWall: seat %d has %d tiles, want %d", s, len(dealt[s]), n)
		}
	}
	wall := make(engine.Tiles, 53, engine.WallSize(flowers))
	for r := range 3 {
		for s := range engine.NumSeats {
			copy(wall[16*r+4*s:], dealt[s][4*r:4*r+4])
		}
	}
	for s := range engine.NumSeats {
		wall[48+s] = dealt[s][12]
	}
	wall[52] = dealt[0][13]
	ts, err := engine.ParseTiles(live)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range ts {
		take(x)
		wall = append(wall, x)
	}
	for _, x := range engine.TileSet(flowers) {
		if left[x] > 0 {
			left[x]--
			wall = append(wall, x)
		}
	}
	return wall
}

// noFlowers is the option file of the built walls.
func noFlowers(t testing.TB) []engine.CGameOption {
	return []engine.CGameOption{ctlOption(t, "Flowers", 0)}
}

// gameSnapshot is a deep copy of a controller's Game.
type gameSnapshot struct {
	g       engine.Game
	players [engine.NumSeats]engine.Player
	wall    engine.Tiles
}

func (s *gameSnapshot) take(g *engine.Game) {
	s.g = *g
	for i, p := range g.Players {
		s.players[i] = *p
	}
	s.wall = append(s.wall[:0], g.Wall.Tiles...)
	s.g.Wall.Tiles = nil
}

// diff describes how g differs from the snapshot; "" if it does not.
func (s *gameSnapshot) diff(g *engine.Game) string {
	var d []string
	for i, p := range g.Players {
		if s.g.Players[i] != p {
			d = append(d, fmt.Sprintf("seat %d is another player", i))
		} else if s.players[i] != *p {
			d = append(d, fmt.Sprintf("seat %d: %+v\n\tbecame %+v", i, s.players[i], *p))
		}
	}
	if !slices.Equal(s.wall, g.Wall.Tiles) {
		d = append(d, "the wall changed")
	}
	cp := *g
	cp.Wall.Tiles = nil
	if !reflect.DeepEqual(s.g, cp) {
		for _, f := range reflect.VisibleFields(reflect.TypeFor[engine.Game]()) {
			a, b := reflect.ValueOf(s.g).FieldByIndex(f.Index), reflect.ValueOf(cp).FieldByIndex(f.Index)
			if f.Name != "Players" && !reflect.DeepEqual(a.Interface(), b.Interface()) {
				d = append(d, fmt.Sprintf("%s: %v became %v", f.Name, a, b))
			}
		}
	}
	return strings.Join(d, "\n")
}

// tableTiles counts the tiles of a hand wherever they are: held
// (concealed, in sets, flowers and seasons), still in the wall, or
// discarded and not claimed. During a hand and after it (until the next
// deal) it equals the size of the wall.
//
// Every exposed pung, chow, pair or kong holds exactly one claimed
// discard: a kong made by adding to a pung keeps the pung's discard. A
// robbed kong gives a tile that was never discarded to the robber, which
// the count adds back while the robber is out (its Whence says so).
// Thirteen Wonders made on a discard (SpecialSet) is not accounted for.
func tableTiles(g *engine.Game) int {
	n := 0
	claimed := 0
	for _, p := range g.Players {
		n += p.NumConcealed + p.NumSpecials
		for _, m := range p.Melds {
			n += m.Kind.Size()
			switch m.Kind {
			case engine.Pung, engine.Chow, engine.Pair, engine.Kong:
				claimed++
			}
		}
	}
	n += g.Wall.DeadEnd - g.Wall.LiveUsed
	for _, c := range g.DiscardedCount {
		n += c
	}
	n -= claimed
	if g.Whence == engine.FromRobbedKong && (g.Phase == engine.MahJonging || g.Phase == engine.HandComplete) {
		n++
	}
	return n
}

func TestControllerGameNotActive(t *testing.T) {
	tests := []struct {
		name      string
		connected int // players connected before the request
		line      string
	}{
		{"discard", 1, "Discard 5C 0"},
		{"no claim", 2, "NoClaim 1"},
		{"ready", 3, "Ready"},
		{"pung", 3, "Pung 1"},
		{"mah-jong", 1, "MahJong 0"},
		{"declare special", 2, "DeclareSpecial 1F"},
		{"show tiles", 3, "ShowTiles"},
		{"request pause", 3, "RequestPause now"},
		{"set game option", 1, "SetGameOption Timeout 20"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newCtlHarness(t, engine.ServerOptions{Seed: 1})
			for i := range tt.connected {
				l := "ESWN"[i : i+1]
				h.run(fmt.Sprintf("%s Connect %d 0 %s", l, engine.ProtocolVersion, ctlNames[i]))
			}
			var before gameSnapshot
			before.take(h.c.Game())
			outs := h.send("E " + tt.line)
			want := []engine.Output{{Conn: h.cnx[0], Event: engine.CError{Seq: 2, Text: "Game not active"}}}
			if !reflect.DeepEqual(outs, want) {
				t.Errorf("got\n%swant\n%s", outputsText(outs), outputsText(want))
			}
			if d := before.diff(h.c.Game()); d != "" {
				t.Errorf("game changed:\n%s", d)
			}
		})
	}
}

func TestControllerProtocolError(t *testing.T) {
	tests := []struct {
		name  string
		lines []string // sent on East's connection after connecting
	}{
		{"bare keyword", []string{"NoClaim"}},
		{"bare discard", []string{"Discard"}},
		{"unknown keyword", []string{"Frobnicate 3"}},
		{"empty line", []string{""}},
		{"bad tile", []string{"Discard XX 0"}},
		{"bad number", []string{"Pung x"}},
		{"bad chow position", []string{"Chow 1 Sideways"}},
		{"leading space", []string{" Ready"}},
		{"counts good lines too", []string{"Ready", "ListGameOptions 0", "NoClaim"}},
		{"several bad lines", []string{"Pung", "Kong", "Chow"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newCtlHarness(t, engine.ServerOptions{Seed: 1})
			h.connect()
			for _, l := range tt.lines {
				if _, err := protocol.ParseAction(l); err == nil {
					h.send("E " + l)
					continue
				}
				var before gameSnapshot
				before.take(h.c.Game())
				outs := h.send("E " + l)
				want := []engine.Output{{Conn: h.cnx[0], Event: engine.CError{Seq: h.seq[h.cnx[0]], Text: "Protocol error"}, Logged: true}}
				if !reflect.DeepEqual(outs, want) {
					t.Errorf("%q: got\n%swant\n%s", l, outputsText(outs), outputsText(want))
				}
				if d := before.diff(h.c.Game()); d != "" {
					t.Errorf("%q: game changed:\n%s", l, d)
				}
			}
		})
	}
}

// The claim tests deal fixed hands and let East (or South) discard 5C.
// Tiles around it: South can chow 4C 6C, a pung needs 5C 5C, a kong 5C
// 5C 5C; two complete hands wait on 5C.
const (
	chow5C  = "4C 6C"
	pung5C  = "5C 5C"
	kong5C  = "5C 5C 5C"
	mjChow  = "4C 6C 1B 2B 3B 4B 5B 6B 7B 8B 9B 2D 2D" // 4C 5C 6C
	mjChow2 = "3C 4C 1D 2D 3D 4D 5D 6D 7D 8D 9D GD GD" // 3C 4C 5C
)

func TestControllerClaimPrecedence(t *testing.T) {
	tests := []struct {
		name   string
		hands  [engine.NumSeats]string // E S W N; filled with junk
		live   string                  // the wall after the deal
		script []string                // after East's Discard 5C (or the preamble)
		want   []string                // see checkOutputs
	}{
		{
			name:   "pung beats chow",
			hands:  [4]string{"5C", chow5C, pung5C, ""},
			script: []string{"S Chow 1 Middle", "W Pung 1", "N NoClaim 1"},
			want:   []string{"* PlayerPungs 3 5C", "S ClaimDenied 2 There was a prior claim", "-PlayerChows 2 5C Middle"},
		},
		{
			name:   "pung beats earlier chow claim",
			hands:  [4]string{"5C", chow5C, pung5C, ""},
			script: []string{"W Pung 1", "N NoClaim 1", "S Chow 1 Middle"},
			want:   []string{"* PlayerPungs 3 5C", "S ClaimDenied 2 There was a prior claim"},
		},
		{
			name:   "kong beats chow",
			hands:  [4]string{"5C", chow5C, "", kong5C},
			live:   "2B",
			script: []string{"S Chow 1 Middle", "W NoClaim 1", "N Kong 1"},
			want:   []string{"* PlayerKongs 4 5C", "S ClaimDenied 2 There was a prior claim", "-W ClaimDenied 3 There was a prior claim"},
		},
		{
			name:   "chow when nobody else claims",
			hands:  [4]string{"5C", chow5C, "", ""},
			script: []string{"W NoClaim 1", "S Chow 1 Middle", "N NoClaim 1"},
			want:   []string{"* PlayerClaimsChow 2 1 Middle", "* PlayerChows 2 5C Middle", "-S ClaimDenied 2 There was a prior claim"},
		},
		{
			name:   "chow with AnyPos asks the claimant",
			hands:  [4]string{"5C", chow5C, "", ""},
			script: []string{"S Chow 1 AnyPos", "W NoClaim 1", "N NoClaim 1"},
			want:   []string{"S PlayerChows 2 5C AnyPos"},
		},
		{
			// Protocol.md says claims are irrevocable, but the original
			// records a later NoClaim over a claim, and so do we.
			name:   "a later NoClaim withdraws a claim",
			hands:  [4]string{"5C", "", pung5C, ""},
			live:   "2B",
			script: []string{"W Pung 1", "W NoClaim 1", "S NoClaim 1", "N NoClaim 1"},
			want:   []string{"* PlayerClaimsPung 3 1", "W PlayerDoesntClaim 3 1 0", "-PlayerPungs 3 5C", "S PlayerDraws 2 2B"},
		},
		{
			name:   "mah-jong beats an earlier seat's pung",
			hands:  [4]string{"5C", pung5C, "", mjChow},
			script: []string{"S Pung 1", "N MahJong 1", "W NoClaim 1"},
			want:   []string{"* PlayerClaimsMahJong 4 1", "* PlayerMahJongs 4 --", "S ClaimDenied 2 There was a prior claim", "-PlayerPungs 2 5C"},
		},
		{
			name:   "mah-jong beats kong",
			hands:  [4]string{"5C", kong5C, mjChow, ""},
			script: []string{"S Kong 1", "N NoClaim 1", "W MahJong 1"},
			want:   []string{"* PlayerMahJongs 3 --", "S ClaimDenied 2 There was a prior claim", "-PlayerKongs 2 5C"},
		},
		{
			name:   "mah-jong beats chow",
			hands:  [4]string{"5C", chow5C, "", mjChow2},
			script: []string{"N MahJong 1", "S Chow 1 Middle", "W NoClaim 1"},
			want:   []string{"* PlayerMahJongs 4 --", "S ClaimDenied 2 There was a prior claim"},
		},
		{
			name:   "mah-jong tie goes to the next seat",
			hands:  [4]string{"5C", mjChow, "", mjChow2},
			script: []string{"N MahJong 1", "W NoClaim 1", "S MahJong 1"},
			want:   []string{"* PlayerMahJongs 2 --", "N ClaimDenied 4 There was a prior claim", "-PlayerMahJongs 4 --"},
		},
		{
			name:   "mah-jong tie goes to the seat after",
			hands:  [4]string{"5C", "", mjChow, mjChow2},
			script: []string{"N MahJong 1", "S NoClaim 1", "W MahJong 1"},
			want:   []string{"* PlayerMahJongs 3 --", "N ClaimDenied 4 There was a prior claim"},
		},
		{
			name:  "mah-jong tie counts round from South",
			hands: [4]string{"NW " + mjChow, "", mjChow2, ""},
			live:  "5C",
			script: []string{
				"S NoClaim 1", "W NoClaim 1", "N NoClaim 1", "S Discard 5C 0",
				"E MahJong 2", "N NoClaim 2", "W MahJong 2",
			},
			want: []string{"* PlayerMahJongs 3 --", "E ClaimDenied 1 There was a prior claim"},
		},
		{
			name:  "mah-jong tie wraps round to East",
			hands: [4]string{"NW " + mjChow, "", "", mjChow2},
			live:  "5C",
			script: []string{
				"S NoClaim 1", "W NoClaim 1", "N NoClaim 1", "S Discard 5C 0",
				"E MahJong 2", "W NoClaim 2", "N MahJong 2",
			},
			want: []string{"* PlayerMahJongs 4 --", "E ClaimDenied 1 There was a prior claim"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wall := buildWall(t, tt.hands, tt.live)
			h := newCtlHarness(t, engine.ServerOptions{Seed: 1, Wall: wall, OptionFile: noFlowers(t)})
			h.startPlay()
			first := "E Discard 5C 0"
			if strings.HasPrefix(tt.hands[0], "NW ") {
				first = "E Discard NW 0"
			}
			outs := h.run(append([]string{first}, tt.script...)...)
			h.checkOutputs(outs, tt.want)
			if n := tableTiles(h.c.Game()); n != len(wall) {
				t.Errorf("%d tiles on the table, want %d", n, len(wall))
			}
		})
	}
}

func TestControllerTimeout(t *testing.T) {
	tests := []struct {
		name    string
		answers []string      // after East's discard
		advance []int         // seconds, in steps
		want    []string      // outputs of the last Advance
		left    time.Duration // TimeLeft before the last Advance
	}{
		{
			name:    "nobody answers",
			advance: []int{10},
			want: []string{
				"S PlayerDoesntClaim 2 1 1", "W PlayerDoesntClaim 3 1 1", "N PlayerDoesntClaim 4 1 1",
				"S PlayerDraws 2 2B",
			},
			left: 10 * time.Second,
		},
		{
			name:    "one answered",
			answers: []string{"W NoClaim 1"},
			advance: []int{4, 5, 3},
			want:    []string{"S PlayerDoesntClaim 2 1 1", "N PlayerDoesntClaim 4 1 1", "-PlayerDoesntClaim 3 1 1", "S PlayerDraws 2 2B"},
			left:    1 * time.Second,
		},
		{
			name:    "the claim stands",
			answers: []string{"W Pung 1"},
			advance: []int{11},
			want:    []string{"S PlayerDoesntClaim 2 1 1", "N PlayerDoesntClaim 4 1 1", "* PlayerPungs 3 5C"},
			left:    10 * time.Second,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wall := buildWall(t, [4]string{"5C", "", pung5C, ""}, "2B")
			h := newCtlHarness(t, engine.ServerOptions{Seed: 1, Timeout: 10, Wall: wall, OptionFile: noFlowers(t)})
			h.startPlay()
			if d, ok := h.c.TimeLeft(); ok {
				t.Fatalf("timer runs before the discard: %v", d)
			}
			if outs := h.c.Advance(time.Hour); outs != nil {
				t.Fatalf("Advance before the discard sent\n%s", outputsText(outs))
			}
			h.run("E Discard 5C 0")
			h.run(tt.answers...)
			var outs []engine.Output
			for i, s := range tt.advance {
				if i == len(tt.advance)-1 {
					if d, ok := h.c.TimeLeft(); !ok || d != tt.left {
						t.Errorf("TimeLeft = %v, %v; want %v", d, ok, tt.left)
					}
				}
				outs = h.c.Advance(time.Duration(s) * time.Second)
				if i < len(tt.advance)-1 && outs != nil {
					t.Fatalf("Advance(%ds) too early sent\n%s", s, outputsText(outs))
				}
			}
			h.checkOutputs(outs, tt.want)
			if d, ok := h.c.TimeLeft(); ok {
				t.Errorf("timer still runs after the claims were resolved: %v", d)
			}
		})
	}
}

func TestControllerRefusals(t *testing.T) {
	tests := []struct {
		name     string
		ready    bool     // finish the pause before play
		preamble []string // legal lines first
		line     string
		want     string // the Error text
	}{
		{name: "discard before everybody is ready", line: "E Discard 5C 0", want: "Can't discard until everybody's ready"},
		{name: "discard a tile not held", ready: true, line: "E Discard 7B 0", want: "You can't discard that tile"},
		{name: "discard a blank", ready: true, line: "E Discard -- 0", want: "You can't discard that tile"},
		{name: "discard out of turn", ready: true, line: "S Discard 4C 0", want: "Can't discard now"},
		{name: "discard twice", ready: true, preamble: []string{"E Discard 5C 0"}, line: "E Discard RD 0", want: "Can't discard now"},
		{name: "discard while claims are open", ready: true, preamble: []string{"E Discard 5C 0"}, line: "S Discard 4C 0", want: "Can't discard now"},
		{name: "calling after the first discard", ready: true,
			preamble: []string{"E Discard 5C 0", "S NoClaim 1", "W NoClaim 1", "N NoClaim 1", "S Discard 2B 0", "W NoClaim 2", "N NoClaim 2", "E NoClaim 2", "W Discard EW 0", "N NoClaim 3", "E NoClaim 3", "S NoClaim 3", "N Discard EW 0", "E NoClaim 4", "S NoClaim 4", "W NoClaim 4"},
			line:     "E Discard RD 1", want: "Only Original Call declaration allowed"},
		{name: "claim own discard", ready: true, preamble: []string{"E Discard 5C 0"}, line: "E Pung 1", want: "Can't claim own discard!"},
		{name: "pung without the tiles", ready: true, preamble: []string{"E Discard 5C 0"}, line: "N Pung 1", want: "Can't pung that tile"},
		{name: "chow out of turn", ready: true, preamble: []string{"E Discard 5C 0"}, line: "W Chow 1 Middle", want: "Can't chow out of turn"},
		{name: "impossible chow", ready: true, preamble: []string{"E Discard 5C 0"}, line: "S Chow 1 Lower", want: "Can't make that chow"},
		{name: "claim with a wrong serial", ready: true, preamble: []string{"E Discard 5C 0"}, line: "W Pung 2", want: "Too late: next discard has been made"},
		{name: "mah-jong without a hand", ready: true, preamble: []string{"E Discard 5C 0"}, line: "N MahJong 1", want: "Can't mah-jong with that tile"},
		{name: "go out without a hand", ready: true, line: "E MahJong 0", want: "Don't have a Mah Jong"},
		{name: "pung with nothing discarded", ready: true, line: "W Pung 0", want: "Can't pung now"},
		{name: "declare out of turn", ready: true, line: "S DeclareSpecial --", want: "Can only declare in turn"},
		{name: "kong not held", ready: true, line: "E DeclareClosedKong 5C", want: "Don't have that kong"},
		{name: "show tiles during play", ready: true, line: "S ShowTiles", want: "Can't reveal your tiles now!"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wall := buildWall(t, [4]string{"5C RD", chow5C + " 2B", pung5C + " EW", "EW"}, "")
			h := newCtlHarness(t, engine.ServerOptions{Seed: 1, Wall: wall, OptionFile: noFlowers(t)})
			if tt.ready {
				h.startPlay()
			} else {
				h.connect()
				h.run("E Ready", "S Ready", "W Ready", "N Ready")
				h.run("E DeclareSpecial --", "S DeclareSpecial --", "W DeclareSpecial --", "N DeclareSpecial --")
			}
			h.run(tt.preamble...)
			var before gameSnapshot
			before.take(h.c.Game())
			tiles := tableTiles(h.c.Game())
			outs := h.send(tt.line)
			cnx := h.seatCnx(tt.line[:1])
			want := []engine.Output{{Conn: cnx, Event: engine.CError{Seq: h.seq[cnx], Text: tt.want}, Logged: true}}
			if !reflect.DeepEqual(outs, want) {
				t.Errorf("got\n%swant\n%s", outputsText(outs), outputsText(want))
			}
			if d := before.diff(h.c.Game()); d != "" {
				t.Errorf("refused request changed the game:\n%s", d)
			}
			if n := tableTiles(h.c.Game()); n != tiles || n != len(wall) {
				t.Errorf("%d tiles on the table, %d before, want %d", n, tiles, len(wall))
			}
		})
	}
}

// TestControllerKongWindow checks that nothing may be declared while the
// others may still rob a kong. The original accepted a flower or a second
// kong there (game.c has no such check) and the konger never got the
// loose tile it was owed; its robots never tried.
func TestControllerKongWindow(t *testing.T) {
	tests := []struct {
		name    string
		flowers bool
		east    string   // East's hand (14 tiles with junk)
		script  []string // after the pause before play
	}{
		{
			// A flower declared in the robbing window is refused.
			name: "flower declared before the kong's loose tile", flowers: true,
			east:   "5C 5C 5C 5C 1F",
			script: []string{"E DeclareClosedKong 5C", "E DeclareSpecial 1F", "S NoClaim 1", "W NoClaim 1", "N NoClaim 1"},
		},
		{
			// So is a second kong before the first one's loose tile.
			name:   "kong declared before the last kong's loose tile",
			east:   "5C 5C 5C 5C 7D 7D 7D 7D",
			script: []string{"E DeclareClosedKong 5C", "E DeclareClosedKong 7D", "S NoClaim 1", "W NoClaim 1", "N NoClaim 1"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var opts []engine.CGameOption
			if !tt.flowers {
				opts = noFlowers(t)
			}
			wall := buildWallOf(t, tt.flowers, [4]string{tt.east, "", "", ""}, "")
			h := newCtlHarness(t, engine.ServerOptions{Seed: 1, Wall: wall, OptionFile: opts})
			h.startPlay()
			var outs []engine.Output
			for _, l := range tt.script {
				outs = append(outs, h.send(l)...)
			}
			g := h.c.Game()
			if d := handSizes(g); d != "" {
				t.Errorf("%s after\n%s", d, outputsText(outs))
			}
			if g.Phase != engine.Discarding || g.Player != engine.EastSeat || g.Needs != engine.FromNone {
				t.Errorf("phase %v, player %d, needs %d: East should be to discard", g.Phase, g.Player, g.Needs)
			}
		})
	}
}
