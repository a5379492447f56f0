//go:build !js

package roomconn

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"mahjong/relay"
)

func newRelay(t *testing.T) string {
	t.Helper()
	hub := relay.NewHub(relay.HubOptions{Logger: slog.New(slog.DiscardHandler)})
	mux := http.NewServeMux()
	mux.Handle("/relay", hub)
	srv := httptest.NewServer(mux)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		hub.Shutdown(ctx)
		srv.Close()
	})
	return "ws" + strings.TrimPrefix(srv.URL, "http") + "/relay"
}

// readLine reads c's next line in the background, so that a test can
// wait for it with a deadline.
func readLine(c *Conn) <-chan string {
	got := make(chan string, 1)
	go func() {
		line, err := c.ReadLine()
		if err != nil {
			line = "error: " + err.Error()
		}
		got <- line
	}()
	return got
}

// TestReturnWaitsForTheOldConn has a guest leave and come back before
// the host has read the end of its first connection (the race a
// reloaded page runs against the host's reader): the new connection
// must hold the guest's lines until the host has closed the old one, or
// the controller would see the returning player's Connect while it
// still counts the seat as taken.
func TestReturnWaitsForTheOldConn(t *testing.T) {
	ep := newRelay(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	host, err := relay.Create(ctx, ep, relay.DialOptions{})
	if err != nil {
		t.Fatal(err)
	}
	l := New(host, nil)
	defer l.Close()

	guest, err := relay.Join(ctx, ep, host.Room(), "", relay.DialOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := guest.WriteLine("first"); err != nil {
		t.Fatal(err)
	}
	a, err := l.Accept()
	if err != nil {
		t.Fatal(err)
	}
	token := guest.Token()
	guest.Close() // the relay tells the host that the guest left

	back, err := relay.Join(ctx, ep, host.Room(), token, relay.DialOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	if back.ID() != guest.ID() {
		t.Fatalf("the guest came back as %d, was %d", back.ID(), guest.ID())
	}
	if err := back.WriteLine("second"); err != nil {
		t.Fatal(err)
	}
	b, err := l.Accept()
	if err != nil {
		t.Fatal(err)
	}
	if b.prev != a {
		t.Fatal("the returning guest's connection does not wait for its old one")
	}
	got := readLine(b)
	select {
	case line := <-got:
		t.Fatalf("the new connection read %q before the old one was closed", line)
	default:
	}
	// The host reads the old connection to its end, then closes it.
	for _, want := range []string{"first", "error: " + io.EOF.Error()} {
		select {
		case line := <-readLine(a):
			if line != want {
				t.Fatalf("old connection read %q, want %q", line, want)
			}
		case <-ctx.Done():
			t.Fatalf("old connection: no %q", want)
		}
	}
	a.Close()
	select {
	case line := <-got:
		if line != "second" {
			t.Fatalf("new connection read %q, want %q", line, "second")
		}
	case <-ctx.Done():
		t.Fatal("the new connection read nothing after the old one closed")
	}
}
