//go:build !js

package relay

import (
	"context"

	"github.com/coder/websocket"
)

// WriteRaw sends b as it is, as a text or a binary frame, bypassing the
// addressing that WriteLine adds: for hostile-input tests.
func (c *Client) WriteRaw(binary bool, b []byte) error {
	typ := websocket.MessageText
	if binary {
		typ = websocket.MessageBinary
	}
	return c.c.ws.Write(context.Background(), typ, b)
}

// Drop ends the connection without a close handshake, as a lost
// network or a crashed page would.
func (c *Client) Drop() { c.c.closeNow() }
