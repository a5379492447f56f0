package relay

import "github.com/coder/websocket"

// DialOptions configures Dial. The browser makes the handshake itself,
// so only the subprotocols can be chosen.
type DialOptions struct {
	Subprotocols []string // WebSocket subprotocols to offer
}

func (o DialOptions) websocket() *websocket.DialOptions {
	return &websocket.DialOptions{Subprotocols: o.Subprotocols}
}
