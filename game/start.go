package game

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"mahjong/ai"
	"mahjong/game/art"
	"mahjong/game/client"
)

// settings are what the new-game dialog decides.
type settings struct {
	name        string
	robots      [3]RobotSeat
	random      bool
	claimTime   int // seconds; 0: no limit
	seed        uint64
	resume      string              // a saved game to continue (resume.go); "" a new game
	hands       []client.HandRecord // the Scoring history's earlier hands, with resume
	shown       string              // the finished hand, with a resume between hands
	awaitsReady bool                // the resumed game was paused for our Ready (resume.go)
	slot        string              // where the game is autosaved (shelf.go); "" a new slot
}

var defaultRobotNames = [3]string{"Robot Ann", "Robot Bob", "Robot Cy"}

func startSettings(cfg Config) settings {
	s := settings{name: cfg.Name, robots: cfg.Robots, random: cfg.RandomSeats, seed: cfg.Seed}
	switch {
	case cfg.ClaimTime == 0:
		s.claimTime = 15
	case cfg.ClaimTime > 0:
		s.claimTime = cfg.ClaimTime
	}
	for i := range s.robots {
		if s.robots[i].Name == "" {
			s.robots[i].Name = defaultRobotNames[i]
		}
		if s.robots[i].Level == ai.DefaultLevel {
			s.robots[i].Level = ai.Hard
		}
	}
	return s
}

// LevelName returns the display name of a robot level.
func LevelName(l ai.Level) string {
	switch l {
	case ai.Beginner:
		return "Beginner"
	case ai.Easy:
		return "Easy"
	case ai.Medium:
		return "Medium"
	case ai.Expert:
		return "Expert"
	}
	return "Hard"
}

// nextLevel cycles through the levels.
func nextLevel(l ai.Level) ai.Level {
	if l >= ai.Expert || l < ai.Beginner {
		return ai.Beginner
	}
	return l + 1
}

// StartGeom is the geometry of the new-game dialog.
type StartGeom struct {
	Panel   Rect
	Title   Rect
	Labels  [4]Rect // "Your name", robots 1..3
	Fields  [4]Rect // name fields: ours, robots
	Levels  [3]Rect // the robots' level buttons
	Styles  [3]Rect // the robots' personality buttons
	Random  Rect    // the random-seating check box (with its label)
	Time    Rect    // the claim time label
	Minus   Rect    // claim time -
	Value   Rect    // claim time value
	Plus    Rect    // claim time +
	Start   Rect    // the Start button
	Font    float64 // text size
	TwoCols bool    // random seating and claim time share a row
	Wide    bool    // each robot's name, level and personality share a row
}

// LayoutStart lays the new-game dialog out on screen s.
func LayoutStart(s Screen) StartGeom {
	var g StartGeom
	css := s.scale()
	g.Font = math.Round(16 * css)
	row := MinButton * css
	gap := math.Round(6 * css)
	pad := math.Round(12 * css)
	w := math.Min(s.W-math.Round(8*css), 720*css)
	g.TwoCols = w >= 520*css
	g.Wide = w >= 640*css
	rows := 6.0 // our name, 3 robots (two rows each when narrow), options, Start
	if !g.Wide {
		rows += 3
	}
	if !g.TwoCols {
		rows++ // random seating and claim time on rows of their own
	}
	title := math.Round(g.Font * 2)
	h := pad*2 + title + rows*row + (rows-1)*gap
	if h > s.H {
		// A short screen: tighter gaps.
		gap = math.Max(2*css, math.Floor((s.H-pad*2-title-rows*row)/(rows-1)))
		h = pad*2 + title + rows*row + (rows-1)*gap
	}
	g.Panel = Rect{math.Round((s.W - w) / 2), math.Round(math.Max(0, (s.H-h)/2)), w, h}
	x := g.Panel.X + pad
	iw := w - 2*pad
	y := g.Panel.Y + pad
	g.Title = Rect{x, y, iw, title}
	y += title
	labW := math.Round(math.Min(100*css, iw*0.28))
	levW := math.Round(math.Min(110*css, iw*0.3))
	styW := math.Round(math.Min(190*css, iw-levW-gap))
	for i := range 4 {
		g.Labels[i] = Rect{x, y, labW, row}
		fw := iw - labW - gap
		if i > 0 {
			if g.Wide {
				fw -= levW + styW + 2*gap
				g.Styles[i-1] = Rect{x + iw - styW, y, styW, row}
				g.Levels[i-1] = Rect{x + iw - styW - gap - levW, y, levW, row}
			} else {
				ry := y + row + gap
				g.Levels[i-1] = Rect{x + labW + gap, ry, levW, row}
				g.Styles[i-1] = Rect{x + labW + 2*gap + levW, ry, iw - labW - 2*gap - levW, row}
			}
		}
		g.Fields[i] = Rect{x + labW + gap, y, fw, row}
		y += row + gap
		if i > 0 && !g.Wide {
			y += row + gap
		}
	}
	half := iw
	if g.TwoCols {
		half = (iw - gap) / 2
	}
	g.Random = Rect{x, y, half, row}
	if !g.TwoCols {
		y += row + gap
	}
	tx := x
	if g.TwoCols {
		tx = x + half + gap
	}
	valW := math.Round(70 * css)
	g.Plus = Rect{tx + half - row, y, row, row}
	g.Value = Rect{g.Plus.X - valW, y, valW, row}
	g.Minus = Rect{g.Value.X - row, y, row, row}
	g.Time = Rect{tx, y, g.Minus.X - tx - gap, row}
	y += row + gap
	sw := math.Round(math.Min(iw, 200*css))
	g.Start = Rect{x + (iw-sw)/2, y, sw, row}
	return g
}

