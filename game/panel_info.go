package game

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"mahjong/engine"
	"mahjong/game/art"
	"mahjong/game/client"
)

// HistoryTable is the Scoring history: the players in board order from
// the original East, and each finished hand with every player's hand
// score, gain or loss and running total.
type HistoryTable struct {
	Players []HistoryPlayer
	Hands   []HistoryHand
}

// HistoryPlayer is one column of the history.
type HistoryPlayer struct {
	ID        int
	Name      string
	FirstEast bool // the original East (marked @)
}

// HistoryHand is one finished hand.
type HistoryHand struct {
	Round   engine.Wind
	East    int // id of East in that hand
	Washout bool
	Cells   []HistoryCell // in Players order
}

// HistoryCell is one player's result in one hand.
type HistoryCell struct {
	Score  int  // the hand's score
	Scored bool // the player's hand was scored
	Gain   int  // won (+) or paid (−) in the settlement
	Total  int  // running total after the hand
}

// ScoringHistory builds the history from the client's hand records.
func ScoringHistory(v *engine.View, hs []client.HandRecord) HistoryTable {
	var t HistoryTable
	g := v.Game
	first := g.SeatOf(g.FirstEast)
	if first == engine.NoSeat {
		first = engine.EastSeat
	}
	for k := range engine.NumSeats {
		p := g.Players[(int(first)+k)%engine.NumSeats]
		if p == nil {
			continue
		}
		name := playerName(v, p)
		if p.ID == v.ID {
			name = strings.TrimSpace(name + " (you)")
		}
		t.Players = append(t.Players, HistoryPlayer{ID: p.ID, Name: name, FirstEast: p.ID == g.FirstEast})
	}
	totals := make([]int, len(t.Players))
	for _, h := range hs {
		hh := HistoryHand{Round: h.Round, East: h.East, Washout: h.Washout}
		for i, p := range t.Players {
			s, ok := h.Scores[p.ID]
			totals[i] += h.Gains[p.ID]
			hh.Cells = append(hh.Cells, HistoryCell{Score: s, Scored: ok, Gain: h.Gains[p.ID], Total: totals[i]})
		}
		t.Hands = append(t.Hands, hh)
	}
	return t
}

// Lines returns the history as text: a line naming the players (the
// original East marked @), then for each hand a heading and one line per
// player: "(hand score) gain = total".
func (t HistoryTable) Lines() []string {
	var ls []string
	var names []string
	for _, p := range t.Players {
		n := p.Name
		if p.FirstEast {
			n = "@" + n
		}
		names = append(names, n)
	}
	ls = append(ls, "Players in board order: "+strings.Join(names, ", "))
	for i, h := range t.Hands {
		east := ""
		for _, p := range t.Players {
			if p.ID == h.East {
				east = p.Name
			}
		}
		head := fmt.Sprintf("Hand %d, %s round, East %s", i+1, h.Round.Name(), east)
		if h.Washout {
			head += ": washed out"
		}
		ls = append(ls, head)
		for j, c := range h.Cells {
			sc := "(–)"
			if c.Scored {
				sc = fmt.Sprintf("(%d)", c.Score)
			}
			ls = append(ls, fmt.Sprintf("   %s %s %+d = %d", names[j], sc, c.Gain, c.Total))
		}
	}
	if len(t.Hands) == 0 {
		ls = append(ls, "No hand has been finished yet.")
	}
	return ls
}

// historyState remembers what the open history shows.
type historyState struct{ n int }

// chart is the running totals as lines, one per player.
type chart struct {
	names  []string
	series [][]int // per player: 0, then the total after each hand
}

var chartColours = []color.RGBA{
	{0xc0, 0x39, 0x2b, 0xff}, {0x1f, 0x6f, 0xd0, 0xff}, {0x1e, 0x8a, 0x44, 0xff}, {0x8e, 0x44, 0xad, 0xff},
}

