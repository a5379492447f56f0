package announce_test

import (
	"strings"
	"testing"
	"time"

	"mahjong/engine"
	"mahjong/engine/protocol"
	"mahjong/game/announce"
	"mahjong/game/client"
)

// table returns our view (id 1, South) of a hand just dealt.
func table(t *testing.T) *engine.View {
	v := engine.NewView()
	lines := []string{
		"ConnectReply 1110 1", "Player 2 Bob", "Player 3 Cat", "Player 4 Dan",
		"Game 2 1 3 4 E 0 2 0 0 0 0 1110 1", "StartPlay 0", "NewHand 2 3 5",
	}
	for i := 0; i < 13; i++ {
		lines = append(lines, "PlayerDraws 2 --", "PlayerDraws 1 "+strings.Fields("1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW RD RD")[i],
			"PlayerDraws 3 --", "PlayerDraws 4 --")
	}
	lines = append(lines, "PlayerDraws 2 --")
	for _, l := range lines {
		apply(t, v, l)
	}
	return v
}

func apply(t *testing.T, v *engine.View, line string) engine.Event {
	t.Helper()
	ev, err := protocol.ParseEvent(line)
	if err != nil {
		t.Fatal(err)
	}
	if err := v.Apply(ev); err != nil {
		t.Fatal(err)
	}
	return ev
}

func TestEvent(t *testing.T) {
	v := table(t)
	for _, tc := range []struct{ line, want string }{
		{"PlayerDeclaresSpecial 2 1F", "Bob declares Plum."},
		{"PlayerDeclaresSpecial 2 --", ""},
		{"PlayerDraws 2 --", ""},
		{"PlayerDeclaresSpecial 1 --", ""},
		{"PlayerDeclaresSpecial 3 --", ""},
		{"PlayerDeclaresSpecial 4 --", ""},
		{"PlayerDiscards 2 5B 1 0", "Bob discards Five Bamboo."},
		{"PlayerClaimsPung 3 1", "Cat claims pung."},
		{"PlayerClaimsChow 1 1 AnyPos", "You claim chow."},
		{"ClaimDenied 1 There was a prior claim", "Your claim failed: There was a prior claim."},
		{"PlayerPungs 3 5B", "Cat pungs Five Bamboo."},
		{"PlayerDiscards 3 RD 2 1", "Cat discards Red Dragon and calls."},
		{"PlayerClaimsPung 1 2", "You claim pung."},
		{"PlayerPungs 1 RD", "You pung Red Dragon."},
		{"PlayerDiscards 1 9D 3 0", "You discard Nine Circles."},
		{"PlayerDoesntClaim 1 3 0", ""},
		{"PlayerDraws 3 --", ""},
		{"PlayerAddsToPung 3 5B 4", "Cat adds Five Bamboo to a pung."},
		{"PlayerDrawsLoose 3 --", ""},
		{"PlayerDiscards 3 8D 5 0", "Cat discards Eight Circles."},
		{"PlayerDoesntClaim 1 5 1", "Time is up: no claim."},
		{"PlayerDraws 4 --", ""},
		{"PlayerDiscards 4 3C 6 0", "Dan discards Three Characters."},
		{"PlayerClaimsChow 1 6 Upper", "You claim chow."},
		{"PlayerChows 1 3C Lower", "You chow Three Characters: Three Characters, Four Characters, Five Characters."},
		{"PlayerDiscards 1 6C 7 0", "You discard Six Characters."},
		{"PlayerDraws 2 --", ""},
		{"PlayerMahJongs 2 9C", "Bob goes Mah-Jong!"},
		{"PlayerFormsClosedPung 2 9C", "Bob sets out a concealed pung of Nine Characters."},
		{"PlayerFormsClosedChow 1 1B", "You set out a concealed chow: One Bamboo, Two Bamboo, Three Bamboo."},
		{"PlayerFormsClosedPair 1 EW", "You set out a concealed pair of East Wind."},
		{"PlayerShowsTiles 1 7D 8D", "You show: Seven Circles, Eight Circles."},
		{"HandScore 2 44 Fully concealed", "Scoring: Bob's hand scores 44."},
		{"HandScore 1 10 x", "Scoring: your hand scores 10."},
		{"Settlement 88 -44 -22 -22 text", "Scoring: settlement Bob +88, You -44, Cat -22, Dan -22."},
		{"Error 5 Can't discard now", "Refused: Can't discard now."},
		{"Message 3 0 hello", "Message from Cat: hello"},
		{"WashOut wall exhausted", "The hand is washed out: wall exhausted."},
		{"NewRound S", "New round: South wind."},
		{"GameOver", "Game over. Final scores: Bob 88, You -44, Cat -22, Dan -22."},
	} {
		ev := apply(t, v, tc.line)
		if got := announce.Event(v, ev); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.line, got, tc.want)
		}
	}
}

