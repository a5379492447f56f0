package arena

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"mahjong/engine"
	"mahjong/engine/protocol"
)

// ReadOptionFile reads a game option file (GameOption lines, as
// mj-server's --option-file takes) for local matches.
func ReadOptionFile(name string) ([]engine.CGameOption, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("arena: %w", err)
	}
	defer f.Close()
	var out []engine.CGameOption
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		l := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(l) == "" {
			continue
		}
		ev, err := protocol.ParseEvent(l)
		o, ok := ev.(engine.CGameOption)
		if err != nil || !ok {
			return nil, fmt.Errorf("arena: %s:%d: not a GameOption line: %q", name, n, l)
		}
		out = append(out, o)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("arena: %s: %w", name, err)
	}
	return out, nil
}

// WriteJSON writes one JSON object per game (without its hands) and one
// per hand record, each on its own line.
func WriteJSON(w io.Writer, games []*GameRecord) error {
	enc := json.NewEncoder(w)
	for _, g := range games {
		if err := enc.Encode(struct {
			Kind string `json:"kind"`
			*GameRecord
		}{"game", g}); err != nil {
			return err
		}
		for _, h := range g.Records {
			if err := enc.Encode(struct {
				Kind string `json:"kind"`
				HandRecord
			}{"hand", h}); err != nil {
				return err
			}
		}
	}
	return nil
}

// ReadJSON reads back what WriteJSON wrote: the games, each with its
// hands (decision latencies are not kept). A line that is not a game or
// a hand of a game read before it is an error.
func ReadJSON(r io.Reader) ([]*GameRecord, error) {
	var games []*GameRecord
	byGame := map[int]*GameRecord{}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var kind struct {
			Kind string `json:"kind"`
		}
		if err := json.Unmarshal(line, &kind); err != nil {
			return nil, fmt.Errorf("arena: line %d: %w", n, err)
		}
		switch kind.Kind {
		case "game":
			g := new(GameRecord)
			if err := json.Unmarshal(line, g); err != nil {
				return nil, fmt.Errorf("arena: line %d: %w", n, err)
			}
			if byGame[g.Game] != nil {
				return nil, fmt.Errorf("arena: line %d: game %d twice", n, g.Game)
			}
			byGame[g.Game] = g
			games = append(games, g)
		case "hand":
			var h HandRecord
			if err := json.Unmarshal(line, &h); err != nil {
				return nil, fmt.Errorf("arena: line %d: %w", n, err)
			}
			g := byGame[h.Game]
			if g == nil {
				return nil, fmt.Errorf("arena: line %d: a hand of game %d, which has not been read", n, h.Game)
			}
			g.Records = append(g.Records, h)
		default:
			return nil, fmt.Errorf("arena: line %d: unknown kind %q", n, kind.Kind)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("arena: %w", err)
	}
	return games, nil
}
