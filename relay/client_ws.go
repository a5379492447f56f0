//go:build !js

package relay

import (
	"context"
	"errors"
	"io"
	"net"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// clientWriteTimeout bounds one write; clientReadLimit is far above any
// frame a hub forwards.
const (
	clientWriteTimeout = 10 * time.Second
	clientReadLimit    = 1 << 20
)

// conn is a Client's WebSocket outside the browser: coder/websocket.
type conn struct {
	ws  *websocket.Conn
	wmu sync.Mutex  // one write at a time, so that wd times just that one
	wd  *time.Timer // drops the connection when a write outlasts clientWriteTimeout
}

// dial makes the handshake.
func dial(ctx context.Context, url string, opts DialOptions) (*conn, error) {
	ws, _, err := websocket.Dial(ctx, url, opts.websocket())
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(clientReadLimit)
	c := &conn{ws: ws}
	c.wd = time.AfterFunc(time.Hour, func() { ws.CloseNow() })
	c.wd.Stop()
	return c, nil
}

// read returns the next message and whether it is text. A close from
// the relay reads as io.EOF or a *CloseError.
func (c *conn) read(ctx context.Context) (bool, []byte, error) {
	typ, b, err := c.ws.Read(ctx)
	if err != nil {
		return false, nil, closeError(err)
	}
	return typ == websocket.MessageText, b, nil
}

// write sends b as one text message.
func (c *conn) write(b []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.wd.Reset(clientWriteTimeout)
	err := c.ws.Write(context.Background(), websocket.MessageText, b)
	c.wd.Stop()
	return closeError(err)
}

// close makes the closing handshake with status 1000.
func (c *conn) close() error {
	c.wd.Stop()
	err := c.ws.Close(websocket.StatusNormalClosure, "")
	if err != nil && !errors.Is(err, net.ErrClosed) {
		return err
	}
	return nil
}

// closeNow drops the connection without a handshake.
func (c *conn) closeNow() {
	c.wd.Stop()
	c.ws.CloseNow()
}

// closeError turns the relay's close frame into io.EOF (normal closure)
// or a *CloseError.
func closeError(err error) error {
	var ce websocket.CloseError
	if !errors.As(err, &ce) {
		return err
	}
	if ce.Code == websocket.StatusNormalClosure {
		return io.EOF
	}
	return &CloseError{Status: int(ce.Code), Reason: ce.Reason}
}