// nextPreset returns the personality after name in ai.Presets.
func nextPreset(name string) string {
	for i, p := range ai.Presets {
		if strings.EqualFold(p.Name, name) {
			return ai.Presets[(i+1)%len(ai.Presets)].Name
		}
	}
	if len(ai.Presets) > 1 {
		return ai.Presets[1].Name
	}
	return ""
}

// presetName returns the display name of a personality ("" the default).
func presetName(name string) string {
	if name == "" && len(ai.Presets) > 0 {
		return ai.Presets[0].Name
	}
	return name
}

// startScene is the "New local game" dialog.
type startScene struct {
	set   settings
	geom  StartGeom
	focus int // text field with the keyboard focus (-1 none)
	start Button
	err   string
	saved resumeOffer  // "Resume game" (resume.go)
	upd   updateNotice // "A new version is ready" (update.go)
}

func newStartScene(a *App) *startScene {
	return &startScene{set: startSettings(a.cfg), focus: -1,
		start: Button{Label: "&Start game", ID: "start", Default: true}, saved: loadResumeOffer(a),
		upd: newUpdateNotice()}
}

func (s *startScene) names() [4]*string {
	return [4]*string{&s.set.name, &s.set.robots[0].Name, &s.set.robots[1].Name, &s.set.robots[2].Name}
}

func (s *startScene) update(a *App, its []Intent) error {
	s.geom = LayoutStart(a.scr)
	s.start.Rect = s.geom.Start
	s.saved.layout(a, s)
	s.upd.layout(a.scr, &s.geom)
	s.upd.update(a)
	for _, it := range its {
		if s.focus >= 0 {
			f := s.names()[s.focus]
			switch it.Kind {
			case Char:
				if utf8.RuneCountInString(*f) < 20 && it.Rune >= ' ' {
					*f += string(it.Rune)
				}
				continue
			case Backspace:
				if *f != "" {
					_, n := utf8.DecodeLastRuneInString(*f)
					*f = (*f)[:len(*f)-n]
				}
				continue
			case Letter, Prev, Next, MovePrev, MoveNext:
				continue
			case Escape, Tab:
				s.focus = -1
				continue
			}
		}
		switch it.Kind {
		case Tap, DoubleTap:
			s.tap(it.X, it.Y, a)
		case Tab:
			s.focus = 0
		default:
			if ButtonFor([]Button{s.start}, it) == 0 {
				s.begin(a)
			} else if !s.saved.intent(a, it) {
				s.upd.intent(a, it)
			}
		}
	}
	return nil
}

func (s *startScene) tap(x, y float64, a *App) {
	g := &s.geom
	s.focus = -1
	if s.upd.intent(a, Intent{Kind: Tap, X: x, Y: y}) {
		return
	}
	for i, r := range g.Fields {
		if r.Contains(x, y) {
			s.focus = i
			return
		}
	}
	for i, r := range g.Levels {
		if r.Contains(x, y) {
			s.set.robots[i].Level = nextLevel(s.set.robots[i].Level)
			return
		}
	}
	for i, r := range g.Styles {
		if r.Contains(x, y) {
			s.set.robots[i].Preset = nextPreset(s.set.robots[i].Preset)
			a.announce(fmt.Sprintf("Robot %d: %s.", i+1, presetName(s.set.robots[i].Preset)))
			return
		}
	}
	switch {
	case g.Random.Contains(x, y):
		s.set.random = !s.set.random
	case g.Minus.Contains(x, y):
		s.set.claimTime = stepClaimTime(s.set.claimTime, -1)
	case g.Plus.Contains(x, y):
		s.set.claimTime = stepClaimTime(s.set.claimTime, +1)
	case g.Start.Contains(x, y):
		s.begin(a)
	default:
		s.saved.intent(a, Intent{Kind: Tap, X: x, Y: y})
	}
}

