package client_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"mahjong/engine"
	"mahjong/engine/protocol"
	"mahjong/game/announce"
	"mahjong/game/client"
)

// scriptedTable plays the controller by hand: the test writes the
// controller's lines and reads our requests.
type scriptedTable struct {
	t   *testing.T
	srv protocol.LineConn
	c   *client.Client
}

func newScriptedTable(t *testing.T) *scriptedTable {
	srv, cl := protocol.Pipe()
	c, err := client.New(cl, client.Config{Name: "Ann"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close(); srv.Close() })
	st := &scriptedTable{t: t, srv: srv, c: c}
	st.expect("Connect 1110 0 Ann")
	return st
}

// feed sends controller lines and waits until the client has applied them.
func (st *scriptedTable) feed(lines ...string) {
	st.t.Helper()
	for _, l := range lines {
		if err := st.srv.WriteLine(l); err != nil {
			st.t.Fatal(err)
		}
	}
	n := 0
	deadline := time.After(10 * time.Second)
	for n < len(lines) {
		select {
		case <-st.c.Pending():
		case <-deadline:
			st.t.Fatalf("client applied %d of %d lines", n, len(lines))
		}
		n += len(st.c.Poll())
	}
}

// expect reads our next request.
func (st *scriptedTable) expect(want string) {
	st.t.Helper()
	got := make(chan string, 1)
	go func() {
		l, _ := st.srv.ReadLine()
		got <- l
	}()
	select {
	case l := <-got:
		if l != want {
			st.t.Fatalf("sent %q, want %q", l, want)
		}
	case <-time.After(10 * time.Second):
		st.t.Fatalf("nothing sent, want %q", want)
	}
}

// deal starts a hand in which we (id 1) sit South with the given tiles;
// East is 2, West 3, North 4. Play is under way with East to discard.
func (st *scriptedTable) deal(ours string) {
	st.t.Helper()
	lines := []string{
		"ConnectReply 1110 1", "Player 2 Bob", "Player 3 Cat", "Player 4 Dan",
		"Game 2 1 3 4 E 0 2 0 0 0 0 1110 1",
		"GameOption 0 Timeout nat 0 1 0 time limit for claims",
		"Pause 0 0 to start hand", "StartPlay 0",
		"PlayerReady 2", "PlayerReady 3", "PlayerReady 4", "PlayerReady 1",
		"NewHand 2 3 5",
	}
	tiles := strings.Fields(ours)
	if len(tiles) != 13 {
		st.t.Fatalf("deal: %d tiles", len(tiles))
	}
	for i := 0; i < 13; i++ {
		for _, id := range []int{2, 1, 3, 4} {
			t := "--"
			if id == 1 {
				t = tiles[i]
			}
			lines = append(lines, fmt.Sprintf("PlayerDraws %d %s", id, t))
		}
	}
	lines = append(lines, "PlayerDraws 2 --")
	st.feed(lines...)
	if p := st.c.Prompt(); p.Kind != client.None {
		st.t.Fatalf("while East declares: prompt %v", p.Kind)
	}
	st.feed("PlayerDeclaresSpecial 2 --")
	if p := st.c.Prompt(); p.Kind != client.Declare || !p.Has(client.ActFinish) || p.Has(client.ActDeclare) {
		st.t.Fatalf("our declaring turn: %+v", p)
	}
	if err := st.c.PressDefault(); err != nil {
		st.t.Fatal(err)
	}
	st.expect("DeclareSpecial --")
	st.feed("PlayerDeclaresSpecial 1 --", "PlayerDeclaresSpecial 3 --", "PlayerDeclaresSpecial 4 --")
	if p := st.c.Prompt(); p.Kind != client.None {
		st.t.Fatalf("before the pause to start play: prompt %v", p.Kind)
	}
	st.feed("Pause 2 0 to start play")
	if p := st.c.Prompt(); p.Kind != client.Ready || p.Text != "to start play" {
		st.t.Fatalf("pause: %+v", p)
	}
	if err := st.c.PressKey('R'); err != nil {
		st.t.Fatal(err)
	}
	st.expect("Ready")
	st.feed("PlayerReady 1", "PlayerReady 3", "PlayerReady 4")
}

