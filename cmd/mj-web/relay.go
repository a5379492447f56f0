//go:build !js

package main

import (
	"context"
	"net/http"

	"mahjong/relay"
)

// mountRelay puts the WebSocket relay at /relay and returns its shutdown.
func mountRelay(mux *http.ServeMux) func(context.Context) error {
	hub := relay.NewHub(relay.HubOptions{})
	mux.Handle("/relay", hub)
	return hub.Shutdown
}
