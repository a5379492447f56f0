package client_test

import (
	"strings"
	"testing"

	"mahjong/engine/protocol"
	"mahjong/game/client"
)

// TestReplayRefusesBadLogs: a damaged or unfinished hand is refused and
// the client stays fresh.
func TestReplayRefusesBadLogs(t *testing.T) {
	for name, log := range map[string]string{
		"empty":      "",
		"garbage":    "\x00\x01 not a line\r\n",
		"cut short":  "ConnectReply 12 1",
		"no hand":    "ConnectReply 12 1\r\n",
		"unfinished": "ConnectReply 12 1\r\nPlayer 2 Bob\r\nPlayer 3 Cat\r\nPlayer 4 Dan\r\nGame 1 2 3 4 E 0 1 0 0 0 0 1012 0\r\nNewHand 1 1 1\r\n",
		"bad move":   "ConnectReply 12 1\r\nPlayerDiscards 7 1B 3\r\nSettlement 0 0 0 0\r\n",
	} {
		a, b := protocol.Pipe()
		c, err := client.New(a, client.Config{Name: "Ann"})
		if err != nil {
			t.Fatal(err)
		}
		err = c.Replay(log)
		if err == nil || !strings.HasPrefix(err.Error(), "client: replay") {
			t.Errorf("%s: %v", name, err)
		}
		c.Poll()
		if c.View().ID != 0 || c.View().Game.Players[0].ID != 0 || len(c.Hand()) != 0 {
			t.Errorf("%s: the refused replay changed the table: %v", name, c.View())
		}
		c.Close()
		b.Close()
	}
}
