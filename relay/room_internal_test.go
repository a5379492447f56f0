//go:build !js

package relay

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// testPeer is a peer without a connection: what the hub sends it stays
// in its queue.
func testPeer(h *Hub) *peer {
	return &peer{h: h, addr: "test", out: make(chan []byte, 16), done: make(chan struct{})}
}

// queued returns the frames waiting in p's queue.
func queued(p *peer) []string {
	var fs []string
	for {
		select {
		case b := <-p.out:
			fs = append(fs, string(b))
		default:
			return fs
		}
	}
}

func sameFrames(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A host that comes back while the relay still holds its old connection
// (a lost network the relay has not noticed yet: the new connection
// arrives first) replaces it, and the guests must be told, as when the
// old connection had ended: the host program ended their game
// connections and they must connect again. The replaced connection's
// frames that the relay reads after that reach nobody.
func TestHostReplacedTellsGuests(t *testing.T) {
	h := NewHub(HubOptions{Logger: slog.New(slog.DiscardHandler)})
	host := testPeer(h)
	if st, why := h.enter(host, true, "", ""); st != 0 {
		t.Fatalf("create: %d %s", st, why)
	}
	r := host.room
	g := testPeer(h)
	if st, why := h.join(r, g, ""); st != 0 {
		t.Fatalf("guest join: %d %s", st, why)
	}
	queued(host)
	queued(g)

	host2 := testPeer(h)
	if st, why := h.join(r, host2, r.hostToken); st != 0 {
		t.Fatalf("host back: %d %s", st, why)
	}
	select {
	case <-host.done:
		if host.status != StatusReplaced {
			t.Errorf("old host connection stopped with %d, want %d", host.status, StatusReplaced)
		}
	default:
		t.Error("the old host connection was not stopped")
	}
	if got, want := queued(host2), []string{"!room " + r.code + " " + r.hostToken, "!join 1"}; !sameFrames(got, want) {
		t.Errorf("new host connection got %q, want %q", got, want)
	}
	if got, want := queued(g), []string{"!back"}; !sameFrames(got, want) {
		t.Fatalf("guest got %q, want %q", got, want)
	}

	// The old connection's last frames, read after the replacement.
	for _, f := range []string{"1:stale", "*:stale", "!kick 1"} {
		if err := host.fromHost([]byte(f)); err != nil {
			t.Fatalf("old host %q: %v", f, err)
		}
	}
	if got := queued(g); len(got) != 0 {
		t.Errorf("guest got the replaced host's frames %q", got)
	}
	if r.guests[1] == nil {
		t.Error("the replaced host kicked a guest")
	}
	if err := host2.fromHost([]byte("1:fresh")); err != nil {
		t.Fatal(err)
	}
	if got, want := queued(g), []string{"0:fresh"}; !sameFrames(got, want) {
		t.Errorf("guest got %q, want %q", got, want)
	}
	if n := h.m.discards[discardReplaced].Load(); n != 2 {
		t.Errorf("%d frames counted as from a replaced host, want 2", n)
	}
}

// A peer stopped with a close status (a guest whose host closed the
// room) gets the frames queued before the stop, then the close: a
// host's last lines are the end of the game. The writer used to pick
// the stop over the queue at random.
func TestStopWritesQueuedFrames(t *testing.T) {
	h := NewHub(HubOptions{Logger: slog.New(slog.DiscardHandler)})
	want := []string{"0:one", "0:two", "0:three"}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		p := newPeer(h, c, "test")
		defer p.wd.Stop()
		for _, f := range want {
			p.send([]byte(f))
		}
		p.stop(websocket.StatusNormalClosure, "bye")
		go func() { // the handler's reader, which sees the close answered
			for {
				if _, _, err := c.Read(context.Background()); err != nil {
					return
				}
			}
		}()
		h.wg.Add(1)
		p.writeLoop()
	}))
	defer srv.Close()
	url := "ws" + strings.TrimPrefix(srv.URL, "http")
	// The old writer lost the queue half of the time: twenty tries.
	for try := range 20 {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		c, _, err := websocket.Dial(ctx, url, nil)
		if err != nil {
			cancel()
			t.Fatal(err)
		}
		var got []string
		for {
			_, b, err := c.Read(ctx)
			if err != nil {
				if st := websocket.CloseStatus(err); st != websocket.StatusNormalClosure {
					t.Errorf("try %d: read %v, want a normal closure", try, err)
				}
				break
			}
			got = append(got, string(b))
		}
		c.CloseNow()
		cancel()
		if !sameFrames(got, want) {
			t.Fatalf("try %d: read %q before the close, want %q", try, got, want)
		}
	}
}
