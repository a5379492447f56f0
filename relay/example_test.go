//go:build !js

package relay_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"strings"

	"mahjong/relay"
)

// A host and one guest exchange lines through a hub.
func Example() {
	hub := relay.NewHub(relay.HubOptions{Logger: slog.New(slog.DiscardHandler)})
	srv := httptest.NewServer(hub)
	defer srv.Close()
	defer hub.Shutdown(context.Background())
	url := "ws" + strings.TrimPrefix(srv.URL, "http")
	ctx := context.Background()

	host, err := relay.Create(ctx, url, relay.DialOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	guest, err := relay.Join(ctx, url, host.Room(), "", relay.DialOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	m, _ := host.ReadMessage()
	fmt.Println(m.Kind, m.Peer)

	guest.WriteLine("Connect 1110 0 Alice")
	from, line, _ := host.ReadFrom()
	fmt.Println(from, line)

	host.WriteTo(from, "Welcome 1110 1")
	line, _ = guest.ReadLine()
	fmt.Println(line)

	host.Close() // ends the room
	_, err = guest.ReadLine()
	fmt.Println(err)
	// Output:
	// joined 1
	// 1 Connect 1110 0 Alice
	// Welcome 1110 1
	// EOF
}
