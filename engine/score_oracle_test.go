package engine_test

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"mahjong/engine"
)

// The oracle: hand-history files of games played by the original
// programs (see /work/shared/oracle/README.md). Each file is replayed
// with the Player methods and a minimal table model, and every HandScore,
// Settlement and DangerousDiscard message is recomputed and compared.

const oracleDir = "/work/shared/oracle"

// oracleGames returns the game directories of the oracle, or skips.
func oracleGames(t testing.TB) []string {
	t.Helper()
	var dirs []string
	for _, pat := range []string{"g*", "scenarios/s*"} {
		ds, _ := filepath.Glob(filepath.Join(oracleDir, pat))
		for _, d := range ds {
			if fi, err := os.Stat(d); err == nil && fi.IsDir() {
				dirs = append(dirs, d)
			}
		}
	}
	if len(dirs) == 0 {
		t.Skip("oracle games not available")
	}
	return dirs
}

// noSpecialScores reads a game's server flags from its meta.json.
func noSpecialScores(t testing.TB, dir string) bool {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "meta.json"))
	if err != nil {
		return false
	}
	var meta struct {
		Flags any `json:"flags"`
	}
	if err := json.Unmarshal(b, &meta); err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	return strings.Contains(fmt.Sprint(meta.Flags), "--no-special-scores")
}

