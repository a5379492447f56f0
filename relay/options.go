//go:build !js

package relay

import (
	"net/http"

	"github.com/coder/websocket"
)

// DialOptions configures Dial. In the browser (GOOS=js) it only has
// Subprotocols, because the browser makes the handshake itself.
type DialOptions struct {
	HTTPClient   *http.Client // used for the handshake; nil means http.DefaultClient
	HTTPHeader   http.Header  // extra handshake headers, such as Origin
	Subprotocols []string     // WebSocket subprotocols to offer
}

func (o DialOptions) websocket() *websocket.DialOptions {
	return &websocket.DialOptions{
		HTTPClient:      o.HTTPClient,
		HTTPHeader:      o.HTTPHeader,
		Subprotocols:    o.Subprotocols,
		CompressionMode: websocket.CompressionDisabled,
	}
}