// stepClaimTime moves the claim time limit up or down a step (0 = none).
func stepClaimTime(v, d int) int {
	steps := []int{0, 3, 5, 8, 10, 15, 20, 30, 45, 60}
	i := 0
	for j, st := range steps {
		if st <= v {
			i = j
		}
	}
	i = max(0, min(len(steps)-1, i+d))
	return steps[i]
}

func (s *startScene) begin(a *App) {
	for _, f := range s.names() {
		*f = strings.TrimSpace(*f)
	}
	if s.set.name == "" {
		s.set.name = "Player"
	}
	for i := range s.set.robots {
		if s.set.robots[i].Name == "" {
			s.set.robots[i].Name = defaultRobotNames[i]
		}
	}
	a.announce("Starting a new local game.")
	a.switchTo(newTableScene(a, s.set))
}

func (s *startScene) draw(dst *ebiten.Image, a *App) {
	dst.Fill(colTable)
	g := &s.geom
	css := a.scr.scale()
	f := g.Font
	roundRect(dst, Rect{g.Panel.X, g.Panel.Y + 3*css, g.Panel.W, g.Panel.H}, 10*css, colShadow)
	roundRect(dst, g.Panel, 10*css, colPanel)
	a.g.text(dst, g.Title, art.Bold, f*1.25, "New local game", colText, alignCenter)
	labels := [4]string{"Your name", "Robot 1", "Robot 2", "Robot 3"}
	for i, r := range g.Fields {
		a.g.text(dst, g.Labels[i], art.Regular, f, labels[i], colText, alignLeft)
		roundRect(dst, r, 4*css, colLabel)
		edge := colPanelEdge
		if s.focus == i {
			edge = colFocus
		}
		roundRectOutline(dst, r, 4*css, math.Max(1, 1.5*css), edge)
		txt := *s.names()[i]
		if s.focus == i {
			txt += "|"
		}
		a.g.text(dst, Rect{r.X + 8*css, r.Y, r.W - 16*css, r.H}, art.Regular, f, txt, colText, alignLeft)
	}
	for i, r := range g.Levels {
		b := Button{Rect: r, Label: LevelName(s.set.robots[i].Level)}
		drawButton(dst, a.g, &b, f, css)
	}
	for i, r := range g.Styles {
		name := presetName(s.set.robots[i].Preset)
		sf := f
		for sf > f*0.7 && a.g.textWidth(art.Bold, sf, name)+16*css > r.W {
			sf--
		}
		b := Button{Rect: r, Label: name}
		drawButton(dst, a.g, &b, sf, css)
	}
	// Random seating.
	box := Rect{g.Random.X, g.Random.Y + (g.Random.H-22*css)/2, 22 * css, 22 * css}
	roundRect(dst, box, 3*css, colLabel)
	roundRectOutline(dst, box, 3*css, math.Max(1, 1.5*css), colPanelEdge)
	if s.set.random {
		fill(dst, box.Inset(5*css), colText)
	}
	a.g.text(dst, Rect{box.X + box.W + 8*css, g.Random.Y, g.Random.W - box.W - 8*css, g.Random.H}, art.Regular, f, "Seat players randomly", colText, alignLeft)
	// Claim time.
	a.g.text(dst, g.Time, art.Regular, f, "Claim time", colText, alignLeft)
	minus := Button{Rect: g.Minus, Label: "−"}
	plus := Button{Rect: g.Plus, Label: "+"}
	drawButton(dst, a.g, &minus, f, css)
	drawButton(dst, a.g, &plus, f, css)
	v := "none"
	if s.set.claimTime > 0 {
		v = fmt.Sprintf("%d s", s.set.claimTime)
	}
	a.g.text(dst, g.Value, art.Regular, f, v, colText, alignCenter)
	drawButton(dst, a.g, &s.start, f, css)
	s.saved.draw(dst, a, g, f, css)
	s.upd.draw(dst, a, f, css)
}
