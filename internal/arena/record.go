package arena

import (
	"fmt"
	"strings"
	"time"

	"mahjong/engine"
)

// HandRecord is one player's result in one hand.
type HandRecord struct {
	Game      int      `json:"game"`  // game number in the match
	Seed      int      `json:"seed"`  // the server's seed
	Hand      int      `json:"hand"`  // 1, 2, ... within the game
	ID        int      `json:"id"`    // player id
	Label     string   `json:"label"` // the robot's kind ("hard", "mj-player", ...)
	East      bool     `json:"east,omitempty"`
	Net       int      `json:"net"`                  // settlement change
	Washout   bool     `json:"washout,omitempty"`    // nobody went out
	Won       bool     `json:"won,omitempty"`        // this player went out
	Score     int      `json:"score"`                // this player's hand score
	Doubles   int      `json:"doubles"`              // doubles in that score
	Why       []string `json:"why,omitempty"`        // the winner's doubles, by name ("no score hand", ...)
	Sets      []string `json:"sets,omitempty"`       // the winner's scoring sets and pairs, by name ("open pung of minors", ...)
	SelfDrawn bool     `json:"self_drawn,omitempty"` // won with a tile from the wall (or a robbed kong's loose tile)
	DealIn    bool     `json:"deal_in,omitempty"`    // another won on our discard (or by robbing our kong)
	Claims    int      `json:"claims"`               // pungs, kongs and chows claimed from discards during play
	Dangerous int      `json:"dangerous"`            // claimed dangerous discards we made with a safe tile in hand
	NoChoice  int      `json:"no_choice"`            // claimed dangerous discards we made with no safe tile
	Cannon    bool     `json:"cannon,omitempty"`     // we let off a cannon (paid for everybody)
	Discards  int      `json:"discards"`             // discards made in the hand by everybody (its length)
}

// GameRecord is one whole game.
type GameRecord struct {
	Game       int              `json:"game"`
	Seed       int              `json:"seed"`
	Labels     map[int]string   `json:"labels"` // by player id
	Finals     map[int]int      `json:"finals"` // final cumulative scores by player id
	Hands      int              `json:"hands"`
	Errors     int              `json:"errors"`             // Error messages sent to any player
	OursErrors int              `json:"ours_errors"`        // Error messages sent to our robots
	Failed     string           `json:"failed,omitempty"`   // why the game did not finish
	WallTime   float64          `json:"wall_s"`             // seconds
	Latency    map[string]*Hist `json:"-"`                  // our robots' decision times by label
	First      time.Duration    `json:"-"`                  // the game's first decision (a cold robot's, in a fresh process)
	Retried    []string         `json:"retried,omitempty"`  // why earlier tries of this game failed (it was played again)
	Records    []HandRecord     `json:"-"`                  // the hands
	Mismatch   string           `json:"mismatch,omitempty"` // settlements do not add up to Finals
}

// Recorder turns the public messages of a game, each seen once and in
// order (one seat's stream, or a server log's sent lines), into hand
// records for all four players. It follows the seating from the first
// Game message and each NewHand's dealer.
type Recorder struct {
	Game, Seed int
	Labels     map[int]string // player id to label; missing ids get "?"

	order, seats [engine.NumSeats]int // ids around the table; ids by seat this hand
	haveGame     bool
	hand         int
	cur          map[int]*HandRecord
	inPlay       bool // between NewHand and the mah-jong
	lastDisc     int  // id of the last discarder
	lastKong     int  // id of the last player who could be robbed
	discards     int  // discards so far this hand
	winner       int
	sums         map[int]int
	over         bool
	errors       int
	settled      int // hands ended (settled or washed out)
	records      []HandRecord
}

// NewRecorder returns a recorder for one game.
func NewRecorder(game, seed int, labels map[int]string) *Recorder {
	return &Recorder{Game: game, Seed: seed, Labels: labels, sums: map[int]int{}}
}

func (r *Recorder) rec(id int) *HandRecord {
	if r.cur == nil || id == 0 {
		return &HandRecord{}
	}
	h, ok := r.cur[id]
	if !ok {
		h = &HandRecord{} // an id not seated: ignored at the end
	}
	return h
}