func TestNewHandAndHand(t *testing.T) {
	v := engine.NewView()
	for _, l := range []string{"ConnectReply 1110 1", "Player 2 Bob", "Player 3 Cat", "Player 4 Dan",
		"Game 2 1 3 4 E 0 2 0 0 0 0 1110 1"} {
		ev := apply(t, v, l)
		if l[0] == 'G' {
			if got, want := announce.Event(v, ev), "The game begins. Seats: East Bob, South You, West Cat, North Dan."; got != want {
				t.Errorf("got %q, want %q", got, want)
			}
		}
	}
	ev := apply(t, v, "NewHand 2 3 5")
	if got, want := announce.Event(v, ev), "New hand. East is Bob. Round: East wind. You are South."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	v = table(t)
	apply(t, v, "PlayerDeclaresSpecial 2 --")
	apply(t, v, "PlayerDiscards 2 RD 1 0")
	apply(t, v, "PlayerPungs 1 RD")
	if got, want := announce.Hand(v, nil), "Your hand: One Bamboo, Two Bamboo, Three Bamboo, Four Characters, Five Characters, Six Characters, Seven Circles, Eight Circles, Nine Circles, East Wind, East Wind. Declared: pung of Red Dragon."; got != want {
		t.Errorf("hand:\n got %q\nwant %q", got, want)
	}
}

func TestPrompt(t *testing.T) {
	v := table(t)
	b := func(a client.Act, label string, key rune) client.Button {
		return client.Button{Act: a, Label: label, Key: key, Enabled: true}
	}
	for _, tc := range []struct {
		p    client.Prompt
		want string
	}{
		{client.Prompt{}, ""},
		{client.Prompt{Kind: client.Ready, Text: "to start next hand", Buttons: []client.Button{b(client.ActReady, "Ready", 'r')}},
			"Ready to start next hand? You may: Ready (R)."},
		{client.Prompt{Kind: client.Discard, Buttons: []client.Button{
			{Act: client.ActDiscard, Label: "Discard", Key: 'd', UsesSelection: true}, b(client.ActMahJong, "Mah Jong!", 'm')}},
			"Your turn: discard. You may: Discard (D) (select a tile), Mah Jong! (M)."},
		{client.Prompt{Kind: client.Claim, From: 3, Tile: engine.NewTile(engine.Circles, 3), Timeout: 15 * time.Second,
			Buttons: []client.Button{b(client.ActNoClaim, "No claim", 'n'), b(client.ActPung, "Pung", 'p'), b(client.ActMahJong, "Mah Jong!", 'm')}},
			"Claim window: Cat discarded Three Circles. 15 seconds. You may: No claim (N), Pung (P), Mah Jong! (M)."},
		{client.Prompt{Kind: client.ChooseChow, Tile: engine.NewTile(engine.Bamboo, 4), Buttons: []client.Button{
			{Act: client.ActChow, Label: "3-4-5", Key: '1', Chow: engine.NewTile(engine.Bamboo, 3), Enabled: true}}},
			"Choose the chow with Four Bamboo. You may: Three Bamboo, Four Bamboo, Five Bamboo (1)."},
		{client.Prompt{Kind: client.GameOver}, "Game over."},
	} {
		if got := announce.Prompt(v, tc.p); got != tc.want {
			t.Errorf("%v:\n got %q\nwant %q", tc.p.Kind, got, tc.want)
		}
	}
}

func TestAnnouncer(t *testing.T) {
	v := table(t)
	var a announce.Announcer
	p := client.Prompt{Kind: client.Claim, From: 2, Serial: 1, Tile: engine.RedDragon,
		Buttons: []client.Button{{Act: client.ActNoClaim, Label: "No claim", Key: 'n', Enabled: true}}}
	ev := apply(t, v, "PlayerDiscards 2 RD 1 0")
	got := a.Update(v, []engine.Event{ev}, p)
	want := []string{"Bob discards Red Dragon.", "Claim window: Bob discarded Red Dragon. You may: No claim (N)."}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := a.Update(v, nil, p); len(got) != 0 {
		t.Errorf("unchanged prompt said again: %q", got)
	}
	// The same question after a request of ours is said again.
	p.Requests++
	if got := a.Update(v, nil, p); len(got) != 1 {
		t.Errorf("the prompt after our request said as %q", got)
	}
}

func TestSelection(t *testing.T) {
	b1, _ := engine.ParseTile("1B")
	rd, _ := engine.ParseTile("RD")
	hand := []engine.Tile{b1, rd}
	for _, c := range []struct {
		i    int
		want string
	}{
		{0, "Selected One Bamboo, 1 of 2."},
		{1, "Selected Red Dragon, 2 of 2."},
		{-1, "No tile selected."},
		{2, "No tile selected."},
	} {
		if got := announce.Selection(hand, c.i); got != c.want {
			t.Errorf("Selection(%d) = %q, want %q", c.i, got, c.want)
		}
	}
}
