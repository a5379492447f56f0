package relay

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"syscall/js"
)

// maxBuffered is how many bytes the browser may hold unsent before a
// write fails and the connection is dropped, as a native write that
// outlasts its timeout would be.
const maxBuffered = 4 << 20

// errLost is how a connection that ended without a close frame reads
// (the browser reports status 1006).
var errLost = errors.New("relay: connection lost")

// conn is a Client's WebSocket in the browser: the page's own
// WebSocket object, driven through syscall/js. Its event handlers run
// on the browser's event loop and must never block, so they only queue
// what arrives; read waits on that queue.
type conn struct {
	ws     js.Value
	opened chan struct{} // closed by the open event
	done   chan struct{} // closed by the close event
	wake   chan struct{} // a message was queued (capacity 1)

	mu     sync.Mutex
	queue  []frame
	err    error // why the connection ended, once done is closed
	funcs  []js.Func
	isOpen bool
}

// frame is one message as the browser delivered it.
type frame struct {
	text bool
	b    []byte
}

// catch runs f and turns a JavaScript exception into an error.
func catch(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if je, ok := r.(js.Error); ok {
				err = fmt.Errorf("relay: %s", je.Error())
				return
			}
			panic(r)
		}
	}()
	f()
	return nil
}

// dial opens the browser's WebSocket and waits for it to open.
func dial(ctx context.Context, url string, opts DialOptions) (*conn, error) {
	ctor := js.Global().Get("WebSocket")
	if ctor.Type() != js.TypeFunction {
		return nil, errors.New("relay: this environment has no WebSocket")
	}
	protos := make([]any, len(opts.Subprotocols))
	for i, p := range opts.Subprotocols {
		protos[i] = p
	}
	c := &conn{
		opened: make(chan struct{}),
		done:   make(chan struct{}),
		wake:   make(chan struct{}, 1),
	}
	if err := catch(func() { c.ws = ctor.New(url, protos) }); err != nil {
		return nil, err
	}
	c.ws.Set("binaryType", "arraybuffer")
	c.on("open", func(js.Value) {
		c.mu.Lock()
		c.isOpen = true
		c.mu.Unlock()
		close(c.opened)
	})
	c.on("message", c.message)
	c.on("close", c.closed)
	select {
	case <-c.opened:
		return c, nil
	case <-c.done:
		return nil, c.err
	case <-ctx.Done():
		c.closeNow()
		return nil, ctx.Err()
	}
}

// on sets the handler of one of the WebSocket's events.
func (c *conn) on(event string, h func(ev js.Value)) {
	f := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) > 0 {
			h(args[0])
		}
		return nil
	})
	c.funcs = append(c.funcs, f)
	c.ws.Set("on"+event, f)
}

// message queues a message event's data.
func (c *conn) message(ev js.Value) {
	data := ev.Get("data")
	var fr frame
	if data.Type() == js.TypeString {
		fr = frame{text: true, b: []byte(data.String())}
	} else {
		u := js.Global().Get("Uint8Array").New(data)
		fr.b = make([]byte, u.Get("length").Int())
		js.CopyBytesToGo(fr.b, u)
	}
	c.mu.Lock()
	c.queue = append(c.queue, fr)
	c.mu.Unlock()
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// closed records why the connection ended and lets the handlers go.
func (c *conn) closed(ev js.Value) {
	code, reason := ev.Get("code").Int(), ev.Get("reason").String()
	var err error
	switch code {
	case 1000:
		err = io.EOF
	case 1005, 1006:
		err = errLost
	default:
		err = &CloseError{Status: code, Reason: reason}
	}
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		return
	}
	c.err = err
	c.isOpen = false
	funcs := c.funcs
	c.funcs = nil
	c.mu.Unlock()
	for _, name := range []string{"onopen", "onmessage", "onclose"} {
		c.ws.Set(name, js.Null())
	}
	close(c.done)
	// The handler running now is one of funcs: release them once it
	// has returned.
	go func() {
		for _, f := range funcs {
			f.Release()
		}
	}()
}

// read returns the next message and whether it is text, then, once the
// queue is empty, why the connection ended.
func (c *conn) read(ctx context.Context) (bool, []byte, error) {
	for {
		c.mu.Lock()
		if len(c.queue) > 0 {
			fr := c.queue[0]
			c.queue[0] = frame{}
			c.queue = c.queue[1:]
			c.mu.Unlock()
			return fr.text, fr.b, nil
		}
		err := c.err
		c.mu.Unlock()
		if err != nil {
			return false, nil, err
		}
		select {
		case <-c.wake:
		case <-c.done:
		case <-ctx.Done():
			return false, nil, ctx.Err()
		}
	}
}

// write hands b to the browser as one text message. The browser sends
// it in the background; a connection that cannot keep up is dropped.
func (c *conn) write(b []byte) error {
	c.mu.Lock()
	open, err := c.isOpen, c.err
	c.mu.Unlock()
	if !open {
		if err == nil || err == io.EOF {
			err = errLost
		}
		return err
	}
	if c.ws.Get("bufferedAmount").Int() > maxBuffered {
		c.closeNow()
		return errors.New("relay: the connection is too slow")
	}
	return catch(func() { c.ws.Call("send", string(b)) })
}

// close makes the closing handshake with status 1000. It does not wait
// for the relay's answer.
func (c *conn) close() error {
	return catch(func() { c.ws.Call("close", 1000) })
}

// closeNow closes without a status, which the relay takes as a peer
// that vanished (a host may then come back).
func (c *conn) closeNow() {
	catch(func() { c.ws.Call("close") })
}
