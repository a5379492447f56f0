package roomconn_test

import (
	"testing"

	"mahjong/game/online/roomconn"
)

func TestLinks(t *testing.T) {
	tests := []struct{ fn, in, want string }{
		{"page", "ws://localhost:8080/relay", "http://localhost:8080/"},
		{"page", "wss://example.org/mj/relay", "https://example.org/mj/"},
		{"relay", "http://localhost:8080/index.html?room=X", "ws://localhost:8080/relay"},
		{"relay", "https://example.org/mj/", "wss://example.org/mj/relay"},
		{"relay", "not a url", "ws://localhost:8080/relay"},
		{"link", "https://example.org/mj/index.html?seed=1#x", "https://example.org/mj/index.html?room=ABCD"},
	}
	for _, tc := range tests {
		var got string
		switch tc.fn {
		case "page":
			got = roomconn.PageForRelay(tc.in)
		case "relay":
			got = roomconn.RelayForPage(tc.in)
		case "link":
			got = roomconn.RoomLink(tc.in, "ABCD")
		}
		if got != tc.want {
			t.Errorf("%s(%q) = %q, want %q", tc.fn, tc.in, got, tc.want)
		}
	}
}