// TestRobKong: West adds to a pung the tile that completes our hand; we
// rob the kong and choose the chow that goes out.
func TestRobKong(t *testing.T) {
	st := newScriptedTable(t)
	st.deal("1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW 4B 6B")
	st.feed("PlayerDiscards 2 5B 1 0")
	p := st.c.Prompt()
	if p.Kind != client.Claim || p.Tile != engine.NewTile(engine.Bamboo, 5) || p.From != 2 || p.Serial != 1 {
		t.Fatalf("claim prompt: %+v", p)
	}
	// 4B 6B + 5B is a chow, and the hand is complete with it.
	for _, a := range []client.Act{client.ActNoClaim, client.ActChow, client.ActMahJong} {
		if !p.Has(a) {
			t.Errorf("claim prompt lacks %v: %+v", a, p.Buttons)
		}
	}
	if p.Has(client.ActPung) || p.Has(client.ActClaimKong) {
		t.Errorf("claim prompt offers pung or kong: %+v", p.Buttons)
	}
	if err := st.c.PressKey('n'); err != nil {
		t.Fatal(err)
	}
	st.expect("NoClaim 1")
	if p := st.c.Prompt(); p.Kind != client.None {
		t.Fatalf("after answering: %v", p.Kind)
	}
	st.feed("PlayerDoesntClaim 1 1 0", "PlayerClaimsPung 3 1", "PlayerPungs 3 5B",
		"PlayerDiscards 3 9C 2 0")
	if p := st.c.Prompt(); p.Kind != client.Claim || p.Has(client.ActChow) {
		t.Fatalf("claim on West's 9C: %+v", p)
	}
	st.c.PressDefault()
	st.expect("NoClaim 2")
	st.feed("PlayerDoesntClaim 1 2 0", "PlayerDraws 4 --", "PlayerDiscards 4 1C 3 0")
	st.c.PressDefault()
	st.expect("NoClaim 3")
	st.feed("PlayerDoesntClaim 1 3 0", "PlayerDraws 2 --", "PlayerDiscards 2 2C 4 0")
	st.c.PressDefault()
	st.expect("NoClaim 4")
	// Our draw: the drawn tile is selected, and we throw it.
	st.feed("PlayerDoesntClaim 1 4 0", "PlayerDraws 1 NW")
	p = st.c.Prompt()
	if p.Kind != client.Discard || st.c.SelectedTile() != engine.NorthWind {
		t.Fatalf("our turn: %+v, selected %v", p, st.c.SelectedTile())
	}
	if p.Has(client.ActMahJong) || p.Has(client.ActKong) || !p.Has(client.ActCalling) {
		t.Errorf("discard prompt: %+v", p.Buttons)
	}
	if err := st.c.PressKey('d'); err != nil {
		t.Fatal(err)
	}
	st.expect("Discard NW 0")
	st.feed("PlayerDiscards 1 NW 5 0", "PlayerDraws 3 --", "PlayerAddsToPung 3 5B 6")
	p = st.c.Prompt()
	if p.Kind != client.Rob || p.Default != 0 || p.Buttons[0].Act != client.ActMahJong {
		t.Fatalf("rob prompt: %+v", p)
	}
	st.c.PressDefault()
	st.expect("MahJong 6")
	st.feed("PlayerClaimsMahJong 1 6", "PlayerRobsKong 1 5B")
	p = st.c.Prompt()
	if p.Kind != client.ChooseForm || len(p.Buttons) != 1 || p.Buttons[0].Act != client.ActChow {
		t.Fatalf("form prompt: %+v", p)
	}
	st.c.PressDefault()
	st.expect("Chow 0 Middle")
	st.feed("PlayerChows 1 5B Middle")
	p = st.c.Prompt()
	if p.Kind != client.DeclareSets || !p.Winner || st.c.Selected() != 0 {
		t.Fatalf("sets prompt: %+v, selected %d", p, st.c.Selected())
	}
	// 1B is selected: a chow from it keeps the hand complete.
	if b, _ := p.Button(client.ActChow); !b.Enabled {
		t.Fatalf("chow from 1B not enabled: %+v", p.Buttons)
	}
	st.c.PressKey('c')
	st.expect("FormClosedChow 1B")
}