// readMJS reads a gzipped hand-history file as logical lines: a
// backslash before the line end continues the line, with a newline.
func readMJS(t testing.TB, name string) []string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(nil, 1<<20)
	var lines []string
	var cur strings.Builder
	for sc.Scan() {
		l := strings.TrimSuffix(sc.Text(), "\r")
		if strings.HasSuffix(l, `\`) {
			cur.WriteString(l[:len(l)-1])
			cur.WriteByte('\n')
			continue
		}
		cur.WriteString(l)
		lines = append(lines, cur.String())
		cur.Reset()
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// unescape removes one level of backslash escaping from a text field.
// The original's hand-history writer escapes a text's leading space a
// second time ("\\ 0.5 Limit ..." where the wire has "\ 0.5 Limit ..."),
// so a backslash left before a leading space is dropped as well.
func unescape(s string) string {
	s = unescape1(s)
	if strings.HasPrefix(s, `\ `) {
		s = s[1:]
	}
	return s
}

func unescape1(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// oracleStats counts the checks made and keeps the mismatches.
type oracleStats struct {
	scores, scoresOK   int
	settles, settlesOK int
	claims, dd, ddOK   int
	mismatches         []string
}

func (st *oracleStats) fail(format string, args ...any) {
	st.mismatches = append(st.mismatches, fmt.Sprintf(format, args...))
}

// replay is the table model of one hand, driven by the messages.
type replay struct {
	name   string
	g      *engine.Game
	byID   map[int]*engine.Player
	caller engine.Player
	nss    bool
	dealt  int
	st     *oracleStats
	line   int

	wantDD   bool // the last claim was dangerous: a DangerousDiscard must follow
	ddNo     bool // ... with this nochoice
	ddSerial int
	ddID     int
}

func atoi(t testing.TB, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("bad number %q", s)
	}
	return n
}

func tile(t testing.TB, s string) engine.Tile {
	t.Helper()
	x, err := engine.ParseTile(s)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func (r *replay) seat(id int) engine.Seat {
	for i, p := range r.g.Players {
		if p.ID == id {
			return engine.Seat(i)
		}
	}
	panic(fmt.Sprintf("%s: no player %d", r.name, id))
}

func (r *replay) must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s:%d: %v", r.name, r.line, err)
	}
}

// snapshot records the caller copy, as the original controller does.
func (r *replay) snapshot(s engine.Seat) { r.caller = *r.g.Players[s] }

func (r *replay) kong() {
	g := r.g
	if g.Flags&engine.KongFlag != 0 {
		g.Flags |= engine.KongUponKongFlag
	}
	g.Flags |= engine.KongFlag
}

// claimed checks the dangerous-discard rule after a claim is applied.
func (r *replay) claimed() {
	g := r.g
	danger, noChoice := engine.MarkDangerousDiscard(g)
	r.st.claims++
	if danger != 0 {
		r.wantDD, r.ddNo, r.ddSerial, r.ddID = true, noChoice, g.Serial, g.Players[g.Supplier].ID
	}
}

func (r *replay) run(t testing.TB, lines []string) {
	g := engine.NewGame()
	r.g = g
	r.byID = map[int]*engine.Player{}
	g.Options = engine.DefaultOptions()
	for i, l := range lines {
		r.line = i + 1
		kw, rest, _ := strings.Cut(l, " ")
		f := strings.Fields(rest)
		if r.wantDD && kw != "DangerousDiscard" {
			r.st.fail("%s:%d: DangerousDiscard %d %d %v expected before %q", r.name, r.line, r.ddID, r.ddSerial, b2i(r.ddNo), l)
			r.wantDD = false
		}
		switch kw {
		case "Player":
			id := atoi(t, f[0])
			r.byID[id] = &engine.Player{ID: id, Name: strings.Join(f[1:], " ")}
		case "Game":
			for i := range engine.NumSeats {
				g.Players[i] = r.byID[atoi(t, f[i])]
				g.Players[i].CumulativeScore = atoi(t, f[7+i])
			}
			w, err := engine.ParseWind(f[4])
			r.must(t, err)
			g.Round = w
			g.HandsAsEast = atoi(t, f[5])
			g.FirstEast = atoi(t, f[6])
		case "GameOption":
			id, ok := engine.LookupOption(f[1])
			if !ok {
				t.Fatalf("%s: unknown option %s", r.name, f[1])
			}
			g.Options.Enabled[id] = f[4] == "1"
			g.Options.Values[id] = atoi(t, f[5])
		case "Wall", "Pause", "PlayerReady", "PlayerDoesntClaim", "PlayerClaimsPung", "PlayerClaimsKong",
			"PlayerClaimsChow", "PlayerClaimsMahJong", "ClaimDenied", "#", "Comment":
		case "NewHand":
			r.newHand(t, atoi(t, f[0]))
		case "PlayerDraws":
			r.draws(t, atoi(t, f[0]), tile(t, f[1]))
		case "PlayerDrawsLoose":
			s := r.seat(atoi(t, f[0]))
			if g.Phase != engine.DeclaringSpecials || g.Konging != engine.NotKonging {
				r.snapshot(s)
			}
			r.must(t, g.Players[s].DrawsLooseTile(tile(t, f[1])))
			r.drawLoose()
			g.Needs, g.Whence, g.Tile, g.Konging = engine.FromNone, engine.FromLoose, tile(t, f[1]), engine.NotKonging
		case "PlayerDeclaresSpecial":
			r.declaresSpecial(t, r.seat(atoi(t, f[0])), tile(t, f[1]))
		case "PlayerDiscards":
			s := r.seat(atoi(t, f[0]))
			p := g.Players[s]
			x := tile(t, f[1])
			noDiscard := p.NoDiscard
			r.must(t, p.Discards(x))
			g.Phase, g.Player, g.Tile, g.Serial = engine.Discarded, s, x, atoi(t, f[2])
			g.Flags &^= engine.KongFlag | engine.KongUponKongFlag | engine.DangerousDiscardFlag | engine.NoChoiceFlag
			if f[3] == "1" {
				p.Calling = true
				p.OriginalCall = p.OriginalCall || noDiscard
			}
			g.ExposedCount[x]++
			g.DiscardedCount[x]++
		case "DangerousDiscard":
			r.st.dd++
			id, serial, no := atoi(t, f[0]), atoi(t, f[1]), f[2] == "1"
			switch {
			case !r.wantDD:
				r.st.fail("%s:%d: unexpected %q", r.name, r.line, l)
			case id != r.ddID || serial != r.ddSerial || no != r.ddNo:
				r.st.fail("%s:%d: %q, computed DangerousDiscard %d %d %v", r.name, r.line, l, r.ddID, r.ddSerial, b2i(r.ddNo))
			default:
				r.st.ddOK++
			}
			r.wantDD = false
		case "PlayerPungs":
			s := r.seat(atoi(t, f[0]))
			x := tile(t, f[1])
			if g.Phase == engine.Discarded {
				r.snapshot(s)
				r.must(t, g.Players[s].Pungs(x))
				r.claimedFrom(s, x)
				g.ExposedCount[x] += 2
			} else {
				r.must(t, g.Players[s].Pungs(x))
				g.MahJongPending = false
			}
			r.claimed()
			g.Players[s].DangerFlags[s] = engine.ExposedDanger(g.Players[s])
		case "PlayerChows":
			s := r.seat(atoi(t, f[0]))
			x := tile(t, f[1])
			pos, err := engine.ParseChowPos(f[2])
			r.must(t, err)
			if pos == engine.AnyPos {
				g.ChowPending = true
				continue
			}
			if g.Phase == engine.Discarded {
				if !g.ChowPending {
					r.snapshot(s)
				}
				r.must(t, g.Players[s].Chows(x, pos))
				r.claimedFrom(s, x)
				low := x - engine.Tile(pos)
				for i := range engine.Tile(3) {
					if low+i != x {
						g.ExposedCount[low+i]++
					}
				}
			} else {
				r.must(t, g.Players[s].Chows(x, pos))
				g.MahJongPending = false
			}
			g.ChowPending = false
			r.claimed()
			g.Players[s].DangerFlags[s] = engine.ExposedDanger(g.Players[s])
		case "PlayerPairs":
			s := r.seat(atoi(t, f[0]))
			r.must(t, g.Players[s].Pairs(tile(t, f[1])))
			g.MahJongPending = false
			r.claimed()
		case "PlayerKongs":
			s := r.seat(atoi(t, f[0]))
			x := tile(t, f[1])
			r.must(t, g.Players[s].Kongs(x))
			g.Phase, g.Needs, g.Supplier, g.Player, g.Konging = engine.Discarding, engine.FromLoose, g.Player, s, engine.NotKonging
			r.kong()
			g.ExposedCount[x] += 3
			g.Players[s].DangerFlags[s] = engine.ExposedDanger(g.Players[s])
		case "PlayerDeclaresClosedKong", "PlayerAddsToPung":
			s := r.seat(atoi(t, f[0]))
			x := tile(t, f[1])
			p := g.Players[s]
			if kw == "PlayerAddsToPung" {
				r.must(t, p.AddsToPung(x))
				g.Konging = engine.AddingToPung
				g.ExposedCount[x]++
				g.Flags &^= engine.DangerousDiscardFlag | engine.NoChoiceFlag
			} else {
				r.must(t, p.DeclaresClosedKong(x))
				g.Konging = engine.DeclaringKong
				g.ExposedCount[x] += 4
			}
			g.Needs, g.Tile, g.Serial = engine.FromLoose, x, atoi(t, f[2])
			r.kong()
			p.DangerFlags[s] = engine.ExposedDanger(p)
		case "PlayerRobsKong":
			s := r.seat(atoi(t, f[0]))
			x := tile(t, f[1])
			r.snapshot(s)
			r.must(t, g.Players[g.Player].KongIsRobbed(x))
			g.Phase, g.Whence, g.Needs, g.Supplier, g.Player, g.Tile = engine.MahJonging, engine.FromRobbedKong, engine.FromNone, g.Player, s, x
			g.MahJongPending, g.ChowPending, g.Konging = true, false, engine.NotKonging
			g.Flags &^= engine.KongFlag | engine.KongUponKongFlag
		case "PlayerMahJongs":
			s := r.seat(atoi(t, f[0]))
			x := tile(t, f[1])
			if x != engine.Blank {
				g.Tile = x
			} else {
				r.snapshot(s)
				g.Supplier, g.Whence, g.Player, g.MahJongPending = g.Player, engine.FromDiscard, s, true
			}
			g.ChowPending = false
			g.Phase = engine.MahJonging
		case "PlayerSpecialSet":
			s := r.seat(atoi(t, f[0]))
			ts, err := engine.ParseTiles(strings.Join(f[2:], " "))
			r.must(t, err)
			p := g.Players[s]
			r.must(t, p.ShowsTiles(ts))
			r.must(t, p.DrawsTile(tile(t, f[1])))
			g.MahJongPending = false
		case "PlayerFormsClosedSpecialSet", "PlayerShowsTiles":
			ts, err := engine.ParseTiles(strings.Join(f[1:], " "))
			r.must(t, err)
			r.must(t, g.Players[r.seat(atoi(t, f[0]))].ShowsTiles(ts))
		case "PlayerFormsClosedPung":
			r.must(t, g.Players[r.seat(atoi(t, f[0]))].FormsClosedPung(tile(t, f[1])))
		case "PlayerFormsClosedPair":
			r.must(t, g.Players[r.seat(atoi(t, f[0]))].FormsClosedPair(tile(t, f[1])))
		case "PlayerFormsClosedChow":
			r.must(t, g.Players[r.seat(atoi(t, f[0]))].FormsClosedChow(tile(t, f[1]), engine.Lower))
		case "SwapTile":
			r.must(t, g.Players[r.seat(atoi(t, f[0]))].SwapTile(tile(t, f[1]), tile(t, f[2])))
		case "HandScore":
			r.handScore(t, rest)
		case "Settlement":
			r.settlement(t, rest)
		default:
			t.Fatalf("%s:%d: unhandled %q", r.name, r.line, l)
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// claimedFrom moves the turn to the claimant of the discard x.
func (r *replay) claimedFrom(s engine.Seat, x engine.Tile) {
	g := r.g
	g.Phase, g.Konging, g.Tile, g.Needs = engine.Discarding, engine.NotKonging, x, engine.FromNone
	g.Supplier, g.Player, g.Whence = g.Player, s, engine.FromDiscard
}

func (r *replay) newHand(t testing.TB, east int) {
	g := r.g
	if g.Players[0].ID != east {
		g.HandsAsEast = 0
	}
	n := r.seat(east)
	ps := g.Players
	for i := range engine.NumSeats {
		g.Players[i] = ps[(i+int(n))%engine.NumSeats]
		g.Players[i].NewHand(engine.Wind(i + 1))
	}
	g.Phase = engine.Dealing
	g.Flags = 0
	g.Konging = engine.NotKonging
	size := 136
	if g.Options.Bool(engine.OptFlowers) {
		size = 144
	}
	g.Wall = engine.WallState{Size: size, DeadEnd: size, LiveEnd: size}
	if g.Options.Bool(engine.OptDeadWall) {
		g.Wall.LiveEnd -= 14
		if g.Options.Bool(engine.OptDeadWall16) {
			g.Wall.LiveEnd -= 2
		}
	}
	g.ExposedCount = [engine.MaxTile]int{}
	g.DiscardedCount = [engine.MaxTile]int{}
	g.Serial = 0
	r.dealt = 0
}

func (r *replay) draws(t testing.TB, id int, x engine.Tile) {
	g := r.g
	s := r.seat(id)
	p := g.Players[s]
	g.Wall.LiveUsed++
	if g.Phase == engine.Dealing {
		// The original deals without touching the table's tile or
		// whence; it copies East before its fourteenth tile.
		r.dealt++
		if r.dealt == 53 {
			r.snapshot(s)
		}
		r.must(t, p.DrawsTile(x))
		if r.dealt == 53 {
			g.Phase, g.Player = engine.DeclaringSpecials, engine.EastSeat
		}
		return
	}
	if g.Phase != engine.DeclaringSpecials {
		r.snapshot(s)
	}
	r.must(t, p.DrawsTile(x))
	if g.Phase == engine.Discarded {
		g.Phase = engine.Discarding
	}
	g.Tile, g.Needs, g.Player, g.Whence, g.Konging = x, engine.FromNone, s, engine.FromWall, engine.NotKonging
}

// drawLoose moves the end of the wall for a loose tile (protocol.md
// section 18).
func (r *replay) drawLoose() {
	w := &r.g.Wall
	w.DeadEnd--
	switch {
	case !r.g.Options.Bool(engine.OptDeadWall):
		w.LiveEnd--
	case !r.g.Options.Bool(engine.OptDeadWall16) && w.DeadEnd-w.LiveEnd < 13:
		w.LiveEnd -= 2
	}
}

func (r *replay) declaresSpecial(t testing.TB, s engine.Seat, x engine.Tile) {
	g := r.g
	if x == engine.Blank {
		if s == engine.NorthSeat {
			g.Phase, g.Konging, g.Needs, g.Whence, g.Player = engine.Discarding, engine.NotKonging, engine.FromNone, engine.FromWall, engine.EastSeat
		} else {
			g.Phase, g.Player = engine.DeclaringSpecials, s.Next()
		}
		return
	}
	r.must(t, g.Players[s].DeclaresSpecial(x))
	g.Needs = engine.FromWall
	if g.Options.Bool(engine.OptFlowersLoose) {
		g.Needs = engine.FromLoose
	}
	g.ExposedCount[x]++
}

func (r *replay) handScore(t testing.TB, rest string) {
	g := r.g
	f := strings.SplitN(rest, " ", 3)
	id, want := atoi(t, f[0]), atoi(t, f[1])
	text := ""
	if len(f) > 2 {
		text = unescape(f[2])
	}
	s := r.seat(id)
	var caller *engine.Player
	if s == g.Player {
		caller = &r.caller
	}
	got, gotText := engine.ScoreHand(g, s, caller, r.nss)
	r.st.scores++
	if got == want && gotText == text {
		r.st.scoresOK++
	} else {
		r.st.fail("%s:%d: HandScore %d:\nwant %d %q\ngot  %d %q", r.name, r.line, id, want, text, got, gotText)
	}
	g.Players[s].HandScore = want
	if s == g.Player {
		g.Players[s].MahJongged = true
	}
}

func (r *replay) settlement(t testing.TB, rest string) {
	g := r.g
	f := strings.SplitN(rest, " ", 5)
	var want [engine.NumSeats]int
	for i := range want {
		want[i] = atoi(t, f[i])
	}
	text := ""
	if len(f) > 4 {
		text = unescape(f[4])
	}
	got, gotText := engine.Settle(g)
	r.st.settles++
	if got == want && gotText == text {
		r.st.settlesOK++
	} else {
		r.st.fail("%s:%d: Settlement:\nwant %v %q\ngot  %v %q", r.name, r.line, want, text, got, gotText)
	}
}

// TestOracleHands replays every hand of every oracle game and checks
// each HandScore, Settlement and DangerousDiscard against ScoreHand,
// Settle and MarkDangerousDiscard.
func TestOracleHands(t *testing.T) {
	var st oracleStats
	files := 0
	for _, dir := range oracleGames(t) {
		nss := noSpecialScores(t, dir)
		hands, _ := filepath.Glob(filepath.Join(dir, "hands", "hand-*.mjs.gz"))
		for _, h := range hands {
			name, _ := filepath.Rel(oracleDir, h)
			r := &replay{name: name, nss: nss, st: &st}
			r.run(t, readMJS(t, h))
			files++
		}
	}
	for i, m := range st.mismatches {
		if i == 20 {
			t.Errorf("... and %d more", len(st.mismatches)-20)
			break
		}
		t.Error(m)
	}
	t.Logf("%d hand files: %d/%d HandScore identical, %d/%d Settlement identical, %d claims judged, %d/%d DangerousDiscard identical",
		files, st.scoresOK, st.scores, st.settlesOK, st.settles, st.claims, st.ddOK, st.dd)
}
