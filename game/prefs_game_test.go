package game

import (
	"errors"
	"fmt"
	"io"
	"testing"
	"time"

	"mahjong/ai"
	"mahjong/engine"
	"mahjong/game/client"
	"mahjong/game/client/clienttest"
	"mahjong/game/local"
	"mahjong/game/prefs"
)

// playLocal plays a one-round local game through the client. Before the
// scripted player answers a prompt, auto (if not nil) may act; onPrompt
// sees the prompts left to the player.
func playLocal(t *testing.T, seed int, auto func(c *client.Client) bool, onPrompt func(c *client.Client, p client.Prompt)) (*client.Client, []engine.CSettlement, [][engine.NumSeats]int) {
	t.Helper()
	g, err := local.Start(local.Config{Name: "Ann", Seed: seed, Options: []string{"NumRounds=1"},
		Robots: [3]local.Robot{{Name: "Bob", Level: ai.Beginner}, {Name: "Cat"}, {Name: "Dan"}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	c, err := client.New(g.Conn(), client.Config{Name: "Ann"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	pl := clienttest.New(c, uint64(seed))
	var settles []engine.CSettlement
	var seatIDs [][engine.NumSeats]int
	deadline := time.NewTimer(150 * time.Second)
	defer deadline.Stop()
	for {
		for _, ev := range c.Poll() {
			switch m := ev.(type) {
			case engine.CError:
				t.Fatalf("seed %d: refused: %s\n%v", seed, m.Text, c.View())
			case engine.CSettlement:
				settles = append(settles, m)
				var ids [engine.NumSeats]int
				for s, p := range c.View().Game.Players {
					ids[s] = p.ID
				}
				seatIDs = append(seatIDs, ids)
			}
		}
		p := c.Prompt()
		if p.Kind == client.GameOver {
			return c, settles, seatIDs
		}
		if p.Kind != client.None {
			if auto != nil && auto(c) {
				continue
			}
			if onPrompt != nil {
				onPrompt(c, p)
			}
			if err := pl.Act(p); err != nil {
				t.Fatalf("seed %d: %v prompt: %v", seed, p.Kind, err)
			}
			continue
		}
		if err := c.Err(); err != nil && !errors.Is(err, io.EOF) {
			t.Fatalf("seed %d: %v", seed, err)
		}
		select {
		case <-c.Pending():
		case <-deadline.C:
			t.Fatalf("seed %d: deadline; prompt %v\n%v", seed, p.Kind, c.View())
		}
	}
}

// The Scoring history's gains are the settlements, hand by hand, and its
// running totals are the players' cumulative scores at the end.
func TestScoringHistoryMatchesSettlements(t *testing.T) {
	seeds := []int{3, 11}
	if testing.Short() {
		seeds = seeds[:1]
	}
	for _, seed := range seeds {
		c, settles, ids := playLocal(t, seed, nil, nil)
		v := c.View()
		h := ScoringHistory(v, c.History())
		if len(h.Players) != 4 || !h.Players[0].FirstEast || h.Players[0].ID != v.Game.FirstEast {
			t.Fatalf("seed %d: players %+v (first East %d)", seed, h.Players, v.Game.FirstEast)
		}
		scored := 0
		for _, hd := range h.Hands {
			if !hd.Washout {
				scored++
			}
		}
		if scored != len(settles) || len(h.Hands) < 4 {
			t.Fatalf("seed %d: %d hands (%d scored), %d settlements", seed, len(h.Hands), scored, len(settles))
		}
		k := 0
		for i, hd := range h.Hands {
			if hd.Washout {
				continue
			}
			st := settles[k]
			byID := map[int]int{}
			for s, v := range [4]int{st.East, st.South, st.West, st.North} {
				byID[ids[k][s]] = v
			}
			k++
			sum := 0
			for j, cell := range hd.Cells {
				if cell.Gain != byID[h.Players[j].ID] {
					t.Errorf("seed %d hand %d: %s gains %d, settlement says %d", seed, i+1, h.Players[j].Name, cell.Gain, byID[h.Players[j].ID])
				}
				sum += cell.Gain
			}
			if sum != 0 {
				t.Errorf("seed %d hand %d: gains sum to %d", seed, i+1, sum)
			}
		}
		last := h.Hands[len(h.Hands)-1]
		for j, p := range h.Players {
			if got, want := last.Cells[j].Total, v.Game.PlayerByID(p.ID).CumulativeScore; got != want {
				t.Errorf("seed %d: %s total %d, cumulative score %d", seed, p.Name, got, want)
			}
		}
		ls := h.Lines()
		if len(ls) < 1+5*len(h.Hands) {
			t.Errorf("seed %d: %d lines", seed, len(ls))
		}
		t.Logf("seed %d: %d hands; %s", seed, len(h.Hands), ls[len(ls)-1])
	}
}

// With the Playing preferences on, the client declares flowers and
// seasons, finishes the declarations and sets out losing and winning
// hands: the player is never asked to declare.
func TestAutoDeclare(t *testing.T) {
	pl := prefs.Playing{AutoSpecials: true, AutoLosing: true, AutoWinning: true}
	var fail autoFail
	autoActs := 0
	asked := map[client.Kind]int{}
	_, settles, _ := playLocal(t, 5,
		func(c *client.Client) bool {
			if autoPlay(c, pl, &fail) {
				autoActs++
				return true
			}
			return false
		},
		func(c *client.Client, p client.Prompt) {
			switch p.Kind {
			case client.Declare:
				if !p.Has(client.ActKong) {
					asked[p.Kind]++
				}
			case client.DeclareSets:
				asked[p.Kind]++
				t.Logf("asked to declare sets: hand %v winner %v", engine.Tiles(c.Hand()), p.Winner)
			case client.Discard:
				for _, tl := range c.Hand() {
					if tl.IsSpecial() {
						asked[p.Kind]++
					}
				}
			}
		})
	if autoActs == 0 || len(settles) == 0 {
		t.Fatalf("automation acted %d times in %d scored hands", autoActs, len(settles))
	}
	for k, n := range asked {
		t.Errorf("the player was asked %d times to declare (%v)", n, k)
	}
	t.Logf("%d automatic presses in %d scored hands", autoActs, len(settles))
}

func TestArrange(t *testing.T) {
	for _, tc := range []struct {
		tiles string
		ok    bool
	}{
		{"1B 1B 1B 2B 3B 4B 5C 5C", true},
		{"1B 2B 3B 1B 2B 3B 9D 9D", true},
		{"1B 1B 2B 2B 3B 3B 4B 4B", true}, // two chows and a pair
		{"1B 2B 4B", false},
		{"1B 1B 2C 2C", false}, // two pairs
		{"", true},
	} {
		ts, err := engine.ParseTiles(tc.tiles)
		if err != nil {
			t.Fatal(tc.tiles, err)
		}
		sets, ok := Arrange(ts)
		if ok != tc.ok {
			t.Errorf("%q: %v %v", tc.tiles, sets, ok)
		}
	}
}

// Every option the engine knows appears in the option panels with the
// widget of its type; a score option has Limit / Half-limit / Other with
// doubles and points, and its value survives the round trip.
func TestOptionPanelModel(t *testing.T) {
	def := engine.DefaultOptions()
	var eds []*optEdit
	for _, e := range def.Lines() {
		if e.Name != "End" {
			eds = append(eds, newOptEdit(e, true))
		}
	}
	want := map[engine.OptionType]rowKind{engine.OptBool: rowCheck, engine.OptInt: rowSpin, engine.OptNat: rowSpin,
		engine.OptScore: rowChoice, engine.OptString: rowEntry}
	for _, prefsPanel := range []bool{false, true} {
		rows := optionRows(eds, prefsPanel, false, nil)
		for _, o := range eds {
			found := false
			for i, r := range rows {
				if r.label != o.e.Name+": "+o.e.Desc {
					continue
				}
				found = true
				if r.kind != want[o.e.Type] {
					t.Errorf("%s (%v): row kind %v", o.e.Name, o.e.Type, r.kind)
				}
				if o.e.Type == engine.OptScore {
					if rows[i+1].label != "doubles" || rows[i+2].label != "points" || r.opts[0] != "Limit" || r.opts[1] != "Half-limit" {
						t.Errorf("%s: score rows %q %q", o.e.Name, rows[i+1].label, rows[i+2].label)
					}
				}
				if prefsPanel && rows[i+len(scoreExtra(o))+1].acts[1].ID != "remove:"+o.e.Name {
					t.Errorf("%s: no Remove pref", o.e.Name)
				}
			}
			if !found {
				t.Errorf("option %s is missing", o.e.Name)
			}
			if got := o.entry(); got.Value != o.e.Value {
				t.Errorf("%s: value %d comes back as %d", o.e.Name, o.e.Value, got.Value)
			}
		}
	}
	// Without a preference: only "Add pref".
	o := newOptEdit(def.Entry(engine.OptNoLimit), false)
	rows := optionRows([]*optEdit{o}, true, false, nil)
	if len(rows) != 1 || rows[0].acts[0].Label != "Add pref" {
		t.Errorf("no preference: %+v", rows)
	}
	// Scores: limit, half limit, doubles and points.
	for _, v := range []int{100000000, 50000000, 20002, 10} {
		e := def.Entry(engine.OptFlowersOwnBoth)
		e.Value = v
		o := newOptEdit(e, true)
		if o.entry().Value != v {
			t.Errorf("score %d: %d", v, o.entry().Value)
		}
	}
	if got := ScoreText(20002); got != "2 doubles and 2 points" {
		t.Errorf("ScoreText %q", got)
	}
}

func scoreExtra(o *optEdit) []int {
	if o.e.Type == engine.OptScore {
		return []int{1, 2}
	}
	return nil
}

// Stored preferences set the App's display options at start, and the
// game option preferences are given to the next local game; the
// program's own options come after them, so they win.
func TestPrefsAtStart(t *testing.T) {
	rc := "Display DialogPosition popup\nDisplay Animate 0\nDisplay ShowWall never\nDisplay Size 17\nDisplay Tileset tiles-numbered\n" +
		"Display RotateLabels 0\nDisplay AlertMahjong 1\nDisplay SortTiles never\nDisplay TableColour #00004e4e1e1e\n" +
		"GameOption 0 NumRounds nat 0 1 2 number of rounds\nGameOption 0 Bogus nat 0 1 2 unknown\nOpenDialog Name Zed\n"
	a := NewApp(Config{Store: prefs.NewMem(rc), GameOptions: []string{"Timeout=5"}})
	c := a.cfg
	if c.Dialogs != DialogsPopup || !c.NoAnimation || c.ShowWall != WallNever || c.Size != 17 || c.Tileset == 0 ||
		!c.FlatLabels || !c.AlertMahJong || c.Sort != client.SortNever {
		t.Errorf("config %+v", c)
	}
	if fmt.Sprint(c.GameOptions) != "[NumRounds=2 Timeout=5]" {
		t.Errorf("game options %q", c.GameOptions)
	}
	if colTable != (struct{ R, G, B, A uint8 }{0, 0x4e, 0x1e, 0xff}) {
		t.Errorf("table colour %v", colTable)
	}
	applyColours(prefs.Display{})
	// A program that loaded the preferences itself, then its flags.
	p, _ := prefs.Parse(rc)
	cfg := Config{}
	ApplyPrefs(&cfg, p)
	cfg.Dialogs = DialogsBelow // --dialogs-below
	cfg.Prefs = &p
	b := NewApp(cfg)
	if b.cfg.Dialogs != DialogsBelow || b.cfg.ShowWall != WallNever {
		t.Errorf("flags did not win: %+v", b.cfg)
	}
}