// TestAutoNoClaimOnKong: a kong we cannot rob is passed without asking.
func TestAutoNoClaimOnKong(t *testing.T) {
	st := newScriptedTable(t)
	st.deal("1B 1B 3B 4C 5C 6C 7D 8D 9D EW EW 4B 6B")
	st.feed("PlayerDiscards 2 9B 1 0")
	st.c.PressDefault()
	st.expect("NoClaim 1")
	st.feed("PlayerDoesntClaim 1 1 0", "PlayerDraws 1 2D")
	if err := st.c.PressKey('d'); err != nil {
		t.Fatal(err)
	}
	st.expect("Discard 2D 0")
	st.feed("PlayerDiscards 1 2D 2 0", "PlayerDraws 3 --", "PlayerDeclaresClosedKong 3 RD 3")
	if p := st.c.Prompt(); p.Kind != client.None {
		t.Fatalf("prompt %v on a kong we cannot rob", p.Kind)
	}
	st.expect("NoClaim 3")
}

// TestRefusalAndHand: a refusal brings the prompt back; the hand can be
// rearranged and keeps its order.
func TestRefusalAndHand(t *testing.T) {
	st := newScriptedTable(t)
	st.deal("9B 1B 3B 4C 5C 6C 7D 8D 9D EW EW 4B 6B")
	c := st.c
	want := "1B 3B 4B 6B 9B 4C 5C 6C 7D 8D 9D EW EW"
	if got := engine.Tiles(c.Hand()).String(); got != want {
		t.Fatalf("sorted hand %s, want %s", got, want)
	}
	c.Select(0)
	if err := c.MoveTile(2); err != nil {
		t.Fatal(err)
	}
	if err := c.MoveTileTo(12, 0); err != nil {
		t.Fatal(err)
	}
	want = "EW 3B 4B 1B 6B 9B 4C 5C 6C 7D 8D 9D EW"
	if got := engine.Tiles(c.Hand()).String(); got != want || c.Selected() != 0 {
		t.Fatalf("rearranged %s (sel %d), want %s", got, c.Selected(), want)
	}
	if c.MoveTileTo(13, 0) == nil {
		t.Error("moving a tile beyond the hand: no error")
	}
	st.feed("PlayerDiscards 2 9C 1 0")
	c.PressDefault()
	st.expect("NoClaim 1")
	st.feed("PlayerDoesntClaim 1 1 0", "PlayerDraws 1 2B")
	// The new tile goes into sorted place; the arrangement stays.
	want = "EW 2B 3B 4B 1B 6B 9B 4C 5C 6C 7D 8D 9D EW"
	if got := engine.Tiles(c.Hand()).String(); got != want || c.SelectedTile() != engine.NewTile(engine.Bamboo, 2) {
		t.Fatalf("after draw %s (sel %v), want %s", got, c.SelectedTile(), want)
	}
	c.Select(-1)
	if err := c.PressKey('d'); err != client.ErrNoSelection {
		t.Fatalf("discard with no selection: %v", err)
	}
	if err := c.PressKey('x'); err == nil {
		t.Fatal("unknown key: no error")
	}
	c.Select(0)
	c.PressKey('d')
	st.expect("Discard EW 0")
	st.feed("Error 7 You can't discard that tile")
	if c.Refusal() != "You can't discard that tile" || c.Prompt().Kind != client.Discard {
		t.Fatalf("after refusal: %q, %v", c.Refusal(), c.Prompt().Kind)
	}
	c.MoveSelection(1)
	if c.SelectedTile() != engine.NewTile(engine.Bamboo, 2) {
		t.Fatalf("MoveSelection: %v", c.SelectedTile())
	}
}

