package relay

// DialOptions configures Dial. The browser makes the handshake itself,
// so only the subprotocols can be chosen.
type DialOptions struct {
	Subprotocols []string // WebSocket subprotocols to offer
}
