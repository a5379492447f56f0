package online

import (
	"context"
	"errors"
	"io"
	"net"
	"sync"

	"mahjong/engine/protocol"
	"mahjong/relay"
)

// Bridge lets programs that only speak the original protocol over a
// socket (the original mj-player and xmj) join a relay room: every
// connection accepted on ln enters the room as a new guest, and lines
// are copied both ways until either side ends. Bridge returns when ln
// fails or ctx ends, after closing every bridged connection.
func Bridge(ctx context.Context, ln net.Listener, endpoint, room string, opts relay.DialOptions) error {
	var wg sync.WaitGroup
	defer wg.Wait()
	stop := context.AfterFunc(ctx, func() { ln.Close() })
	defer stop()
	for {
		nc, err := ln.Accept()
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			bridgeOne(ctx, nc, endpoint, room, opts)
		}()
	}
}

// bridgeOne copies lines between one socket and one guest connection.
func bridgeOne(ctx context.Context, nc net.Conn, endpoint, room string, opts relay.DialOptions) {
	defer nc.Close()
	rc, err := relay.Join(ctx, endpoint, NormalizeCode(room), "", opts)
	if err != nil {
		return
	}
	defer rc.Close()
	lc := protocol.NewConn(nc)
	stop := context.AfterFunc(ctx, func() {
		nc.Close()
		rc.Close()
	})
	defer stop()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			line, err := rc.ReadLine()
			if err != nil {
				nc.Close()
				return
			}
			if lc.WriteLine(line) != nil {
				rc.Close()
				return
			}
		}
	}()
	for {
		line, err := lc.ReadLine()
		if errors.Is(err, protocol.ErrLineTooLong) {
			continue
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				rc.Close()
			}
			break
		}
		if rc.WriteLine(line) != nil {
			break
		}
	}
	rc.Close()
	<-done
}