// TestSamePromptAfterOurRequest: a flower declared from the discarding
// prompt is answered by the same prompt; it must still count as a new one
// (the announcer says a prompt only when it changes, and a player who
// declares a flower must hear that it is their turn again).
func TestSamePromptAfterOurRequest(t *testing.T) {
	st := newScriptedTable(t)
	st.deal("1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW 4B 6B")
	c := st.c
	var a announce.Announcer
	say := func() []string { return a.Update(c.View(), nil, c.Prompt()) }
	st.feed("PlayerDiscards 2 9C 1 0")
	c.PressDefault()
	st.expect("NoClaim 1")
	// We draw a flower and keep it for now, discarding a wind.
	st.feed("PlayerDoesntClaim 1 1 0", "PlayerDraws 1 1F")
	selectTile := func(want func(engine.Tile) bool) {
		for i, x := range c.Hand() {
			if want(x) {
				c.Select(i)
				return
			}
		}
		t.Fatal("tile not in hand")
	}
	selectTile(func(x engine.Tile) bool { return x == engine.EastWind })
	if err := c.PressKey('d'); err != nil {
		t.Fatal(err)
	}
	st.expect("Discard EW 0")
	st.feed("PlayerDiscards 1 EW 2 0")
	for i, id := range []int{3, 4, 2} {
		st.feed(fmt.Sprintf("PlayerDraws %d --", id), fmt.Sprintf("PlayerDiscards %d 9C %d 0", id, i+3))
		c.PressDefault()
		st.expect(fmt.Sprintf("NoClaim %d", i+3))
		st.feed(fmt.Sprintf("PlayerDoesntClaim 1 %d 0", i+3))
	}
	// We draw a Two Bamboo: the prompt is about it. Then the flower is
	// declared, and the loose tile is another Two Bamboo.
	st.feed("PlayerDraws 1 2B")
	before := c.Prompt()
	if before.Kind != client.Discard {
		t.Fatalf("after the draw: %v", before.Kind)
	}
	if got := say(); len(got) != 1 || !strings.HasPrefix(got[0], "Your turn") {
		t.Fatalf("discard prompt said as %q", got)
	}
	// Within one frame: the flower is tapped, which declares it.
	selectTile(engine.Tile.IsSpecial)
	if err := c.PressKey('d'); err != nil {
		t.Fatal(err)
	}
	st.expect("DeclareSpecial 1F")
	// The answer arrives before the announcer looks again: it never sees
	// the empty prompt in between.
	st.feed("PlayerDeclaresSpecial 1 1F", "PlayerDrawsLoose 1 2B")
	after := c.Prompt()
	if after.Kind != client.Discard || len(after.Buttons) != len(before.Buttons) {
		t.Fatalf("after the loose tile: %+v", after)
	}
	if after.Equal(&before) {
		t.Error("the prompt after our declaration equals the one before it")
	}
	if got := say(); len(got) != 1 || !strings.HasPrefix(got[0], "Your turn") {
		t.Errorf("the prompt after our declaration was said as %q", got)
	}
	if got := say(); len(got) != 0 {
		t.Errorf("an unchanged prompt said again: %q", got)
	}
}

// TestPauseWaitsForOthers: a player comes back while a discard awaits
// our claim; the controller pauses play until everybody is ready. Once we
// have said Ready, nothing else is asked until the others have (a claim
// sent then crossed the end of the pause, whose change of state showed
// the prompt again, and the claim went twice); then the claim window is
// back as it was.
func TestPauseWaitsForOthers(t *testing.T) {
	st := newScriptedTable(t)
	st.deal("1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW 4B 6B")
	st.feed("PlayerDiscards 2 5B 1 0")
	if p := st.c.Prompt(); p.Kind != client.Claim {
		t.Fatalf("claim prompt: %+v", p)
	}
	st.feed("Pause 0 0 to continue play", "StartPlay 2")
	if p := st.c.Prompt(); p.Kind != client.Ready || p.Text != "to continue play" {
		t.Fatalf("the pause: %+v", p)
	}
	if err := st.c.PressKey('r'); err != nil {
		t.Fatal(err)
	}
	st.expect("Ready")
	st.feed("PlayerReady 1")
	if p := st.c.Prompt(); p.Kind != client.None || len(p.Buttons) != 0 {
		t.Fatalf("ready, the others not yet: %+v", p)
	}
	st.feed("PlayerReady 3", "PlayerReady 2")
	if p := st.c.Prompt(); p.Kind != client.None {
		t.Fatalf("one still not ready: %+v", p)
	}
	st.feed("PlayerReady 4")
	p := st.c.Prompt()
	if p.Kind != client.Claim || p.Serial != 1 || !p.Has(client.ActNoClaim) {
		t.Fatalf("after the pause: %+v", p)
	}
	if err := st.c.PressKey('n'); err != nil {
		t.Fatal(err)
	}
	st.expect("NoClaim 1")
}
