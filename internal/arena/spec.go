package arena

import (
	"fmt"
	"strconv"
	"strings"

	"mahjong/ai"
	"mahjong/ai/classic"
	"mahjong/ai/lookahead"
	"mahjong/engine"
)

// ParseLevel reads a level name (any case): beginner, easy, medium,
// hard or expert.
func ParseLevel(s string) (ai.Level, error) { return ai.ParseLevel(s) }

// ParseFloats reads a comma-separated list of numbers in [lo, hi].
func ParseFloats(name, s string, lo, hi float64) ([]float64, error) {
	var out []float64
	for _, f := range strings.Split(s, ",") {
		x, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil || x < lo || x > hi {
			return nil, fmt.Errorf("arena: %s: %q is not a number in %g..%g", name, f, lo, hi)
		}
		out = append(out, x)
	}
	return out, nil
}

// Spec is one kind of robot: its label and options. With Classic set it
// is the imitation of the original mj-player (package ai/classic) with
// those strategy options, and Options is unused.
type Spec struct {
	Label   string
	Options ai.Options
	Classic *classic.Options
	// Search sets the claim search (package lookahead): nil or Plays 0
	// none, else this one.
	Search *lookahead.Config
}

// Responder is a robot at the table: it answers each message its seat
// receives (see ai.Robot.Respond).
type Responder interface {
	Respond(v *engine.View, ev engine.Event) []engine.Action
}

// NewRobot returns a fresh robot of the spec, seeded with seed.
func (sp Spec) NewRobot(seed uint64) Responder {
	if sp.Classic != nil {
		return classic.New(*sp.Classic)
	}
	return sp.NewAI(seed)
}

// NewAI returns a fresh robot of a spec that is not classic.
func (sp Spec) NewAI(seed uint64) *ai.Robot {
	o := sp.Options
	o.Seed = seed
	if sp.Search != nil && sp.Search.Plays > 0 {
		o.Search = lookahead.NewSearch(*sp.Search)
	}
	return ai.New(o)
}

// ParseSpec reads a robot spec: a level name or "classic" (the imitation
// of the original mj-player, package ai/classic), optionally followed by
// ":knob=values" parts, for example "hard", "expert",
// "medium:chowness=0.5:hiddenness=0.2,0.6:hysteresis=0.1" or
// "hard:preset=Purist". The knobs are the original's strategy options
// (chowness -1..1; hiddenness, majorness, suitness 0..1; value lists
// separated by commas) and "preset", one of ai.Presets by name, which
// sets the whole style (put it first). For "classic" a knob left out
// keeps the original's default list, as on mj-player's command line, and
// there are no presets: "classic:chowness=0:hiddenness=0:suitness=0" is
// the original with strategy switching disabled. "tune" replaces some
// of the level's constants to measure a change before making it
// ("hard:tune=survival=0.84,noScore=1.6", see ai.ParseTuning; not for
// classic). "search" sets the claim search (package lookahead): "off"
// (the default), or the plays of each option and the standard errors to
// switch at, as in "expert:search=32,2.5". The label is the spec as
// written.
func ParseSpec(s string) (Spec, error) {
	parts := strings.Split(strings.TrimSpace(s), ":")
	isClassic := strings.EqualFold(strings.TrimSpace(parts[0]), "classic")
	lv := ai.DefaultLevel
	if !isClassic {
		var err error
		if lv, err = ParseLevel(parts[0]); err != nil {
			return Spec{}, fmt.Errorf("%w (or classic)", err)
		}
	}
	sp := Spec{Label: strings.TrimSpace(s), Options: ai.Options{Level: lv}}
	st := &sp.Options.Style
	for _, p := range parts[1:] {
		k, v, ok := strings.Cut(p, "=")
		if !ok {
			return Spec{}, fmt.Errorf("arena: %q: want knob=value", p)
		}
		var err error
		switch strings.ToLower(strings.TrimSpace(k)) {
		case "chowness":
			st.Chowness, err = ParseFloats(k, v, -1, 1)
		case "hiddenness":
			st.Hiddenness, err = ParseFloats(k, v, 0, 1)
		case "majorness":
			st.Majorness, err = ParseFloats(k, v, 0, 1)
		case "suitness":
			st.Suitness, err = ParseFloats(k, v, 0, 1)
		case "preset":
			if isClassic {
				err = fmt.Errorf("arena: classic takes no preset")
				break
			}
			ps, ok := ai.PresetStyle(strings.TrimSpace(v))
			if !ok {
				err = fmt.Errorf("arena: unknown preset %q", v)
			}
			*st = ps
		case "tune":
			if isClassic {
				err = fmt.Errorf("arena: classic takes no tune")
				break
			}
			sp.Options.Tuning, err = ai.ParseTuning(v)
		case "search":
			if isClassic {
				err = fmt.Errorf("arena: classic takes no search")
				break
			}
			sp.Search, err = ParseSearch(v)
		case "hysteresis":
			var h []float64
			h, err = ParseFloats(k, v, -1e9, 1e9)
			if err == nil && len(h) != 1 {
				err = fmt.Errorf("arena: hysteresis takes one number")
			}
			if err == nil {
				st.Hysteresis = h[0]
			}
		default:
			err = fmt.Errorf("arena: unknown knob %q (chowness, hiddenness, majorness, suitness, hysteresis, preset, tune, search)", k)
		}
		if err != nil {
			return Spec{}, err
		}
	}
	if isClassic {
		sp.Classic = &classic.Options{Chowness: st.Chowness, Hiddenness: st.Hiddenness,
			Majorness: st.Majorness, Suitness: st.Suitness, Hysteresis: st.Hysteresis}
		sp.Options = ai.Options{}
	}
	return sp, nil
}

// ParseSpecs reads specs separated by slashes, such as
// "expert/hard/hard/hard" (commas belong to the knobs' value lists).
func ParseSpecs(s string) ([]Spec, error) {
	var out []Spec
	for _, f := range strings.Split(s, "/") {
		sp, err := ParseSpec(f)
		if err != nil {
			return nil, err
		}
		out = append(out, sp)
	}
	return out, nil
}

// ParseSearch reads the value of the search knob: "off", "plays,z" or
// "plays,z,from" (from: the least value of a claim the search looks at).
func ParseSearch(v string) (*lookahead.Config, error) {
	if strings.EqualFold(strings.TrimSpace(v), "off") {
		return &lookahead.Config{}, nil
	}
	xs, err := ParseFloats("search", v, 0, 1e6)
	if err != nil || len(xs) < 2 || len(xs) > 3 || xs[0] < 2 || xs[0] != float64(int(xs[0])) || xs[1] <= 0 {
		return nil, fmt.Errorf("arena: search: want off, plays,z or plays,z,from (plays a whole number from 2), not %q", v)
	}
	c := &lookahead.Config{Plays: int(xs[0]), Z: xs[1]}
	if len(xs) == 3 {
		c.From = xs[2]
	}
	return c, nil
}