// Add records one message.
func (r *Recorder) Add(ev engine.Event) {
	switch m := ev.(type) {
	case engine.CError:
		r.errors++
	case engine.CGame:
		if !r.haveGame {
			r.order = [engine.NumSeats]int{m.East, m.South, m.West, m.North}
			r.seats, r.haveGame = r.order, true
		}
	case engine.CNewHand:
		for k, id := range r.order {
			if id == m.East {
				for i := range r.seats {
					r.seats[i] = r.order[(k+i)%engine.NumSeats]
				}
			}
		}
		r.hand++
		r.cur = map[int]*HandRecord{}
		for i, id := range r.seats {
			lab, ok := r.Labels[id]
			if !ok {
				lab = "?"
			}
			r.cur[id] = &HandRecord{Game: r.Game, Seed: r.Seed, Hand: r.hand, ID: id, Label: lab, East: i == 0}
		}
		r.inPlay, r.lastDisc, r.lastKong, r.winner, r.discards = true, 0, 0, 0, 0
	case engine.CPlayerDiscards:
		r.lastDisc = m.ID
		if r.inPlay {
			r.discards++
		}
	case engine.CPlayerAddsToPung:
		r.lastKong = m.ID
	case engine.CPlayerDeclaresClosedKong:
		r.lastKong = m.ID
	case engine.CPlayerPungs:
		if r.inPlay {
			r.rec(m.ID).Claims++
		}
	case engine.CPlayerKongs:
		if r.inPlay {
			r.rec(m.ID).Claims++
		}
	case engine.CPlayerChows:
		if r.inPlay && m.Pos != engine.AnyPos {
			r.rec(m.ID).Claims++
		}
	case engine.CDangerousDiscard:
		if m.NoChoice {
			r.rec(m.ID).NoChoice++
		} else {
			r.rec(m.ID).Dangerous++
		}
	case engine.CPlayerMahJongs:
		if r.inPlay {
			r.inPlay, r.winner = false, m.ID
			w := r.rec(m.ID)
			w.Won = true
			if m.Tile != engine.Blank {
				w.SelfDrawn = true
			} else if r.lastDisc != 0 {
				r.rec(r.lastDisc).DealIn = true
			}
		}
	case engine.CPlayerRobsKong:
		if r.inPlay {
			r.inPlay, r.winner = false, m.ID
			r.rec(m.ID).Won = true
			if r.lastKong != 0 {
				r.rec(r.lastKong).DealIn = true
			}
		}
	case engine.CHandScore:
		h := r.rec(m.ID)
		h.Score = m.Score
		var why []string
		h.Doubles, why = doublesIn(m.Text)
		if h.Won {
			h.Why = why
			h.Sets = setsIn(m.Text)
		}
	case engine.CWashOut:
		r.inPlay = false
		for _, h := range r.cur {
			h.Washout = true
		}
		r.flush()
	case engine.CSettlement:
		for i, d := range [engine.NumSeats]int{m.East, m.South, m.West, m.North} {
			id := r.seats[i]
			r.rec(id).Net = d
			r.sums[id] += d
		}
		if name, _, ok := strings.Cut(m.Text, " let off a cannon"); ok {
			for i, s := range [engine.NumSeats]string{"East", "South", "West", "North"} {
				if strings.TrimSpace(name) == s {
					r.rec(r.seats[i]).Cannon = true
				}
			}
		}
		r.flush()
	case engine.CGameOver:
		r.over = true
	}
}

func (r *Recorder) flush() {
	if r.cur == nil {
		return
	}
	r.settled++
	for _, id := range r.seats {
		if h := r.cur[id]; h != nil {
			h.Discards = r.discards
			r.records = append(r.records, *h)
		}
	}
	r.cur = nil
}

// Settled returns the number of hands ended so far (settled or washed
// out).
func (r *Recorder) Settled() int { return r.settled }

// Cut marks a game stopped on purpose before its end (LocalConfig.Hands):
// it is complete as far as it went.
func (r *Recorder) Cut() { r.over = true }

// Over reports whether GameOver was seen.
func (r *Recorder) Over() bool { return r.over }

// Finish completes g with the records and checks that each player's
// settlements add up to the final scores in g.Finals (when known).
func (r *Recorder) Finish(g *GameRecord) {
	g.Records = append(g.Records, r.records...)
	g.Hands = r.hand
	g.Errors += r.errors
	if g.Labels == nil {
		g.Labels = r.Labels
	}
	if !r.over && g.Failed == "" {
		g.Failed = "no GameOver"
	}
	if g.Finals == nil {
		return
	}
	var bad []string
	for id, want := range g.Finals {
		if got := r.sums[id]; got != want {
			bad = append(bad, fmt.Sprintf("player %d: settlements %d, final %d", id, got, want))
		}
	}
	g.Mismatch = strings.Join(bad, "; ")
}

// setsIn reads the names of the scoring sets and pairs in a HandScore
// text: the lines that give points (not doubles) for a pung, a kong or a
// pair, "<tiles>  N (<name>)". They are what keeps a win without a
// double from being the no-score hand.
func setsIn(text string) []string {
	var sets []string
	for _, line := range strings.Split(text, "\n") {
		if strings.Contains(line, " dbl (") {
			continue
		}
		_, name, ok := strings.Cut(line, "(")
		name = strings.TrimSuffix(strings.TrimSpace(name), ")")
		if !ok || !(strings.Contains(name, "pung") || strings.Contains(name, "kong") || strings.HasPrefix(name, "pair")) {
			continue
		}
		sets = append(sets, name)
	}
	return sets
}

// doublesIn reads a HandScore text: its total doubles and the name of
// each double. The scorer writes one line per reason, "<set>  N dbl
// (<reason>)", and the total on a "total dbls" line.
func doublesIn(text string) (int, []string) {
	total := 0
	var why []string
	for _, line := range strings.Split(text, "\n") {
		if rest, ok := strings.CutPrefix(line, "total dbls"); ok {
			fmt.Sscan(rest, &total)
			continue
		}
		before, reason, ok := strings.Cut(line, " dbl (")
		if !ok {
			continue
		}
		f := strings.Fields(before)
		n := 0
		if len(f) > 0 {
			fmt.Sscan(f[len(f)-1], &n)
		}
		for range n {
			why = append(why, strings.TrimSuffix(reason, ")"))
		}
	}
	return total, why
}
