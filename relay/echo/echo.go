// Package echo is the ceiling that cmd/relay-bench measures the relay
// against: a bare coder/websocket echo server, which reads each message
// and writes it straight back from the same goroutine, and a matching
// minimal client. It lives under relay so that relay stays the only
// importer of the WebSocket library. Nothing but the benchmark uses it.
package echo

import (
	"context"
	"fmt"
	"net/http"

	"github.com/coder/websocket"
)

// Handler echoes every message of every WebSocket connection.
func Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, &websocket.AcceptOptions{CompressionMode: websocket.CompressionDisabled})
		if err != nil {
			return
		}
		defer c.CloseNow()
		c.SetReadLimit(1 << 20)
		ctx := context.Background()
		for {
			typ, b, err := c.Read(ctx)
			if err != nil {
				return
			}
			if err := c.Write(ctx, typ, b); err != nil {
				return
			}
		}
	})
}

// Conn is a client connection to Handler.
type Conn struct{ c *websocket.Conn }

// Dial connects to an echo server.
func Dial(ctx context.Context, url string) (*Conn, error) {
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		return nil, fmt.Errorf("echo: dial: %w", err)
	}
	c.SetReadLimit(1 << 20)
	return &Conn{c}, nil
}

// Write sends one text message.
func (c *Conn) Write(b []byte) error {
	return c.c.Write(context.Background(), websocket.MessageText, b)
}

// Read returns the next message.
func (c *Conn) Read() ([]byte, error) {
	_, b, err := c.c.Read(context.Background())
	return b, err
}

// Close drops the connection.
func (c *Conn) Close() error { return c.c.CloseNow() }
