package arena

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"mahjong/engine"
	"mahjong/engine/protocol"
	"mahjong/internal/oracle"
)

// An outflow study measures how often the original robots throw each
// kind of tile, by what another player can see: for every discard of an
// original robot and every other player, each kind with copies unseen
// from that player's seat (not in its hand, not discarded, not in a
// declared set) is one observation, and a hit when it is the kind thrown.
// Grouped by the kind's group, its unseen copies and the stage of the
// hand, the hit rate is the chance that one discard of an original is a
// given kind; ai/outflow.go holds the table our robots use.
//
// The server's log holds every message once, private draws included, so
// one game state fed with all of them sees every hand.

// Outflow groups, rows of the table.
var outflowGroups = [...]string{"dragon", "wind", "1 or 9", "2 or 8", "3 to 7"}

// Outflow stages: more than outflowEarly live tiles, more than
// outflowMid, the rest.
const (
	outflowEarly = 55
	outflowMid   = 25
)

// OutflowCell counts the observations of one group, count of unseen
// copies and stage.
type OutflowCell struct {
	Seen, Thrown int
}

// Outflow is the table of an outflow study.
type Outflow struct {
	Cells    [len(outflowGroups)][3][4]OutflowCell // [group][stage][unseen copies - 1]
	Discards int                                   // discards of original robots studied
	Games    int
}

// outflowGroup is the row of kind t.
func outflowGroup(t engine.Tile) int {
	switch {
	case t.IsDragon():
		return 0
	case t.IsWind():
		return 1
	}
	switch t.Rank() {
	case 1, 9:
		return 2
	case 2, 8:
		return 3
	}
	return 4
}

func outflowStage(live int) int {
	switch {
	case live > outflowEarly:
		return 0
	case live > outflowMid:
		return 1
	}
	return 2
}

// playKinds are the 34 kinds of playing tile.
var playKinds = func() []engine.Tile {
	var ts []engine.Tile
	for _, s := range []int{engine.Bamboo, engine.Characters, engine.Circles} {
		for r := 1; r <= 9; r++ {
			ts = append(ts, engine.NewTile(s, r))
		}
	}
	for r := 1; r <= 4; r++ {
		ts = append(ts, engine.NewTile(engine.WindSuit, r))
	}
	for r := 1; r <= 3; r++ {
		ts = append(ts, engine.NewTile(engine.DragonSuit, r))
	}
	return ts
}()

// AddLog adds the game of one server log (plain or gzipped) to the
// study. Players whose name does not start with "mj-player" or "Robot"
// (the names the arena and the oracle games give the original robots)
// are observers only: their discards are not counted.
func (o *Outflow) AddLog(path string) error {
	read := os.ReadFile
	if strings.HasSuffix(path, ".gz") {
		read = oracle.ReadGz
	}
	b, err := read(path)
	if err != nil {
		return fmt.Errorf("arena: %s: %w", path, err)
	}
	recs, err := protocol.ReadLog(bytes.NewReader(b))
	if err != nil {
		return fmt.Errorf("arena: %s: %w", path, err)
	}
	original := map[int]bool{}
	g := engine.NewGame()
	for i, r := range recs {
		if !r.Sent {
			if name, ok := strings.CutPrefix(r.Line, "Connect "); ok {
				f := strings.Fields(name)
				original[r.Conn] = len(f) >= 3 && (strings.HasPrefix(f[2], "mj-player") || strings.HasPrefix(f[2], "Robot"))
			}
			continue
		}
		// the greeting goes to every connection; the rest is logged once
		if r.Conn != 1 && (strings.HasPrefix(r.Line, "Game") || strings.HasPrefix(r.Line, "Player ") || strings.HasPrefix(r.Line, "ConnectReply")) {
			continue
		}
		ev, err := protocol.ParseEvent(r.Line)
		if err != nil {
			continue // texts the game state has no use for
		}
		if d, ok := ev.(engine.CPlayerDiscards); ok && original[d.ID] {
			o.observe(g, d)
		}
		if err := g.Apply(ev, false); err != nil {
			return fmt.Errorf("arena: %s: record %d %q: %w", path, i+1, r.Line, err)
		}
	}
	o.Games++
	return nil
}

// observe counts discard d from every other player's seat.
func (o *Outflow) observe(g *engine.Game, d engine.CPlayerDiscards) {
	o.Discards++
	st := outflowStage(g.LiveLeft())
	for id := 1; id <= engine.NumSeats; id++ {
		p := g.PlayerByID(id)
		if id == d.ID || p == nil {
			continue
		}
		var held [engine.MaxTile]int
		for _, t := range p.Concealed[:p.NumConcealed] {
			held[t]++
		}
		for _, t := range playKinds {
			n := 4 - g.ExposedCount[t] - held[t]
			if n <= 0 {
				continue
			}
			c := &o.Cells[outflowGroup(t)][st][min(n, 4)-1]
			c.Seen++
			if t == d.Tile {
				c.Thrown++
			}
		}
	}
}

// Report prints the table: the chance in percent that one discard is a
// given kind, with the observations behind it.
func (o *Outflow) Report(w io.Writer) {
	fmt.Fprintf(w, "%d games, %d discards of original robots: the chance (%%) that one of them is a given kind,\n", o.Games, o.Discards)
	fmt.Fprintf(w, "by the kind's copies unseen from another seat (1 to 4) and the stage (live tiles > %d, > %d, the rest)\n", outflowEarly, outflowMid)
	stages := [...]string{"early", "mid", "late"}
	for gi, name := range outflowGroups {
		for st := range stages {
			fmt.Fprintf(w, "  %-7s %-5s", name, stages[st])
			for n := range 4 {
				c := o.Cells[gi][st][n]
				if c.Seen == 0 {
					fmt.Fprintf(w, "  %5s (%8d)", "-", 0)
					continue
				}
				fmt.Fprintf(w, "  %5.2f (%8d)", 100*float64(c.Thrown)/float64(c.Seen), c.Seen)
			}
			fmt.Fprintln(w)
		}
	}
}
