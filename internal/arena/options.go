package arena

import (
	"bufio"
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