func (c *chart) draw(dst *ebiten.Image, a *App, r Rect, font float64) {
	css := a.scr.scale()
	roundRect(dst, r, 6*css, colLabel)
	if len(c.series) == 0 {
		return
	}
	lo, hi := 0, 0
	n := 0
	for _, s := range c.series {
		n = max(n, len(s))
		for _, v := range s {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if hi == lo {
		hi = lo + 1
	}
	legend := font * 1.5
	pl := Rect{r.X + 8*css, r.Y + legend + 4*css, r.W - 16*css, r.H - legend - 12*css}
	yOf := func(v int) float32 { return float32(pl.Y + pl.H - pl.H*float64(v-lo)/float64(hi-lo)) }
	xOf := func(i int) float32 {
		if n <= 1 {
			return float32(pl.X)
		}
		return float32(pl.X + pl.W*float64(i)/float64(n-1))
	}
	// The zero line.
	vector.StrokeLine(dst, float32(pl.X), yOf(0), float32(pl.X+pl.W), yOf(0), float32(math.Max(1, css)), colPanelEdge, true)
	for i, s := range c.series {
		col := chartColours[i%len(chartColours)]
		for j := 1; j < len(s); j++ {
			vector.StrokeLine(dst, xOf(j-1), yOf(s[j-1]), xOf(j), yOf(s[j]), float32(2*css), col, true)
		}
	}
	// Legend.
	x := r.X + 8*css
	for i, nm := range c.names {
		col := chartColours[i%len(chartColours)]
		fill(dst, Rect{x, r.Y + legend/2 - 2*css, 12 * css, 4 * css}, col)
		x += 16 * css
		w := a.g.textWidth(art.Regular, font, nm)
		a.g.text(dst, Rect{x, r.Y + 2*css, w, legend}, art.Regular, font, nm, colText, alignLeft)
		x += w + 12*css
	}
	a.g.text(dst, Rect{pl.X, pl.Y, pl.W, font * 1.3}, art.Regular, font, fmt.Sprint(hi), colPanelEdge, alignRight)
	a.g.text(dst, Rect{pl.X, pl.Y + pl.H - font*1.3, pl.W, font * 1.3}, art.Regular, font, fmt.Sprint(lo), colPanelEdge, alignRight)
}

// client returns the table's client, or nil outside a game.
func tableClient(a *App) *client.Client {
	if t, ok := a.scene.(*tableScene); ok {
		return t.cl
	}
	return nil
}

func okPanel(id, title string, rows []row) *panel {
	p := &panel{id: id, title: title, rows: rows, btns: []Button{{Label: "&Close", ID: "close", Default: true}}}
	p.prose = id == "history" || id == "info" // texts of the game: the text font
	p.press = func(a *App, p *panel, id string) { a.ui.closePanel(a) }
	return p
}

// historyPanel is the Scoring history window.
func (u *ui) historyPanel(a *App) *panel {
	cl := tableClient(a)
	if cl == nil {
		return okPanel("history", "Scoring history", []row{{kind: rowText, text: "No game is in progress."}})
	}
	t := ScoringHistory(cl.View(), cl.History())
	for i := range t.Players {
		if t.Players[i].ID == cl.ID() && strings.HasPrefix(t.Players[i].Name, "(you)") {
			t.Players[i].Name = a.cfg.Name + " (you)"
		}
	}
	u.hist.n = len(cl.History())
	var rows []row
	ch := &chart{}
	for i, p := range t.Players {
		n := p.Name
		if p.FirstEast {
			n = "@" + n
		}
		ch.names = append(ch.names, n)
		s := []int{0}
		for _, h := range t.Hands {
			s = append(s, h.Cells[i].Total)
		}
		ch.series = append(ch.series, s)
	}
	if len(t.Hands) > 0 {
		rows = append(rows, row{kind: rowChart, chart: ch})
	}
	for i, ln := range t.Lines() {
		k := rowText
		if i > 0 && !strings.HasPrefix(ln, " ") {
			k = rowHead
		}
		rows = append(rows, row{kind: k, text: ln})
	}
	return okPanel("history", "Scoring history", rows)
}

// gameInfoPanel is the Game info window.
func (u *ui) gameInfoPanel(a *App) *panel {
	cl := tableClient(a)
	if cl == nil {
		return okPanel("info", "Game info", []row{{kind: rowText, text: "No game is in progress."}})
	}
	return okPanel("info", "Game info", gameInfoRows(cl, a.cfg.Name))
}

// gameInfoRows says the state of the game: round, hand, East, the wall,
// the players and their connection, and the options in force.
func gameInfoRows(cl *client.Client, us string) []row {
	v := cl.View()
	g := v.Game
	var rows []row
	add := func(k rowKind, s string) { rows = append(rows, row{kind: k, text: s}) }
	if !g.HasStarted() {
		add(rowText, "The game has not started yet.")
	} else {
		add(rowText, fmt.Sprintf("Round: %s. Hand %d of the game.", g.Round.Name(), len(cl.History())+handOpen(g)))
		if p := g.Players[engine.EastSeat]; p != nil {
			add(rowText, fmt.Sprintf("East: %s (%d hands as East).", playerName(v, p), g.HandsAsEast))
		}
		add(rowText, fmt.Sprintf("Wall: %d tiles left.", g.LiveLeft()))
		state := "playing"
		switch {
		case v.Over:
			state = "the game is over"
		case g.Paused:
			state = "waiting for the players to be ready"
		case !g.Active:
			state = "play is suspended"
		}
		add(rowText, "State: "+state+".")
	}
	add(rowHead, "Players")
	for s := range engine.NumSeats {
		p := g.Players[s]
		if p == nil {
			continue
		}
		conn := "connected"
		if _, ok := v.Names[p.ID]; !ok && p.ID != v.ID {
			conn = "disconnected"
		}
		you := ""
		if p.ID == v.ID {
			you = " (you)"
		}
		mgr := ""
		if g.Manager == p.ID {
			mgr = ", game manager"
		}
		add(rowText, fmt.Sprintf("%s: %s%s, id %d, score %d, %s%s.", engine.Seat(s).Wind().Name(), ourName(v, p, us), you, p.ID, p.CumulativeScore, conn, mgr))
	}
	add(rowHead, "Options in force")
	opts := cl.GameOptions()
	if len(opts) == 0 {
		add(rowText, "The controller has not sent the game options yet.")
	}
	for _, e := range opts {
		if !e.Enabled {
			continue
		}
		add(rowText, fmt.Sprintf("%s = %s: %s.", e.Name, OptionValueText(e), strings.TrimRight(e.Desc, ". ")))
	}
	return rows
}

// handOpen is 1 while a hand is being played (it is not in the history).
func handOpen(g *engine.Game) int {
	if g.Phase == engine.HandComplete {
		return 0
	}
	return 1
}

// OptionValueText says an option's value in words: on/off, a number, or
// a score ("limit", "half limit", "2 doubles", "10 points").
func OptionValueText(e engine.OptionEntry) string {
	switch e.Type {
	case engine.OptBool:
		if e.Value != 0 {
			return "on"
		}
		return "off"
	case engine.OptString:
		return e.StrValue
	case engine.OptScore:
		return ScoreText(e.Value)
	}
	return fmt.Sprint(e.Value)
}

// ScoreText says a score value: c*1000000 + d*10000 + p.
func ScoreText(v int) string {
	c, d, p := SplitScore(v)
	var parts []string
	switch {
	case c == 100:
		parts = append(parts, "limit")
	case c == 50:
		parts = append(parts, "half limit")
	case c != 0:
		parts = append(parts, fmt.Sprintf("%d%% of the limit", c))
	}
	if d != 0 {
		w := "doubles"
		if d == 1 {
			w = "double"
		}
		parts = append(parts, fmt.Sprintf("%d %s", d, w))
	}
	if p != 0 || len(parts) == 0 {
		parts = append(parts, fmt.Sprintf("%d points", p))
	}
	return strings.Join(parts, " and ")
}

// SplitScore splits a score value into centi-limits, doubles and points.
func SplitScore(v int) (centi, doubles, points int) {
	return v / 1000000, v % 1000000 / 10000, v % 10000
}

// messagesPanel is the Messages window: the chat so far and an entry.
func (u *ui) messagesPanel(a *App) *panel {
	cl := tableClient(a)
	p := &panel{id: "messages", title: "Messages", prose: true}
	if cl == nil {
		p.rows = []row{{kind: rowText, text: "No game is in progress."}}
	} else {
		p.rows = messageRows(cl.View())
		p.rows = append(p.rows, row{kind: rowEntry, label: "Message", str: &u.chat})
	}
	p.btns = []Button{{Label: "&Send", ID: "send", Default: true}, {Label: "&Close", ID: "close"}}
	if cl == nil {
		p.btns = p.btns[1:]
		p.btns[0].Default = true
	}
	p.press = func(a *App, p *panel, id string) {
		switch id {
		case "send":
			u.sendChat(a)
		default:
			a.ui.closePanel(a)
		}
	}
	return p
}

func messageRows(v *engine.View) []row {
	var rows []row
	if len(v.Messages) == 0 {
		rows = append(rows, row{kind: rowText, text: "No messages yet."})
	}
	for _, m := range v.Messages {
		rows = append(rows, row{kind: rowText, text: messageLine(v, m)})
	}
	return rows
}

// sendChat sends the entry's text to everybody.
func (u *ui) sendChat(a *App) {
	cl := tableClient(a)
	txt := strings.TrimSpace(u.chat)
	if cl == nil || txt == "" {
		return
	}
	txt = strings.ReplaceAll(txt, "\n", " ")
	if err := cl.Send(engine.PSendMessage{Text: txt}); err != nil {
		a.announce("Could not send: " + err.Error())
		return
	}
	u.chat = ""
	a.dirty()
}

// refreshMessages updates an open Messages window, keeping the entry
// focused and the newest message in view.
func (u *ui) refreshMessages(a *App) {
	p := u.messagesPanel(a)
	p.focus = len(p.rows) - 1
	p.editing = u.win.editing
	u.win = p
	u.layoutWin(a)
	p.off = p.max
	a.dirty()
}

// ourName is a player's name, ours from the configuration when the
// controller has not told it back.
func ourName(v *engine.View, p *engine.Player, us string) string {
	if n := playerName(v, p); n != "" {
		return n
	}
	if p.ID == v.ID {
		return us
	}
	return fmt.Sprintf("Player %d", p.ID)
}
